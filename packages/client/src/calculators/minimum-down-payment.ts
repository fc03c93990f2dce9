import { z } from "zod";
import {
  CalculatorError,
  checkAmount,
  checkAsOf,
  checkOptions,
  type FactSource,
  type FactUsed,
  formatCad,
  requireFactAsOf,
  roundCents,
} from "./calculator-common.ts";

export interface MinimumDownPaymentOptions {
  /** The date whose rules apply, YYYY-MM-DD (default today in B.C.). */
  asOf?: string;
}

export interface MinimumDownPaymentResult {
  /** The smallest down payment a lender may accept, in dollars. */
  minimum: number;
  /** Whether mortgage default insurance is available at this price (below the insured price cap). */
  insurable: boolean;
  /** The insured price cap in force on `as_of`: insurance is available below it. */
  price_cap: number;
  as_of: string;
  breakdown: Array<{ label: string; base: number; rate: number; amount: number }>;
  citations: FactUsed[];
}

const Bracket = z.object({ upper: z.number().positive(), rate: z.number().min(0).max(1) });
export const InsuranceRules = z.object({
  insured_price_cap_exclusive: z.number().positive(),
  // Needed only below the cap: the first version records the cap and the uninsured rate but not the brackets.
  min_down_payment_brackets: z.array(Bracket).min(1).optional(),
  min_down_payment_rate_uninsured: z.number().min(0).max(1),
});

/**
 * The minimum down payment on a purchase price, from `cmhc.insurance_cap` in force on `asOf`: below the insured
 * price cap, each bracket's rate on the part of the price within it (5% of the first $500,000, 10% of the rest); at
 * or above the cap, where default insurance is not available, the uninsured rate on the whole price. Below the cap,
 * a version that does not record the brackets (the one before 2024-12-15) is refused with the fact, the date and
 * the path.
 */
export const minimumDownPayment = (facts: FactSource, price: number, options: MinimumDownPaymentOptions = {}): MinimumDownPaymentResult => {
  checkOptions("minimumDownPayment", options, ["asOf"]);
  checkAmount("price", price);
  const asOf = checkAsOf(options.asOf);
  const { value, used } = requireFactAsOf(facts, "cmhc.insurance_cap", InsuranceRules, asOf);
  const cap = value.insured_price_cap_exclusive;
  if (price >= cap) {
    const amount = roundCents(price * value.min_down_payment_rate_uninsured);
    return {
      minimum: amount,
      insurable: false,
      price_cap: cap,
      as_of: asOf,
      breakdown: [
        {
          label: `whole price, at or above the insured price cap of ${formatCad(cap)}: default insurance is not available, so the uninsured minimum applies`,
          base: price,
          rate: value.min_down_payment_rate_uninsured,
          amount,
        },
      ],
      citations: [used],
    };
  }
  if (value.min_down_payment_brackets === undefined) {
    throw new CalculatorError(
      `cmhc.insurance_cap (version ${used.version}, in force on ${asOf}) at $.value.min_down_payment_brackets: that version does not record the minimum down payment below its cap of ${formatCad(cap)}`,
      { reason: "not-recorded", fact_id: "cmhc.insurance_cap", date: asOf, ...(used.version === undefined ? {} : { version: used.version }) },
    );
  }
  const breakdown: MinimumDownPaymentResult["breakdown"] = [];
  let lower = 0;
  for (const bracket of value.min_down_payment_brackets) {
    const portion = Math.min(price, bracket.upper) - lower;
    if (portion > 0)
      breakdown.push({
        label: `${formatCad(lower)} to ${formatCad(bracket.upper)} of the price`,
        base: portion,
        rate: bracket.rate,
        amount: roundCents(portion * bracket.rate),
      });
    lower = bracket.upper;
  }
  return {
    minimum: roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0)),
    insurable: true,
    price_cap: cap,
    as_of: asOf,
    breakdown,
    citations: [used],
  };
};
