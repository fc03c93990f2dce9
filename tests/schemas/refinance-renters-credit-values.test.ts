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
