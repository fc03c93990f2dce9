import { z } from "zod";
import { AbsoluteUrl, FactId, IsoDate } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

/** One published file with its digest, so a consumer can check what it fetched. */
export const ManifestFile = z.object({
  path: z.string().startsWith("/"),
  bytes: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The manifest (docs/consumers/api.md#manifest), with the digest of every published file. */
export const Manifest = z.object({
  schema_version: SchemaVersion,
  name: z.string().optional(),
  version: z.string().optional(),
  generated_at: z.string().optional(),
  endpoints: z
    .object({
      catalog: AbsoluteUrl.optional(),
      by_domain: z.array(AbsoluteUrl).optional(),
      by_id_pattern: z.string().optional(),
      /** Where the JSON Schema of each fact's `value` is published: `{id}` is the fact id. */
      value_schema_pattern: z.string().optional(),
      /** Every change event, newest first (`changes.json`), and the same as RFC 4180 CSV. */
      changes: AbsoluteUrl.optional(),
      changes_csv: AbsoluteUrl.optional(),
    })
    .catchall(z.unknown())
    .optional(),
  domain_list: z.array(z.string()).optional(),
  fact_id_list: z.array(z.string()).optional(),
  /** The names of the yearly series, each answered at `endpoints.series_pattern`. */
  series_list: z.array(z.string()).optional(),
  /**
   * The withdrawn facts, by id: no longer in the catalog or `fact_id_list`, their `by-id/{id}.json` answers with the
   * tombstone. An id listed here is never used again.
   */
  withdrawn: z.array(z.object({ id: FactId, withdrawn_iso: IsoDate, superseded_by: FactId.nullable() })).optional(),
  files: z.array(ManifestFile).optional(),
});
export type Manifest = z.infer<typeof Manifest>;
