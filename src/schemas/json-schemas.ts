import { z } from "zod";
import { AffordabilityLatest, AffordabilitySeries } from "./affordability.ts";
import { AllFacts } from "./bulk.ts";
import { ChangesIndex } from "./changes.ts";
import { DiffIndex, FactDiff } from "./diff.ts";
import { FactCatalog, SingleFactResponse } from "./fact.ts";
import { FactFile } from "./fact-file.ts";
import { BenchmarkFile, IncomeFile, MethodologyFile, MortgageRatesFile } from "./index-data.ts";
import { LlmCatalog } from "./llm-catalog.ts";
import { Manifest } from "./manifest.ts";
import { SearchIndex } from "./search-index.ts";
import { SeriesResponse } from "./series.ts";
import { Upcoming } from "./upcoming.ts";
import { WebhookBody } from "./webhook.ts";

/** Every schema published as JSON Schema under `schemas/`, by file name. Generated, never edited by hand. */
export const PUBLISHED_SCHEMAS: Record<string, z.ZodType> = {
  "fact-file": FactFile,
  "fact-catalog": FactCatalog,
  "single-fact-response": SingleFactResponse,
  "all-facts": AllFacts,
  "llm-catalog": LlmCatalog,
  manifest: Manifest,
  "fact-diff": FactDiff,
  "diff-index": DiffIndex,
  "changes-index": ChangesIndex,
  "search-index": SearchIndex,
  "series-response": SeriesResponse,
  upcoming: Upcoming,
  "affordability-series": AffordabilitySeries,
  "affordability-latest": AffordabilityLatest,
  "webhook-body": WebhookBody,
  "index-data-methodology": MethodologyFile,
  "index-data-income": IncomeFile,
  "index-data-mortgage-rates": MortgageRatesFile,
  "index-data-benchmark": BenchmarkFile,
};

/** The JSON Schema text of one published schema, as written to `schemas/<name>.schema.json`. */
export const jsonSchemaText = (name: string, schema: z.ZodType): string =>
  `${JSON.stringify({ $id: `${name}.schema.json`, ...z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) }, null, 2)}\n`;

/** One file of `schemas/` as `npm run schemas` writes it. */
export interface SchemaFile {
  name: string;
  text: string;
}

/** Every published JSON Schema file, as `npm run schemas` writes it. */
export const publishedSchemaFiles = (): SchemaFile[] =>
  Object.entries(PUBLISHED_SCHEMAS).map(([name, schema]) => ({ name: `${name}.schema.json`, text: jsonSchemaText(name, schema) }));
