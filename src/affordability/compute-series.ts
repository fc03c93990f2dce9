import { monthlyPI } from "../../packages/client/src/index.ts";
import { compareText } from "../lib/text.ts";
import type { Citation, IncomeFile, SeriesGaps } from "../schemas/index.ts";
import { type AffordabilityEntry, type AffordabilityPublication, BOARDS, type Board } from "../schemas/index.ts";
import type { IndexData } from "./index-data.ts";
import { annualCarryingCost, downPayment, idx, loanAmount } from "./mortgage-math.ts";

// The affordability series computed from the index inputs: the month and board labels it is written with, each
// month's index and trend, the gaps and their reasons, and how current and complete the published index is.

const BOARD_LABELS: Record<Board, string> = {
  "greater-vancouver": "Greater Vancouver",
  "fraser-valley": "Fraser Valley",
};
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export const boardLabel = (board: Board): string => BOARD_LABELS[board];

/** `2024-04` → "April 2024". */
export const monthLabel = (monthSlug: string): string =>
  `${MONTHS[Number(monthSlug.slice(5, 7)) - 1]} ${monthSlug.slice(0, 4)}`;

/** `2024-04` → "2024-04-01". */
export const monthStart = (monthSlug: string): string => `${monthSlug}-01`;

/** The calendar month before `monthSlug`. */
export const previousMonth = (monthSlug: string): string => {
  const year = Number(monthSlug.slice(0, 4));
  const month = Number(monthSlug.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
};

/** Every month from `first` to `last`, inclusive. */
export const monthsBetween = (first: string, last: string): string[] => {
  const months: string[] = [];
  for (let month = last; month >= first; month = previousMonth(month)) months.unshift(month);
  return months;
};

/** How many calendar months `later` comes after `earlier` (0 for the same month, negative when it comes before). */
export const monthsApart = (earlier: string, later: string): number =>
  (Number(later.slice(0, 4)) - Number(earlier.slice(0, 4))) * 12 +
  Number(later.slice(5, 7)) -
  Number(earlier.slice(5, 7));

export type IdxTrend = "improving" | "worsening" | "stable" | "no-previous-month";

/**
 * The trend against the same board's previous published month: a higher index means more affordable. A move smaller
 * than the methodology's threshold is "stable"; before a board's first published month there is no trend to state.
 */
export const idxTrend = (current: number, previous: number | undefined, thresholdPoints: number): IdxTrend => {
  if (previous === undefined) return "no-previous-month";
  const change = current - previous;
  if (change >= thresholdPoints) return "improving";
  if (change <= -thresholdPoints) return "worsening";
  return "stable";
};

/**
 * The board's median household income carried forward from its census income year to `year`: multiplied by each
 * sourced annual growth after the income year, and held flat for years without a sourced figure.
 */
export const medianIncome = (income: IncomeFile, board: Board, year: number): number => {
  let value = income.boards[board].value;
  for (const { year: growthYear, growth } of [...income.carry_forward.annual_growth].sort((a, b) => a.year - b.year)) {
    if (growthYear > income.income_year && growthYear <= year) value *= 1 + growth;
  }
  return Math.round(value);
};

/**
 * The year the board's income for `year` stands for: the income year of its source, or the latest year of sourced
 * annual growth applied to it by `medianIncome`. A month after this year is priced against an older income.
 */
export const incomeYear = (income: IncomeFile, year: number): number =>
  Math.max(
    income.income_year,
    ...income.carry_forward.annual_growth
      .map((growth) => growth.year)
      .filter((growthYear) => growthYear > income.income_year && growthYear <= year),
  );

/** The most recent month published; when both boards have it, the first board in BOARDS order. */
export const latestEntry = (entries: readonly AffordabilityEntry[]): AffordabilityEntry | null =>
  [...entries].sort(
    (a, b) => compareText(b.monthSlug, a.monthSlug) || BOARDS.indexOf(a.board) - BOARDS.indexOf(b.board),
  )[0] ?? null;

/**
 * How current and complete the index is on `today`: every board is expected to have a value for every month from the
 * index's first month to the last month that has ended, so a board without prices counts against the total and a
 * series that stops early shows as months behind. Counted from the entries, never from the input files, so what it
 * says is what is published.
 */
export const publicationStatus = (
  index: Pick<ComputedSeries, "entries" | "period">,
  today: string,
): AffordabilityPublication => {
  const { entries, period } = index;
  const latest = latestEntry(entries);
  const expectedFrom = period?.from ?? null;
  const ended = lastEndedMonth(today);
  // A price for the current month (allowed by the check) moves the expected end with it, so nothing counts as ahead.
  const expectedThrough = period === null ? null : period.to > ended ? period.to : ended;
  const monthsExpected =
    expectedFrom === null || expectedThrough === null ? 0 : monthsApart(expectedFrom, expectedThrough) + 1;
  const boards = BOARDS.map((board) => {
    const series = entries.filter((entry) => entry.board === board);
    const last = series.at(-1);
    return {
      board,
      published_count: series.length,
      expected_count: monthsExpected,
      latest_month: last?.monthSlug ?? null,
      months_behind: last && expectedThrough ? monthsApart(last.monthSlug, expectedThrough) : null,
      previous_published_month: last?.trendComparedWith ?? null,
      months_since_previous: last?.monthsSinceCompared ?? null,
    };
  });
  return {
    as_of: today,
    expected_from: expectedFrom,
    expected_through: expectedThrough,
    expected_count: monthsExpected * BOARDS.length,
    published_count: entries.length,
    latest_month: latest?.monthSlug ?? null,
    latest_board: latest?.board ?? null,
    months_behind: latest && expectedThrough ? monthsApart(latest.monthSlug, expectedThrough) : null,
    previous_published_month: latest?.trendComparedWith ?? null,
    months_since_previous: latest?.monthsSinceCompared ?? null,
    boards,
  };
};

export interface SeriesGap {
  board: Board;
  month: string;
  reason: string;
}

/**
 * How a published point is sourced: `official` when its benchmark price and its mortgage rate both cite the issuing
 * body (or a faithful copy of its text), `secondary` when either rests on a report of the figure.
 */
export type SourceQuality = "official" | "secondary";

export interface ComputedSeries {
  entries: AffordabilityEntry[];
  gaps: SeriesGap[];
  monthsCovered: Record<Board, string[]>;
  /**
   * The months the index covers: from the first month with a sourced benchmark price for any board to the last month
   * that has ended on the build date (or the last month with a price, if that is later), so the months still to come
   * at the end are gaps too.
   */
  period: { from: string; to: string } | null;
  /** Each published point's source quality, by board and month. */
  quality: Record<Board, Record<string, SourceQuality>>;
  /** Why nothing can be published, when that is the case. */
  missingInputs: string[];
}

/** Why a board-month is not published when its series' files record no reason of their own (the pages word them). */
export const GAP_REASONS = {
  price: "no sourced MLS® HPI composite benchmark price",
  rate: "no sourced mortgage rate",
  both: "no sourced MLS® HPI composite benchmark price or mortgage rate",
} as const;

/** The reason a series' file records for a month it has no value for, if any. */
const recordedReason = (gaps: SeriesGaps, month: string): string | undefined =>
  gaps?.find((gap) => gap.from <= month && month <= gap.to)?.reason;

/** Why a board-month is not published: the reasons its files record, else what is missing. */
const gapReason = (
  price: { missing: boolean; reason?: string },
  rate: { missing: boolean; reason?: string },
): string => {
  if (price.missing && rate.missing && price.reason === undefined && rate.reason === undefined) return GAP_REASONS.both;
  const parts = [
    ...(price.missing ? [price.reason ?? GAP_REASONS.price] : []),
    ...(rate.missing ? [rate.reason ?? GAP_REASONS.rate] : []),
  ];
  if (parts.length === 1) return parts[0]!;
  // Two reasons read as two sentences.
  return parts
    .map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}${/[.!?]$/.test(part) ? "" : "."}`)
    .join(" ");
};

/** The last month that has ended on `today` (YYYY-MM-DD): the newest month a value can exist for. */
export const lastEndedMonth = (today: string): string => previousMonth(today.slice(0, 7));

const qualityOf = (...citations: readonly Citation[]): SourceQuality =>
  citations.every((citation) => citation.kind === "official" || citation.kind === "official-copy")
    ? "official"
    : "secondary";

/**
 * Every board and month that has a sourced benchmark price and a sourced mortgage rate becomes an entry; every other
 * month of the period, for each board, is listed as a gap with its reason. Nothing is interpolated. Each entry's
 * trend compares it with the same board's previous published month, however far back, and says which month that is.
 * `today` (the build date) extends the period to the last month that has ended, so missing recent months are gaps.
 */
export const computeSeries = (data: IndexData, today?: string): ComputedSeries => {
  const missingInputs = [
    ...(data.methodology ? [] : ["index-data/methodology.json"]),
    ...(data.income ? [] : ["index-data/income.json"]),
    ...(data.rates ? [] : ["index-data/mortgage-rates.json"]),
    ...(BOARDS.some((board) => (data.benchmarks[board]?.months.length ?? 0) > 0)
      ? []
      : ["index-data/benchmarks/<board>.json"]),
  ];
  const monthsCovered = { "greater-vancouver": [], "fraser-valley": [] } as Record<Board, string[]>;
  const quality = { "greater-vancouver": {}, "fraser-valley": {} } as Record<Board, Record<string, SourceQuality>>;
  if (missingInputs.length > 0 || !data.methodology || !data.income || !data.rates) {
    return { entries: [], gaps: [], monthsCovered, period: null, quality, missingInputs };
  }

  const { assumptions } = data.methodology;
  const rateByMonth = new Map(data.rates.months.map((month) => [month.month, month]));
  const priceMonths = BOARDS.flatMap((board) => data.benchmarks[board]?.months.map((month) => month.month) ?? []).sort(
    compareText,
  );
  const lastPriced = priceMonths.at(-1)!;
  const ended = today === undefined ? lastPriced : lastEndedMonth(today);
  const period = { from: priceMonths[0]!, to: ended > lastPriced ? ended : lastPriced };
  const entries: AffordabilityEntry[] = [];
  const gaps: SeriesGap[] = [];
  for (const board of BOARDS) {
    const priceByMonth = new Map(data.benchmarks[board]?.months.map((month) => [month.month, month]));
    let previous: { month: string; idx: number } | undefined;
    for (const month of monthsBetween(period.from, period.to)) {
      const priced = priceByMonth.get(month);
      const rated = rateByMonth.get(month);
      if (priced === undefined || rated === undefined) {
        const reason = gapReason(
          { missing: priced === undefined, reason: recordedReason(data.benchmarks[board]?.gaps, month) },
          { missing: rated === undefined, reason: recordedReason(data.rates.gaps, month) },
        );
        gaps.push({ board, month, reason });
        continue;
      }
      const price = priced.hpi_benchmark_price;
      const rate = rated.rate;
      quality[board][month] = qualityOf(priced.citation, rated.citation);
      const down = downPayment(price, assumptions.down_payment_share.value);
      const loan = loanAmount(price, down);
      const payment = monthlyPI(
        loan,
        rate,
        assumptions.amortization_years.value,
        assumptions.compounding_periods_per_year.value,
      );
      const cost = annualCarryingCost({
        monthlyPI: payment,
        price,
        propertyTaxRate: assumptions.property_tax_rate.value,
        maintenanceMonthly: assumptions.maintenance_monthly.value,
        insuranceMonthly: assumptions.insurance_monthly.value,
      });
      const income = medianIncome(data.income, board, Number(month.slice(0, 4)));
      const value = idx(income, cost);
      monthsCovered[board].push(month);
      entries.push({
        board,
        boardLabel: boardLabel(board),
        monthSlug: month,
        monthLabel: monthLabel(month),
        monthStart: monthStart(month),
        hpiBenchmarkPrice: price,
        downPayment: down,
        loanAmount: loan,
        monthlyPI: payment,
        annualCarryingCost: cost,
        medianIncome: income,
        incomeYear: incomeYear(data.income, Number(month.slice(0, 4))),
        idx: value,
        carryingCostShare: Math.round((cost / income) * 10_000) / 10_000,
        idxTrend: idxTrend(value, previous?.idx, assumptions.trend_threshold_points.value),
        trendComparedWith: previous?.month ?? null,
        monthsSinceCompared: previous ? monthsApart(previous.month, month) : null,
      });
      previous = { month, idx: value };
    }
  }
  return { entries, gaps, monthsCovered, period, quality, missingInputs };
};
