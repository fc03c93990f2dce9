import { z } from "zod";
import { AbsoluteUrl, FactId, IsoDateTime } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

/**
 * What one commit did to one fact:
 * - `added`: the fact's first version was published;
 * - `revision`: its value, unit or effective date changed, so its version rose by one;
 * - `promoted`: a revision that put one of its scheduled changes in effect (the promote workflow's commits, or the
 *   same change made by hand): the scheduled change left `scheduled` and became the current state;
 * - `scheduled`: a change announced or enacted for a later date was added to its `scheduled` list;
 * - `re-verification`: its sources were checked again (`retrieved_iso` or `expires_iso` moved), the rule did not change;
 * - `editorial`: anything else changed (label, description, tags, citation titles), the version stayed;
 * - `withdrawn`: the fact was withdrawn: its file became a tombstone, and it left the catalog.
 */
export const CHANGE_KINDS = ["added", "revision", "promoted", "scheduled", "re-verification", "editorial", "withdrawn"] as const;
export const ChangeKind = z.enum(CHANGE_KINDS);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** `<commit sha>:<fact id>`: one commit changes one fact's file at most once, so the pair names an event for good. */
export const ChangeEventId = z.string().regex(/^[0-9a-f]{40,64}:[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, { error: "must be <commit sha>:<fact id>" });

/** One element of `changes.json`, and one row of `changes.csv`. */
export const ChangeEvent = z.object({
  /** The stable cursor: never changes once published, and never names another event. */
  id: ChangeEventId,
  /** When the change was published: the commit's date, in UTC. */
  published_at: IsoDateTime,
  fact_id: FactId,
  /** The fact's version after the change. */
  version: z.int().min(1),
  kind: ChangeKind,
  commit: z.string().regex(/^[0-9a-f]{40,64}$/),
  /** The fact's single-fact response. */
  fact_url: AbsoluteUrl,
  /** The fact's HTML page; absent for a fact withdrawn since, which has none. */
  page_url: AbsoluteUrl.optional(),
  /** For `revision` and `promoted`: the diff from the previous version to this one. */
  diff_url: AbsoluteUrl.optional(),
});
export type ChangeEvent = z.infer<typeof ChangeEvent>;

/**
 * `/api/v1/facts/changes.json`: every change event of every fact, newest first, in the order the commits were made on
 * the published branch (its first-parent history), and within one commit by fact id. New events only ever come
 * before the ones already listed, so a client that stops at the last id it processed has read exactly what is new.
 */
export const ChangesIndex = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  count: z.int().min(0),
  /** The id of the first event (the newest), or null before any: what a client stores as its cursor. */
  newest_id: ChangeEventId.nullable(),
  events: z.array(ChangeEvent),
});
export type ChangesIndex = z.infer<typeof ChangesIndex>;
