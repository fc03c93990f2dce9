import { readFile } from "node:fs/promises";
import * as core from "@actions/core";
import { createGitHubClient } from "../../src/workflows/github/create-github-client.ts";
import { PrChangesReport } from "../../src/workflows/pr-changes/pr-changes-report.ts";
import { confirmPullRequestHead } from "../../src/workflows/pr-comment/confirm-pull-request-head.ts";
import { renderPrComment } from "../../src/workflows/pr-comment/render-pr-comment.ts";
import { upsertPrComment } from "../../src/workflows/pr-comment/upsert-pr-comment.ts";
import { PullRequestEvent, readEvent, WorkflowRunEvent } from "../../src/workflows/github/read-event.ts";
import { repositoryFromEnvironment } from "../../src/workflows/github/repository-from-environment.ts";

const run = async (): Promise<void> => {
  const token = core.getInput("token");
  const reportFile = core.getInput("report", { required: true });
  const parsed = PrChangesReport.safeParse(JSON.parse(await readFile(reportFile, "utf8")));
  if (!parsed.success) throw new Error(`${reportFile} is not a fact-changes report: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const report = parsed.data;
  const client = createGitHubClient(token);
  const repository = repositoryFromEnvironment();

  let pullNumber: number;
  if (process.env.GITHUB_EVENT_NAME === "workflow_run") {
    const event = await readEvent(WorkflowRunEvent);
    if (!report.pull_request) throw new Error(`${reportFile} names no pull request`);
    pullNumber = report.pull_request.number;
    if (report.pull_request.head_sha !== event.workflow_run.head_sha) {
      throw new Error(`the report is for ${report.pull_request.head_sha.slice(0, 12)}, but the run tested ${event.workflow_run.head_sha.slice(0, 12)}`);
    }
    const head = await confirmPullRequestHead(client, repository, pullNumber, event.workflow_run.head_sha);
    if (!head.ok) {
      core.notice(`no comment posted: ${head.reason}`);
      core.setOutput("action", "skipped");
      core.setOutput("comment-id", "");
      core.setOutput("comment-url", "");
      await core.summary.addHeading("Pull request facts comment", 2).addRaw(`Skipped: ${head.reason}.`, true).write();
      return;
    }
  } else {
    pullNumber = (await readEvent(PullRequestEvent)).pull_request.number;
  }

  const result = await upsertPrComment(client, repository, pullNumber, renderPrComment(report));
  core.setOutput("action", result.action);
  core.setOutput("comment-id", result.commentId);
  core.setOutput("comment-url", result.url);
  await core.summary
    .addHeading("Pull request facts comment", 2)
    .addRaw(`Comment ${result.action} on pull request #${pullNumber}: `)
    .addLink(result.url, result.url)
    .addEOL()
    .write();
  core.info(`comment ${result.action}: ${result.url}`);
};

run().catch((error: unknown) => core.setFailed(`the pull request comment could not be posted: ${error instanceof Error ? error.message : String(error)}`));
