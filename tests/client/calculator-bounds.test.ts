import { describe, expect, it } from "vitest";
import {
  affordability,
  amortizationSchedule,
  cashToClose,
  flippingTax,
  gstOnNewHome,
  homeOwnerGrant,
  maxPrincipal,
  minimumDownPayment,
  monthlyPayment,
  mortgageInsurancePremium,
  mortgagePayment,
  propertyTransferTax,
  qualifyingRate,
  rentIncrease,
} from "../../packages/client/src/index.ts";
import { withFacts } from "../helpers/fact-fixture.ts";
import { type SweptCalculator, sweep } from "./calculator-sweep.ts";
import { MORTGAGE_RULES } from "./mortgage-rules.ts";
import { TAX_FIXTURES } from "./tax-fixtures.ts";

// Every calculator of the client over values no caller should be able to break it with: each option in turn at and
// past its bounds, of the wrong type, hostile (a BigInt, a circular object, a list of 10,000 lines, a string of
// 100,000 characters), real dates from 0001-01-01 to 9999-12-31, unknown option names up to 4,000,000 characters and
// options that are not an object. Each call must answer (with no -0, Infinity or NaN anywhere in its result) or refuse
// with a CalculatorError, within 50 ms. The rules are the ones the tests state (fixtures), not the live facts.

const RULES = withFacts(MORTGAGE_RULES, ...(TAX_FIXTURES.facts as never[]));
const ON = "2025-06-01";

/** Each calculator with options it computes from, on the stated rules. */
const CALCULATORS: SweptCalculator[] = [
  {
    name: "propertyTransferTax",
    options: { price: 845_000, firstTimeBuyer: true, eligibleShare: 0.5, asOf: ON },
    run: (facts, options) => propertyTransferTax(facts, options as never),
  },
  {
    name: "propertyTransferTax (foreign buyer)",
    options: { price: 2_000_000, foreignBuyer: true, inSpecifiedArea: true, residentialShare: 0.7, asOf: ON },
    run: (facts, options) => propertyTransferTax(facts, options as never),
  },
  {
    name: "homeOwnerGrant",
    options: { assessedValue: 2_000_000, additional: true, propertyTax: 3_000, asOf: "2026-06-01" },
    run: (facts, options) => homeOwnerGrant(facts, options as never),
  },
  {
    name: "gstOnNewHome",
    options: { price: 1_150_000, firstTimeBuyer: true, agreementDate: "2025-04-01", asOf: ON },
    run: (facts, options) => gstOnNewHome(facts, options as never),
  },
  {
    name: "rentIncrease",
    options: { currentRent: 2_000, increaseDate: "2026-03-01" },
    run: (facts, options) => rentIncrease(facts, options as never),
  },
  {
    name: "flippingTax",
    options: {
      purchaseDate: "2025-01-15",
      saleDate: "2026-02-20",
      proceeds: 900_000,
      cost: 800_000,
      improvements: 10_000,
      primaryResidence: true,
    },
    run: (facts, options) => flippingTax(facts, options as never),
  },
  {
    name: "minimumDownPayment",
    options: { price: 1_150_000, asOf: ON },
    run: (facts, options) => {
      const { price, ...rest } = (options ?? {}) as { price?: unknown };
      return minimumDownPayment(facts, price as number, rest);
    },
  },
  {
    name: "qualifyingRate",
    options: { contractRate: 0.045, asOf: ON },
    run: (facts, options) => {
      const { contractRate, ...rest } = (options ?? {}) as { contractRate?: unknown };
      return qualifyingRate(facts, contractRate as number, rest);
    },
  },
  {
    name: "mortgageInsurancePremium",
    options: { price: 1_150_000, downPayment: 115_000, amortizationYears: 30, firstTimeBuyer: true, asOf: ON },
    run: (facts, options) => mortgageInsurancePremium(facts, options as never),
  },
  {
    name: "affordability",
    options: {
      annualIncome: 180_000,
      monthlyDebtPayments: 500,
      annualPropertyTax: 3_600,
      monthlyHeating: 100,
      monthlyStrataFee: 400,
      contractRate: 0.045,
      amortizationYears: 30,
      downPayment: 115_000,
      price: 1_150_000,
      firstTimeBuyer: true,
      newlyBuilt: true,
      asOf: ON,
    },
    run: (facts, options) => affordability(facts, options as never),
  },
  {
    name: "cashToClose",
    options: {
      price: 1_150_000,
      downPayment: 115_000,
      firstTimeBuyer: true,
      newlyBuilt: true,
      amortizationYears: 30,
      extra: [{ label: "Legal fees", amount: 2_000 }],
      asOf: ON,
    },
    run: (facts, options) => cashToClose(facts, options as never),
  },
  {
    name: "mortgagePayment",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30, frequency: "accelerated-weekly" },
    run: (_facts, options) => mortgagePayment(options as never),
  },
  {
    name: "amortizationSchedule",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30, termYears: 5, frequency: "weekly" },
    run: (_facts, options) => amortizationSchedule(options as never),
  },
  {
    name: "maxPrincipal",
    options: { payment: 5_850, annualRate: 0.065, amortizationYears: 30, frequency: "biweekly" },
    run: (_facts, options) => maxPrincipal(options as never),
  },
  {
    name: "monthlyPayment",
    options: { principal: 1_035_000, annualRate: 0.045, amortizationYears: 30 },
    run: (_facts, options) => monthlyPayment(options as never),
  },
];

describe("every calculator over extreme and hostile inputs", () => {
  it("answers or refuses each call with a CalculatorError within 50 ms, never with -0, Infinity or NaN", () => {
    for (const calculator of CALCULATORS) calculator.run(RULES, calculator.options);
    const report = sweep(RULES, CALCULATORS);
    console.log(
      `calculator sweep: ${report.calls} calls; slowest ${report.slowest.name} with ${report.slowest.option} = ${report.slowest.value}: ${report.slowest.ms.toFixed(2)} ms`,
    );
    expect(report.faults).toEqual([]);
    expect(report.calls).toBeGreaterThan(3_000);
    expect(report.slowest.ms).toBeLessThan(50);
  });
});
