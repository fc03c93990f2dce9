import { z } from "zod";
import { Fact } from "./fact.ts";
import { AbsoluteUrl, IsoDateTime, NonEmptyText } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

/**
 * `/api/v1/facts/all.json`: every fact's full record in one file, for a mirror or a bulk download. Each entry of
 * `facts` is exactly the `fact` of that fact's `/by-id/{id}.json`, citation quotes and notes included, which the
 * catalog leaves out to stay small.
 */
export const AllFacts = z.object({
  schema_version: SchemaVersion,
  name: NonEmptyText,
  version: z.string(),
  license: AbsoluteUrl,
  canonical_url: AbsoluteUrl,
  generated_at: IsoDateTime,
  fact_count: z.int().min(0),
  facts: z
    .array(Fact)
    .describe(
      "Every published fact in catalog order, each exactly as the `fact` member of its single-fact response: citations with their quotes and notes, history, scheduled changes and next_expected where present.",
    ),
});
export type AllFacts = z.infer<typeof AllFacts>;
