import { z } from "zod";
import { FactCitation } from "./citation.ts";
import { FactValue } from "./fact-value.ts";
import { NextExpected } from "./next-expected.ts";
import { Domain, FactId, IsoDate, NonEmptyText, SeriesId } from "./primitives.ts";
import { ScheduledChange } from "./scheduled-change.ts";

/** The tags that state a fact's re-verification cadence (docs/maintainers/decisions.md#cadence): exactly one per fact. */
export const CADENCE_DAYS = { "cadence:volatile": 90, "cadence:stable": 180 } as const;
export type CadenceTag = keyof typeof CADENCE_DAYS;

/** A retired rule points at what replaced it (or at nothing, with `id` null). */
export const SupersededBy = z
  .strictObject({
    id: FactId.nullable(),
    effective_iso: IsoDate,
    note: NonEmptyText.optional(),
  })
  .nullable();

/**
 * One fact as stored in `facts/<domain>/<id>.json`: its current state only.
 * `history` is derived from git and never written by hand, so it is refused here.
 * Keys are listed in the order files are written, which keeps diffs small. What `value` holds depends on the fact's
 * id: each id's value schema (src/schemas/values/) is applied by the check's `value-schema` rule.
 */
export const FactFile = z.strictObject({
  id: FactId,
  label: NonEmptyText,
  description: NonEmptyText,
  domain: Domain,
  /** The yearly series the fact belongs to (e.g. `bc.rent_cap`): the name `/series/{series}.json` answers under. */
  series: SeriesId.optional(),
  value: FactValue,
  unit: NonEmptyText.optional(),
  version: z.int().min(1),
  effective_iso: IsoDate,
  expires_iso: IsoDate,
  tags: z.array(z.string().regex(/^[a-z0-9][a-z0-9:._-]*$/, { error: "tags are lowercase words (a-z, 0-9, : . _ -)" })).optional(),
  citations: z.array(FactCitation).min(1, { error: "a fact needs at least one citation" }),
  scheduled: z.array(ScheduledChange).optional(),
  /** When the next value is due on a known schedule: by when, what, and where it is published (an editorial field). */
  next_expected: NextExpected.optional(),
  superseded_by: SupersededBy.optional(),
  /**
   * A withdrawn fact's file stays as its tombstone: the last state it had, with the day it was withdrawn and why. It
   * leaves the catalog but keeps its history, its diffs and its single-fact response, and its id is never reused.
   */
  withdrawn_iso: IsoDate.optional(),
  withdrawn_reason: NonEmptyText.optional(),
});
export type FactFile = z.infer<typeof FactFile>;

/** The order in which fact files write their keys. */
export const FACT_FILE_KEYS = [
  "id",
  "label",
  "description",
  "domain",
  "series",
  "value",
  "unit",
  "version",
  "effective_iso",
  "expires_iso",
  "tags",
  "citations",
  "scheduled",
  "next_expected",
  "superseded_by",
  "withdrawn_iso",
  "withdrawn_reason",
] as const;
