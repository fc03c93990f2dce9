import { beforeAll, describe, expect, it } from "vitest";
import {
  amortizationSchedule,
  type CalculatorError,
  type FactCatalog,
  maxPrincipal,
  minimumDownPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  qualifyingRate,
  SAID_CODES,
  type Said,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts, withHistoryValue, withPremiumFixture, withValue } from "./published-facts.ts";
import { englishOf, expectSaidAsEnglish } from "./said-english.ts";

// The minimum down payment, the insurance premium, the payment and the qualifying rate say every line of their working
// and every reason as a code with values beside its English (said.ts): the calculators page says them so in five
// languages. Each scenario below reaches some of the codes; together they reach every one, each read back as its
// English.

let catalog: FactCatalog;
/** The catalog with the premium schedule fixture and its versions from 2017-03-17. */
let facts: FactCatalog;
/** The same, with the brackets `cmhc.insurance_cap`'s first version does not record, to reach earlier dates. */
let early: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
  facts = withPremiumFixture(catalog);
  early = withHistoryValue(facts, "cmhc.insurance_cap", 1, (value) => ({
    ...(value as object),
    min_down_payment_brackets: [
      { upper: 500_000, rate: 0.05 },
      { upper: 1_000_000, rate: 0.1 },
    ],
  }));
});

const GROUP_PREFIXES = ["minimum-down.", "insurance.", "payment.", "qualifying-rate."];
const GROUP = SAID_CODES.filter((code) => GROUP_PREFIXES.some((prefix) => code.startsWith(prefix)));

/** A change to one fact's current value, on top of the premium fixture. */
const changed = (id: string, change: Record<string, unknown>) =>
  withValue(facts, id, (value) => ({ ...(value as object), ...change }));

/** The buyers and dates whose 30-year amortization is refused, one per reason, with the facts each is read from. */
const refusedAmortizations = (): Array<[FactCatalog, Record<string, unknown>]> => [
  // Before longer amortizations began (2024-08-01).
  [early, { amortizationYears: 30, firstTimeBuyer: true, newlyBuilt: true, asOf: "2024-07-31" }],
  // Longer than the rule allows.
  [facts, { amortizationYears: 35, firstTimeBuyer: true }],
  // Before 2024-12-15, first-time buyers of newly built homes only.
  [early, { amortizationYears: 30, firstTimeBuyer: true, asOf: "2024-12-14" }],
  // A rule for first-time buyers only, and one for new homes only: not recorded, but readable.
  [
    changed("cmhc.amortization_30yr_eligibility", {
      eligible_buyers: ["all first-time home buyers (new or resale homes)"],
    }),
    { amortizationYears: 30, newlyBuilt: true },
  ],
  [
    changed("cmhc.amortization_30yr_eligibility", { eligible_buyers: ["all buyers of newly built homes"] }),
    { amortizationYears: 30, firstTimeBuyer: true },
  ],
  // Since 2024-12-15, first-time buyers and buyers of newly built homes.
  [facts, { amortizationYears: 30 }],
  // A schedule without a rate over 25 years while the rule allows it.
  [
    changed("cmhc.mortgage_insurance_premiums", { amortization_surcharge_rate: null }),
    { amortizationYears: 30, firstTimeBuyer: true },
  ],
];

const minimums = () => [
  minimumDownPayment(facts, 700_000),
  minimumDownPayment(facts, 2_000_000),
  ...refusedAmortizations().map(([source, options]) => minimumDownPayment(source, 500_000, options)),
];

const premiums = () => {
  const premium = (source: FactCatalog, options: Record<string, unknown>) =>
    mortgageInsurancePremium(source, { price: 500_000, downPayment: 25_000, amortizationYears: 25, ...options });
  return [
    // Not required, with the optional rate; at the cap; below the minimum; above the highest band.
    premium(facts, { downPayment: 150_000 }),
    premium(facts, { price: 2_000_000, downPayment: 200_000 }),
    premium(facts, { price: 600_000 }),
    premium(
      changed("cmhc.mortgage_insurance_premiums", { premium_rates_on_total_loan: [{ ltv_max: 0.9, rate: 0.031 }] }),
      {
        price: 100_000,
        downPayment: 5_000,
      },
    ),
    // A schedule whose first band is above 80%; a non-traditional down payment without and with its own rate.
    premium(
      changed("cmhc.mortgage_insurance_premiums", { premium_rates_on_total_loan: [{ ltv_max: 0.95, rate: 0.04 }] }),
      {},
    ),
    premium(facts, { nonTraditionalDownPayment: true }),
    premium(early, { price: 100_000, downPayment: 5_000, nonTraditionalDownPayment: true, asOf: "2018-06-01" }),
    // 30 years allowed for each kind of buyer, with the surcharge.
    premium(early, { amortizationYears: 30, firstTimeBuyer: true, newlyBuilt: true, asOf: "2024-08-01" }),
    premium(facts, { amortizationYears: 30, firstTimeBuyer: true }),
    premium(facts, { amortizationYears: 30, newlyBuilt: true }),
    // A premium paid separately, with provincial sales tax.
    premium(
      changed("cmhc.mortgage_insurance_premiums", {
        premium_added_to_loan: false,
        provincial_sales_tax_on_premium: { applies_in_bc: true },
      }),
      {},
    ),
    ...refusedAmortizations().map(([source, options]) => premium(source, options)),
  ];
};

