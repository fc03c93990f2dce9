import { runGit } from "../../lib/git.ts";

export interface ResolvedCommit {
  sha: string;
  /** Commit time in UTC, ISO 8601. */
  committedAt: string;
}

/** The full id and commit time of a revision, or an error that names the revision. */
export const resolveCommit = async (cwd: string, revision: string): Promise<ResolvedCommit> => {
  if (/^0+$/.test(revision)) {
    throw new Error(`revision ${revision} is the all-zero id GitHub sends for a new branch: there is no base to compare with`);
  }
  let output: string;
  try {
    output = (await runGit(cwd, ["show", "-s", "--format=%H %ct", `${revision}^{commit}`, "--"])).toString("utf8").trim();
  } catch (error: unknown) {
    throw new Error(`cannot read revision "${revision}": ${error instanceof Error ? error.message : String(error)}`);
  }
  const [sha = "", seconds = "0"] = output.split(" ");
  return { sha, committedAt: new Date(Number(seconds) * 1000).toISOString() };
};
