import { factValue } from "../helpers/fact-values.ts";
import type { FactSeed, GitRepo } from "../helpers/git-repo.ts";

/** The Form B fee at v1 ($35) and its revision v2 ($40), with the commit trailers a revision carries. */
export const ID = "bc.strata.form_b_fee";
export const FILE = `facts/strata/${ID}.json`;
export const SOURCE_URL = "https://www2.gov.bc.ca/gov/content/example";
export const V1: FactSeed = { id: ID, domain: "strata", unit: "object", value: factValue(ID, { max_fee: 35 }) };
export const V2: FactSeed = { ...V1, value: factValue(ID, { max_fee: 40 }), version: 2, effective_iso: "2026-01-01" };
export const TRAILERS = `Source: BC Ministry of Finance, Form B, ${SOURCE_URL}\nImpact: Buyers pay up to $40 for a Form B.`;

/**
 * Merges the branch `side` into the branch checked out, keeping the fee's file exactly as `side` has it whatever the
 * first parent holds (as a merge that resolves a conflict by taking the side branch's file does); the merge's sha.
 */
export const mergeKeepingSide = async (repo: GitRepo, message: string): Promise<string> => {
  await repo.git("merge", "-q", "--no-ff", "--no-commit", "-s", "ours", "side");
  await repo.git("checkout", "side", "--", FILE);
  return repo.commit(message);
};
