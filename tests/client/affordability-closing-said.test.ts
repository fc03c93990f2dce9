import { beforeAll, describe, expect, it } from "vitest";
import {
  type AffordabilityOptions,
  type AssumptionCode,
  affordability,
  type CashToCloseOptions,
  cashToClose,
  type FactCatalog,
  SAID_CODES,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts, withValue } from "./published-facts.ts";
import { expectSaidAsEnglish } from "./said-english.ts";

// The affordability and cash to close calculators say each sentence of their working, each line's label and note and
// each assumption as a code with values, besides their English: run enough purchases that every code of theirs is
// said, and hold each to its English.

/** $120,000 a year, $600 of housing costs a month: a household of the affordability tests. */
const household = {
  annualIncome: 120_000,
  monthlyDebtPayments: 0,
  annualPropertyTax: 3_600,
  monthlyHeating: 100,
  monthlyStrataFee: 400,
  contractRate: 0.045,
  amortizationYears: 25,
  asOf: "2025-06-01",
};

/**
 * The assumptions these two calculators make themselves; the cash to close repeats those of the transfer tax and of
 * the GST on a new home, whose own tests hold them to their words.
 */
const OUR_ASSUMPTIONS: ReadonlySet<AssumptionCode> = new Set<AssumptionCode>([
  "gross-income",
  "debt-service-limits-on-date",
  "payment-monthly-at-qualifying-rate",
  "rules-on-application-date",
  "lender-rules",
  "loan-to-income-not-applied",
  "closing-costs-apart",
  "specified-area-adds",
  "gst-price-before-gst",
  "resale-no-gst",
  "premium-on-application-date",
]);

/** A result with only the assumptions these two calculators make themselves. */
const withOurAssumptions = <T extends { assumptions: string[]; assumed: Array<{ code: AssumptionCode }> }>(
  result: T,
): T => {
  const ours = result.assumed.map((each) => OUR_ASSUMPTIONS.has(each.code));
  return {
    ...result,
    assumptions: result.assumptions.filter((_, index) => ours[index]),
    assumed: result.assumed.filter((_, index) => ours[index]),
  };
};

/** Sentence codes said anywhere in a result: its lists, its lines' labels and notes, and the sentences within. */
const codesOf = (result: unknown): string[] => {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const each of value) walk(each);
    else if (value !== null && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.code === "string" && typeof record.values === "object") found.push(record.code);
      for (const each of Object.values(record)) walk(each);
    }
  };
  walk(result);
  return found;
};

