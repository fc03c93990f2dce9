import { describe, expect, it } from "vitest";
import { rentersTaxCredit } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";

// The credit as the Province's page states it ("Renter's tax credit", www2.gov.bc.ca): "For the 2024 tax year, this
// tax credit will give $400 to low- and moderate-income renter individuals and families with an adjusted income of
// $63,000 or less", reduced above it and nothing from $83,000; for 2023 the band was $60,000 to $80,000, the credit
// "reduced by 2% of the amount your 2023 adjusted income exceeds $60,000" (as facts/tax/bc.renters_tax_credit.json
// records each year with its sources).
const year = (tax_year: number, from: number) => ({
  credit_max_cad: 400,
  credit_full_at_adjusted_income_max_cad: from,
  credit_ends_at_adjusted_income_cad: from + 20_000,
  credit_reduction_rate: 0.02,
  tax_year,
  credit_threshold_indexed_yearly: true,
  credit_refundable: true,
  credit_first_tax_year: 2023,
  min_one_month_periods_rented: 6,
});
const facts = {
  facts: [
    fixtureFact("bc.renters_tax_credit", year(2024, 63_000), "2024-01-01", [
      { value: year(2023, 60_000), effective_iso: "2023-01-01", superseded_iso: "2024-01-01" },
    ]),
  ],
};

describe("rentersTaxCredit", () => {
  it.each([
    [2024, 63_000, 400],
    [2024, 70_000, 260],
    [2024, 83_000, 0],
    [2024, 90_000, 0],
    [2023, 70_000, 200],
    [2023, 45_000, 400],
  ])("tax year %i, adjusted income $%i: $%i", (taxYear, adjustedIncome, credit) => {
    const result = rentersTaxCredit(facts, { adjustedIncome, taxYear });
    expect(result.credit).toBe(credit);
    expect(result.citations[0]).toMatchObject({
      fact_id: "bc.renters_tax_credit",
      effective_iso: `${taxYear}-01-01`,
    });
  });

  it("refuses a tax year before the credit began and one whose figures are not recorded, saying which are", () => {
    expect(refusal(() => rentersTaxCredit(facts, { adjustedIncome: 1, taxYear: 2022 }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.renters_tax_credit",
    });
    const later = refusal(() => rentersTaxCredit(facts, { adjustedIncome: 1, taxYear: 2025 }));
    expect(later).toMatchObject({ reason: "not-recorded", fact_id: "bc.renters_tax_credit" });
    expect(later.message).toContain("recorded: 2023, 2024");
  });

  it("refuses a negative income and a year that is no year, naming the option", () => {
    expect(refusal(() => rentersTaxCredit(facts, { adjustedIncome: -1, taxYear: 2024 }))).toMatchObject({
      option: "adjustedIncome",
    });
    expect(refusal(() => rentersTaxCredit(facts, { adjustedIncome: 1, taxYear: 2024.5 }))).toMatchObject({
      option: "taxYear",
    });
  });
});
