import { checkFactFiles } from "../check/check-fact-files.ts";
import type { LoadedFact } from "../check/rules/types.ts";

/**
 * The fact files under `root` that parse and match the schema. Their other problems are `npm run check`'s to report;
 * the freshness gate and the re-verification only need each fact's dates and citations.
 */
export const loadFacts = async (root: string, today: string): Promise<LoadedFact[]> => (await checkFactFiles(root, { today })).facts;
