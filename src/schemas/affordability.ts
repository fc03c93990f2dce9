import { z } from "zod";
import { AbsoluteUrl, IsoDate } from "./primitives.ts";
import { SchemaVersion } from "./schema-version.ts";

export const BOARDS = ["greater-vancouver", "fraser-valley"] as const;
export const Board = z.enum(BOARDS);
export type Board = z.infer<typeof Board>;

/** docs/consumers/api.md#the-affordability-index: one board and month of the affordability index. */
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
  carryingCostShare: z
    .number()
    .positive()
    .describe(
      "The year's carrying cost as a fraction of the median household income (annualCarryingCost / medianIncome, to four decimals): the index read the other way.",
    ),
  idxTrend: z.string(),
  trendComparedWith: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .describe("The month idxTrend compares with: the same board's previous published month, however far back; null for a board's first published month."),
  monthsSinceCompared: z
    .int()
    .positive()
    .nullable()
    .describe("How many months before this one trendComparedWith is (1 when it is the month before); null with it."),
});
export type AffordabilityEntry = z.infer<typeof AffordabilityEntry>;

/** One board's part of the publication status. */
export const BoardPublication = z.object({
  board: Board,
  published_count: z.int().nonnegative(),
  expected_count: z.int().nonnegative(),
  latest_month: z.string().nullable(),
  months_behind: z.int().nonnegative().nullable(),
  previous_published_month: z.string().nullable(),
  months_since_previous: z.int().positive().nullable(),
});

/**
 * How current and how complete the index is on the build date, in numbers: the newest published month and how many
 * months it lags the last month that has ended, the board-months published of those the period expects, and the
 * month the latest value's trend compares with. `publication_status` says the same in words.
 */
export const AffordabilityPublication = z
  .object({
    as_of: IsoDate.describe("The build date the status is counted from."),
    expected_from: z.string().nullable().describe("The first month of the index (YYYY-MM); null before any is published."),
    expected_through: z.string().nullable().describe("The last month that had ended on as_of (YYYY-MM): the newest month a value could exist for."),
    expected_count: z.int().nonnegative().describe("Board-months from expected_from to expected_through, for every board."),
    published_count: z.int().nonnegative().describe("Board-months published."),
    latest_month: z.string().nullable().describe("The newest month published for any board (YYYY-MM)."),
    latest_board: Board.nullable().describe("The board latest.json's entry is for."),
    months_behind: z.int().nonnegative().nullable().describe("How many months latest_month lags expected_through (0 when current)."),
    previous_published_month: z.string().nullable().describe("The month latest's trend compares with: latest_board's previous published month."),
    months_since_previous: z.int().positive().nullable().describe("How many months before latest_month previous_published_month is."),
    boards: z.array(BoardPublication),
  })
  .describe("The publication status in numbers, for every board and overall.");
export type AffordabilityPublication = z.infer<typeof AffordabilityPublication>;

/** `/api/v1/affordability-index/index.json`: the full series with its methodology. */
export const AffordabilitySeries = z.object({
  schema_version: SchemaVersion,
  name: z.string(),
  version: z.string(),
  methodology: z.record(z.string(), z.unknown()),
  series: z.array(AffordabilityEntry),
  latest: AffordabilityEntry.nullable(),
  publication: AffordabilityPublication,
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
  publication: AffordabilityPublication,
  license: z.string(),
});
export type AffordabilityLatest = z.infer<typeof AffordabilityLatest>;
