import * as core from "@actions/core";
import { z } from "zod";
import { runChecks, summarize, summarizeEvidence } from "../../src/check/run-checks.ts";
import { summaryRows } from "../../src/check/summary-table.ts";
import { todayFromEnvironment } from "../../src/lib/dates.ts";
import { readVariable } from "../../src/lib/environment.ts";
import { compareProblems } from "../../src/lib/problem.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import {
  createGitHubClient,
  failOnError,
  nonEmptyText,
  optionalText,
  PullRequestEvent,
  parseActionInputs,
  problemAnnotation,
  readEvent,
  repositoryFromEnvironment,
} from "../../src/workflows/github.ts";
import { checkRevisionCommits, listPullCommits } from "../../src/workflows/pr-commits/check-revision-commits.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  /** Empty: no base revision, so the version rules are not applied. */
  base: optionalText,
  /** Reads the pull request's commits on `pull_request`; unused on other events. */
  token: optionalText,
});

/**
 * On a `pull_request` event, the problems of the pull request's revision commits, listed through the GitHub API
 * (see checkRevisionCommits); none on other events.
 */
const revisionCommitProblems = async (inputs: { root: string; token: string }, head: Parameters<typeof checkRevisionCommits>[2]) => {
  if (readVariable("GITHUB_EVENT_NAME") !== "pull_request") return [];
  const event = await readEvent(PullRequestEvent);
  const client = createGitHubClient(inputs.token);
  const commits = await listPullCommits(client, repositoryFromEnvironment(), event.pull_request.number);
  core.info(`checked the ${commits.length} commit(s) of pull request #${event.pull_request.number} for Source: and Impact: lines`);
  return checkRevisionCommits(inputs.root, commits, head);
};

/** Runs `npm run check`'s checks, annotates each problem on its line, and fails once at the end if there is any. */
const validate = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const checked = await runChecks(inputs.root, { today: todayFromEnvironment(), ...(inputs.base ? { base: inputs.base } : {}) });
  const report = { ...checked, problems: [...checked.problems, ...(await revisionCommitProblems(inputs, checked.facts))].sort(compareProblems) };
  for (const problem of report.problems) {
    core.error(problem.message + (problem.pointer ? ` (at ${problem.pointer})` : ""), problemAnnotation(inputs.root, problem, "Invalid fact data"));
  }
  for (const warning of report.warnings) {
    core.warning(warning.message + (warning.pointer ? ` (at ${warning.pointer})` : ""), problemAnnotation(inputs.root, warning, "Check this text"));
  }
  core.setOutput("problems", report.problems.length);
  core.setOutput("fact-files", report.factFileCount);
  const summary = core.summary
    .addHeading("Fact validation", 2)
    .addRaw(summarize(report), true)
    .addRaw(`<p>${escapeHtml(summarizeEvidence(report))}</p>`, true);
  if (report.problems.length > 0) summary.addTable(summaryRows(report.problems));
  if (report.warnings.length > 0) summary.addHeading("Warnings (they do not fail the check)", 3).addTable(summaryRows(report.warnings));
  await summary.write();
  if (report.problems.length > 0) {
    core.setFailed(`${summarize(report)}; each is annotated on its line and listed in the job summary`);
  } else {
    core.info(summarize(report));
  }
  core.info(summarizeEvidence(report));
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("validation could not run", validate);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
