import { runGit } from "../lib/git/run-git.ts";

/** The last commit on the first-parent line of `revision` made before `date` (00:00 UTC), or undefined if none. */
export const commitBefore = async (cwd: string, revision: string, date: string): Promise<string | undefined> => {
  const output = (await runGit(cwd, ["rev-list", "-1", "--first-parent", `--before=${date}T00:00:00Z`, revision, "--"])).toString("utf8").trim();
  return output || undefined;
};
