import type {
  Fact as AnyFact,
  SingleFactResponse as AnySingleFactResponse,
  FactValue,
  PublishedCitation,
} from "./fact-schemas.ts";
import type { FactValues, SeriesValues } from "./fact-values.ts";

/** The id of a fact whose value type the client knows (every fact published when the client was built). */
export type KnownFactId = keyof FactValues;

/** The id of a year of a yearly series, by its pattern (`bc.rent_cap.${number}`), known to the client or not. */
export type SeriesFactId = keyof SeriesValues;

/**
 * A published fact. With an id, `value` has that fact's type (`Fact<"bc.ptt.brackets">["value"]` is the bracket
 * array); a year of a yearly series the client does not know yet (`bc.rent_cap.2027`) has its series' value type;
 * without an id, or for any other id the client does not know, `value` is any fact's value, to be read by its `unit`.
 * The types come from the published value schemas (`/api/v1/facts/schemas/{id}.json`), across the fact's versions.
 */
export type Fact<Id extends string = string> = Id extends KnownFactId
  ? Omit<AnyFact, "id" | "value"> & { id: Id; value: FactValues[Id] }
  : Id extends SeriesFactId
    ? Omit<AnyFact, "id" | "value"> & { id: Id; value: SeriesValues[Id] }
    : AnyFact;

/** The single-fact response of one id, its `fact` typed as `Fact<Id>`. */
export type SingleFactResponse<Id extends string = string> = Omit<AnySingleFactResponse, "fact"> & { fact: Fact<Id> };

export type { FactValues, SeriesValues };

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
export const factAsOf = (
  fact: AnyFact | Pick<AnySingleFactResponse, "fact">,
  date: string,
): FactValueAsOf | undefined => {
  if (!ISO_DATE.test(date)) throw new RangeError(`factAsOf: date must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  const published =
    "fact" in fact && typeof fact.fact === "object" && fact.fact !== null ? fact.fact : (fact as AnyFact);
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
    (each) =>
      each.value !== undefined &&
      (each.effective_iso ?? "") <= date &&
      (each.superseded_iso === undefined || date < each.superseded_iso),
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
