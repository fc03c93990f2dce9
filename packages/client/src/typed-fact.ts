import type { Fact as AnyFact, SingleFactResponse as AnySingleFactResponse } from "../../../src/schemas/index.ts";
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
