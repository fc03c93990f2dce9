import { z } from "zod";
import { roundCents } from "../../../../src/affordability/mortgage-math.ts";
import { formatCad } from "../../../../src/render/pages/text/format-number.ts";
import { checkAmount, type FactSource, type FactUsed, readFact } from "./facts-used.ts";

export interface MinimumDownPaymentResult {
  /** The smallest down payment a lender may accept, in dollars. */
  minimum: number;
  /** Whether mortgage default insurance is available at this price (below the insured price cap). */
  insurable: boolean;
  breakdown: Array<{ label: string; base: number; rate: number; amount: number }>;
  citations: FactUsed[];
}

const Bracket = z.object({ upper: z.number().positive(), rate: z.number().min(0).max(1) });
const InsuranceRules = z.object({
  insured_price_cap_exclusive: z.number().positive(),
  min_down_payment_brackets: z.array(Bracket).min(1),
  min_down_payment_rate_uninsured: z.number().min(0).max(1),
});

/**
 * The minimum down payment on a purchase price, from `cmhc.insurance_cap`: below the insured price cap, each
 * bracket's rate on the part of the price within it (5% of the first $500,000, 10% of the rest); at or above the
 * cap, where default insurance is not available, the uninsured rate on the whole price.
 */
export const minimumDownPayment = (facts: FactSource, price: number): MinimumDownPaymentResult => {
  checkAmount("price", price);
  const { value, used } = readFact(facts, "cmhc.insurance_cap", InsuranceRules);
  if (price >= value.insured_price_cap_exclusive) {
    const amount = roundCents(price * value.min_down_payment_rate_uninsured);
    return {
      minimum: amount,
      insurable: false,
      breakdown: [
        {
          label: `whole price, at or above the insured price cap of ${formatCad(value.insured_price_cap_exclusive)}`,
          base: price,
          rate: value.min_down_payment_rate_uninsured,
          amount,
        },
      ],
      citations: [used],
    };
  }
  const breakdown: MinimumDownPaymentResult["breakdown"] = [];
  let lower = 0;
  for (const bracket of value.min_down_payment_brackets) {
    const portion = Math.min(price, bracket.upper) - lower;
    if (portion > 0)
      breakdown.push({
        label: `${formatCad(lower)} to ${formatCad(bracket.upper)}`,
        base: portion,
        rate: bracket.rate,
        amount: roundCents(portion * bracket.rate),
      });
    lower = bracket.upper;
  }
  return { minimum: roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0)), insurable: true, breakdown, citations: [used] };
};