const payments = () => [
  mortgagePayment({ principal: 500_000, annualRate: 0.05, amortizationYears: 25 }),
  mortgagePayment({ principal: 500_000, annualRate: 0.05, amortizationYears: 1, frequency: "accelerated-biweekly" }),
  mortgagePayment({ principal: 500_000, annualRate: 0.05, amortizationYears: 25, frequency: "accelerated-weekly" }),
  amortizationSchedule({
    principal: 500_000,
    annualRate: 0.05,
    amortizationYears: 30,
    termYears: 5,
    frequency: "weekly",
  }),
  amortizationSchedule({ principal: 500_000, annualRate: 0.05, amortizationYears: 25, termYears: 1 / 12 }),
  maxPrincipal({ payment: 2_500, annualRate: 0.05, amortizationYears: 30, frequency: "weekly" }),
  maxPrincipal({ payment: 2_500, annualRate: 0.05, amortizationYears: 25, frequency: "accelerated-biweekly" }),
  maxPrincipal({ payment: 1_250, annualRate: 0.05, amortizationYears: 25, frequency: "accelerated-weekly" }),
];

const qualifyingRates = () => [
  qualifyingRate(catalog, 0.045),
  qualifyingRate(catalog, 0.02),
  // Before June 1, 2021: the benchmark of the week, the buffer for uninsured mortgages only.
  qualifyingRate(catalog, 0.045, { asOf: "2021-05-31", insured: false }),
  qualifyingRate(catalog, 0.045, { asOf: "2021-05-31", insured: true }),
  // A buffer of its own for insured mortgages, and no buffer at all: not recorded today, but readable.
  qualifyingRate(
    withValue(catalog, "osfi.b20.stress_test", (value) => ({ ...(value as object), insured_buffer_rate: 0.01 })),
    0.045,
    { insured: true },
  ),
  qualifyingRate(
    withValue(catalog, "osfi.b20.stress_test", (value) => ({ ...(value as object), buffer_rate: 0 })),
    0.02,
  ),
];

/**
 * The refusals the calculators page shows in its own words: the mortgages the stress test did not cover (before 2016
 * and 2018, and with a floor of its own rather than a benchmark), and a loan too small to repay in whole cents.
 */
const refusals = (): CalculatorError[] => {
  const without = (change: Record<string, unknown>) =>
    withValue(catalog, "osfi.b20.stress_test", (value) => ({ ...(value as object), ...change }));
  return [
    refusal(() => qualifyingRate(catalog, 0.045, { asOf: "2016-01-01", insured: true })),
    refusal(() => qualifyingRate(catalog, 0.045, { asOf: "2017-01-01", insured: false })),
    refusal(() => qualifyingRate(without({ all_terms_covered: false }), 0.045, { insured: true })),
    refusal(() => qualifyingRate(without({ uninsured_covered: false }), 0.045, { insured: false })),
    refusal(() => mortgagePayment({ principal: 0.5, annualRate: 0.05, amortizationYears: 25, frequency: "weekly" })),
  ];
};

const saidOfResult = (result: object): Said[] => {
  const found: Said[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const each of value) walk(each);
    else if (value !== null && typeof value === "object")
      for (const [key, each] of Object.entries(value)) {
        if (key.endsWith("_said") && each !== null) found.push(...(Array.isArray(each) ? each : [each]));
        else walk(each);
      }
  };
  walk(result);
  return found;
};

describe("the mortgage calculators' sentences as codes", () => {
  it("say every line and reason as a code with values that read as its English, and use every code of theirs", () => {
    const results = [...minimums(), ...premiums(), ...payments(), ...qualifyingRates()];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(0);
    const codes = new Set([
      ...results.flatMap(saidOfResult).map((said) => said.code),
      ...refusals().map((error) => error.said?.code),
    ]);
    expect([...codes].sort()).toEqual([...GROUP].sort());
  });

  it("say a refusal as its message does, but for the date and the rule, which the page names itself", () => {
    const plain = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace(/\.$/, "");
    for (const error of refusals()) {
      expect(error.said).toBeDefined();
      const message = error.message
        .replace(/^on \d{4}-\d{2}-\d{2} /, "")
        .replace(/ \(osfi\.b20\.stress_test(?:, the period from [\d-]+| version \d+)\)$/, "");
      expect(plain(englishOf(`calc.said.${error.said?.code}`, error.said?.values))).toBe(plain(message));
    }
  });

  it("leaves out the line that repeats the premium's reason only by its code", () => {
    const refused = mortgageInsurancePremium(facts, { price: 500_000, downPayment: 25_000, amortizationYears: 30 });
    expect(refused.reason_said?.code).toBe("insurance.refused-only-first-time-or-new-home");
    expect(refused.breakdown_said.at(-1)?.code).toBe("insurance.not-insurable-only-first-time-or-new-home");
    expect(refused.breakdown.at(-1)).toBe(`not insurable: ${refused.reason}`);
  });

  it("write counts as a message does: grouped, and one payment or year in the singular", () => {
    const weekly = amortizationSchedule({
      principal: 500_000,
      annualRate: 0.05,
      amortizationYears: 30,
      termYears: 1,
      frequency: "weekly",
    });
    expect(weekly.breakdown[1]).toMatch(/^\$500,000 repaid in 1,560 equal payments of \$[\d,]+\.\d\d$/);
    expect(weekly.breakdown.join("\n")).toContain("after 52 payments (1 year):");
    // A term of a month: one payment, a twelfth of a year written as a message writes it (to three decimals).
    const month = amortizationSchedule({
      principal: 500_000,
      annualRate: 0.05,
      amortizationYears: 25,
      termYears: 1 / 12,
    });
    expect(month.breakdown.join("\n")).toContain("after 1 payment (0.083 years):");
  });
});
