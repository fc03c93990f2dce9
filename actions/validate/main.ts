/**
 * The validate action: `npm run check`'s checks annotated on their lines, plus, on a pull request, the revision-commit
 * rule over the commits the API lists.
 */
import * as core from "@actions/core";
import { z } from "zod";
import { impactLineProblem, NON_FACT_RULES } from "../../src/check/rules.ts";
import { runChecks, summarize, summarizeEvidence, summaryRows } from "../../src/check/run-checks.ts";
import { commitLines, impactOf } from "../../src/derive/fact-history.ts";
import { todayFromEnvironment } from "../../src/lib/dates.ts";
import { readVariable } from "../../src/lib/environment.ts";
import { gitResult } from "../../src/lib/git.ts";
import { compareProblems, type Problem } from "../../src/lib/problem.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import { type LoadedFact, loadFactsAtRevision } from "../../src/model/facts.ts";
import type { FactFile } from "../../src/schemas/index.ts";
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

/** One commit of a pull request, as the GitHub API lists it. */
export interface PullCommit {
  sha: string;
  message: string;
  parents: string[];
}

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
): Promise<PullCommit[]> => {
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

const subjectOf = (message: string): string => message.split("\n", 1)[0]!.trim();

/** The URLs of a commit's `Source:` lines, each ending at white space, without a closing bracket or full stop. */
const sourceUrls = (message: string): string[] =>
  commitLines(message, "Source").flatMap((line) =>
    [...line.matchAll(/https?:\/\/\S+/g)].map((match) => match[0].replace(/[).,;>\]]+$/, "")),
  );

const factsById = async (root: string, revision: string): Promise<Map<string, { file: string; fact: FactFile }>> =>
  new Map((await loadFactsAtRevision(root, revision)).files.map((entry) => [entry.fact.id, entry]));

const hasCommit = async (root: string, sha: string): Promise<boolean> =>
  (await gitResult(root, ["cat-file", "-e", `${sha}^{commit}`])).code === 0;

/**
 * A revision commit raises a fact's version: its message becomes the version's public note, so it must carry a
 * `Source:` line with a URL the fact cites (at that commit) and an `Impact:` line. Each commit is compared with its
 * parents in the checkout (which must hold them: `fetch-depth: 0`); a merge commit revises only what is above its
 * version in every parent, so merging the base branch in is not a revision. A problem is placed on the `version` of
 * the fact's file in the checkout when `head` holds it, else on the file's first line. Throws when the commits cannot
 * be checked: too many for the API to list, or a commit missing from the checkout.
 */
export const checkRevisionCommits = async (
  root: string,
  commits: readonly PullCommit[],
  head: readonly LoadedFact[],
): Promise<Problem[]> => {
  const problems: Problem[] = [];
  if (commits.length >= LISTED_COMMITS_LIMIT) {
    throw new Error(
      `the pull request has ${LISTED_COMMITS_LIMIT} or more commits, the most GitHub's API lists, so its revision commits cannot all be checked; split it into smaller pull requests`,
    );
  }
  const headById = new Map(head.map((loaded) => [loaded.fact.id, loaded]));
  const states = new Map<string, Promise<Map<string, { file: string; fact: FactFile }>>>();
  const at = (revision: string) => {
    let state = states.get(revision);
    if (!state) {
      state = factsById(root, revision);
      states.set(revision, state);
    }
    return state;
  };

  for (const commit of commits) {
    const name = `commit ${commit.sha.slice(0, 12)} ("${subjectOf(commit.message)}")`;
    const missing = (await Promise.all([commit.sha, ...commit.parents].map((sha) => hasCommit(root, sha)))).some(
      (present) => !present,
    );
    if (missing)
      throw new Error(
        `${name} or one of its parents is not in the checkout, so it could not be checked; check out with fetch-depth: 0`,
      );
    if (commit.parents.length === 0) continue;
    const after = await at(commit.sha);
    const parents = await Promise.all(commit.parents.map(at));
    const impact = impactOf(commit.message);
    const impactProblem = impact === undefined ? undefined : impactLineProblem(impact);
    for (const { file, fact } of after.values()) {
      const earlier = parents.map((state) => state.get(fact.id)?.fact.version);
      const loaded = headById.get(fact.id);
      const report = (message: string) =>
        problems.push(
          loaded ? loaded.doc.problemAt(["version"], message) : { file, line: 1, column: 1, pointer: "", message },
        );
      const reword = "the Impact: line is the version's public note (reword the commit, e.g. git rebase -i)";
      // A new fact's commit needs no Impact: line (its note then reads "First published as version 1."), but one it
      // gives is published like a revision's.
      if (earlier.every((version) => version === undefined)) {
        if (impactProblem !== undefined)
          report(`${name} adds ${fact.id} with an Impact: line that ${impactProblem}; ${reword}`);
        continue;
      }
      if (earlier.some((version) => version === undefined || version >= fact.version)) continue;
      const lacking: string[] = [];
      const urls = sourceUrls(commit.message);
      const cited = new Set(fact.citations.map((citation) => citation.url));
      if (urls.length === 0) lacking.push("a Source: line");
      else if (!urls.some((url) => cited.has(url)))
        lacking.push(`a Source: line with a URL ${fact.id} cites (it gives ${urls.join(", ")})`);
      if (impact === undefined) lacking.push("an Impact: line");
      if (lacking.length > 0)
        report(
          `${name} revises ${fact.id} to v${fact.version} without ${lacking.join(" and ")}; a revision's commit message carries ` +
            `"Source: <org>, <title>, <a URL the fact cites>" and "Impact: <who is affected and how>" lines, and ${reword}`,
        );
      if (impactProblem !== undefined)
        report(`${name} revises ${fact.id} to v${fact.version} with an Impact: line that ${impactProblem}; ${reword}`);
    }
  }
  return problems.map((problem) => ({ ...problem, rule: NON_FACT_RULES.revisionCommit.name }));
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
 * On a `pull_request` event, the problems of the pull request's revision commits, listed through the GitHub API
 * (see checkRevisionCommits); none on other events.
 */
const revisionCommitProblems = async (
  inputs: { root: string; token: string },
  head: Parameters<typeof checkRevisionCommits>[2],
) => {
  if (readVariable("GITHUB_EVENT_NAME") !== "pull_request") return [];
  const event = await readEvent(PullRequestEvent);
  const client = createGitHubClient(inputs.token);
  const commits = await listPullCommits(client, repositoryFromEnvironment(), event.pull_request.number);
  core.info(
    `checked the ${commits.length} commit(s) of pull request #${event.pull_request.number} for Source: and Impact: lines`,
  );
  return checkRevisionCommits(inputs.root, commits, head);
};

/** Runs `npm run check`'s checks, annotates each problem on its line, and fails once at the end if there is any. */
const validate = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const checked = await runChecks(inputs.root, {
    today: todayFromEnvironment(),
    ...(inputs.base ? { base: inputs.base } : {}),
  });
  const report = {
    ...checked,
    problems: [...checked.problems, ...(await revisionCommitProblems(inputs, checked.facts))].sort(compareProblems),
  };
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
