import { StringDecoder } from "node:string_decoder";
import { isoDateTimeOfSeconds } from "../lib/dates.ts";
import { errorMessage } from "../lib/errors.ts";
import { gitResult, openCatFileBatch, runGit, spawnGit } from "../lib/git.ts";
import type { FactFile } from "../schemas/index.ts";

// The history of facts/ read from git in one pass (git log with one cat-file batch beside it), and the public note of
// each version, read from its commit's Impact: line.

export interface CommitInfo {
  sha: string;
  committed_at: string;
  message: string;
  /**
   * For a merge commit whose own message has no `Impact:` line, the `Impact:` line of the merged commit that raised
   * the fact to this version (`note_commit`), set per fact version by readFactHistory: the note its author wrote for
   * the version, which the revision-commit rule read. No other merged commit's line is ever read.
   */
  merged_impact?: string;
  /**
   * For a merge commit whose own message has no `Impact:` line, the merged commit that raised the fact to this
   * version, whose `Impact:` line (`merged_impact`) is the version's note; null when no merged commit did (the merge
   * itself changed the version), absent for any other commit.
   */
  note_commit?: { sha: string; message: string } | null;
  /**
   * The version's note as its fact's current file corrects it (`note_corrections`), when the commit's `Impact:` line
   * was published wrong; set per fact version by readFactHistory.
   */
  corrected_note?: string;
  /** Why the note was corrected and when (the commit that first recorded the corrected text), beside corrected_note. */
  note_correction?: { reason: string; corrected_at: string };
}

/** One file change of a commit, as `git log --raw` reports it against the commit's first parent. */
export interface FileChange {
  status: "A" | "M" | "D" | "T";
  path: string;
  /** The blob after the change; absent for a deletion. */
  blob?: string;
}

export interface LoggedCommit extends CommitInfo {
  /** Every parent, first parent first: two or more for a merge commit. */
  parents: string[];
  changes: FileChange[];
}

const RECORD = "\x1e";
const FIELD = "\x1f";
const ZERO_BLOB = /^0+$/;

/** Refuses a shallow clone: its history is cut, so derived versions and diffs would be silently wrong. */
export const assertFullHistory = async (cwd: string): Promise<void> => {
  const shallow = (await runGit(cwd, ["rev-parse", "--is-shallow-repository"])).toString("utf8").trim();
  if (shallow === "true") {
    throw new Error(
      "this repository is a shallow clone, so the history of facts/ is incomplete. Fetch the full history " +
        "(`git fetch --unshallow`, or `fetch-depth: 0` in actions/checkout) and run again.",
    );
  }
};

const CHANGE_KINDS: ReadonlySet<string> = new Set(["A", "M", "D", "T"]);

/**
 * One record of the log: `<sha>FIELD<seconds>FIELD<parents>FIELD<message>FIELD`, then with `-z` one `:<modes> <old>
 * <new> <status>\0<path>\0` per changed file. Scanned with indexOf rather than split into arrays: this runs once per
 * commit of the whole history, side by side with git.
 */
const parseRecord = (record: string, folder: string): LoggedCommit => {
  const shaEnd = record.indexOf(FIELD);
  const secondsEnd = record.indexOf(FIELD, shaEnd + 1);
  const parentsEnd = record.indexOf(FIELD, secondsEnd + 1);
  const messageEnd = record.indexOf(FIELD, parentsEnd + 1);
  const changes: FileChange[] = [];
  for (let at = record.indexOf(":", messageEnd + 1); at >= 0; ) {
    const metaEnd = record.indexOf("\0", at);
    const pathEnd = record.indexOf("\0", metaEnd + 1);
    if (metaEnd < 0 || pathEnd < 0) break;
    // `:<old mode> <new mode> <old blob> <new blob> <status>`: the last two fields are what matters.
    const statusStart = record.lastIndexOf(" ", metaEnd) + 1;
    const blobStart = record.lastIndexOf(" ", statusStart - 2) + 1;
    const kind = record[statusStart]!;
    if (CHANGE_KINDS.has(kind)) {
      const blob = record.slice(blobStart, statusStart - 1);
      // --relative prints paths inside the folder; callers get them from the repository's root, as everywhere else.
      const path = `${folder}/${record.slice(metaEnd + 1, pathEnd)}`;
      const status = kind as FileChange["status"];
      changes.push(kind === "D" || ZERO_BLOB.test(blob) ? { status, path } : { status, path, blob });
    }
    at = record[pathEnd + 1] === ":" ? pathEnd + 1 : -1;
  }
  return {
    sha: record.slice(0, shaEnd),
    // Commit times in UTC ("...Z"), whatever the committer's zone, so published dates sort and compare as text.
    committed_at: isoDateTimeOfSeconds(Number(record.slice(shaEnd + 1, secondsEnd))),
    parents: record
      .slice(secondsEnd + 1, parentsEnd)
      .split(" ")
      .filter(Boolean),
    message: record.slice(parentsEnd + 1, messageEnd).trim(),
    changes,
  };
};

