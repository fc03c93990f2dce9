import { beforeAll, describe, expect, it } from "vitest";
import { affordability, cashToClose, type FactSource, roundCents } from "../../packages/client/src/index.ts";
import { publishedFacts } from "./published-facts.ts";

/**
 * The minimum down payment the affordability calculator takes, for each amortization, buyer and date, on the
 * published facts (the frozen copy): the insured minimum (5% of the first $500,000, 10% of the rest, cmhc.insurance_cap)
 * only where an insured loan may have the amortization for this buyer (cmhc.amortization_30yr_eligibility: none over
 * 25 years before 2024-08-01, 30 years for first-time buyers of newly built homes from 2024-08-01, for every
 * first-time buyer and every buyer of a newly built home from 2024-12-15, never over 30), and 20% down elsewhere.
 */

/** What $1 a month repays over `years` at `annualRate` compounded semi-annually, written out here on its own. */
const repaidPerDollar = (annualRate: number, years: number): number => {
  const monthly = (1 + annualRate / 2) ** (1 / 6) - 1;
  return (1 - (1 + monthly) ** -(12 * years)) / monthly;
};

/**
 * $150,000 a year is $12,500 a month; housing $3,600 ÷ 12 + $100 heating = $400. GDS leaves 39% × $12,500 − $400 =
 * $4,475 a month (TDS leaves $5,100), counted at 6.5%, the greater of 4.5% + 2% and 5.25%.
 */
const household = {
  annualIncome: 150_000,
  monthlyDebtPayments: 0,
  annualPropertyTax: 3_600,
  monthlyHeating: 100,
  monthlyStrataFee: 0,
  contractRate: 0.045,
};
const MAX_PAYMENT = 4_475;

const BUYERS = {
  neither: {},
  "a first-time buyer": { firstTimeBuyer: true },
  "a buyer of a newly built home": { newlyBuilt: true },
  "a first-time buyer of a newly built home": { firstTimeBuyer: true, newlyBuilt: true },
} as const;
type Buyer = keyof typeof BUYERS;

/** Why insurance is not available, as the answer says it after "needs 20% down: default insurance is not available, as ". */
const NOT_BEFORE_AUGUST =
  "an insured loan with less than 20% down is amortized over at most 25 years on June 1, 2024; longer amortizations for such loans began on August 1, 2024";
const ONLY_NEW_FIRST_TIME =
  "a 30-year amortization on an insured loan is only for first-time home buyers buying a newly built home (since August 1, 2024); this purchase is not one";
const ONLY_FIRST_TIME_OR_NEW =
  "a 30-year amortization on an insured loan is only for first-time home buyers and buyers of newly built homes (since December 15, 2024); this purchase is neither";
const AT_MOST_30 = "an insured loan with less than 20% down is amortized over at most 30 years";

const DATES = {
  "before 2024-08-01": "2024-06-01",
  "between 2024-08-01 and 2024-12-15": "2024-10-01",
  "from 2024-12-15": "2025-06-01",
} as const;
type Period = keyof typeof DATES;

/** Why insurance is not available for each case, or undefined where it is. */
const unavailable = (period: Period, years: number, buyer: Buyer): string | undefined => {
  if (years <= 25) return undefined;
  if (period === "before 2024-08-01") return NOT_BEFORE_AUGUST;
  if (years > 30) return AT_MOST_30;
  if (period === "between 2024-08-01 and 2024-12-15")
    return buyer === "a first-time buyer of a newly built home" ? undefined : ONLY_NEW_FIRST_TIME;
  return buyer === "neither" ? ONLY_FIRST_TIME_OR_NEW : undefined;
};

const cases = (Object.keys(DATES) as Period[]).flatMap((period) =>
  [25, 30, 35].flatMap((years) =>
    (Object.keys(BUYERS) as Buyer[]).map((buyer) => ({ period, years, buyer, why: unavailable(period, years, buyer) })),
  ),
);

