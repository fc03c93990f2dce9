import { z } from "zod";
import { FactCitation, PublishedCitation } from "./citation.ts";
import { FactValue } from "./fact-value.ts";
import { IsoDate, NonEmptyText, OneLine } from "./primitives.ts";

/**
 * How settled a scheduled change is: `enacted` (a law or regulation in force fixes the date; promoted on that day
 * without a person) or `announced` (a budget measure or government statement not yet enacted; a person confirms it).
 */
export const SCHEDULED_STATUSES = ["enacted", "announced"] as const;
export const ScheduledStatus = z.enum(SCHEDULED_STATUSES);
export type ScheduledStatus = z.infer<typeof ScheduledStatus>;

/**
 * A revision announced or enacted but not yet in effect. On its `effective_iso` it becomes the fact's current state:
 * `value`, `unit` and `effective_iso` replace the fact's, and `label` or `description`, when given, replace those too
 * so that the text stays true once the change is in effect.
 */
export const ScheduledChange = z.strictObject({
  effective_iso: IsoDate,
  status: ScheduledStatus,
  value: FactValue,
  unit: NonEmptyText.optional(),
  label: NonEmptyText.optional(),
  description: NonEmptyText.optional(),
  citations: z.array(FactCitation).min(1, { error: "a scheduled change needs at least one citation" }),
  note: OneLine,
  /** The practical effect in one line; it becomes the `Impact:` line of the promotion commit. */
  impact: OneLine.optional(),
});
export type ScheduledChange = z.infer<typeof ScheduledChange>;

/** A scheduled change as published: its citations name their organisations (see PublishedCitation). */
export const PublishedScheduledChange = ScheduledChange.extend({ citations: z.array(PublishedCitation).min(1) });
export type PublishedScheduledChange = z.infer<typeof PublishedScheduledChange>;

/** The order in which a scheduled change writes its keys. */
export const SCHEDULED_CHANGE_KEYS = ["effective_iso", "status", "value", "unit", "label", "description", "citations", "note", "impact"] as const;
