import { beforeAll, describe, expect, it } from "vitest";
import { CalculatorError, type FactCatalog, minimumDownPayment, monthlyPayment, qualifyingRate } from "../../packages/client/src/index.ts";
import { publishedFacts, withValue } from "./published-facts.ts";

let catalog: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
});

describe("minimumDownPayment, from cmhc.insurance_cap", () => {
  it.each([
    [400_000, 20_000, true],
    [500_000, 25_000, true],
    [750_000, 50_000, true],
    [1_000_000, 75_000, true],
    [1_499_999, 124_999.9, true],
    [1_500_000, 300_000, false],
    [2_000_000, 400_000, false],
  ])("$%d needs at least %d down (insurable: %s)", (price, minimum, insurable) => {
    const result = minimumDownPayment(catalog, price);
    expect(result).toMatchObject({ minimum, insurable });
    expect(result.citations[0]).toMatchObject({ fact_id: "cmhc.insurance_cap", canonical_url: expect.stringContaining("cmhc.insurance_cap") });
  });

  it("follows the fact's cap and brackets", () => {
    const lowerCap = withValue(catalog, "cmhc.insurance_cap", (value) => ({ ...(value as object), insured_price_cap_exclusive: 1_000_000 }));
    expect(minimumDownPayment(lowerCap, 1_200_000)).toMatchObject({ minimum: 240_000, insurable: false });
  });

  it("refuses a negative price", () => {
    expect(() => minimumDownPayment(catalog, -5)).toThrow(CalculatorError);
  });
});

describe("qualifyingRate, from osfi.b20.stress_test", () => {
  it.each([
    [0.0299, 0.0525, "floor"],
    [0.0325, 0.0525, "contract-plus-buffer"],
    [0.045, 0.065, "contract-plus-buffer"],
    [0.0579, 0.0779, "contract-plus-buffer"],
  ])("a contract rate of %d qualifies at %d (%s)", (contract, rate, rule) => {
    expect(qualifyingRate(catalog, contract)).toMatchObject({ rate, rule, buffer_rate: 0.02, floor_rate: 0.0525 });
  });

  it("follows the fact's floor and buffer", () => {
    const changed = withValue(catalog, "osfi.b20.stress_test", (value) => ({ ...(value as object), floor_rate: 0.06, buffer_rate: 0.01 }));
    expect(qualifyingRate(changed, 0.045)).toMatchObject({ rate: 0.06, rule: "floor" });
    expect(qualifyingRate(changed, 0.055)).toMatchObject({ rate: 0.065, rule: "contract-plus-buffer" });
  });

  it("refuses a rate written as a percentage", () => {
    expect(() => qualifyingRate(catalog, 4.5)).toThrow("contractRate must be a fraction");
  });
});

describe("monthlyPayment, with Canadian semi-annual compounding", () => {
  it("equals the annuity payment at the monthly rate equivalent to the semi-annually compounded quoted rate", () => {
    const principal = 800_000;
    const effectiveAnnual = (1 + 0.05 / 2) ** 2;
    const monthly = effectiveAnnual ** (1 / 12) - 1;
    const expected = (principal * monthly) / (1 - (1 + monthly) ** -(25 * 12));
    expect(monthlyPayment({ principal, annualRate: 0.05, amortizationYears: 25 })).toBeCloseTo(expected, 2);
  });

  it("pays less than monthly compounding at the same quoted rate would", () => {
    const monthly = 0.05 / 12;
    const monthlyCompounded = (800_000 * monthly) / (1 - (1 + monthly) ** -300);
    expect(monthlyPayment({ principal: 800_000, annualRate: 0.05, amortizationYears: 25 })).toBeLessThan(monthlyCompounded);
  });

  it("divides the principal evenly at a zero rate", () => {
    expect(monthlyPayment({ principal: 300_000, annualRate: 0, amortizationYears: 25 })).toBe(1_000);
  });

  it.each([
    [{ principal: -1, annualRate: 0.05, amortizationYears: 25 }, "principal"],
    [{ principal: 1, annualRate: 5, amortizationYears: 25 }, "annualRate"],
    [{ principal: 1, annualRate: 0.05, amortizationYears: 0 }, "amortizationYears"],
  ])("refuses %j", (options, name) => {
    expect(() => monthlyPayment(options)).toThrow(name);
  });
});
