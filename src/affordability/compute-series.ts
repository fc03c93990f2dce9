import { compareText } from "../lib/compare-text.ts";
import { type AffordabilityEntry, BOARDS, type Board } from "../schemas/affordability.ts";
import type { Citation } from "../schemas/citation.ts";
import { idxTrend } from "./idx-trend.ts";
import type { IndexData } from "./load-index-data.ts";
import { medianIncome } from "./median-income.ts";
import { boardLabel, monthLabel, monthStart, monthsBetween, previousMonth } from "./month-labels.ts";
import { annualCarryingCost, downPayment, idx, loanAmount, monthlyPI } from "./mortgage-math.ts";

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
  /** The months the index covers: from the first to the last month with a sourced benchmark price for any board. */
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

const qualityOf = (...citations: readonly Citation[]): SourceQuality =>
  citations.every((citation) => citation.kind === "official" || citation.kind === "official-copy") ? "official" : "secondary";

/**
 * Every board and month that has a sourced benchmark price and a sourced mortgage rate becomes an entry; every other
 * month of the period, for each board, is listed as a gap with its reason. Nothing is interpolated.
 */
export const computeSeries = (data: IndexData): ComputedSeries => {
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
  const period = { from: priceMonths[0]!, to: priceMonths.at(-1)! };
  const entries: AffordabilityEntry[] = [];
  const gaps: SeriesGap[] = [];
  for (const board of BOARDS) {
    const priceByMonth = new Map(data.benchmarks[board]?.months.map((month) => [month.month, month]));
    const idxByMonth = new Map<string, number>();
    for (const month of monthsBetween(period.from, period.to)) {
      const priced = priceByMonth.get(month);
      const rated = rateByMonth.get(month);
      if (priced === undefined || rated === undefined) {
        gaps.push({ board, month, reason: GAP_REASONS[priced ? "rate" : rated ? "price" : "both"] });
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
      idxByMonth.set(month, value);
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
        idxTrend: idxTrend(value, idxByMonth.get(previousMonth(month)), assumptions.trend_threshold_points.value),
      });
    }
  }
  return { entries, gaps, monthsCovered, period, quality, missingInputs };
};
