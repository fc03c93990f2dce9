import { runGit } from "../git/run-git.ts";

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

/**
 * Every commit that touched `pathspec`, oldest first, with its file changes, read by one `git log`.
 * Merges are followed along their first parent and diffed against it, so a merged pull request counts as one change.
 * Renames are reported as a deletion plus an addition; the engine follows facts by id, not by path.
 */
export const readGitLog = async (cwd: string, revision: string, pathspec: string): Promise<LoggedCommit[]> => {
  const output = await runGit(cwd, [
    "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--no-renames", "--raw", "-z", "--no-abbrev",
    `--format=${RECORD}%H${FIELD}%ct${FIELD}%B${FIELD}`, revision, "--", pathspec,
  ]);
  const text = output.toString("utf8");
  const commits: LoggedCommit[] = [];
  for (const record of text.split(RECORD)) {
    if (record === "") continue;
    const [sha = "", committedSeconds = "0", message = "", raw = ""] = record.split(FIELD);
    // Commit times in UTC ("...Z"), whatever the committer's zone, so published dates sort and compare as text.
    const committedAt = new Date(Number(committedSeconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
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
    commits.push({ sha, committed_at: committedAt, message: message.trim(), changes });
  }
  return commits;
};
