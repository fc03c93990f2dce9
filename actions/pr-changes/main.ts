/**
 * The pr-changes action: the pull request's fact changes written as the report for the comment and as the job summary.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import * as core from "@actions/core";
import { z } from "zod";
import { todayFromEnvironment } from "../../src/lib/dates.ts";
import { readVariable } from "../../src/lib/environment.ts";
import { writeFileAtomic } from "../../src/lib/json-file.ts";
import {
  failOnError,
  nonEmptyText,
  PullRequestEvent,
  parseActionInputs,
  readEvent,
  requiredText,
} from "../../src/workflows/github.ts";
import { readPrChanges } from "./fact-changes.ts";
import { renderPrComment } from "./render-pr-comment.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  base: requiredText,
  report: nonEmptyText,
});

/**
 * GitHub keeps at most 1 MiB of one step's job summary; stay below it. The comment is cut shorter, and points here
 * for the full list.
 */
const MAX_SUMMARY_BYTES = 1_000_000;

/** Writes the pull request's fact changes as the JSON report for the comment workflow and as the job summary. */
const prChanges = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const event = readVariable("GITHUB_EVENT_NAME") === "pull_request" ? await readEvent(PullRequestEvent) : undefined;
  const report = await readPrChanges(inputs.root, inputs.base, {
    today: todayFromEnvironment(),
    ...(event ? { pullRequest: { number: event.pull_request.number, head_sha: event.pull_request.head.sha } } : {}),
  });

  await mkdir(path.dirname(path.resolve(inputs.report)), { recursive: true });
  writeFileAtomic(inputs.report, `${JSON.stringify(report, null, 2)}\n`);
  const count = (kind: string) => report.changes.filter((change) => change.kind === kind).length;
  core.setOutput("report", inputs.report);
  core.setOutput("changed", report.changes.length);
  core.setOutput("revisions", count("revision"));
  core.setOutput("re-verifications", count("re-verification"));
  await core.summary.addRaw(renderPrComment(report, MAX_SUMMARY_BYTES), true).write();
  core.info(`${report.changes.length} fact change(s) written to ${inputs.report}`);
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the fact changes could not be computed", prChanges);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
