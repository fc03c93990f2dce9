import { z } from "zod";
import { Board, FactCitation, HttpsUrl, NonEmptyText } from "../../packages/client/src/index.ts";

/** A calendar month `YYYY-MM`; month 13 or 00 is refused. */
export const MonthSlug = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a real month written YYYY-MM" });

/**
 * A citation of an index input, held to the facts' rules: `org` is the id of the organisation in
 * `reference/organisations.json` (for an `official-copy`, the organisation whose text it is; the URL says where the
 * copy was read).
 */
export const IndexCitation = FactCitation;
export type IndexCitation = FactCitation;

const Cited = { citations: z.array(IndexCitation).min(1, { error: "every input needs at least one citation" }) };

/** One numeric assumption of the methodology with its unit, its reason and its source. */
export const Assumption = z.strictObject({
  value: z.number(),
  unit: NonEmptyText,
  description: NonEmptyText,
  ...Cited,
});

/**
 * One source of the index's inputs with its terms of use and the attribution this project prints. `terms_read` is
 * false while the terms could not be read: then `terms` says so, and there is nothing to cite yet.
 */
export const SourceTerms = z
  .strictObject({
    source: NonEmptyText,
    used_for: NonEmptyText,
    terms_url: HttpsUrl,
    terms_read: z.boolean(),
    terms: NonEmptyText,
    attribution: NonEmptyText,
    citations: z.array(IndexCitation),
  })
  .refine((source) => !source.terms_read || source.citations.length > 0, {
    error: "terms that were read cite the text they were read in",
    path: ["citations"],
  });
export type SourceTerms = z.infer<typeof SourceTerms>;

/** `index-data/methodology.json`: the carrying-cost assumptions, and the sources' terms of use. */
export const MethodologyFile = z.strictObject({
  name: NonEmptyText,
  formula: NonEmptyText,
  sources: z.array(SourceTerms).min(1, { error: "name every source of the index's inputs with its terms of use" }),
  assumptions: z.strictObject({
    down_payment_share: Assumption,
    amortization_years: Assumption,
    compounding_periods_per_year: Assumption,
    property_tax_rate: Assumption,
    maintenance_monthly: Assumption,
    insurance_monthly: Assumption,
    trend_threshold_points: Assumption,
  }),
});
export type MethodologyFile = z.infer<typeof MethodologyFile>;

/** `index-data/income.json`: the census median household income per board, and how it is carried forward. */
export const IncomeFile = z.strictObject({
  measure: NonEmptyText,
  income_year: z.int().min(1900),
  boards: z.strictObject({
    "greater-vancouver": z.strictObject({ geography: NonEmptyText, value: z.number().positive(), ...Cited }),
    "fraser-valley": z.strictObject({ geography: NonEmptyText, value: z.number().positive(), ...Cited }),
  }),
  carry_forward: z.strictObject({
    method: NonEmptyText,
    annual_growth: z.array(z.strictObject({ year: z.int().min(1900), growth: z.number().min(-1).max(1), ...Cited })),
  }),
});
export type IncomeFile = z.infer<typeof IncomeFile>;

/**
 * Months of a series that have no value, `from` to `to` inclusive, and why: the reason is published with the index's
 * gaps, so a reader learns what is missing and what would fill it. A month is either on file or in a gap, never both.
 */
export const SeriesGaps = z
  .array(
    z
      .strictObject({ from: MonthSlug, to: MonthSlug, reason: NonEmptyText })
      .refine((gap) => gap.from <= gap.to, { error: "a gap's from is not after its to", path: ["to"] }),
  )
  .optional();
export type SeriesGaps = z.infer<typeof SeriesGaps>;

/** `index-data/mortgage-rates.json`: the rate used for each month, as a fraction, and the months without one. */
export const MortgageRatesFile = z.strictObject({
  series: NonEmptyText,
  description: NonEmptyText,
  months: z.array(z.strictObject({ month: MonthSlug, rate: z.number().gt(0).lt(1), citation: IndexCitation })),
  gaps: SeriesGaps,
});
export type MortgageRatesFile = z.infer<typeof MortgageRatesFile>;

/**
 * `index-data/benchmarks/<board>.json`: the MLS® HPI composite benchmark price per month, each with its source; what
 * release the months come from (`description`), and the months without a price with the reason (`gaps`).
 */
export const BenchmarkFile = z.strictObject({
  board: Board,
  measure: NonEmptyText,
  description: NonEmptyText.optional(),
  months: z.array(
    z.strictObject({ month: MonthSlug, hpi_benchmark_price: z.number().positive(), citation: IndexCitation }),
  ),
  gaps: SeriesGaps,
});
export type BenchmarkFile = z.infer<typeof BenchmarkFile>;