describe("affordability takes 20% down wherever insurance is not available, on the published facts", () => {
  let facts: FactSource;
  beforeAll(async () => {
    facts = (await publishedFacts()).catalog;
  });

  it.each(cases)("$period, $years years, $buyer", ({ period, years, buyer, why }) => {
    const options = { ...household, amortizationYears: years, ...BUYERS[buyer], asOf: DATES[period] };
    const result = affordability(facts, options);
    expect(result.max_payment).toBe(MAX_PAYMENT);
    expect(Math.abs(result.max_loan - MAX_PAYMENT * repaidPerDollar(0.065, years))).toBeLessThan(0.02);

    // A $600,000 home with the minimum down payment: 5% × $500,000 + 10% × $100,000 = $35,000 where insurance is
    // available, 20% = $120,000 where it is not; either way both ratios are within their limits, and it passes.
    const atPrice = affordability(facts, { ...options, price: 600_000 });
    expect(atPrice).toMatchObject({
      minimum_down_payment: why === undefined ? 35_000 : 120_000,
      down_payment: why === undefined ? 35_000 : 120_000,
      passes: true,
      reasons: [],
    });

    // 10% down, $60,000: where insurance is available it passes; where it is not, the answer is "needs 20% down" with
    // both ratios within their limits, never "does not pass".
    const tenPercent = affordability(facts, { ...options, price: 600_000, downPayment: 60_000 });
    expect(tenPercent.gds).toBeLessThanOrEqual(tenPercent.gds_limit);
    expect(tenPercent.tds).toBeLessThanOrEqual(tenPercent.tds_limit);
    const verdict = tenPercent.breakdown.at(-1);
    if (why === undefined) {
      expect(result).toMatchObject({ insurance_available: true });
      expect(result.insurance_unavailable_reason).toBeUndefined();
      // Between $500,000 and the cap the minimum leaves a loan of 0.9p + $25,000, over 90% of the price: the 4% band,
      // 4.2% over 25 years (the 0.20% surcharge), so (0.9p + $25,000) × rate ≤ max_loan.
      const rate = years > 25 ? 1.042 : 1.04;
      expect(Math.abs(result.max_price - (result.max_loan / rate - 25_000) / 0.9)).toBeLessThanOrEqual(1);
      expect(result.max_price_down_payment).toBe(roundCents(25_000 + 0.1 * (result.max_price - 500_000)));
      expect(result.max_price_premium).toBeGreaterThan(0);
      expect(tenPercent).toMatchObject({ minimum_down_payment: 35_000, passes: true, reasons: [] });
      expect(verdict).toBe("passes: both ratios are within their limits");
    } else {
      const reason = `needs 20% down: default insurance is not available, as ${why}`;
      expect(result).toMatchObject({ insurance_available: false, insurance_unavailable_reason: reason });
      // 20% down and no premium: the loan is 0.8p, so p = ⌊max_loan ÷ 0.8⌋ (below the cap: $1,000,000 or $1,500,000).
      expect(result.max_price).toBe(Math.floor(result.max_loan / 0.8));
      expect(result.max_price).toBe(years === 30 ? 892_996 : 935_039);
      expect(result).toMatchObject({
        max_price_down_payment: roundCents(0.2 * result.max_price),
        max_price_premium: 0,
      });
      expect(result.breakdown).toContain(
        `${reason}; the minimum down payment is 20% of the price at every price (cmhc.insurance_cap's min_down_payment_rate_uninsured), and no premium is added`,
      );
      expect(result.citations.map((used) => used.fact_id)).toContain("cmhc.insurance_cap");
      expect(tenPercent).toMatchObject({
        minimum_down_payment: 120_000,
        passes: false,
        reasons: ["needs-uninsured-minimum"],
      });
      expect(verdict).toBe(
        `${reason}; at least $120,000 at this price, and $60,000 is given; both ratios are within their limits`,
      );
      expect(tenPercent.breakdown.join("\n")).not.toContain("does not pass");
    }
  });

  it("gives the cash to close the same minimum: 20% for a 30-year buyer who can have no insurance, 5% and 10% for one who can", () => {
    const purchase = { price: 600_000, downPayment: 60_000, amortizationYears: 30, asOf: "2025-06-01" };
    const note = (options: Parameters<typeof cashToClose>[1]) =>
      cashToClose(facts, options).lines.find((line) => line.item === "down-payment")?.note;
    expect(note(purchase)).toBe(
      `below the minimum of $120,000 for this price (needs 20% down: default insurance is not available, as ${ONLY_FIRST_TIME_OR_NEW}): no lender may accept it`,
    );
    expect(note({ ...purchase, firstTimeBuyer: true })).toBe("the minimum for this price is $35,000");
    expect(note({ ...purchase, downPayment: 120_000 })).toBe(
      `the minimum for this price is $120,000 (needs 20% down: default insurance is not available, as ${ONLY_FIRST_TIME_OR_NEW})`,
    );
  });

  it.each([
    ["2024-12-14", 1_000_000, 240_000, false],
    ["2024-12-15", 1_500_000, 95_000, true],
  ] as const)(
    "on %s, a home of 1.2 million over 25 years: the cap of %i decides the minimum, %i",
    (asOf, cap, minimum, available) => {
      // $400,000 a year leaves 39% × $33,333.33 = $13,000 a month: both ratios stay within their limits.
      const rich = { ...household, annualIncome: 400_000, annualPropertyTax: 0, monthlyHeating: 0 };
      const result = affordability(facts, {
        ...rich,
        amortizationYears: 25,
        price: 1_200_000,
        downPayment: 120_000,
        asOf,
      });
      // 5% × $500,000 + 10% × $700,000 = $95,000 below the $1,500,000 cap; 20% at or above the $1,000,000 one.
      expect(result).toMatchObject({ insurance_available: true, minimum_down_payment: minimum });
      expect(result.gds).toBeLessThanOrEqual(result.gds_limit);
      if (available) expect(result).toMatchObject({ passes: true, reasons: [] });
      else {
        expect(result).toMatchObject({ passes: false, reasons: ["needs-uninsured-minimum"] });
        expect(result.breakdown.at(-1)).toBe(
          `needs 20% down: the price is at or above the insured price cap of $${cap.toLocaleString("en-CA")}, where default insurance is not available; at least $240,000 at this price, and $120,000 is given; both ratios are within their limits`,
        );
      }
    },
  );
});
