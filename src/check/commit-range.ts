import { catFileBatch, gitResult, runGit } from "../lib/git.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import { type JsonDocument, parseJsonDocument } from "../model/json-document.ts";
import type { FactFile } from "../schemas/index.ts";
import { committedFact, versionProblems } from "./check-against-base.ts";
import { type Commit, commitName } from "./revision-commits.ts";
import { NON_FACT_RULES } from "./rules.ts";

// The version rules applied to each commit of a range on its own, against its parent. The comparison with the base
// sees only the two ends of a range: a revision and its revert, or a withdrawal and a revival, in two commits leave
// the ends equal and pass it, while the history of the fact (read commit by commit, src/derive/fact-history.ts)
// publishes "v2" then "v1", or a withdrawn fact live again.

/** One fact file a commit changed, as blob ids: absent before when the commit added it, absent after when it deleted it. */
interface FileChange {
  path: string;
  before?: string;
  after?: string;
  /** A merge commit took the file whole from one of its other parents. */
  merged?: boolean;
}

/**
 * Commits are read in chunks of this many: one `git diff-tree` and one `git cat-file` per chunk, so the memory a
 * check holds is that of the fact files one chunk changed, however long the range is, and the time grows with the
 * number of changed files, not with the number of facts times the number of commits.
 */
const CHUNK = 256;

const ZERO_BLOB = /^0+$/;

/**
 * The fact files (`facts/**.json`) each commit changed against its first parent, by commit id, read with one
 * `git diff-tree --stdin` for all of them. A commit with no parent (a repository's first) has nothing to compare with.
 */
const changedFactFiles = async (root: string, commits: readonly Commit[]): Promise<Map<string, FileChange[]>> => {
  const pairs = commits.filter((commit) => commit.parents.length > 0);
  const byCommit = new Map<string, FileChange[]>(pairs.map((commit) => [commit.sha, []]));
  if (pairs.length === 0) return byCommit;
  // Each line names the commit and the parent to diff against; git prints the commit's id, then its changes.
  const input = pairs.map((commit) => `${commit.sha} ${commit.parents[0]}\n`).join("");
  const args = ["diff-tree", "--stdin", "-r", "-z", "--no-renames", "--no-abbrev", "--", "facts"];
  const diffed = await gitResult(root, args, { input });
  if (diffed.code !== 0)
    throw new Error(
      `the commits to check (${commitName(pairs[0]!)} to ${commitName(pairs.at(-1)!)}) or their parents are not all in the checkout, so they could not be checked; check out with fetch-depth: 0 (git: ${diffed.stderr.trim()})`,
    );
  const output = diffed.stdout.toString("utf8");
  let changes: FileChange[] | undefined;
  const fields = output.split("\0");
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index]!;
    if (field === "") continue;
    if (!field.startsWith(":")) {
      changes = byCommit.get(field.trim());
      continue;
    }
    // `:<old mode> <new mode> <old blob> <new blob> <status>`, then the path.
    const [, , before = "", after = ""] = field.split(" ");
    const path = fields[++index] ?? "";
    if (!path.endsWith(".json")) continue;
    changes?.push({
      path,
      ...(ZERO_BLOB.test(before) ? {} : { before }),
      ...(ZERO_BLOB.test(after) ? {} : { after }),
    });
  }
  return byCommit;
};

/**
 * Marks the files a merge commit took whole from one of its other parents. Each is still compared with the first
 * parent, as the history of the facts reads it: a merge that keeps a side branch's older file takes the version down
 * on the published line, and one that keeps a side branch's live file brings a withdrawn fact back. Only a version
 * raised by more than one is let pass for such a file: merging the base branch in brings its versions, each raised
 * by one in its own commit, already checked (see versionProblems).
 */
const markMergedFiles = async (root: string, commit: Commit, changes: FileChange[]): Promise<FileChange[]> => {
  if (commit.parents.length < 2 || changes.length === 0) return changes;
  const taken = new Set<string>();
  for (const parent of commit.parents.slice(1)) {
    const listing = (
      await runGit(root, ["ls-tree", "-z", "--full-tree", parent, "--", ...changes.map((change) => change.path)])
    ).toString("utf8");
    for (const entry of listing.split("\0").filter(Boolean)) {
      const [meta = "", path = ""] = entry.split("\t");
      taken.add(`${path}\0${meta.split(" ")[2]}`);
    }
  }
  return changes.map((change) =>
    taken.has(`${change.path}\0${change.after ?? ""}`) ? { ...change, merged: true } : change,
  );
};

/** A fact file's state in one commit: its document (to locate problems) and the fact, when it reads as one. */
interface State {
  path: string;
  doc: JsonDocument;
  fact: FactFile | undefined;
  /** Taken whole by a merge commit from one of its other parents (see markMergedFiles). */
  merged?: boolean;
}

const stateOf = (path: string, blob: Buffer | undefined, merged = false): State => {
  const doc = parseJsonDocument(path, blob?.toString("utf8") ?? "");
  const fact = doc.syntaxProblems.length === 0 ? committedFact(doc.value) : undefined;
  return { path, doc, fact, ...(merged ? { merged } : {}) };
};