/**
 * Every commit that changed a file under `folder`, oldest first, with those changes, read by one `git log`.
 * Merges are followed along their first parent and diffed against it, so a merged pull request counts as one change.
 * Renames are reported as a deletion plus an addition; the engine follows facts by id, not by path.
 * `onCommit` sees each commit as soon as git prints it (newest first), so blob reads can start before the log ends.
 *
 * The folder is given to `--relative=<folder>/`, not as a pathspec: a pathspec makes git simplify the history, which
 * diffs every commit's tree against its parent once to decide whether to show the commit and again for `--raw`,
 * and `--reverse` holds the whole walk back until its end. Without them git diffs each commit once and prints as
 * it goes: 40% less time on 50,000 commits, and closer to linear in the length of the history (bench/history.bench.ts).
 * Commits that change nothing under the folder are still walked, and dropped here.
 */
export const readGitLog = (
  cwd: string,
  revision: string,
  folder: string,
  onCommit: (commit: LoggedCommit) => void = () => {},
): Promise<LoggedCommit[]> =>
  new Promise((resolve, reject) => {
    const prefix = folder.replace(/\/+$/, "");
    // Left to itself, git flushes its output after every commit when it goes to a pipe: one write, and one wake-up of
    // this process, per commit. spawnGit sets GIT_FLUSH=0, so it fills its buffer first (3,000 writes instead of
    // 50,000).
    const child = spawnGit(cwd, [
      "log",
      "--first-parent",
      "--diff-merges=first-parent",
      "--no-renames",
      "--raw",
      "-z",
      "--no-abbrev",
      `--relative=${prefix}/`,
      `--format=${RECORD}%H${FIELD}%ct${FIELD}%P${FIELD}%B${FIELD}`,
      revision,
      "--",
    ]);
    child.stdin.end();
    const decoder = new StringDecoder("utf8");
    const commits: LoggedCommit[] = [];
    const stderr: Buffer[] = [];
    let buffered = "";
    const emit = (record: string): void => {
      if (record === "") return;
      const commit = parseRecord(record, prefix);
      if (commit.changes.length === 0) return;
      commits.push(commit);
      onCommit(commit);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += decoder.write(chunk);
      const lastComplete = buffered.lastIndexOf(RECORD);
      if (lastComplete <= 0) return;
      for (const record of buffered.slice(0, lastComplete).split(RECORD)) emit(record);
      buffered = buffered.slice(lastComplete);
    });
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`git log failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8").trim()}`));
        return;
      }
      buffered += decoder.end();
      for (const record of buffered.split(RECORD)) emit(record);
      resolve(commits.reverse());
    });
  });

