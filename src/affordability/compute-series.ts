import { monthlyPI } from "../../packages/client/src/index.ts";
import { compareText } from "../lib/text.ts";
import type { Citation, SeriesGaps } from "../schemas/index.ts";
import { type AffordabilityEntry, BOARDS, type Board } from "../schemas/index.ts";
import { idxTrend } from "./idx-trend.ts";
import type { IndexData } from "./load-index-data.ts";
import { medianIncome } from "./median-income.ts";
import { boardLabel, monthLabel, monthStart, monthsApart, monthsBetween, previousMonth } from "./month-labels.ts";
import { annualCarryingCost, downPayment, idx, loanAmount } from "./mortgage-math.ts";

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

const GAP_REASONS = {
  price: "no sourced MLS® HPI composite benchmark price",
  rate: "no sourced mortgage rate",
  both: "no sourced MLS® HPI composite benchmark price or mortgage rate",
} as const;

/** The reason a series' file records for a month it has no value for, if any. */
const recordedReason = (gaps: SeriesGaps, month: string): string | undefined => gaps?.find((gap) => gap.from <= month && month <= gap.to)?.reason;

/** Why a board-month is not published: the reasons its files record, else what is missing. */
const gapReason = (price: { missing: boolean; reason?: string }, rate: { missing: boolean; reason?: string }): string => {
  if (price.missing && rate.missing && price.reason === undefined && rate.reason === undefined) return GAP_REASONS.both;
  const parts = [...(price.missing ? [price.reason ?? GAP_REASONS.price] : []), ...(rate.missing ? [rate.reason ?? GAP_REASONS.rate] : [])];
  if (parts.length === 1) return parts[0]!;
  // Two reasons read as two sentences.
  return parts.map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}${/[.!?]$/.test(part) ? "" : "."}`).join(" ");
};

/** The last month that has ended on `today` (YYYY-MM-DD): the newest month a value can exist for. */
export const lastEndedMonth = (today: string): string => previousMonth(today.slice(0, 7));

const qualityOf = (...citations: readonly Citation[]): SourceQuality =>
  citations.every((citation) => citation.kind === "official" || citation.kind === "official-copy") ? "official" : "secondary";

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
    ...(BOARDS.some((board) => (data.benchmarks[board]?.months.length ?? 0) > 0) ? [] : ["index-data/benchmarks/<board>.json"]),
  ];
  const monthsCovered = { "greater-vancouver": [], "fraser-valley": [] } as Record<Board, string[]>;
  const quality = { "greater-vancouver": {}, "fraser-valley": {} } as Record<Board, Record<string, SourceQuality>>;
  if (missingInputs.length > 0 || !data.methodology || !data.income || !data.rates) {
    return { entries: [], gaps: [], monthsCovered, period: null, quality, missingInputs };
  }

  const { assumptions } = data.methodology;
  const rateByMonth = new Map(data.rates.months.map((month) => [month.month, month]));
  const priceMonths = BOARDS.flatMap((board) => data.benchmarks[board]?.months.map((month) => month.month) ?? []).sort(compareText);
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
      const payment = monthlyPI(loan, rate, assumptions.amortization_years.value, assumptions.compounding_periods_per_year.value);
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
