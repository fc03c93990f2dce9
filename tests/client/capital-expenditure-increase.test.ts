import { describe, expect, it } from "vitest";
import {
  type CapitalExpenditureIncreaseOptions,
  capitalExpenditureIncrease,
  type Fact,
  SAID_CODES,
} from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
import { cap } from "./tax-fixtures.ts";
import { CAPITAL_EXPENDITURE, RENT_CAPS } from "./tenancy-fixtures.ts";

// The rule: tenancy-fixtures.ts (the Regulation from July 1, 2021; the Branch's 120-month spread).
const facts = { facts: [CAPITAL_EXPENDITURE, RENT_CAPS] } as never;

describe("capitalExpenditureIncrease", () => {
  it("spreads the expenditure over the units and 120 months, rounded to the cent as the Branch's own system does", () => {
    // A $240,000 roof for a 40-unit building: $240,000 ÷ 40 ÷ 120 = $50 a month for each unit.
    const roof = capitalExpenditureIncrease(facts, {
      expenditure: 240_000,
      units: 40,
      currentRent: 1_600,
      asOf: "2024-01-01",
    });
    expect(roof).toMatchObject({ per_unit_monthly: 50, share_of_rent: 0.03125, amortization_months: 120 });
    // The Branch's dispute system (bcgov-c/RTB-Dispute-Management-System, AriNoticePreview.js): "calculatedAmount =
    // amount / ARI_CALC_RENT_INCREASE_DIVISOR / numUnits", the divisor 120, then "Round to two decimal places": $100,000
    // ÷ 120 ÷ 7 = $119.047… is $119.05.
    expect(
      capitalExpenditureIncrease(facts, { expenditure: 100_000, units: 7, currentRent: 2_000, asOf: "2025-03-01" })
        .per_unit_monthly,
    ).toBe(119.05);
  });

  it("imposes it in phases, each at most 3% of the rent plus the year's annual increase, and says what is left", () => {
    // $600,000 for 20 units: $250 a month each. Rent $2,000; phase 1 from January 1, 2024 with the 3.5% cap: $70,
    // limit 3% × $2,070 = $62.10. Phase 2, 2025 (3%): rent $2,132.10, annual $63.96, limit 3% × $2,196.06 = $65.88.
    // Phase 3, 2026 (2.3%): rent $2,261.94, annual $52.02, limit 3% × $2,313.96 = $69.41. Left: $52.61 a month.
    const big = capitalExpenditureIncrease(facts, {
      expenditure: 600_000,
      units: 20,
      currentRent: 2_000,
      asOf: "2023-09-01",
      firstIncreaseDate: "2024-01-01",
    });
    expect(big.per_unit_monthly).toBe(250);
    expect(
      big.phases.map(({ phase, from_iso, annual_increase, limit, amount }) => [
        phase,
        from_iso,
        annual_increase,
        limit,
        amount,
      ]),
    ).toEqual([
      [1, "2024-01-01", 70, 62.1, 62.1],
      [2, "2025-01-01", 63.96, 65.88, 65.88],
      [3, "2026-01-01", 52.02, 69.41, 69.41],
    ]);
    expect(big.not_imposable_monthly).toBe(52.61);
    expect(big.breakdown.join("\n")).toContain("$52.61 a month is left after the last phase, and may not be imposed");
    expect(big.citations.map((each) => [each.fact_id, each.version])).toEqual([
      ["bc.rtr.capital_expenditure_increase", 1],
      ["bc.rent_cap.2026", 1],
      ["bc.rent_cap.2026", 2],
      ["bc.rent_cap.2026", 3],
    ]);
    // The roof fits in the first phase's limit (3% × ($1,600 + $56) = $49.68), and the rest in the second.
    const roof = capitalExpenditureIncrease(facts, {
      expenditure: 240_000,
      units: 40,
      currentRent: 1_600,
      asOf: "2024-01-01",
    });
    expect(roof.phases.map((each) => each.amount)).toEqual([49.68, 0.32]);
    expect(roof.not_imposable_monthly).toBe(0);
  });

  it("asks for the rent caps when they are not passed in, so that a caller reading facts on demand fetches them", () => {
    expect(
      refusal(() =>
        capitalExpenditureIncrease({ facts: [CAPITAL_EXPENDITURE] } as never, {
          expenditure: 240_000,
          units: 40,
          currentRent: 1_600,
          asOf: "2024-01-01",
        }),
      ),
    ).toMatchObject({ reason: "missing-fact", fact_id: "bc.rent_cap" });
  });

  it("does not compute a phase whose year's cap is not recorded", () => {
    const later = capitalExpenditureIncrease(facts, {
      expenditure: 600_000,
      units: 20,
      currentRent: 2_000,
      asOf: "2025-01-01",
    });
    expect(later.phases.map((each) => [each.from_iso, each.amount])).toEqual([
      ["2025-01-01", 61.8],
      ["2026-01-01", 65.11],
      ["2027-01-01", null],
    ]);
    expect(later.phases[2]!.note).toContain("the annual limit for increases in 2027 is not recorded here yet");
    expect(later.not_imposable_monthly).toBeNull();
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

  it("says every line, phase note and assumption as a code with values that read as its English", () => {
    const rule = CAPITAL_EXPENDITURE.value as Record<string, unknown>;
    // Rules stated by the test: the same rule recorded as a period before a first version, and one applied without an
    // application to the Branch (neither was published); a rent cap whose value this calculator cannot read.
    const period = fixtureFact("bc.rtr.capital_expenditure_increase", rule, "2023-01-01", [
      { value: rule, effective_iso: "2021-07-01", superseded_iso: "2023-01-01" },
    ]);
    const noApplication = fixtureFact(
      "bc.rtr.capital_expenditure_increase",
      { ...rule, application_required: false },
      "2021-07-01",
    );
    const unreadable = {
      ...fixtureFact("bc.rent_cap.2026", cap(2024, 0.035, { notice_period_months: 0 }), "2024-01-01"),
      series: "bc.rent_cap",
    } as unknown as Fact;
    const base = { expenditure: 240_000, units: 40, currentRent: 1_600, asOf: "2024-01-01" };
    const cases: Array<[readonly Fact[], CapitalExpenditureIncreaseOptions]> = [
      // The limit, then the rest of the eligible amount.
      [[CAPITAL_EXPENDITURE, RENT_CAPS], base],
      // Three phases at their limit and something left; the first phase's day given.
      [
        [CAPITAL_EXPENDITURE, RENT_CAPS],
        { expenditure: 600_000, units: 20, currentRent: 2_000, asOf: "2023-09-01", firstIncreaseDate: "2024-01-01" },
      ],
      // A phase whose year's cap is not recorded.
      [[CAPITAL_EXPENDITURE, RENT_CAPS], { ...base, expenditure: 600_000, units: 20, asOf: "2025-01-01" }],
      // A first phase before the first recorded cap; the rule read from a period before its first version.
      [[period, RENT_CAPS], { ...base, asOf: "2022-01-01" }],
      // A cap the calculator cannot read; no application needed; one unit.
      [[noApplication, unreadable], { ...base, units: 1, asOf: "2024-06-01" }],
    ];
    const results = cases.map(([facts, options]) => capitalExpenditureIncrease({ facts }, options));
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(5);
    const codes = new Set(
      results.flatMap((result) => [
        ...result.breakdown_said.map((said) => said.code),
        ...result.phases.map((phase) => phase.note_said.code),
      ]),
    );
    expect([...codes].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("capex.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set([
        "capex-eligible",
        "capex-granted",
        "capex-notice-only",
        "capex-first-phase",
        "capex-first-phase-on-application",
      ]),
    );
    // One unit is one unit; a count above 999 is grouped, as the page writes it.
    expect(results[4]!.breakdown[1]).toContain("÷ 1 unit ÷ 120 months");
    expect(
      capitalExpenditureIncrease({ facts: [CAPITAL_EXPENDITURE, RENT_CAPS] }, { ...base, units: 12_000 }).breakdown[1],
    ).toContain("÷ 12,000 units ÷");
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