/**
 * The version rules of one commit's change, from the states of the files it changed before and after it. A fact is
 * followed by id, so moving its file to another folder compares it with itself. Where the parent's file does not read
 * as a fact (broken JSON, fixed in this commit), the fact is compared with its last state that did in the range
 * (`lastRead`), as its history skips the broken state and goes from that one to this; with none, with nothing.
 */
const commitProblems = (
  commit: Commit,
  before: State[],
  after: State[],
  lastRead: ReadonlyMap<string, FactFile>,
): Problem[] => {
  const name = commitName(commit);
  const beforeById = new Map(before.flatMap((state) => (state.fact ? [[state.fact.id, state.fact] as const] : [])));
  const afterIds = new Set(after.flatMap((state) => (state.fact ? [state.fact.id] : [])));
  const unreadBefore = new Set(before.filter((state) => !state.fact).map((state) => state.path));
  const afterPaths = new Set(after.map((state) => state.path));
  const problems: Problem[] = [];
  for (const { path, doc, fact, merged } of after) {
    if (fact === undefined) continue;
    if (unreadBefore.has(path)) {
      const earlier = lastRead.get(fact.id);
      if (earlier !== undefined)
        problems.push(...versionProblems(doc, earlier, fact, "its last state that read as a fact"));
      continue;
    }
    const earlier = beforeById.get(fact.id);
    const renamed = before.find((state) => state.path === path && state.fact && state.fact.id !== fact.id)?.fact;
    if (renamed !== undefined && !afterIds.has(renamed.id))
      problems.push(
        doc.problemAt(
          ["id"],
          `fact "${renamed.id}" was renamed to "${fact.id}"; ids never change: keep "${renamed.id}" and set superseded_by on it if the rule was replaced`,
        ),
      );
    else if (earlier === undefined && fact.version !== 1)
      problems.push(doc.problemAt(["version"], `a new fact starts at version 1, not ${fact.version}`));
    if (earlier !== undefined)
      problems.push(
        ...versionProblems(doc, earlier, fact, commit.parents.length > 1 ? "its first parent" : "its parent", {
          raisedElsewhere: merged === true,
        }),
      );
  }
  for (const { path, fact } of before) {
    if (fact === undefined || afterIds.has(fact.id) || afterPaths.has(path)) continue;
    problems.push({
      file: path,
      line: 1,
      column: 1,
      pointer: "",
      message: `fact "${fact.id}" (v${fact.version}) was deleted; facts are never deleted: keep the file as a tombstone with withdrawn_iso and withdrawn_reason (and superseded_by where a fact replaces it)`,
    });
  }
  return problems.map((problem) => ({
    ...problem,
    message: `${name}: ${problem.message}. Each commit becomes a step of the fact's published history, so each keeps the version rules on its own (on a branch, fix that commit with git rebase -i)`,
  }));
};

/**
 * The version rules (see versionProblems and checkAgainstBase) applied to each commit, in the order given (oldest
 * first), against its first parent: a revision raises the version by exactly 1, a version never goes down, a fact is
 * never deleted or renamed, a tombstone never becomes live again. Only the fact files each commit changed are read,
 * as they were before and after it (`git diff-tree`), never every fact at every commit. A merge commit is compared
 * with its first parent, as the history of the facts reads it, files it took unchanged from another parent included
 * (see markMergedFiles). Each problem names the commit by its short id and subject, the file as that commit has it, and the JSON
 * pointer; the line and column are those of the file in that commit. Throws when a commit or its parent is not in
 * the repository.
 */
export const checkCommitVersions = async (root: string, commits: readonly Commit[]): Promise<Problem[]> => {
  const problems: Problem[] = [];
  const lastRead = new Map<string, FactFile>();
  for (let start = 0; start < commits.length; start += CHUNK) {
    const chunk = commits.slice(start, start + CHUNK);
    const changed = await changedFactFiles(root, chunk);
    const kept = new Map<string, FileChange[]>();
    for (const commit of chunk)
      kept.set(commit.sha, await markMergedFiles(root, commit, changed.get(commit.sha) ?? []));
    const blobs = await catFileBatch(
      root,
      [...kept.values()].flat().flatMap((change) => [change.before, change.after].filter((blob) => blob !== undefined)),
    );
    for (const commit of chunk) {
      const changes = kept.get(commit.sha) ?? [];
      const before = changes.flatMap((change) =>
        change.before === undefined ? [] : [stateOf(change.path, blobs.get(change.before))],
      );
      const after = changes.flatMap((change) =>
        change.after === undefined ? [] : [stateOf(change.path, blobs.get(change.after), change.merged)],
      );
      for (const state of before)
        if (state.fact && !lastRead.has(state.fact.id)) lastRead.set(state.fact.id, state.fact);
      problems.push(...commitProblems(commit, before, after, lastRead));
      for (const state of after) if (state.fact) lastRead.set(state.fact.id, state.fact);
    }
  }
  return byRule(NON_FACT_RULES.versionRules.name, problems);
};