describe("affordability and cash to close, said as codes", () => {
  let facts: FactCatalog;
  beforeAll(async () => {
    facts = (await publishedFacts()).catalog;
  });

  const afford = (options: Partial<AffordabilityOptions>, source: FactCatalog = facts) =>
    affordability(source, { ...household, ...options });

  it("says every line, label, note and assumption with a code whose English reads as the client's", () => {
    const rich = { annualIncome: 260_000, annualPropertyTax: 0, monthlyHeating: 0, monthlyStrataFee: 0 };
    const poor = { annualIncome: 12_000 };
    const thirtyYears = { amortizationYears: 30 };
    const results: Array<ReturnType<typeof withOurAssumptions>> = [
      afford({}),
      afford({ contractRate: 0.02 }),
      afford({ monthlyDebtPayments: 800, price: 500_000 }),
      afford({ ...poor, downPayment: 50_000 }),
      afford({ ...poor }),
      afford({ ...poor, monthlyDebtPayments: 500 }),
      afford({ ...poor, ...thirtyYears }),
      afford({ ...poor, ...thirtyYears, downPayment: 50_000 }),
      afford(rich),
      afford({ downPayment: 100_000, price: 500_000 }),
      afford({ price: 600_000 }),
      afford({ price: 600_000, downPayment: 20_000 }),
      afford({ price: 900_000 }),
      afford({ price: 900_000, downPayment: 20_000 }),
      afford({ ...thirtyYears, price: 600_000, downPayment: 100_000 }),
      afford({ ...thirtyYears, price: 900_000, downPayment: 100_000 }),
      afford({ price: 500_000, downPayment: 25_000, monthlyDebtPayments: 1_800 }),
      afford({ price: 400_000, downPayment: 20_000, monthlyDebtPayments: 1_800 }),
      afford({ price: 550_000, downPayment: 20_000 }),
      afford({ price: 700_000, downPayment: 20_000, monthlyDebtPayments: 1_800 }),
      // Before June 1, 2021 insured and uninsured loans qualified apart: the floor, or the contract rate.
      afford({ asOf: "2019-01-01", contractRate: 0.03 }),
      afford({ asOf: "2019-01-01", contractRate: 0.06 }),
      // Before 2018 a loan without insurance had no set qualifying rate.
      afford({ asOf: "2017-01-01", price: 500_000 }),
      afford({ asOf: "2017-01-01", price: 500_000, downPayment: 200_000 }),
      afford({ asOf: "2017-01-01", ...poor, ...thirtyYears }),
      // CMHC's limits below the federal ceiling.
      afford({ asOf: "2021-06-15" }),
      // Rules a fact could state: heating not counted, a premium paid apart, a highest band below the minimum's.
      afford(
        { price: 600_000 },
        withValue(facts, "cmhc.debt_service_limits", (value) => ({ ...(value as object), heating_counted: false })),
      ),
      afford(
        { price: 600_000 },
        withValue(facts, "cmhc.mortgage_insurance_premiums", (value) => ({
          ...(value as object),
          premium_added_to_loan: false,
        })),
      ),
      ...[{}, { monthlyDebtPayments: 3_000 }].map((debts) =>
        afford(
          { ...debts, price: 400_000, downPayment: 20_000 },
          withValue(facts, "cmhc.mortgage_insurance_premiums", (value) => {
            const schedule = value as { premium_rates_on_total_loan: Array<{ ltv_max: number }> };
            return {
              ...schedule,
              premium_rates_on_total_loan: schedule.premium_rates_on_total_loan.filter((band) => band.ltv_max <= 0.9),
            };
          }),
        ),
      ),
    ];
    const closing = (options: Partial<CashToCloseOptions>) =>
      cashToClose(facts, { price: 600_000, downPayment: 60_000, asOf: "2025-06-01", ...options });
    results.push(
      closing({}),
      closing({ firstTimeBuyer: true }),
      closing({ firstTimeBuyer: true, price: 1_200_000, downPayment: 240_000 }),
      closing({ downPayment: 20_000 }),
      closing({ amortizationYears: 30 }),
      closing({ amortizationYears: 30, downPayment: 120_000 }),
      closing({ foreignBuyer: true }),
      closing({ foreignBuyer: true, inSpecifiedArea: true }),
      closing({ newlyBuilt: true, firstTimeBuyer: true, extra: [{ label: "Legal fees", amount: 1_500 }] }),
    );
    const ourResults = results.map(withOurAssumptions);
    for (const [index, result] of ourResults.entries())
      expect(expectSaidAsEnglish(result), `result ${index}`).toBeGreaterThan(0);
    expect(new Set(ourResults.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(OUR_ASSUMPTIONS);

    const error = refusal(() => afford({ contractRate: 0.99 }));
    const said = (error as { said?: unknown }).said;
    expect(said).toMatchObject({ code: "affordability.rate-too-high" });
    expect(expectSaidAsEnglish({ message: error.message, message_said: said })).toBe(1);

    const ours = SAID_CODES.filter((code) => code.startsWith("affordability.") || code.startsWith("closing."));
    const emitted = new Set([...ourResults, said].flatMap(codesOf).filter((code) => ours.includes(code as never)));
    expect([...emitted].sort()).toEqual([...ours].sort());
  });
});
