import { describe, expect, it } from "vitest";
import { FACT_VALUE_SCHEMAS } from "../../src/schemas/index.ts";

/** The path and message of each issue a value schema raises, or an empty list when it accepts the value. */
const issues = (id: keyof typeof FACT_VALUE_SCHEMAS, value: unknown): [string, string][] =>
  (FACT_VALUE_SCHEMAS[id].safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join("/"), issue.message]);

describe("the value schema of ca.insured_refinance.secondary_suites", () => {
  const refinance = {
    max_loan_to_value_as_improved: 0.9,
    value_as_improved_cap_exclusive: 2000000,
    max_amortization_years: 30,
    new_money_limited_to_cost_of_units: true,
    borrower_must_own_property: true,
    owner_occupancy_condition: "at least one unit occupied by the borrower or a close relative",
    added_units_min_rental_period_days: 90,
    max_family_housing_units: 4,
    min_credit_score: 600,
    gds_max: 0.39,
    tds_max: 0.44,
    buffer_rate: 0.02,
    floor_rate: 0.0525,
    applications_received_from_iso: "2025-01-15",
    statute: "Insurable Housing Loan Regulations (SOR/2012-282), s. 6.1",
  };

  it("accepts the rule of s. 6.1 as the Regulations state it", () => {
    expect(issues("ca.insured_refinance.secondary_suites", refinance)).toEqual([]);
  });

  it("refuses a loan-to-value of 90 instead of 0.9, a negative value cap and ratios out of order", () => {
    expect(
      issues("ca.insured_refinance.secondary_suites", { ...refinance, max_loan_to_value_as_improved: 90 }),
    ).toEqual([["max_loan_to_value_as_improved", expect.any(String)]]);
    expect(
      issues("ca.insured_refinance.secondary_suites", { ...refinance, value_as_improved_cap_exclusive: -2000000 }),
    ).toEqual([["value_as_improved_cap_exclusive", expect.any(String)]]);
    expect(issues("ca.insured_refinance.secondary_suites", { ...refinance, gds_max: 0.44, tds_max: 0.39 })).toEqual([
      ["tds_max", "must be above gds_max (0.44): gds_max, tds_max are in order"],
    ]);
  });

  it("refuses a property limited to one unit and a day that does not exist", () => {
    expect(issues("ca.insured_refinance.secondary_suites", { ...refinance, max_family_housing_units: 1 })).toEqual([
      ["max_family_housing_units", "must be at least 2: the loan adds units to a property that already has one"],
    ]);
    expect(
      issues("ca.insured_refinance.secondary_suites", { ...refinance, applications_received_from_iso: "2025-02-30" }),
    ).toEqual([["applications_received_from_iso", expect.any(String)]]);
  });
});

describe("the value schema of bc.renters_tax_credit", () => {
  const credit = {
    credit_max_cad: 400,
    credit_full_at_adjusted_income_max_cad: 63000,
    credit_ends_at_adjusted_income_cad: 83000,
    credit_reduction_rate: 0.02,
    tax_year: 2024,
    credit_threshold_indexed_yearly: true,
    credit_refundable: true,
    credit_first_tax_year: 2023,
    min_one_month_periods_rented: 6,
    eligibility_on_december_31: ["resident of B.C."],
    one_claim_per_couple: true,
    roommates_claim_separately: true,
    claimed_on: "T1 Income Tax and Benefit Return",
  };

  it("accepts the 2024 tax year's credit", () => {
    expect(issues("bc.renters_tax_credit", credit)).toEqual([]);
  });

  it("refuses a reduction rate of 2 instead of 0.02 and a negative credit", () => {
    expect(issues("bc.renters_tax_credit", { ...credit, credit_reduction_rate: 2 })).toContainEqual([
      "credit_reduction_rate",
      expect.any(String),
    ]);
    expect(issues("bc.renters_tax_credit", { ...credit, credit_max_cad: -400 })).toContainEqual([
      "credit_max_cad",
      expect.any(String),
    ]);
  });

  it("refuses a phase-out that ends below its start, or that does not bring the credit to zero where it ends", () => {
    expect(
      issues("bc.renters_tax_credit", {
        ...credit,
        credit_full_at_adjusted_income_max_cad: 83000,
        credit_ends_at_adjusted_income_cad: 63000,
      }),
    ).toContainEqual([
      "credit_ends_at_adjusted_income_cad",
      "must be above credit_full_at_adjusted_income_max_cad (83000): credit_full_at_adjusted_income_max_cad, credit_ends_at_adjusted_income_cad are in order",
    ]);
    expect(issues("bc.renters_tax_credit", { ...credit, credit_ends_at_adjusted_income_cad: 93000 })).toEqual([
      [
        "credit_reduction_rate",
        "must bring credit_max_cad (400) to zero over the phase-out band of 30000: 0.02 x 30000 is 600",
      ],
    ]);
  });

  it("refuses a tax year before the credit's first", () => {
    expect(issues("bc.renters_tax_credit", { ...credit, tax_year: 2022 })).toEqual([
      ["tax_year", "must be at least credit_first_tax_year (2023): credit_first_tax_year, tax_year are in order"],
    ]);
  });
});
