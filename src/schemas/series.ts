import { z } from "zod";
import { Fact, ONE_FACT_ENVELOPE } from "./fact.ts";
import { AbsoluteUrl, FactId, IsoDate, NonEmptyText, SeriesId } from "./primitives.ts";

/** One fact of a yearly series, in brief: enough to pick a year and fetch it. */
export const SeriesMember = z.object({
  id: FactId,
  label: NonEmptyText,
  year: z.int().describe("The calendar year of effective_iso: the year this member took effect."),
  effective_iso: IsoDate,
  superseded_iso: IsoDate.nullable().describe("The date the member stopped being in force (its superseded_by.effective_iso), or null when none is recorded."),
  superseded_by: FactId.nullable().describe("The fact that replaced it (the next member once that is published), or null."),
  in_force: z.boolean().describe("Whether this member is the one in force on as_of."),
  canonical_url: AbsoluteUrl,
});
export type SeriesMember = z.infer<typeof SeriesMember>;

/**
 * `/api/v1/facts/series/{series}.json`: the stable alias of a yearly series. `fact` is the full record of the member
 * in force on `as_of` (the latest whose effective_iso is on or before it and that is not superseded on it), exactly
 * as `/by-id/{id}.json` gives it; `members` lists every member, newest first.
 */
export const SeriesResponse = z.object({
  ...ONE_FACT_ENVELOPE,
  series: SeriesId,
  as_of: IsoDate.describe("The build date on which the member in force was chosen."),
  in_force_id: FactId.nullable().describe("The id of the member in force on as_of, or null when every member is superseded (the series was retired)."),
  fact: Fact.nullable().describe("The member in force on as_of, with its quotes, notes and history; null exactly when in_force_id is."),
  members: z.array(SeriesMember).min(1).describe("Every member, newest first."),
});
export type SeriesResponse = z.infer<typeof SeriesResponse>;
