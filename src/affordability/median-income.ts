import type { Board, IncomeFile } from "../schemas/index.ts";

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
