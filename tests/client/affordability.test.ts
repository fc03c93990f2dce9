import { beforeAll, describe, expect, it } from "vitest";
import {
  AffordabilityResult,
  affordability,
  CalculatorError,
  type FactSource,
  roundCents,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { ISSUE_BUYER, MORTGAGE_RULES } from "./mortgage-rules.ts";
import { publishedFacts } from "./published-facts.ts";

/**
 * What $1 a month repays over `years` at `annualRate` compounded semi-annually, written out here on its own: the
 * monthly rate is i = (1 + r/2)^(1/6) − 1, and the present value of 12 × years payments is (1 − (1 + i)^−n) / i.
 */
const repaidPerDollar = (annualRate: number, years: number): number => {
  const monthly = (1 + annualRate / 2) ** (1 / 6) - 1;
  return (1 - (1 + monthly) ** -(12 * years)) / monthly;
};

/** The result schema but for the citations, whose sources a fixture fact states without the publication's fields. */
const Answer = AffordabilityResult.omit({ citations: true });

/** A household of $120,000 a year: $10,000 a month. Housing: $3,600 ÷ 12 + $100 heating + 50% of $400 = $600. */
const household = {
  annualIncome: 120_000,
  monthlyDebtPayments: 0,
  annualPropertyTax: 3_600,
  monthlyHeating: 100,
  monthlyStrataFee: 400,
  contractRate: 0.04,
  amortizationYears: 25,
  asOf: "2025-06-01",
};

describe("affordability: the case of the issue, on the published facts", () => {
  let facts: FactSource;
  beforeAll(async () => {
    facts = (await publishedFacts()).catalog;
  });

  it("a first-time buyer of a $1,150,000 new condo with 10% down on $180,000 does not pass GDS", () => {
    const result = affordability(facts, ISSUE_BUYER);
    // Qualifying rate: the greater of 4.5% + 2% and 5.25% = 6.5%. Income $180,000 ÷ 12 = $15,000 a month.
    // Minimum down payment: 5% × $500,000 + 10% × $650,000 = $90,000, below the $115,000 given.
    // Loan $1,150,000 − $115,000 = $1,035,000, 90% of the price: the band above 85% up to 90%, 3.10%, plus 0.20% for
    // 30 years = 3.30%; premium 3.3% × $1,035,000 = $34,155; loan with premium $1,069,155.
    // Payment: $1,069,155 ÷ repaidPerDollar(6.5%, 30) = $6,697.21; GDS = TDS = $6,697.21 ÷ $15,000 = 44.65%.
    expect(result).toMatchObject({
      qualifying_rate: 0.065,
      gds_limit: 0.39,
      tds_limit: 0.44,
      housing_costs_monthly: 0,
      down_payment: 115_000,
      premium: 34_155,
      loan: 1_069_155,
      payment_at_qualifying_rate: 6_697.21,
      gds: 0.4465,
      tds: 0.4465,
      passes: false,
    });
    expect(result.payment_at_qualifying_rate).toBe(roundCents(1_069_155 / repaidPerDollar(0.065, 30)));
    expect(result.breakdown).toContain("GDS ($6,697.21 + $0 housing) ÷ $15,000 = 44.65%, above the limit of 39%");
    // The largest payment: min(39% × $15,000, 44% × $15,000) = $5,850 (GDS); the loan it repays, to the cent below.
    expect(result).toMatchObject({ max_payment: 5_850, binding: "gds" });
    const largest = 5_850 * repaidPerDollar(0.065, 30);
    expect(result.max_loan).toBeLessThanOrEqual(largest);
    expect(result.max_loan).toBeGreaterThan(largest - 0.02);
    // The largest price with $115,000 down: a loan L = p − $115,000 of 85% to 90% of the price pays 3.3%, so
    // L × 1.033 ≤ max_loan: p = $115,000 + ⌊max_loan ÷ 1.033⌋ = $1,019,070 (88.71% of it, in that band).
    expect(result.max_price).toBe(115_000 + Math.floor(result.max_loan / 1.033));
    expect(result.max_price).toBe(1_019_070);
    expect(result.max_price_down_payment).toBe(115_000);
    expect(result.max_price_premium).toBe(roundCents((1_019_070 - 115_000) * 0.033));
    expect(result.citations.map((used) => used.fact_id)).toEqual([
      "cmhc.debt_service_limits",
      "osfi.b20.stress_test",
      "cmhc.insurance_cap",
      "cmhc.mortgage_insurance_premiums",
      "cmhc.amortization_30yr_eligibility",
    ]);
    expect(AffordabilityResult.safeParse(result).error?.issues).toBeUndefined();
  });

  it("reads the published limits of each period: 35% and 42% on 2021-06-15, 39% and 44% from 2021-07-05", () => {
    const at = (asOf: string) => affordability(facts, { ...household, asOf });
    expect(at("2021-06-15")).toMatchObject({ gds_limit: 0.35, tds_limit: 0.42, max_payment: 2_900 });
    expect(at("2021-06-15").citations[0]).toMatchObject({
      fact_id: "cmhc.debt_service_limits",
      effective_iso: "2020-07-01",
      superseded_iso: "2021-07-05",
    });
    expect(at("2021-07-05")).toMatchObject({ gds_limit: 0.39, tds_limit: 0.44, max_payment: 3_300 });
  });
});

describe("affordability on stated rules", () => {
  const afford = (options: Partial<Parameters<typeof affordability>[1]>) =>
    affordability(MORTGAGE_RULES, { ...household, ...options });

  it("is bound by GDS until debts leave TDS less room", () => {
    // Qualifying rate 4% + 2% = 6%. GDS room: 39% × $10,000 − $600 = $3,300; TDS room: 44% × $10,000 − $600 = $3,800.
    const none = afford({});
    expect(none).toMatchObject({
      qualifying_rate: 0.06,
      housing_costs_monthly: 600,
      max_payment: 3_300,
      binding: "gds",
    });
    expect(Math.abs(none.max_loan - 3_300 * repaidPerDollar(0.06, 25))).toBeLessThan(0.02);
    // $800 of debts: TDS room $3,800 − $800 = $3,000, less than GDS's $3,300.
    const debts = afford({ monthlyDebtPayments: 800 });
    expect(debts).toMatchObject({ max_payment: 3_000, binding: "tds" });
    expect(Math.abs(debts.max_loan - 3_000 * repaidPerDollar(0.06, 25))).toBeLessThan(0.02);
    // $500: both leave $3,300; GDS is named.
    expect(afford({ monthlyDebtPayments: 500 })).toMatchObject({ max_payment: 3_300, binding: "gds" });
  });

  it("uses 35% and 42% from July 1, 2020 to July 4, 2021, and 39% and 44% again from July 5, 2021", () => {
    // 35% × $10,000 − $600 = $2,900 (GDS); 42% × $10,000 − $600 − $800 = $2,800 (TDS).
    const window = afford({ asOf: "2021-06-15" });
    expect(window).toMatchObject({ gds_limit: 0.35, tds_limit: 0.42, max_payment: 2_900, binding: "gds" });
    expect(afford({ asOf: "2021-06-15", monthlyDebtPayments: 800 })).toMatchObject({
      max_payment: 2_800,
      binding: "tds",
    });
    expect(window.citations[0]).toMatchObject({
      fact_id: "cmhc.debt_service_limits",
      version: undefined,
      effective_iso: "2020-07-01",
      superseded_iso: "2021-07-05",
      anchor: "earlier-2020-07-01",
    });
    expect(afford({ asOf: "2021-07-05" })).toMatchObject({ gds_limit: 0.39, tds_limit: 0.44, max_payment: 3_300 });
  });

  it("finds the largest price with the minimum down payment, which passes when a dollar more does not", () => {
    // max_loan ≈ $3,300 × repaidPerDollar(6%, 25) ≈ $516,700. Between $500,000 and the $1,500,000 cap the minimum is
    // $25,000 + 10% × (p − $500,000), so the loan is 0.9p + $25,000, over 90% of p: 4% premium, and
    // (0.9p + $25,000) × 1.04 ≤ max_loan gives p = (max_loan ÷ 1.04 − $25,000) ÷ 0.9. At or above the cap 20% down
    // leaves 0.8p ≤ max_loan: p ≤ $646,000, below the cap, so no price there fits.
    const result = afford({});
    const byHand = (result.max_loan / 1.04 - 25_000) / 0.9;
    expect(Math.abs(result.max_price - byHand)).toBeLessThanOrEqual(1);
    expect(result.max_price_down_payment).toBe(roundCents(25_000 + 0.1 * (result.max_price - 500_000)));
    expect(result.max_price_premium).toBe(roundCents((result.max_price - result.max_price_down_payment) * 0.04));
    expect(afford({ price: result.max_price })).toMatchObject({ passes: true });
    expect(afford({ price: result.max_price + 1 })).toMatchObject({ passes: false });
    expect(result.breakdown.at(-1)).toMatch(/^found by halving the prices below the insured price cap/);
  });

  it("finds a price at or above the insured price cap when it is above every price below it", () => {
    // $260,000: 39% × $21,666.67 = $8,450; max_loan = $8,450 × repaidPerDollar(6%, 25) ≈ $1,320,711. Just below the
    // cap, $1,499,999 needs $124,999.90 down and a loan of $1,374,999.10 + 4% = $1,429,999.06: too much. At or above it
    // 20% down and no insurance: 0.8p ≤ max_loan, p = ⌊max_loan ÷ 0.8⌋.
    const rich = { annualIncome: 260_000, annualPropertyTax: 0, monthlyHeating: 0, monthlyStrataFee: 0 };
    const result = afford(rich);
    expect(result.max_payment).toBe(8_450);
    expect(result.max_price).toBe(Math.floor(result.max_loan / 0.8));
    expect(result.max_price).toBeGreaterThan(1_500_000);
    expect(result).toMatchObject({
      max_price_down_payment: roundCents(0.2 * result.max_price),
      max_price_premium: 0,
    });
    expect(afford({ ...rich, price: 1_499_999 })).toMatchObject({ passes: false, premium: 54_999.96 });
    expect(afford({ ...rich, price: result.max_price })).toMatchObject({ passes: true, premium: 0 });
  });

  it("keeps to the loan-to-value band a dollar more would leave, and to insurability", () => {
    // $180,000, 6.5%, 30 years: max_loan ≈ $933,904 (as in the issue). With $100,000 down, a first-time buyer:
    // at $1,000,500 the loan of $900,500 is 90.0050% of the price, written 90.00%: 3.3%, $930,216.50 with the premium.
    // At $1,000,501 it is 90.01%: 4.2%, $938,322.04, over max_loan.
    const base = {
      annualIncome: 180_000,
      annualPropertyTax: 0,
      monthlyHeating: 0,
      monthlyStrataFee: 0,
      contractRate: 0.045,
      amortizationYears: 30,
      downPayment: 100_000,
    };
    expect(afford({ ...base, firstTimeBuyer: true })).toMatchObject({
      max_price: 1_000_500,
      max_price_premium: roundCents(900_500 * 0.033),
    });
    // Neither a first-time buyer nor a new home: a loan over 80% cannot be insured over 30 years, so the largest price
    // is the one $100,000 is 20% of, with no premium.
    const uninsurable = afford(base);
    expect(uninsurable).toMatchObject({ max_price: 500_000, max_price_premium: 0 });
    const over = afford({ ...base, price: 600_000 });
    expect(over).toMatchObject({
      passes: false,
      reasons: ["needs-uninsured-minimum"],
      minimum_down_payment: 120_000,
      premium: 0,
      loan: 500_000,
    });
    expect(over.breakdown.at(-1)).toMatch(
      /^needs 20% down: default insurance is not available, as a 30-year amortization on an insured loan is only for .*; at least \$120,000 at this price, and \$100,000 is given; both ratios are within their limits$/,
    );
  });

  it("says when housing costs alone are above a limit, and that no price fits", () => {
    // 39% × $1,000 = $390 against $600 of housing costs.
    const result = afford({ annualIncome: 12_000, downPayment: 50_000 });
    expect(result).toMatchObject({ max_payment: 0, max_loan: 0, max_price: 0, max_price_down_payment: 0 });
    expect(result.breakdown.join("\n")).toContain("no payment fits");
    expect(afford({ annualIncome: 12_000, downPayment: 50_000, price: 50_000 })).toMatchObject({
      loan: 0,
      passes: false,
    });
  });

  it("refuses a date with no rule, the facts without the rule, and a down payment above the price", () => {
    const early = refusal(() => afford({ asOf: "0099-01-01" }));
    expect(early).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "cmhc.debt_service_limits",
      date: "0099-01-01",
      first_iso: "2012-07-09",
    });
    expect(early.message).toBe(
      "cmhc.debt_service_limits records no rule in force on 0099-01-01: the earliest rule it records took effect on 2012-07-09",
    );
    const without = { facts: MORTGAGE_RULES.facts.filter((fact) => fact.id !== "cmhc.debt_service_limits") };
    expect(refusal(() => affordability(without, household))).toMatchObject({
      reason: "missing-fact",
      fact_id: "cmhc.debt_service_limits",
    });
    expect(refusal(() => afford({ price: 400_000, downPayment: 500_000 }))).toMatchObject({
      reason: "invalid-option",
      option: "downPayment",
    });
  });
});

