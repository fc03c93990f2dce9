import { gitResult, gitText } from "../../lib/git.ts";

export interface SaveOptions {
  /** The folder restored by restoreStateBranch. */
  directory: string;
  branch: string;
  message: string;
  auth: NodeJS.ProcessEnv;
  /** Pushes retried after another run pushed first. */
  attempts?: number;
}

export interface SaveResult {
  pushed: boolean;
  commit?: string;
  /** Why nothing was pushed, or how many tries the push took. */
  detail: string;
}

const IDENTITY = ["-c", "user.name=github-actions[bot]", "-c", "user.email=41898282+github-actions[bot]@users.noreply.github.com"];

/**
 * Commits whatever changed in the state folder and pushes it to the state branch. When another run pushed in
 * between, this run's commit is replayed on top of it if the two runs wrote different files. If both wrote the same
 * file, neither copy is the whole truth, so the save fails naming the files rather than dropping one run's state.
 */
export const saveStateBranch = async (options: SaveOptions): Promise<SaveResult> => {
  await gitText(options.directory, ["add", "-A"]);
  const status = await gitText(options.directory, ["status", "--porcelain"]);
  if (status.trim() === "") return { pushed: false, detail: "the state did not change" };
  await gitText(options.directory, [...IDENTITY, "commit", "-q", "-m", options.message]);
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const push = await gitResult(options.directory, ["push", "-q", "origin", `HEAD:refs/heads/${options.branch}`], { environment: options.auth });
    if (push.code === 0) {
      const commit = (await gitText(options.directory, ["rev-parse", "HEAD"])).trim();
      return { pushed: true, commit, detail: attempt === 1 ? "pushed" : `pushed after ${attempt} tries` };
    }
    if (attempt >= attempts) throw new Error(`could not push the state to ${options.branch} after ${attempts} tries: ${push.stderr.trim()}`);
    await gitText(
      options.directory,
      ["fetch", "-q", "--no-tags", "origin", `+refs/heads/${options.branch}:refs/remotes/origin/${options.branch}`],
      options.auth,
    );
    const rebase = await gitResult(options.directory, [...IDENTITY, "rebase", "-q", `refs/remotes/origin/${options.branch}`]);
    if (rebase.code !== 0) {
      const conflicts = (await gitResult(options.directory, ["diff", "--name-only", "--diff-filter=U"])).stdout
        .toString("utf8")
        .trim()
        .split("\n")
        .filter(Boolean);
      await gitResult(options.directory, ["rebase", "--abort"]);
      throw new Error(
        `another run changed ${conflicts.length > 0 ? conflicts.join(", ") : "the same state"} on ${options.branch} since this run restored it; this run's state was not pushed (run the workflows that share the state in one concurrency group)`,
      );
    }
  }
};
