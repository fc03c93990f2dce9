import { describe, expect, it } from "vitest";
import { rentersTaxCredit } from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { RENTERS_CREDIT } from "./tenancy-fixtures.ts";

// The credit: tenancy-fixtures.ts (the Province's page, each tax year's band).

const facts = { facts: [RENTERS_CREDIT] };

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
