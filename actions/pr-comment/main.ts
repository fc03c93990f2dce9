/**
 * The pr-comment action: the pull request's one facts comment, posted or edited in place from the pr-changes report,
 * once the pull request is confirmed open and at the tested commit.
 */
import * as core from "@actions/core";
import { z } from "zod";
import { readVariable } from "../../src/lib/environment.ts";
import { errorMessage } from "../../src/lib/errors.ts";
import { readJsonFile } from "../../src/lib/json-file.ts";
import {
  createGitHubClient,
  failOnError,
  type GitHubClient,
  nonEmptyText,
  PullRequestEvent,
  parseActionInputs,
  type RepositoryRef,
  readEvent,
  repositoryFromEnvironment,
  requiredText,
  WorkflowRunEvent,
} from "../../src/workflows/github.ts";
import { PrChangesReport } from "../pr-changes/fact-changes.ts";
import { PR_COMMENT_MARKER, renderPrComment } from "../pr-changes/render-pr-comment.ts";

export type HeadCheck = { ok: true } | { ok: false; reason: string };

/**
 * The artifact names its pull request, but it was written by untrusted code: before commenting, confirm that this
 * pull request is open and that its head is the commit the triggering run tested. A run for an older push (the pull
 * request has moved on) is skipped, so a late run never overwrites the comment of a newer one.
 */
export const confirmPullRequestHead = async (
  client: GitHubClient,
  repository: RepositoryRef,
  pullNumber: number,
  headSha: string,
): Promise<HeadCheck> => {
  const { data } = await client.rest.pulls.get({ ...repository, pull_number: pullNumber });
  if (data.state !== "open") return { ok: false, reason: `pull request #${pullNumber} is ${data.state}` };
  if (data.head.sha !== headSha) {
    return {
      ok: false,
      reason: `pull request #${pullNumber} is now at ${data.head.sha.slice(0, 12)}, not at the tested ${headSha.slice(0, 12)}`,
    };
  }
  return { ok: true };
};

export interface UpsertResult {
  action: "created" | "updated" | "unchanged";
  commentId: number;
  url: string;
}

/**
 * Posts the pull request's one facts comment, or edits it in place: the comment is found by its hidden marker among
 * comments written by a bot (so a marker pasted by someone else is never taken for it).
 */
export const upsertPrComment = async (
  client: GitHubClient,
  repository: RepositoryRef,
  pullNumber: number,
  body: string,
): Promise<UpsertResult> => {
  const comments = await client.paginate(client.rest.issues.listComments, {
    ...repository,
    issue_number: pullNumber,
    per_page: 100,
  });
  const existing = comments.find(
    (comment) => comment.user?.type === "Bot" && (comment.body ?? "").includes(PR_COMMENT_MARKER),
  );
  if (existing) {
    if (existing.body === body) return { action: "unchanged", commentId: existing.id, url: existing.html_url };
    const { data } = await client.rest.issues.updateComment({ ...repository, comment_id: existing.id, body });
    return { action: "updated", commentId: data.id, url: data.html_url };
  }
  const { data } = await client.rest.issues.createComment({ ...repository, issue_number: pullNumber, body });
  return { action: "created", commentId: data.id, url: data.html_url };
};

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  report: requiredText,
  token: nonEmptyText,
});

/** The report written by pr-changes, validated: it comes from a pull request's run, so it is untrusted data. */
const readReport = async (reportFile: string): Promise<PrChangesReport> => {
  try {
    return await readJsonFile(reportFile, PrChangesReport);
  } catch (error: unknown) {
    throw new Error(`${reportFile} is not a fact-changes report: ${errorMessage(error)}`);
  }
};

/**
 * The pull request to comment on. In a `workflow_run` job it is the report's, once the report is for the commit the
 * triggering run tested and the pull request is open and still at it; otherwise why no comment is posted.
 */
const pullRequestToComment = async (
  report: PrChangesReport,
  reportFile: string,
  client: GitHubClient,
  repository: RepositoryRef,
): Promise<{ ok: true; number: number } | { ok: false; reason: string }> => {
  if (readVariable("GITHUB_EVENT_NAME") !== "workflow_run")
    return { ok: true, number: (await readEvent(PullRequestEvent)).pull_request.number };
  const event = await readEvent(WorkflowRunEvent);
  if (!report.pull_request) throw new Error(`${reportFile} names no pull request`);
  if (report.pull_request.head_sha !== event.workflow_run.head_sha) {
    throw new Error(
      `the report is for ${report.pull_request.head_sha.slice(0, 12)}, but the run tested ${event.workflow_run.head_sha.slice(0, 12)}`,
    );
  }
  const head = await confirmPullRequestHead(
    client,
    repository,
    report.pull_request.number,
    event.workflow_run.head_sha,
  );
  return head.ok ? { ok: true, number: report.pull_request.number } : { ok: false, reason: head.reason };
};

/** Reports a run that posted nothing because the pull request moved on or closed. */
const reportSkipped = async (reason: string): Promise<void> => {
  core.notice(`no comment posted: ${reason}`);
  core.setOutput("action", "skipped");
  core.setOutput("comment-id", "");
  core.setOutput("comment-url", "");
  await core.summary.addHeading("Pull request facts comment", 2).addRaw(`Skipped: ${reason}.`, true).write();
};

/** Posts the report as the pull request's facts comment, or edits that comment in place. */
const prComment = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const report = await readReport(inputs.report);
  const client = createGitHubClient(inputs.token);
  const repository = repositoryFromEnvironment();
  const pull = await pullRequestToComment(report, inputs.report, client, repository);
  if (!pull.ok) return reportSkipped(pull.reason);

  const result = await upsertPrComment(client, repository, pull.number, renderPrComment(report));
  core.setOutput("action", result.action);
  core.setOutput("comment-id", result.commentId);
  core.setOutput("comment-url", result.url);
  await core.summary
    .addHeading("Pull request facts comment", 2)
    .addRaw(`Comment ${result.action} on pull request #${pull.number}: `)
    .addLink(result.url, result.url)
    .addEOL()
    .write();
  core.info(`comment ${result.action}: ${result.url}`);
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the pull request comment could not be posted", prComment);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
