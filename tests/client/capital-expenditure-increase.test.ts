import { describe, expect, it } from "vitest";
import { capitalExpenditureIncrease } from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { CAPITAL_EXPENDITURE } from "./tenancy-fixtures.ts";

// The rule: tenancy-fixtures.ts (the Regulation from July 1, 2021; the Branch's 120-month spread).
const facts = { facts: [CAPITAL_EXPENDITURE] };

describe("capitalExpenditureIncrease", () => {
  it("spreads the expenditure over the units and 120 months, to the cent below", () => {
    // A $240,000 roof for a 40-unit building: $240,000 ÷ 40 ÷ 120 = $50 a month for each unit.
    const roof = capitalExpenditureIncrease(facts, {
      expenditure: 240_000,
      units: 40,
      currentRent: 1_600,
      asOf: "2025-03-01",
    });
    expect(roof).toMatchObject({
      per_unit_monthly: 50,
      share_of_rent: 0.03125,
      amortization_months: 120,
      phases: null,
      application_required: true,
    });
    expect(roof.breakdown.join("\n")).toContain("not recorded here: no phasing is computed");
    // $100,000 ÷ 7 ÷ 120 = $119.047…: $119.04, never rounded up.
    expect(
      capitalExpenditureIncrease(facts, { expenditure: 100_000, units: 7, currentRent: 2_000, asOf: "2025-03-01" })
        .per_unit_monthly,
    ).toBe(119.04);
  });

  it("refuses the day before the rule began, saying so, and answers on the day it began", () => {
    const before = refusal(() =>
      capitalExpenditureIncrease(facts, { expenditure: 240_000, units: 40, currentRent: 1_600, asOf: "2021-06-30" }),
    );
    expect(before).toMatchObject({ reason: "no-rule-on-date", fact_id: "bc.rtr.capital_expenditure_increase" });
    expect(before.message).toContain("began on 2021-07-01");
    expect(
      capitalExpenditureIncrease(facts, { expenditure: 240_000, units: 40, currentRent: 1_600, asOf: "2021-07-01" })
        .per_unit_monthly,
    ).toBe(50);
  });

  it("refuses no units, a negative expenditure and an infinite rent, naming the option", () => {
    const base = { expenditure: 1_000, units: 1, currentRent: 1_000, asOf: "2025-01-01" };
    expect(refusal(() => capitalExpenditureIncrease(facts, { ...base, units: 0 }))).toMatchObject({ option: "units" });
    expect(refusal(() => capitalExpenditureIncrease(facts, { ...base, expenditure: -1 }))).toMatchObject({
      option: "expenditure",
    });
    expect(
      refusal(() => capitalExpenditureIncrease(facts, { ...base, currentRent: Number.POSITIVE_INFINITY })),
    ).toMatchObject({ option: "currentRent" });
  });
});
