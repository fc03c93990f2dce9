import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as core from "@actions/core";
import { todayFromEnvironment } from "../../src/lib/today.ts";
import { readPrChanges } from "../../src/workflows/pr-changes/read-pr-changes.ts";
import { renderPrComment } from "../../src/workflows/pr-comment/render-pr-comment.ts";
import { PullRequestEvent, readEvent } from "../../src/workflows/github/read-event.ts";

const run = async (): Promise<void> => {
  const root = core.getInput("root") || ".";
  const base = core.getInput("base", { required: true });
  const reportFile = core.getInput("report") || "pr-changes/report.json";
  const event = process.env.GITHUB_EVENT_NAME === "pull_request" ? await readEvent(PullRequestEvent) : undefined;
  const report = await readPrChanges(root, base, {
    today: todayFromEnvironment(),
    ...(event ? { pullRequest: { number: event.pull_request.number, head_sha: event.pull_request.head.sha } } : {}),
  });

  await mkdir(path.dirname(path.resolve(reportFile)), { recursive: true });
  await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  const count = (kind: string) => report.changes.filter((change) => change.kind === kind).length;
  core.setOutput("report", reportFile);
  core.setOutput("changed", report.changes.length);
  core.setOutput("revisions", count("revision"));
  core.setOutput("re-verifications", count("re-verification"));
  await core.summary.addRaw(renderPrComment(report), true).write();
  core.info(`${report.changes.length} fact change(s) written to ${reportFile}`);
};

run().catch((error: unknown) => core.setFailed(`the fact changes could not be computed: ${error instanceof Error ? error.message : String(error)}`));
