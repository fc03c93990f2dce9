/**
 * The validate action: `npm run check`'s checks annotated on their lines, plus, on a pull request, the revision-commit
 * rule and the version rules of each commit over the commits the API lists.
 */
import * as core from "@actions/core";
import { z } from "zod";
import type { Commit } from "../../src/check/revision-commits.ts";
import { runChecks, summarize, summarizeEvidence, summaryRows } from "../../src/check/run-checks.ts";
import { todayFromEnvironment } from "../../src/lib/dates.ts";
import { readVariable } from "../../src/lib/environment.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import {
  createGitHubClient,
  failOnError,
  type GitHubClient,
  nonEmptyText,
  optionalText,
  PullRequestEvent,
  parseActionInputs,
  problemAnnotation,
  type RepositoryRef,
  readEvent,
  repositoryFromEnvironment,
} from "../../src/workflows/github.ts";

/** GitHub's API lists at most this many commits of a pull request (REST `pulls.listCommits`). */
export const LISTED_COMMITS_LIMIT = 250;

/**
 * The pull request's commits, oldest first, from the GitHub API: exactly the commits the pull request shows,
 * whatever ref the job checked out (on `pull_request` that is a merge commit GitHub made, which is not one of them).
 */
export const listPullCommits = async (
  client: GitHubClient,
  repository: RepositoryRef,
  pullNumber: number,
): Promise<Commit[]> => {
  const listed = await client.paginate(client.rest.pulls.listCommits, {
    ...repository,
    pull_number: pullNumber,
    per_page: 100,
  });
  return listed.map((item) => ({
    sha: item.sha,
    message: item.commit.message,
    parents: item.parents.map((parent) => parent.sha),
  }));
};

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  /** Empty: no base revision, so the version rules are not applied. */
  base: optionalText,
  /** Reads the pull request's commits on `pull_request`; unused on other events. */
  token: optionalText,
});

/**
 * On a `pull_request` event, the pull request's commits as the GitHub API lists them, for the revision-commit rule
 * (src/check/revision-commits.ts); none on other events. Throws when there are more than the API lists.
 */
const pullRequestCommits = async (inputs: { token: string }): Promise<Commit[] | undefined> => {
  if (readVariable("GITHUB_EVENT_NAME") !== "pull_request") return undefined;
  const event = await readEvent(PullRequestEvent);
  const client = createGitHubClient(inputs.token);
  const commits = await listPullCommits(client, repositoryFromEnvironment(), event.pull_request.number);
  if (commits.length >= LISTED_COMMITS_LIMIT) {
    throw new Error(
      `the pull request has ${LISTED_COMMITS_LIMIT} or more commits, the most GitHub's API lists, so its revision commits cannot all be checked; split it into smaller pull requests`,
    );
  }
  core.info(
    `checked the ${commits.length} commit(s) of pull request #${event.pull_request.number} for Source: and Impact: lines, and ${commits.length < 2 ? "its one commit for the version rules by the comparison with the base" : "each against its parent for the version rules"}`,
  );
  return commits;
};

/** Runs `npm run check`'s checks, annotates each problem on its line, and fails once at the end if there is any. */
const validate = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const commits = await pullRequestCommits(inputs);
  // Each commit of the pull request is also held to the version rules against its parent, in the API's order (oldest
  // first): a rebase-and-merge puts every one of them on main, where the history publishes each as a step. They come
  // from the API rather than from git's base..HEAD, since on `pull_request` HEAD is the merge commit GitHub made:
  // its first-parent line from the base is that merge alone, which is the comparison with the base over again.
  const report = await runChecks(inputs.root, {
    today: todayFromEnvironment(),
    ...(inputs.base ? { base: inputs.base } : {}),
    ...(commits === undefined ? {} : { commits, steps: commits }),
  });
  for (const problem of report.problems) {
    core.error(
      problem.message + (problem.pointer ? ` (at ${problem.pointer})` : ""),
      problemAnnotation(inputs.root, problem, "Invalid fact data"),
    );
  }
  for (const warning of report.warnings) {
    core.warning(
      warning.message + (warning.pointer ? ` (at ${warning.pointer})` : ""),
      problemAnnotation(inputs.root, warning, "Check this text"),
    );
  }
  core.setOutput("problems", report.problems.length);
  core.setOutput("fact-files", report.factFileCount);
  const summary = core.summary
    .addHeading("Fact validation", 2)
    .addRaw(summarize(report), true)
    .addRaw(`<p>${escapeHtml(summarizeEvidence(report))}</p>`, true);
  if (report.problems.length > 0) summary.addTable(summaryRows(report.problems));
  if (report.warnings.length > 0)
    summary.addHeading("Warnings (they do not fail the check)", 3).addTable(summaryRows(report.warnings));
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
