import { indexDataChanges } from "../../affordability/index-data-changes.ts";
import { loadFactsAtRevision, readFactFiles } from "../../model/index.ts";
import { computeFactChanges, type FactOnSide } from "./compute-fact-changes.ts";
import type { PrChangesReport } from "./pr-changes-report.ts";

/**
 * The changes of the checkout at `root` against the git revision `base`: the base side is read from git, the head
 * side from the working tree (what the pull request proposes).
 */
export const readPrChanges = async (
  root: string,
  base: string,
  options: { today: string; pullRequest?: PrChangesReport["pull_request"] },
): Promise<PrChangesReport> => {
  const baseSide: FactOnSide[] = (await loadFactsAtRevision(root, base)).files;
  const head = await readFactFiles(root);
  const headSide: FactOnSide[] = head.facts.map(({ doc, fact }) => ({ file: doc.file, fact }));
  const readable = new Set(headSide.map((side) => side.file));
  const unreadable = head.files.filter((file) => !readable.has(file));
  // A fact whose file does not parse on the head side is listed as unreadable, not reported as deleted.
  const unreadableSet = new Set(unreadable);
  const indexData = await indexDataChanges(root, base);
  return {
    schema: 1,
    ...(options.pullRequest ? { pull_request: options.pullRequest } : {}),
    base,
    changes: computeFactChanges(
      baseSide.filter((side) => !unreadableSet.has(side.file)),
      headSide,
    ),
    unreadable,
    index_data: indexData.changes,
    ...(indexData.problems.length > 0 ? { index_data_problems: indexData.problems } : {}),
  };
};
