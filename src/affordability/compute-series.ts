import { type AffordabilityEntry, BOARDS, type Board } from "../schemas/affordability.ts";
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

export interface ComputedSeries {
  entries: AffordabilityEntry[];
  gaps: SeriesGap[];
  monthsCovered: Record<Board, string[]>;
  /** Why nothing can be published, when that is the case. */
  missingInputs: string[];
}

/**
 * Every board and month that has a sourced benchmark price and a sourced mortgage rate becomes an entry; every other
 * month between a board's first and last sourced month is listed as a gap with its reason. Nothing is interpolated.
 */
export const computeSeries = (data: IndexData): ComputedSeries => {
  const missingInputs = [
    ...(data.methodology ? [] : ["index-data/methodology.json"]),
    ...(data.income ? [] : ["index-data/income.json"]),
    ...(data.rates ? [] : ["index-data/mortgage-rates.json"]),
    ...(BOARDS.some((board) => (data.benchmarks[board]?.months.length ?? 0) > 0) ? [] : ["index-data/benchmarks/<board>.json"]),
  ];
  const monthsCovered = { "greater-vancouver": [], "fraser-valley": [] } as Record<Board, string[]>;
  if (missingInputs.length > 0 || !data.methodology || !data.income || !data.rates) return { entries: [], gaps: [], monthsCovered, missingInputs };

  const { assumptions } = data.methodology;
  const rateByMonth = new Map(data.rates.months.map((month) => [month.month, month.rate]));
  const entries: AffordabilityEntry[] = [];
  const gaps: SeriesGap[] = [];
  for (const board of BOARDS) {
    const months = data.benchmarks[board]?.months ?? [];
    if (months.length === 0) continue;
    const priceByMonth = new Map(months.map((month) => [month.month, month.hpi_benchmark_price]));
    const idxByMonth = new Map<string, number>();
    for (const month of monthsBetween(months[0]!.month, months.at(-1)!.month)) {
      const price = priceByMonth.get(month);
      const rate = rateByMonth.get(month);
      if (price === undefined) {
        gaps.push({ board, month, reason: "no sourced MLS® HPI composite benchmark price" });
        continue;
      }
      if (rate === undefined) {
        gaps.push({ board, month, reason: "no sourced mortgage rate" });
        continue;
      }
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
  return { entries, gaps, monthsCovered, missingInputs };
};
