import type { FactFile } from "../schemas/index.ts";

/**
 * Whether a fact file is a tombstone: a withdrawn fact, whose file stays with its last state so that its id is never
 * reused and its history stays published. A withdrawn fact is no longer current: it is never due for re-verification,
 * never promoted, and left out of the catalog, the feeds and everything else that lists the facts in force.
 */
export const isWithdrawn = (fact: Pick<FactFile, "withdrawn_iso">): boolean => fact.withdrawn_iso !== undefined;
