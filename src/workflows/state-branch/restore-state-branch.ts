import { mkdir, readdir } from "node:fs/promises";
import { gitResult, gitText } from "../../lib/git.ts";

export interface RestoreOptions {
  /** The repository checkout whose `origin` holds the state branch. */
  root: string;
  /** Where to put the state: a folder that does not exist yet or is empty. */
  directory: string;
  branch: string;
  auth: NodeJS.ProcessEnv;
}

export interface RestoreResult {
  /** False when the branch did not exist yet: the folder starts empty and the first save creates the branch. */
  existed: boolean;
  commit?: string;
}

/**
 * Puts the files of the state branch in `directory`, as a git repository of its own whose `origin` is the
 * checkout's: the state never mixes with the checked-out code and can be committed and pushed on its own.
 */
export const restoreStateBranch = async (options: RestoreOptions): Promise<RestoreResult> => {
  const remote = (await gitText(options.root, ["remote", "get-url", "origin"])).trim();
  await mkdir(options.directory, { recursive: true });
  if ((await readdir(options.directory)).length > 0) throw new Error(`${options.directory} is not empty: the state is restored into a fresh folder`);
  await gitText(options.directory, ["init", "-q"]);
  await gitText(options.directory, ["remote", "add", "origin", remote]);
  const heads = await gitText(options.directory, ["ls-remote", "--heads", "origin", `refs/heads/${options.branch}`], options.auth);
  if (heads.trim() === "") {
    await gitText(options.directory, ["checkout", "-q", "--orphan", options.branch]);
    return { existed: false };
  }
  await gitText(options.directory, ["fetch", "-q", "--no-tags", "origin", `+refs/heads/${options.branch}:refs/remotes/origin/${options.branch}`], options.auth);
  await gitText(options.directory, ["checkout", "-q", "-B", options.branch, `refs/remotes/origin/${options.branch}`]);
  const commit = (await gitResult(options.directory, ["rev-parse", "HEAD"])).stdout.toString("utf8").trim();
  return { existed: true, commit };
};
