import * as core from "@actions/core";
import { runChecks, summarize, summarizeEvidence, summaryRows } from "../../src/check/run-checks.ts";
import { todayFromEnvironment } from "../../src/lib/dates.ts";
import { readVariable } from "../../src/lib/environment.ts";
import { compareProblems } from "../../src/lib/problem.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { parseActionInputs } from "../../src/workflows/actions/action-inputs.ts";
import { failOnError } from "../../src/workflows/actions/fail-on-error.ts";
import { problemAnnotation } from "../../src/workflows/actions/problem-annotation.ts";
import { createGitHubClient } from "../../src/workflows/github/create-github-client.ts";
import { PullRequestEvent, readEvent } from "../../src/workflows/github/read-event.ts";
import { repositoryFromEnvironment } from "../../src/workflows/github/repository-from-environment.ts";
import { checkRevisionCommits, listPullCommits } from "../../src/workflows/pr-commits/check-revision-commits.ts";
import { Inputs } from "./inputs.ts";

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

/** The action: its entry file calls this, and the tests call it in-process. */
export const run = (): Promise<void> => failOnError("validation could not run", validate);
