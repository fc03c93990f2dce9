import type { Fact, FactValue, PublishedCitation, SingleFactResponse } from "../../../src/schemas/index.ts";

/** The value of a fact in force on one date, and where it came from. */
export interface FactValueAsOf {
  value: FactValue;
  unit: string | undefined;
  /** The version that was in force; absent when a history entry does not state it. */
  version: number | undefined;
  effective_iso: string | undefined;
  /** Day after the last day this value was in force; absent for the current value. */
  superseded_iso: string | undefined;
  citations: PublishedCitation[];
  /** `current`: the fact's own value; `history`: an earlier version from `history`. */
  source: "current" | "history";
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The value of `fact` in force on `date` (YYYY-MM-DD): the current value from its `effective_iso` on, otherwise
 * the history entry whose `effective_iso` ≤ date < `superseded_iso`. Undefined when no published version covers the
 * date (before the first version). `fact` is a fact from the catalog, a domain bundle or a single-fact response's
 * `fact`, which carry the same `history`, or the single-fact response itself (`{ fact }`, as `fact(id)` answers).
 */
export const factAsOf = (fact: Fact | Pick<SingleFactResponse, "fact">, date: string): FactValueAsOf | undefined => {
  if (!ISO_DATE.test(date)) throw new RangeError(`factAsOf: date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const published = "fact" in fact && typeof fact.fact === "object" && fact.fact !== null ? fact.fact : (fact as Fact);
  if (published.effective_iso <= date) {
    return {
      value: published.value,
      unit: published.unit,
      version: published.version,
      effective_iso: published.effective_iso,
      superseded_iso: undefined,
      citations: published.citations,
      source: "current",
    };
  }
  const entry = published.history.find(
    (each) => each.value !== undefined && (each.effective_iso ?? "") <= date && (each.superseded_iso === undefined || date < each.superseded_iso),
  );
  if (entry?.value === undefined) return undefined;
  return {
    value: entry.value,
    unit: entry.unit ?? published.unit,
    version: entry.version,
    effective_iso: entry.effective_iso,
    superseded_iso: entry.superseded_iso,
    citations: entry.citations ?? [],
    source: "history",
  };
};