/** One version of a fact: the commit that introduced it and the last state it had (after any re-verification). */
export interface FactVersion {
  version: number;
  introduced: CommitInfo;
  /** The state its introducing commit wrote: what the revision itself changed, before any later edit. */
  introducedState: FactFile;
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

/**
 * `after`, with every part of it equal to the same part of `before` (a fact's state before it) replaced by that earlier
 * part: an object or array whose parts are all equal, in the same order, is the earlier one itself, and a text equal to
 * the earlier text is that text. So a fact's states share what its commits left as they were (its citations, its
 * earlier periods, its texts) instead of each holding a copy: at 1,000 facts × 20 versions the copies took most of the
 * model's memory (bench/build-scale.bench.ts). `after` is changed in place; the states are only ever read once the
 * history is read.
 */
const shareUnchanged = (before: unknown, after: unknown): unknown => {
  if (before === after || typeof after !== "object" || after === null) return before === after ? before : after;
  if (typeof before !== "object" || before === null || Array.isArray(before) !== Array.isArray(after)) return after;
  let same = true;
  if (Array.isArray(after)) {
    const earlier = before as unknown[];
    if (after.length !== earlier.length) same = false;
    for (let index = 0; index < after.length; index++) {
      const part = index < earlier.length ? shareUnchanged(earlier[index], after[index]) : after[index];
      if (part !== earlier[index]) same = false;
      after[index] = part;
    }
  } else {
    const earlier = before as Record<string, unknown>;
    const later = after as Record<string, unknown>;
    const earlierKeys = Object.keys(earlier);
    const keys = Object.keys(later);
    if (keys.length !== earlierKeys.length) same = false;
    keys.forEach((key, index) => {
      if (earlierKeys[index] !== key) same = false;
      const part = Object.hasOwn(earlier, key) ? shareUnchanged(earlier[key], later[key]) : later[key];
      if (part !== earlier[key]) same = false;
      later[key] = part;
    });
  }
  return same ? before : after;
};

const readState = (bytes: Buffer): FactFile | string => {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch (error: unknown) {
    return `invalid JSON: ${errorMessage(error)}`;
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
  // Each state shares what it has in common with the state of the same fact parsed before it (blobs arrive newest
  // first, so that is usually the next version), from the moment it is parsed: every state of every fact is held at
  // once here, before the states are put in order below.
  const lastParsed = new Map<string, FactFile>();
  const blobReader = openCatFileBatch(cwd, (blob, content) => {
    const state = readState(content);
    if (typeof state !== "string") {
      const other = lastParsed.get(state.id);
      if (other !== undefined) shareUnchanged(other, state);
      lastParsed.set(state.id, state);
    }
    states.set(blob, state);
  });
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
      if (last) shareUnchanged(last.state, state);
      changes.push({
        id: state.id,
        commit: info,
        path: change.path,
        ...(last ? { before: last.state } : {}),
        after: state,
      });
      if (last && last.version === state.version) {
        last.state = state;
        last.path = change.path;
        last.lastCommit = info;
      } else {
        timeline.versions.push({
          version: state.version,
          introduced: info,
          introducedState: state,
          state,
          path: change.path,
          lastCommit: info,
        });
      }
    }
    for (const id of removed) {
      const timeline = facts.get(id);
      if (timeline && (pathCount.get(id) ?? 0) === 0) timeline.deleted = info;
    }
  }
  await addMergedImpacts(
    cwd,
    facts,
    new Map(commits.filter((commit) => commit.parents.length > 1).map((commit) => [commit.sha, commit.parents[0]!])),
  );
  addNoteCorrections(facts, changes);
  return { facts, changes, skipped, commitCount: commits.length };
};

/** Gives a version its introducing commit's annotated record, and its last commit too where that was the same one. */
const withIntroduced = (version: FactVersion, introduced: CommitInfo): void => {
  if (version.lastCommit === version.introduced) version.lastCommit = introduced;
  version.introduced = introduced;
};

/** The version of the fact file at `path` in `commit`, or undefined when it has none that reads as a fact. */
const versionAt = async (cwd: string, commit: string, path: string): Promise<number | undefined> => {
  const shown = await gitResult(cwd, ["cat-file", "blob", `${commit}:${path}`]);
  if (shown.code !== 0) return undefined;
  const state = readState(shown.stdout);
  return typeof state === "string" ? undefined : state.version;
};

/**
 * History follows the first parent, so a pull request merged with a merge commit introduces its versions by that
 * merge commit, whose message ("Merge pull request #7 from ...") has no `Impact:` line. For each such version, the
 * merged commit that raised the fact to it is found (the oldest merged commit that touched the file whose file has
 * the version while its first parent's has a lower one or none), and its `Impact:` line is kept as `merged_impact`:
 * the line the revision-commit rule read when the pull request was checked. An editorial commit merged beside it is
 * never read, whatever its message says. One `git log` per version introduced by a merge without an Impact: line,
 * none for any other history.
 */
const addMergedImpacts = async (
  cwd: string,
  facts: Map<string, FactTimeline>,
  mergeFirstParents: ReadonlyMap<string, string>,
): Promise<void> => {
  if (mergeFirstParents.size === 0) return;
  for (const timeline of facts.values()) {
    for (const version of timeline.versions) {
      const firstParent = mergeFirstParents.get(version.introduced.sha);
      if (firstParent === undefined || impactOf(version.introduced.message) !== undefined) continue;
      const log = (
        await runGit(cwd, [
          "log",
          "--reverse",
          "--topo-order",
          "-z",
          "--format=%H%n%P%n%B",
          `${firstParent}..${version.introduced.sha}`,
          "--",
          version.path,
        ])
      ).toString("utf8");
      let raiser: { sha: string; message: string; impact: string | undefined } | undefined;
      // NUL ends each record: unlike any other separator, it cannot occur in a commit message.
      for (const record of log.split("\0")) {
        const [sha = "", parents = "", ...lines] = record.split("\n");
        const message = lines.join("\n");
        if (sha === "" || sha === version.introduced.sha) continue;
        if ((await versionAt(cwd, sha, version.path)) !== version.version) continue;
        const parent = parents.split(" ").find(Boolean);
        const before = parent === undefined ? undefined : await versionAt(cwd, parent, version.path);
        if (before !== undefined && before >= version.version) continue;
        const impact = impactOf(message);
        raiser = { sha, message: message.trim(), impact };
        break;
      }
      withIntroduced(version, {
        ...version.introduced,
        note_commit: raiser === undefined ? null : { sha: raiser.sha, message: raiser.message },
        ...(raiser?.impact === undefined ? {} : { merged_impact: raiser.impact }),
      });
    }
  }
};

