import { z } from "zod";
import { PublishedCitation } from "./citation.ts";
import { FactValue } from "./fact-value.ts";
import { PublishedNextExpected } from "./next-expected.ts";
import { AbsoluteUrl, Domain, FactId, IsoDate, IsoDateTime, NonEmptyText } from "./primitives.ts";
import { ScheduledStatus } from "./scheduled-change.ts";
import { SchemaVersion } from "./schema-version.ts";

/**
 * One dated event ahead: a scheduled change taking effect (`scheduled-change`), a fact's verification lapsing
 * (`verification-lapse`, its `expires_iso`, by which it must be re-verified) or the date by which a fact's next value
 * is normally announced (`expected-announcement`, its `next_expected.by_iso`). `uid` is stable across builds and is
 * the event's UID in the iCalendar file.
 */
export const UpcomingItem = z.object({
  uid: NonEmptyText,
  date: IsoDate,
  kind: z.enum(["scheduled-change", "verification-lapse", "expected-announcement"]),
  fact_id: FactId,
  label: NonEmptyText,
  domain: Domain,
  fact_url: AbsoluteUrl,
  current_version: z.int().min(1),
  summary: NonEmptyText,
  status: ScheduledStatus.optional(),
  /** A scheduled change's one-line note: what changes and on what authority. */
  note: NonEmptyText.optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  citations: z.array(PublishedCitation).optional(),
  /** An expected announcement: what is expected, by when and where it will be published (the fact's `next_expected`). */
  expected: PublishedNextExpected.optional(),
  /**
   * An expected announcement: true when `date` has passed on `as_of` and the fact records no new value (no scheduled
   * change, not superseded, and no value in effect after that date): the announcement is late or was missed, and the
   * fact is being re-verified. A past-due item stays listed, whatever its date, until the new value is recorded.
   */
  past_due: z.boolean().optional(),
});
export type UpcomingItem = z.infer<typeof UpcomingItem>;

/**
 * `/api/v1/facts/upcoming.json`: what is dated within `window_days` of the build date `as_of`, soonest first, and
 * any expected announcement already past due.
 */
export const Upcoming = z.object({
  schema_version: SchemaVersion,
  name: NonEmptyText,
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  as_of: IsoDate,
  window_days: z.int().min(1),
  until: IsoDate,
  item_count: z.int().min(0),
  items: z.array(UpcomingItem),
});
export type Upcoming = z.infer<typeof Upcoming>;