describe("affordability on whatever it is given", () => {
  it("answers or refuses each input, never with -0, Infinity or NaN (its time is printed; npm run bench holds the target)", () => {
    const hostile: Array<[string, unknown]> = [
      ["a BigInt income", { ...household, annualIncome: 120_000n }],
      ["-0 costs", { ...household, annualPropertyTax: -0, monthlyHeating: -0, monthlyStrataFee: -0 }],
      ["an income of 1e308", { ...household, annualIncome: 1e308 }],
      ["an income of Infinity", { ...household, annualIncome: Number.POSITIVE_INFINITY }],
      ["a NaN rate", { ...household, contractRate: Number.NaN }],
      ["an income written as text", { ...household, annualIncome: "120000" }],
      ["an unknown option", { ...household, annualIncomes: 1 }],
      ["a 4,000,000-character option name", { ...household, ["x".repeat(4_000_000)]: 1 }],
      ["a date with no rule", { ...household, asOf: "0099-01-01" }],
      ["a date that is no day", { ...household, asOf: "2025-02-30" }],
      ["a rate of 99%", { ...household, contractRate: 0.99 }],
      ["options that are null", null],
      ["options that are a list", [household]],
      ["the largest amounts, 100 years", { ...household, annualIncome: 10_000_000_000, amortizationYears: 100 }],
      [
        "the largest price and down payment",
        { ...household, annualIncome: 10_000_000_000, price: 10_000_000_000, downPayment: 10_000_000_000 },
      ],
      ["a dollar of income, no down payment", { ...household, annualIncome: 1, downPayment: 0, price: 1 }],
      ["a 30-year first-time buyer", { ...household, amortizationYears: 30, firstTimeBuyer: true, downPayment: 5_000 }],
      ["a flag that is not a boolean", { ...household, firstTimeBuyer: "yes" }],
    ];
    affordability(MORTGAGE_RULES, household);
    const times: Array<[string, number]> = [];
    for (const [label, options] of hostile) {
      const start = performance.now();
      let answer: unknown;
      try {
        answer = affordability(MORTGAGE_RULES, options as never);
      } catch (error: unknown) {
        answer = error;
      }
      times.push([label, performance.now() - start]);
      if (answer instanceof CalculatorError) continue;
      expect(answer, label).not.toBeInstanceOf(Error);
      expect(Answer.safeParse(answer).error?.issues, label).toBeUndefined();
      const text = JSON.stringify(answer, (_key, value) => (Object.is(value, -0) ? "-0" : value));
      expect(text, label).not.toMatch(/"-0"|null|Infinity|NaN/);
    }
    const [slowest, ms] = times.reduce((worst, each) => (each[1] > worst[1] ? each : worst));
    console.log(`affordability: slowest of ${times.length} inputs: ${slowest}, ${ms.toFixed(2)} ms`);
    const refused = (options: unknown) => refusal(() => affordability(MORTGAGE_RULES, options as never));
    expect(refused({ ...household, annualIncome: 120_000n })).toMatchObject({
      reason: "invalid-option",
      option: "annualIncome",
    });
    expect(refused({ ...household, annualIncome: 1e308 }).message).toBe(
      "annualIncome must be an amount of money in dollars from 0.01 to 10,000,000,000, got 1e+308",
    );
    expect(refused({ ...household, annualIncomes: 1 }).message).toContain("did you mean annualIncome?");
    expect(refused({ ...household, contractRate: 0.99 })).toMatchObject({ option: "contractRate" });
    const free = affordability(MORTGAGE_RULES, {
      ...household,
      annualPropertyTax: -0,
      monthlyHeating: -0,
      monthlyStrataFee: -0,
    });
    expect(Object.is(free.housing_costs_monthly, 0)).toBe(true);
  });
});
