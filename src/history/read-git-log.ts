import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import { runGit } from "../git/run-git.ts";
import { isoDateTimeOfSeconds } from "../lib/dates.ts";

export interface CommitInfo {
  sha: string;
  committed_at: string;
  message: string;
}

/** One file change of a commit, as `git log --raw` reports it against the commit's first parent. */
export interface FileChange {
  status: "A" | "M" | "D" | "T";
  path: string;
  /** The blob after the change; absent for a deletion. */
  blob?: string;
}

export interface LoggedCommit extends CommitInfo {
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

const parseRecord = (record: string): LoggedCommit => {
  const [sha = "", committedSeconds = "0", message = "", raw = ""] = record.split(FIELD);
  const tokens = raw.replace(/^\0?\n?/, "").split("\0");
  const changes: FileChange[] = [];
  for (let index = 0; index + 1 < tokens.length; index += 2) {
    const meta = tokens[index]!.trim();
    if (!meta.startsWith(":")) continue;
    const [, , , blob, status] = meta.slice(1).split(" ");
    const kind = status?.[0] as FileChange["status"] | undefined;
    if (kind !== "A" && kind !== "M" && kind !== "D" && kind !== "T") continue;
    changes.push({ status: kind, path: tokens[index + 1]!, ...(blob && !ZERO_BLOB.test(blob) && kind !== "D" ? { blob } : {}) });
  }
  // Commit times in UTC ("...Z"), whatever the committer's zone, so published dates sort and compare as text.
  const committedAt = isoDateTimeOfSeconds(Number(committedSeconds));
  return { sha, committed_at: committedAt, message: message.trim(), changes };
};

/**
 * Every commit that touched `pathspec`, oldest first, with its file changes, read by one `git log`.
 * Merges are followed along their first parent and diffed against it, so a merged pull request counts as one change.
 * Renames are reported as a deletion plus an addition; the engine follows facts by id, not by path.
 * `onCommit` sees each commit as soon as git prints it, so blob reads can start before the log ends.
 */
export const readGitLog = (
  cwd: string,
  revision: string,
  pathspec: string,
  onCommit: (commit: LoggedCommit) => void = () => {},
): Promise<LoggedCommit[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      "git",
      [
        "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--no-renames", "--raw", "-z", "--no-abbrev",
        `--format=${RECORD}%H${FIELD}%ct${FIELD}%B${FIELD}`, revision, "--", pathspec,
      ],
      { cwd, stdio: ["ignore", "pipe", "pipe"] },
    );
    const decoder = new StringDecoder("utf8");
    const commits: LoggedCommit[] = [];
    const stderr: Buffer[] = [];
    let buffered = "";
    const emit = (record: string): void => {
      if (record === "") return;
      const commit = parseRecord(record);
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
      resolve(commits);
    });
  });
