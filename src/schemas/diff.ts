import { z } from "zod";
import { VersionCitation } from "./citation.ts";
import { FactValue } from "./fact-value.ts";
import { AbsoluteUrl, FactId, IsoDate, IsoDateTime } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

/** A JSON Pointer (RFC 6901) into the fact's `value`; "" is the value itself. */
export const JsonPointer = z.string().regex(/^(\/([^~/]|~[01])*)*$/, { error: "must be an RFC 6901 JSON Pointer" });

/**
 * docs/consumers/api.md#history-and-diffs `value_diff`. Pointers keep dotted keys unambiguous.
 * Added and removed entries carry the value concerned; changed entries carry both sides.
 */
export const ValueDiff = z.object({
  added_keys: z.array(z.object({ pointer: JsonPointer, value: z.unknown() })),
  removed_keys: z.array(z.object({ pointer: JsonPointer, value: z.unknown() })),
  changed_keys: z.array(z.object({ pointer: JsonPointer, from: z.unknown(), to: z.unknown() })),
});
export type ValueDiff = z.infer<typeof ValueDiff>;

const FieldChange = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

/**
 * The state of a fact at one version, with the commit that recorded it: its id, its time and the version's public
 * note (the commit's `Impact:` line, or "Revised to version N."), never the raw commit message, whose subject line is
 * written for the repository's log.
 */
export const FactAtVersion = z.object({
  version: z.int().min(1),
  label: z.string(),
  value: FactValue,
  unit: z.string().optional(),
  effective_iso: IsoDate,
  expires_iso: IsoDate,
  citations: z.array(VersionCitation).min(1),
  commit: z.object({ sha: z.string().regex(/^[0-9a-f]{40,64}$/), committed_at: IsoDateTime, note: z.string() }),
});
export type FactAtVersion = z.infer<typeof FactAtVersion>;

/** `/api/v1/facts/diff/{id}/v{from}-to-v{to}.json`. */
export const FactDiff = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  fact_id: FactId,
  from: z.int().min(1),
  to: z.int().min(2),
  summary: z.string(),
  before: FactAtVersion,
  after: FactAtVersion,
  value_diff: ValueDiff,
  field_diff: z.object({
    unit: FieldChange.optional(),
    effective_iso: FieldChange.optional(),
    expires_iso: FieldChange.optional(),
  }),
});
export type FactDiff = z.infer<typeof FactDiff>;

/** One element of the diff master index, newest first. */
export const DiffIndexEntry = z.object({
  fact_id: FactId,
  from: z.int().min(1),
  to: z.int().min(2),
  url: AbsoluteUrl,
  effective_iso: IsoDate,
  committed_at: IsoDateTime,
  summary: z.string(),
});

/** `/api/v1/facts/diff/index.json`. */
export const DiffIndex = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime.optional(),
  count: z.int().min(0),
  diffs: z.array(DiffIndexEntry),
});
export type DiffIndex = z.infer<typeof DiffIndex>;
