import { z } from "zod";
import { AbsoluteUrl, IsoDate } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

export const BOARDS = ["greater-vancouver", "fraser-valley"] as const;
export const Board = z.enum(BOARDS);
export type Board = z.infer<typeof Board>;

/** SPEC.md 2.10: one board and month of the affordability index. */
export const AffordabilityEntry = z.object({
  board: Board,
  boardLabel: z.string(),
  monthSlug: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  monthLabel: z.string(),
  monthStart: IsoDate,
  hpiBenchmarkPrice: z.number().positive(),
  downPayment: z.number().nonnegative(),
  loanAmount: z.number().nonnegative(),
  monthlyPI: z.number().nonnegative(),
  annualCarryingCost: z.number().positive(),
  medianIncome: z.number().positive(),
  idx: z.int(),
  idxTrend: z.string(),
});
export type AffordabilityEntry = z.infer<typeof AffordabilityEntry>;

/** `/api/v1/affordability-index/index.json`: the full series with its methodology. */
export const AffordabilitySeries = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  methodology: z.record(z.string(), z.unknown()),
  series: z.array(AffordabilityEntry),
  latest: AffordabilityEntry.nullable(),
  license: z.string(),
  canonical_url: AbsoluteUrl,
});
export type AffordabilitySeries = z.infer<typeof AffordabilitySeries>;

/** `/api/v1/affordability-index/latest.json`: `latest` is null while the index is pre-publication. */
export const AffordabilityLatest = z.object({
  schema_version: SchemaVersion,
  formula: z.string(),
  latest: AffordabilityEntry.nullable(),
  publication_status: z.string(),
  license: z.string(),
});
export type AffordabilityLatest = z.infer<typeof AffordabilityLatest>;
