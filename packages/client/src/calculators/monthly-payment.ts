import { monthlyPI } from "../../../../src/affordability/mortgage-math.ts";
import { CalculatorError } from "./calculator-error.ts";
import { checkAmount, checkOptions } from "./facts-used.ts";

export interface MonthlyPaymentOptions {
  principal: number;
  /** The quoted annual rate as a fraction (0.05 for 5%), compounded semi-annually as the Interest Act requires of Canadian mortgages. */
  annualRate: number;
  amortizationYears: number;
}

/**
 * Monthly principal and interest of a Canadian fixed-rate mortgage, in dollars and cents: the quoted rate compounds
 * semi-annually, so the monthly rate is (1 + r/2)^(1/6) − 1. The same arithmetic computes the affordability index.
 * `mortgagePayment` gives the other frequencies.
 */
export const monthlyPayment = (options: MonthlyPaymentOptions): number => {
  checkOptions("monthlyPayment", options, ["principal", "annualRate", "amortizationYears"]);
  const principal = checkAmount("principal", options.principal);
  if (typeof options.annualRate !== "number" || !Number.isFinite(options.annualRate) || options.annualRate < 0 || options.annualRate >= 1) {
    throw new CalculatorError(`annualRate must be a fraction from 0 to below 1 (0.05 for 5%), got ${JSON.stringify(options.annualRate)}`, {
      reason: "invalid-option",
      option: "annualRate",
    });
  }
  const years = options.amortizationYears;
  if (typeof years !== "number" || !Number.isFinite(years) || years <= 0 || years > 100) {
    throw new CalculatorError(`amortizationYears must be a number of years above 0 and at most 100, got ${JSON.stringify(years)}`, {
      reason: "invalid-option",
      option: "amortizationYears",
    });
  }
  return monthlyPI(principal, options.annualRate, years);
};
