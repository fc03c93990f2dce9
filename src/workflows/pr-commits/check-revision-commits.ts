import { OTHER_RULES } from "../../check/rules/index.ts";
import { commitLines, impactOf } from "../../derive/version-note.ts";
import { gitResult } from "../../lib/git.ts";
import type { Problem } from "../../lib/problem.ts";
import { type LoadedFact, loadFactsAtRevision } from "../../model/index.ts";
import type { FactFile } from "../../schemas/index.ts";
import type { GitHubClient } from "../github/create-github-client.ts";
import type { RepositoryRef } from "../github/repository-from-environment.ts";

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
export const listPullCommits = async (client: GitHubClient, repository: RepositoryRef, pullNumber: number): Promise<PullCommit[]> => {
  const listed = await client.paginate(client.rest.pulls.listCommits, { ...repository, pull_number: pullNumber, per_page: 100 });
  return listed.map((item) => ({ sha: item.sha, message: item.commit.message, parents: item.parents.map((parent) => parent.sha) }));
};

const subjectOf = (message: string): string => message.split("\n", 1)[0]!.trim();

/** The URLs of a commit's `Source:` lines, each ending at white space, without a closing bracket or full stop. */
const sourceUrls = (message: string): string[] =>
  commitLines(message, "Source").flatMap((line) => [...line.matchAll(/https?:\/\/\S+/g)].map((match) => match[0].replace(/[).,;>\]]+$/, "")));

const factsById = async (root: string, revision: string): Promise<Map<string, { file: string; fact: FactFile }>> =>
  new Map((await loadFactsAtRevision(root, revision)).files.map((entry) => [entry.fact.id, entry]));

const hasCommit = async (root: string, sha: string): Promise<boolean> => (await gitResult(root, ["cat-file", "-e", `${sha}^{commit}`])).code === 0;

/**
 * A revision commit raises a fact's version: its message becomes the version's public note, so it must carry a
 * `Source:` line with a URL the fact cites (at that commit) and an `Impact:` line. Each commit is compared with its
 * parents in the checkout (which must hold them: `fetch-depth: 0`); a merge commit revises only what is above its
 * version in every parent, so merging the base branch in is not a revision. A problem is placed on the `version` of
 * the fact's file in the checkout when `head` holds it, else on the file's first line. Throws when the commits cannot
 * be checked: too many for the API to list, or a commit missing from the checkout.
 */
export const checkRevisionCommits = async (root: string, commits: readonly PullCommit[], head: readonly LoadedFact[]): Promise<Problem[]> => {
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
    const missing = (await Promise.all([commit.sha, ...commit.parents].map((sha) => hasCommit(root, sha)))).some((present) => !present);
    if (missing) throw new Error(`${name} or one of its parents is not in the checkout, so it could not be checked; check out with fetch-depth: 0`);
    if (commit.parents.length === 0) continue;
    const after = await at(commit.sha);
    const parents = await Promise.all(commit.parents.map(at));
    for (const { file, fact } of after.values()) {
      const earlier = parents.map((state) => state.get(fact.id)?.fact.version);
      if (earlier.some((version) => version === undefined || version >= fact.version)) continue;
      const lacking: string[] = [];
      const urls = sourceUrls(commit.message);
      const cited = new Set(fact.citations.map((citation) => citation.url));
      if (urls.length === 0) lacking.push("a Source: line");
      else if (!urls.some((url) => cited.has(url))) lacking.push(`a Source: line with a URL ${fact.id} cites (it gives ${urls.join(", ")})`);
      if (impactOf(commit.message) === undefined) lacking.push("an Impact: line");
      if (lacking.length === 0) continue;
      const message =
        `${name} revises ${fact.id} to v${fact.version} without ${lacking.join(" and ")}; a revision's commit message carries ` +
        `"Source: <org>, <title>, <a URL the fact cites>" and "Impact: <who is affected and how>" lines, and the Impact: line is the version's public note (reword the commit, e.g. git rebase -i)`;
      const loaded = headById.get(fact.id);
      problems.push(loaded ? loaded.doc.problemAt(["version"], message) : { file, line: 1, column: 1, pointer: "", message });
    }
  }
  return problems.map((problem) => ({ ...problem, rule: OTHER_RULES.revisionCommit.name }));
};