/**
 * Each version's note as its fact's newest file corrects it (`note_corrections`), kept as `corrected_note`, with the
 * reason and the time of the commit that first recorded that corrected text (`note_correction`), so that the note is
 * published as corrected, never silently rewritten.
 */
const addNoteCorrections = (facts: Map<string, FactTimeline>, changes: readonly FactStateChange[]): void => {
  for (const timeline of facts.values()) {
    const corrections = timeline.versions.at(-1)?.state.note_corrections ?? [];
    if (corrections.length === 0) continue;
    const own = changes.filter((change) => change.id === timeline.id);
    for (const correction of corrections) {
      const version = timeline.versions.find((each) => each.version === correction.version);
      if (version === undefined) continue;
      const recorded = own.find((change) =>
        (change.after.note_corrections ?? []).some(
          (each) => each.version === correction.version && each.note === correction.note,
        ),
      );
      withIntroduced(version, {
        ...version.introduced,
        corrected_note: correction.note,
        note_correction: {
          reason: correction.reason,
          corrected_at: recorded?.commit.committed_at ?? timeline.versions.at(-1)!.lastCommit.committed_at,
        },
      });
    }
  }
};

/**
 * How a corrected note is published beside it: the day it was corrected, why, and the note first published (the
 * commit's, see versionNote); undefined for a note never corrected.
 */
export const noteCorrectionOf = (
  version: number,
  commit: Pick<CommitInfo, "message" | "merged_impact" | "corrected_note" | "note_correction">,
): { corrected_iso: string; reason: string; original: string } | undefined => {
  if (commit.corrected_note === undefined || commit.note_correction === undefined) return undefined;
  const { corrected_note: _corrected, ...uncorrected } = commit;
  return {
    corrected_iso: commit.note_correction.corrected_at.slice(0, 10),
    reason: commit.note_correction.reason,
    original: versionNote(version, uncorrected),
  };
};

/**
 * The `Key: text` lines of a commit message, in order, for one key (case-insensitive). A line may continue on
 * indented lines, which are joined. They are read anywhere in the message, not only in git's strict trailer block:
 * the project's revision commits put `Source:` and `Impact:` right after the body's last sentence, with no blank
 * line between, which `git interpret-trailers` does not count as trailers.
 */
export const commitLines = (message: string, key: string): string[] => {
  const lines = message.split("\n");
  const start = new RegExp(`^${key}:\\s*(.*)$`, "i");
  const found: string[] = [];
  lines.forEach((line, index) => {
    const match = start.exec(line);
    if (!match) return;
    const continuation: string[] = [];
    for (let next = index + 1; next < lines.length && /^\s+\S/.test(lines[next]!); next++)
      continuation.push(lines[next]!.trim());
    const text = [match[1]!.trim(), ...continuation].filter(Boolean).join(" ");
    if (text !== "") found.push(text);
  });
  return found;
};

/** The commit's `Impact:` line (the last one when there are several), or undefined when it has none. */
export const impactOf = (message: string): string | undefined => commitLines(message, "Impact").at(-1);

/**
 * The public note of a fact's version: as the fact's file corrects it (`note_corrections`), else the `Impact:` line of
 * the commit that introduced it, or, for a merge commit without one, of the merged commit that raised the version
 * (`merged_impact`, see readFactHistory). A version without any gets a neutral note that says only what happened,
 * never the subject line: a subject such as "update fee" says nothing true to a reader, and may say something false.
 */
export const versionNote = (
  version: number,
  commit: { message: string; merged_impact?: string; corrected_note?: string },
): string =>
  commit.corrected_note ??
  impactOf(commit.message) ??
  commit.merged_impact ??
  (version === 1 ? "First published as version 1." : `Revised to version ${version}.`);
