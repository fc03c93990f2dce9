import { writeFile } from "node:fs/promises";
import path from "node:path";
import { checkFactFiles, runChecks } from "../../check/run-checks.ts";
import { runGit } from "../../lib/git.ts";
import { formatProblem } from "../../lib/problem.ts";
import { prettyJsonText } from "../../model/json-document.ts";
import { organisationNamer } from "../../model/reference.ts";
import { type HeldChange, type Promotion, planPromotions } from "./plan-promotions.ts";
import { promotionMessage } from "./promotion-message.ts";

export interface PromotedChange extends Promotion {
  commit: string;
}

export interface PromoteResult {
  promoted: PromotedChange[];
  held: HeldChange[];
}

const git = async (root: string, args: string[]): Promise<string> => (await runGit(root, args)).toString("utf8").trim();

/**
 * Promotes every enacted change due on `today` into its fact, one commit per version, each validated as a pull
 * request would be (`npm run check --base` its parent). If any commit fails that validation, or anything else goes
 * wrong, the branch is reset to where it started: nothing is left half-done.
 */
export const runPromote = async (root: string, today: string, options: { dryRun?: boolean } = {}): Promise<PromoteResult> => {
  const loaded = await checkFactFiles(root, { today });
  if (loaded.problems.length > 0) {
    throw new Error(`the data does not pass npm run check; fix it before promoting:\n${loaded.problems.map(formatProblem).join("\n")}`);
  }
  const plan = planPromotions(loaded.facts, today);
  if (options.dryRun || plan.promotions.length === 0) return { promoted: plan.promotions.map((promotion) => ({ ...promotion, commit: "" })), held: plan.held };

  const dirty = await git(root, ["status", "--porcelain", "--untracked-files=all", "--", "facts"]);
  if (dirty !== "") throw new Error(`facts/ has uncommitted changes; promote commits on a clean tree:\n${dirty}`);
  const start = await git(root, ["rev-parse", "HEAD"]);
  const promoted: PromotedChange[] = [];
  try {
    for (const promotion of plan.promotions) {
      await writeFile(path.join(root, promotion.file), prettyJsonText(promotion.after));
      await git(root, ["add", "--", promotion.file]);
      await git(root, ["commit", "-q", "-m", promotionMessage(promotion, today, organisationNamer(loaded.organisations)), "--", promotion.file]);
      const commit = await git(root, ["rev-parse", "HEAD"]);
      const report = await runChecks(root, { today, base: `${commit}~1` });
      if (report.problems.length > 0) {
        throw new Error(
          `the promotion of ${promotion.factId} to v${promotion.after.version} does not pass npm run check --base ${commit}~1:\n${report.problems.map(formatProblem).join("\n")}`,
        );
      }
      promoted.push({ ...promotion, commit });
    }
  } catch (error: unknown) {
    // Only facts/ was written, and it was clean: move the branch back and restore facts/, touching nothing else.
    await git(root, ["reset", "-q", "--soft", start]);
    await git(root, ["restore", "--source", start, "--staged", "--worktree", "--", "facts"]);
    throw error;
  }
  return { promoted, held: plan.held };
};
