import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AffordabilityOptions,
  AmortizationScheduleOptions,
  amortizationSchedule,
  MaxPrincipalOptions,
  MinimumDownPaymentOptions,
  MonthlyPaymentOptions,
  MortgageInsurancePremiumOptions,
  MortgagePaymentOptions,
  minimumDownPayment,
  monthlyPayment,
  mortgageInsurancePremium,
  QualifyingRateOptions,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { MORTGAGE_RULES } from "./mortgage-rules.ts";

const asOf = "2025-06-01";
const premium = { price: 500_000, downPayment: 25_000, amortizationYears: 25, asOf };

describe("the mortgage calculators read their options by their schemas", () => {
  it("publish each options schema as strict JSON Schema", () => {
    for (const [name, schema] of Object.entries({
      AffordabilityOptions,
      AmortizationScheduleOptions,
      MaxPrincipalOptions,
      MinimumDownPaymentOptions,
      MonthlyPaymentOptions,
      MortgageInsurancePremiumOptions,
      MortgagePaymentOptions,
      QualifyingRateOptions,
    })) {
      expect(z.toJSONSchema(schema), name).toMatchObject({ type: "object", additionalProperties: false });
    }
    expect(Object.keys(QualifyingRateOptions.shape)).toEqual(["contractRate", "insured", "asOf"]);
    expect(Object.keys(MinimumDownPaymentOptions.shape)).toEqual([
      "price",
      "amortizationYears",
      "firstTimeBuyer",
      "newlyBuilt",
      "asOf",
    ]);
  });

  it("refuse a BigInt, an amount above ten billion dollars and text as a CalculatorError naming the option and its bounds", () => {
    expect(
      refusal(() => monthlyPayment({ principal: 1n as never, annualRate: 0.05, amortizationYears: 25 })),
    ).toMatchObject({
      reason: "invalid-option",
      option: "principal",
      message: "principal must be an amount of money in dollars from 0 to 10,000,000,000, got the BigInt 1n",
    });
    expect(refusal(() => minimumDownPayment(MORTGAGE_RULES, 1e11, { asOf }))).toMatchObject({
      option: "price",
      message: "price must be an amount of money in dollars from 0.01 to 10,000,000,000, got 100000000000",
    });
    expect(refusal(() => minimumDownPayment(MORTGAGE_RULES, 0, { asOf }))).toMatchObject({ option: "price" });
    expect(refusal(() => qualifyingRate(MORTGAGE_RULES, "0.045" as never, { asOf }))).toMatchObject({
      option: "contractRate",
      message: 'contractRate must be a fraction from 0 to below 1 (0.05 for 5%), got "0.045"',
    });
    expect(
      refusal(() => mortgageInsurancePremium(MORTGAGE_RULES, { ...premium, firstTimeBuyer: 1 as never })),
    ).toMatchObject({
      option: "firstTimeBuyer",
      message: "firstTimeBuyer must be true or false, got 1",
    });
    expect(refusal(() => qualifyingRate(MORTGAGE_RULES, 0.045, { asOf: "2025-13-01" }))).toMatchObject({
      option: "asOf",
    });
  });

  it("refuse an unknown option with the nearest known one, and an argument passed again as an option", () => {
    expect(refusal(() => minimumDownPayment(MORTGAGE_RULES, 500_000, { asof: asOf } as never)).message).toBe(
      "minimumDownPayment: unknown option asof; did you mean asOf? (known options: price, amortizationYears, firstTimeBuyer, newlyBuilt, asOf)",
    );
    expect(refusal(() => qualifyingRate(MORTGAGE_RULES, 0.045, { asOf, contractRate: 0.05 } as never))).toMatchObject({
      reason: "unknown-option",
      option: "contractRate",
      message: "qualifyingRate: contractRate is its own argument, not an option; pass it once",
    });
    expect(
      refusal(() => amortizationSchedule({ principal: 1, annualRate: 0.05, amortizationYears: 25, term: 5 } as never))
        .message,
    ).toContain("did you mean termYears?");
  });

  it("keep the checks across options in code, naming the option", () => {
    expect(
      refusal(() => amortizationSchedule({ principal: 1_000, annualRate: 0.05, amortizationYears: 5, termYears: 10 })),
    ).toMatchObject({
      option: "termYears",
      message: "termYears (10) must not be longer than amortizationYears (5)",
    });
    expect(refusal(() => mortgageInsurancePremium(MORTGAGE_RULES, { ...premium, downPayment: 600_000 }))).toMatchObject(
      { option: "downPayment", message: "downPayment (600000) must not be more than price (500000)" },
    );
    expect(
      refusal(() => monthlyPayment({ principal: 400_000, annualRate: 0.05, amortizationYears: 25.3 })),
    ).toMatchObject({ option: "amortizationYears" });
  });

  it("read -0 as 0 and never answer -0, and answer as before", () => {
    expect(Object.is(monthlyPayment({ principal: -0, annualRate: 0.05, amortizationYears: 25 }), 0)).toBe(true);
    const schedule = amortizationSchedule({ principal: -0, annualRate: -0, amortizationYears: 1 });
    expect(Object.is(schedule.balance_at_term_end, 0)).toBe(true);
    expect(qualifyingRate(MORTGAGE_RULES, -0, { asOf })).toMatchObject({ rate: 0.0525, rule: "floor" });
    // $500,000 with 5% down: $475,000 at 4% = $19,000.
    expect(mortgageInsurancePremium(MORTGAGE_RULES, { ...premium, nonTraditionalDownPayment: false })).toMatchObject({
      premium: 19_000,
      loan_with_premium: 494_000,
    });
  });
});
