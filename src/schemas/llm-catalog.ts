import { z } from "zod";
import { FactValue } from "./fact-value.ts";
import { AbsoluteUrl, HttpsUrl, IsoDate } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

/** docs/consumers/api.md#llmsjson: a compact catalog for language models, without version history. */
export const LlmPrimarySource = z.object({
  org: z.string().optional(),
  title: z.string().optional(),
  url: HttpsUrl.optional(),
  retrieved_iso: IsoDate.optional(),
});

export const LlmFact = z.object({
  id: z.string().optional(),
  label: z.string().optional(),
  description: z.string().optional(),
  value: FactValue.optional(),
  unit: z.string().optional(),
  domain: z.string().optional(),
  effective_iso: IsoDate.optional(),
  expires_iso: IsoDate.optional(),
  canonical_url: AbsoluteUrl.optional(),
  primary_sources: z.array(LlmPrimarySource).optional(),
});

export const LlmCatalog = z.object({
  schema_version: SchemaVersion,
  intended_for: z.string(),
  usage: z.string().optional(),
  license: AbsoluteUrl.optional(),
  generated_at: z.string().optional(),
  facts: z.array(LlmFact),
});
export type LlmCatalog = z.infer<typeof LlmCatalog>;
