import { describe, expect, it } from "vitest";
import { rentersTaxCredit, SAID_CODES } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
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

  it("says every line and assumption as a code with values that read as its English", () => {
    // 2024 from the current version, reduced; 2023 from the period before it, in full.
    const results = [
      rentersTaxCredit(facts, { adjustedIncome: 70_000, taxYear: 2024 }),
      rentersTaxCredit(facts, { adjustedIncome: 45_000, taxYear: 2023 }),
    ];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBe(4);
    expect(new Set(results.flatMap((result) => result.breakdown_said.map((said) => said.code)))).toEqual(
      new Set(SAID_CODES.filter((code) => code.startsWith("credit."))),
    );
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set(["renter-eligible", "one-claim-per-couple"]),
    );
    // A rule stated by the test (none was published): one one-month period is said as one.
    const one = fixtureFact(
      "bc.renters_tax_credit",
      { ...(RENTERS_CREDIT.value as object), min_one_month_periods_rented: 1 },
      "2024-01-01",
    );
    const result = rentersTaxCredit({ facts: [one] }, { adjustedIncome: 1, taxYear: 2024 });
    expect(result.assumptions[0]).toContain("for at least 1 one-month period of the year");
    expect(expectSaidAsEnglish(result)).toBe(4);
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
