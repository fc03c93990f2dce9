import { describe, expect, it } from "vitest";
import { everyCalculator, sweep } from "../../bench/calculator-sweep.ts";
import { homeOwnerGrant, maxPrincipal, propertyTransferTax } from "../../packages/client/src/index.ts";
import { withFacts } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { MORTGAGE_RULES } from "./mortgage-rules.ts";
import { englishOf } from "./said-english.ts";
import { TAX_FIXTURES } from "./tax-fixtures.ts";

// Every calculator of the client over values no caller should be able to break it with: each option in turn at and
// past its bounds, of the wrong type, hostile (a BigInt, a circular object, a list of 10,000 lines, a string of
// 100,000 characters), real dates from 0001-01-01 to 9999-12-31, unknown option names up to 4,000,000 characters and
// options that are not an object. Each call must answer (with no -0, Infinity or NaN anywhere in its result) or refuse
// with a CalculatorError. How long each takes is measured by npm run bench (bench/calculators.bench.ts), not here: a
// busy machine would fail a time limit that a user never notices. The rules are the ones the tests state (fixtures),
// not the live facts.

const RULES = withFacts(MORTGAGE_RULES, ...(TAX_FIXTURES.facts as never[]));
const ON = "2026-06-01";

describe("every calculator over extreme and hostile inputs", () => {
  it("answers or refuses each call with a CalculatorError, never with -0, Infinity or NaN", () => {
    const calculators = everyCalculator(ON);
    for (const calculator of calculators) calculator.run(RULES, calculator.options);
    const report = sweep(RULES, calculators);
    console.log(
      `calculator sweep: ${report.calls} calls; slowest ${report.slowest.name} with ${report.slowest.option} = ${report.slowest.value}: ${report.slowest.ms.toFixed(2)} ms`,
    );
    expect(report.faults).toEqual([]);
    expect(report.calls).toBeGreaterThan(3_000);
  });
});

describe("an option refused for its bounds, for a program to say in its own words", () => {
  it("carries the refusal as a code with the bounds, whose English message says them", () => {
    const price = refusal(() => propertyTransferTax(RULES, { price: -1, asOf: ON }));
    expect(price.said).toEqual({
      code: "option.amount",
      values: { min: { money: 0 }, max: { money: 10_000_000_000 } },
    });
    expect(englishOf(`calc.said.${price.said!.code}`, price.said!.values)).toBe(
      "Enter an amount from $0 to $10,000,000,000.",
    );
    const rate = refusal(() => maxPrincipal({ payment: 1000, annualRate: 1.5, amortizationYears: 25 }));
    expect(rate).toMatchObject({ option: "annualRate", said: { code: "option.rate" } });
    // A refusal about the options as a whole, not one option's bounds, carries none: its message is for programs.
    expect(refusal(() => propertyTransferTax(RULES, "a price" as never)).said).toBeUndefined();
  });
});

describe("the hostile inputs that once broke a calculator", () => {
  it("refuses a payment of $13.3 trillion or 1e308 at once instead of never returning", () => {
    for (const payment of [13.3e12, 1e308]) {
      const error = refusal(() => maxPrincipal({ payment, annualRate: 0.05, amortizationYears: 25 }));
      expect(error).toMatchObject({ reason: "invalid-option", option: "payment" });
      expect(error.message).toContain("from 0 to 10,000,000,000");
    }
  });

  it("refuses an amount above the bound rather than answer $∞ or NaN", () => {
    expect(refusal(() => propertyTransferTax(RULES, { price: 1.8e307, asOf: ON }))).toMatchObject({
      option: "price",
    });
  });

  it("answers a property tax of -0 with $0, never -$0", () => {
    const grant = homeOwnerGrant(RULES, { assessedValue: 1_000_000, propertyTax: -0, asOf: ON });
    expect(Object.is(grant.tax_after_grant, 0)).toBe(true);
    expect(Object.is(grant.grant, 0)).toBe(true);
  });

  it("refuses a BigInt amount as a CalculatorError naming it, not a TypeError", () => {
    expect(refusal(() => propertyTransferTax(RULES, { price: 650_000n as never, asOf: ON }))).toMatchObject({
      reason: "invalid-option",
      option: "price",
      message: "price must be an amount of money in dollars from 0 to 10,000,000,000, got the BigInt 650000n",
    });
  });

  it("reads real dates of the years 0001 to 0099 as dates, with no rule recorded on them", () => {
    for (const asOf of ["0001-01-01", "0099-12-31", "0400-02-29"])
      expect(refusal(() => propertyTransferTax(RULES, { price: 650_000, asOf }))).toMatchObject({
        reason: "no-rule-on-date",
        date: asOf,
      });
    expect(refusal(() => propertyTransferTax(RULES, { price: 650_000, asOf: "0100-02-29" }))).toMatchObject({
      reason: "invalid-option",
      option: "asOf",
    });
  });

  it("refuses an unknown option of 4,000,000 characters at once", () => {
    const error = refusal(() => propertyTransferTax(RULES, { price: 650_000, ["x".repeat(4_000_000)]: true } as never));
    expect(error.reason).toBe("unknown-option");
    expect(error.message).toContain("a name of 4000000 characters; options have names of at most 100");
  });

  it("refuses a circular object as options' value, naming the option", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(refusal(() => propertyTransferTax(RULES, { price: circular as never, asOf: ON }))).toMatchObject({
      option: "price",
      message: "price must be an amount of money in dollars from 0 to 10,000,000,000, got an object",
    });
  });
});
