import { commitLines, impactOf } from "../derive/fact-history.ts";
import { gitResult, runGit } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import { type LoadedFact, loadFactsAtRevision } from "../model/facts.ts";
import type { FactFile } from "../schemas/index.ts";
import { impactLineProblem, NON_FACT_RULES } from "./rules.ts";

// The revision-commit rule, one implementation for both callers: the validate action hands it the pull request's
// commits as GitHub's API lists them, `npm run check` the commits between its base and HEAD as git lists them.

/** One commit to check: its id, its whole message and its parents' ids. */
export interface Commit {
  sha: string;
  message: string;
  parents: string[];
}

const subjectOf = (message: string): string => message.split("\n", 1)[0]!.trim();

/** `commit 1a2b3c4d5e6f ("subject")`: how every problem of this rule names its commit. */
export const commitName = (commit: Pick<Commit, "sha" | "message">): string =>
  `commit ${commit.sha.slice(0, 12)} ("${subjectOf(commit.message)}")`;

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
 * The commits reachable from HEAD and not from `base`, oldest first, as `npm run check` reads them: what the pull
 * request of this branch will contain once pushed (uncommitted edits have no message yet, so they are not among them).
 * `firstParent` keeps only the first-parent line from HEAD back to `base`: the states the branch itself went through,
 * a merged side branch counting as its merge commit (see src/check/commit-range.ts).
 */
export const commitsSince = async (
  root: string,
  base: string,
  options: { firstParent?: boolean } = {},
): Promise<Commit[]> => {
  if ((await gitResult(root, ["rev-parse", "--verify", "--quiet", `${base}^{commit}`])).code !== 0)
    throw new Error(`the base "${base}" is no commit of this repository`);
  const line = options.firstParent === true ? ["--first-parent"] : [];
  const listed = (
    await runGit(root, ["log", "-z", "--reverse", "--topo-order", ...line, "--format=%H%n%P%n%B", `${base}..HEAD`])
  ).toString("utf8");
  return listed
    .split("\0")
    .filter((record) => record !== "")
    .map((record) => {
      const [sha = "", parents = "", ...message] = record.split("\n");
      return { sha, parents: parents.split(" ").filter(Boolean), message: message.join("\n").trimEnd() };
    });
};

/**
 * A revision commit raises a fact's version: its message becomes the version's public note, so it must carry a
 * `Source:` line with a URL the fact cites (at that commit) and an `Impact:` line. Each commit is compared with its
 * parents in the repository (which must hold them: `fetch-depth: 0` in a workflow); a merge commit revises only what
 * is above its version in every parent, so merging the base branch in is not a revision. A problem is placed on the
 * `version` of the fact's file in the working tree when `head` holds it, else on the file's first line, and names the
 * commit by its short id and subject. Throws when a commit or one of its parents is missing from the repository.
 */
export const checkRevisionCommits = async (
  root: string,
  commits: readonly Commit[],
  head: readonly LoadedFact[],
): Promise<Problem[]> => {
  const problems: Problem[] = [];
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
    const name = commitName(commit);
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
      if (earlier.some((version) => version === undefined || version >= fact.version)) {
        // A merge commit's own Impact: line is the note of a version it brings onto the first-parent line, whichever
        // parent raised it (see versionNote), so it is held to the rule as a revision's.
        const firstParent = earlier[0];
        if (impactProblem !== undefined && (firstParent === undefined || firstParent < fact.version))
          report(`${name} brings ${fact.id} v${fact.version} with an Impact: line that ${impactProblem}; ${reword}`);
        continue;
      }
      const lacking: string[] = [];
      const urls = sourceUrls(commit.message);
      // A revision of an earlier period cites that period's source, which the period's own citations hold.
      const cited = new Set(
        [...fact.citations, ...(fact.earlier ?? []).flatMap((period) => period.citations)].map(
          (citation) => citation.url,
        ),
      );
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
