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
  /** The version that was in force; absent for a period recorded before the first version (`source: "earlier"`). */
  version: number | undefined;
  effective_iso: string | undefined;
  /** Day after the last day this value was in force; absent for the current value. */
  superseded_iso: string | undefined;
  /** The period's value in one line of plain words, with that period's numbers (absent from older publications). */
  summary: string | undefined;
  /**
   * The fragment of the fact page's section on this period: `v{version}` for a version, `earlier-{effective_iso}` for
   * a period before the first version (`{canonical fact page}#{anchor}`).
   */
  anchor: string;
  citations: PublishedCitation[];
  /**
   * `current`: the fact's own value; `history`: an earlier version from `history`; `earlier`: a period recorded from
   * sources before the fact's first version.
   */
  source: "current" | "history" | "earlier";
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The fragment of a fact page's section on one period of its timeline (see FactValueAsOf.anchor). */
export const periodAnchor = (entry: { version?: number | undefined; effective_iso?: string | undefined }): string =>
  entry.version === undefined ? `earlier-${entry.effective_iso ?? ""}` : `v${entry.version}`;

/**
 * The value of `fact` in force on `date` (YYYY-MM-DD), from its one timeline: the current value from its
 * `effective_iso` on, otherwise the `history` entry (an earlier version, or a period recorded before the first version)
 * whose `effective_iso` ≤ date < `superseded_iso`. A corrected version (`corrected_by`) was never in force and is never
 * the answer. Undefined when nothing recorded covers the date. `fact` is a fact from the catalog, a domain bundle or a
 * single-fact response's `fact`, which carry the same `history`, or the single-fact response itself (`{ fact }`, as
 * `fact(id)` answers).
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
      summary: published.summary,
      anchor: periodAnchor(published),
      citations: published.citations,
      source: "current",
    };
  }
  const entry = published.history.find(
    (each) =>
      each.value !== undefined &&
      each.corrected_by === undefined &&
      each.effective_iso !== undefined &&
      each.effective_iso <= date &&
      (each.superseded_iso === undefined || date < each.superseded_iso),
  );
  if (entry?.value === undefined) return undefined;
  return {
    value: entry.value,
    unit: entry.unit ?? published.unit,
    version: entry.version,
    effective_iso: entry.effective_iso,
    superseded_iso: entry.superseded_iso,
    summary: entry.summary,
    anchor: periodAnchor(entry),
    citations: entry.citations ?? [],
    source: entry.version === undefined ? "earlier" : "history",
  };
};
