import { realpath } from "node:fs/promises";
import path from "node:path";
import { gitResult } from "./run-git.ts";

/** The refs tried, in order, as the default branch a contribution will be merged into. */
export const DEFAULT_BRANCH_REFS = ["origin/HEAD", "origin/main", "main"] as const;

/** The revision the version rules compare with when none is given, and a sentence saying how it was chosen. */
export interface BaseChoice {
  /** The full commit id; absent when there is no base to compare with. */
  revision?: string;
  description: string;
}

const commitOf = async (root: string, revision: string): Promise<string | undefined> => {
  const result = await gitResult(root, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`]);
  return result.code === 0 ? result.stdout.toString("utf8").trim() : undefined;
};

/** Whether facts/ has uncommitted changes, new files included: what a check on the default branch would compare. */
const hasFactEdits = async (root: string): Promise<boolean> => {
  const status = await gitResult(root, ["status", "--porcelain", "--untracked-files=all", "--", "facts"]);
  return status.code !== 0 || status.stdout.length > 0;
};

const short = (sha: string): string => sha.slice(0, 12);

/**
 * The base a local `npm run check` and `npm run fix` compare with, so that what a pull request will be refused for is
 * caught before it is opened: the merge-base of HEAD with the default branch (the first of origin/HEAD, origin/main
 * and main that exists), i.e. the commit the contribution started from. A clone with none of those refs compares with
 * HEAD~1 (the last commit is the contribution); a repository with one commit has nothing to compare with. On the
 * default branch itself the merge-base is HEAD: with uncommitted edits under facts/ those edits are what is compared;
 * without any, comparing HEAD with itself would find nothing, so the last commit is compared (HEAD~1), which catches a
 * revision committed on main without a version bump. `root` must be the top of the repository's work tree: a data
 * folder inside another repository (a test fixture) has no base.
 */
export const defaultBase = async (root: string): Promise<BaseChoice> => {
  const top = await gitResult(root, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0) return { description: "no base: not a git repository, so the version rules were not applied" };
  const [topPath, rootPath] = await Promise.all([realpath(top.stdout.toString("utf8").trim()), realpath(path.resolve(root))]);
  if (topPath !== rootPath) return { description: "no base: the folder checked is not the top of its git repository, so the version rules were not applied" };
  const head = await commitOf(root, "HEAD");
  if (head === undefined) return { description: "no base: the repository has no commit yet, so the version rules were not applied" };
  for (const ref of DEFAULT_BRANCH_REFS) {
    if ((await commitOf(root, ref)) === undefined) continue;
    const mergeBase = await gitResult(root, ["merge-base", "HEAD", ref]);
    if (mergeBase.code !== 0) continue;
    const revision = mergeBase.stdout.toString("utf8").trim();
    if (revision === head && !(await hasFactEdits(root))) {
      const parent = await commitOf(root, "HEAD~1");
      if (parent !== undefined) {
        return {
          revision: parent,
          description: `base: ${short(parent)}, HEAD~1 (the merge-base of HEAD and ${ref} is HEAD itself and facts/ has no uncommitted edits, so the last commit is compared)`,
        };
      }
    }
    const where = revision === head ? "HEAD itself, so uncommitted edits are compared" : `where this branch left ${ref}`;
    return { revision, description: `base: ${short(revision)}, the merge-base of HEAD and ${ref} (${where})` };
  }
  const parent = await commitOf(root, "HEAD~1");
  if (parent === undefined) return { description: "no base: HEAD is the repository's only commit, so the version rules were not applied" };
  return {
    revision: parent,
    description: `base: ${short(parent)}, HEAD~1 (no ${DEFAULT_BRANCH_REFS.join(", ")} in this clone, so the last commit and uncommitted edits are compared)`,
  };
};
