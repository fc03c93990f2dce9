import { openCatFileBatch, runGit } from "../../lib/git.ts";
import type { FactFile } from "../../schemas/index.ts";
import { impactOf } from "../version-note.ts";
import { assertFullHistory, type CommitInfo, type LoggedCommit, readGitLog } from "./read-git-log.ts";

/** One version of a fact: the commit that introduced it and the last state it had (after any re-verification). */
export interface FactVersion {
  version: number;
  introduced: CommitInfo;
  state: FactFile;
  path: string;
  /** The commit of `state`: later than `introduced` when the version was re-verified or edited. */
  lastCommit: CommitInfo;
}

/** Every version of one fact, oldest first, followed by id across moves between folders. */
export interface FactTimeline {
  id: string;
  path: string;
  versions: FactVersion[];
  /** Set when the fact's file no longer exists at the revision read. */
  deleted?: CommitInfo;
}

/** A fact file state the engine could not read as a fact (invalid JSON, no id or version), so it was left out. */
export interface SkippedState {
  path: string;
  commit: string;
  reason: string;
}

/**
 * One commit's change to one fact's file: the state before (absent when the fact first appears) and after. Every
 * commit that touched a fact gives one, even when it kept the version (a re-verification, an editorial edit), so the
 * change index can list each event; a commit that only moved a file, unchanged, gives one too, with equal states.
 */
export interface FactStateChange {
  id: string;
  commit: CommitInfo;
  path: string;
  before?: FactFile;
  after: FactFile;
}

export interface FactHistory {
  facts: Map<string, FactTimeline>;
  /** Every state change of every fact, in the order of the first-parent history, oldest first. */
  changes: FactStateChange[];
  skipped: SkippedState[];
  commitCount: number;
}

const readState = (bytes: Buffer): FactFile | string => {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch (error: unknown) {
    return `invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const candidate = json as { id?: unknown; version?: unknown };
  if (typeof candidate?.id !== "string") return "no string id";
  if (!Number.isInteger(candidate.version)) return "no integer version";
  return json as FactFile;
};

/**
 * Reads the whole history of `facts/` in one pass: one `git log` and one `git cat-file --batch`, whatever the
 * number of facts and versions. States are grouped by fact id, so a file that moves keeps its history.
 */
export const readFactHistory = async (cwd: string, revision = "HEAD", folder = "facts"): Promise<FactHistory> => {
  await assertFullHistory(cwd);
  const isFactFile = (path: string): boolean => path.endsWith(".json");
  // Blobs are requested while git log is still printing, so the two git processes work side by side, and each is
  // parsed as it arrives, while git log is still at work: only the parsed states are kept.
  const states = new Map<string, FactFile | string>();
  const blobReader = openCatFileBatch(cwd, (blob, content) => states.set(blob, readState(content)));
  const logged: LoggedCommit[] | Error = await readGitLog(cwd, revision, folder, (commit) => {
    for (const change of commit.changes) if (change.blob && isFactFile(change.path)) blobReader.request(change.blob);
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  // The reader is closed even when the log failed, so no cat-file process is left behind.
  await blobReader.finish();
  if (logged instanceof Error) throw logged;
  const commits = logged;

  const facts = new Map<string, FactTimeline>();
  const changes: FactStateChange[] = [];
  const skipped: SkippedState[] = [];
  const idAtPath = new Map<string, string>();
  const pathCount = new Map<string, number>();
  const release = (path: string, removed: string[]): void => {
    const previous = idAtPath.get(path);
    if (previous === undefined) return;
    idAtPath.delete(path);
    pathCount.set(previous, (pathCount.get(previous) ?? 1) - 1);
    removed.push(previous);
  };

  for (const commit of commits) {
    const info: CommitInfo = { sha: commit.sha, committed_at: commit.committed_at, message: commit.message };
    const removed: string[] = [];
    for (const change of commit.changes) {
      if (!isFactFile(change.path)) continue;
      if (change.status === "D") {
        release(change.path, removed);
        continue;
      }
      const state = states.get(change.blob ?? "") ?? "the blob is missing";
      if (typeof state === "string") {
        skipped.push({ path: change.path, commit: commit.sha, reason: state });
        continue;
      }
      if (idAtPath.get(change.path) !== state.id) {
        release(change.path, removed);
        idAtPath.set(change.path, state.id);
        pathCount.set(state.id, (pathCount.get(state.id) ?? 0) + 1);
      }
      let timeline = facts.get(state.id);
      if (!timeline) {
        timeline = { id: state.id, path: change.path, versions: [] };
        facts.set(state.id, timeline);
      }
      timeline.path = change.path;
      delete timeline.deleted;
      const last = timeline.versions.at(-1);
      changes.push({ id: state.id, commit: info, path: change.path, ...(last ? { before: last.state } : {}), after: state });
      if (last && last.version === state.version) {
        last.state = state;
        last.path = change.path;
        last.lastCommit = info;
      } else {
        timeline.versions.push({ version: state.version, introduced: info, state, path: change.path, lastCommit: info });
      }
    }
    for (const id of removed) {
      const timeline = facts.get(id);
      if (timeline && (pathCount.get(id) ?? 0) === 0) timeline.deleted = info;
    }
  }
  await addMergedImpacts(cwd, facts, new Map(commits.filter((commit) => commit.parents.length > 1).map((commit) => [commit.sha, commit.parents[0]!])));
  return { facts, changes, skipped, commitCount: commits.length };
};

/**
 * History follows the first parent, so a pull request merged with a merge commit introduces its versions by that
 * merge commit, whose message ("Merge pull request #7 from ...") has no `Impact:` line. For each such version, the
 * `Impact:` line of the newest merged commit that touched the fact's file is kept as `merged_impact`: one `git log`
 * per version introduced by a merge without an Impact: line, none for any other history.
 */
const addMergedImpacts = async (cwd: string, facts: Map<string, FactTimeline>, mergeFirstParents: ReadonlyMap<string, string>): Promise<void> => {
  if (mergeFirstParents.size === 0) return;
  for (const timeline of facts.values()) {
    for (const version of timeline.versions) {
      const firstParent = mergeFirstParents.get(version.introduced.sha);
      if (firstParent === undefined || impactOf(version.introduced.message) !== undefined) continue;
      const log = (await runGit(cwd, ["log", "--format=%B%x1e", `${firstParent}..${version.introduced.sha}`, "--", version.path])).toString("utf8");
      const impact = log
        .split("\x1e")
        .map(impactOf)
        .find((line) => line !== undefined);
      if (impact === undefined) continue;
      const introduced = { ...version.introduced, merged_impact: impact };
      version.lastCommit = version.lastCommit === version.introduced ? introduced : version.lastCommit;
      version.introduced = introduced;
    }
  }
};
