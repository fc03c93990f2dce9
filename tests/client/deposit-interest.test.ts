import { describe, expect, it } from "vitest";
import { depositInterest, SAID_CODES } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { englishOf, expectSaidAsEnglish } from "./said-english.ts";
import { DEPOSIT_INTEREST } from "./tenancy-fixtures.ts";

// The rates: tenancy-fixtures.ts. The Branch's own deposit interest calculator publishes no worked figures to compare
// with (it answers only what is typed into it), so these cases are the rule's arithmetic: each day earns its year's
// rate over that year's days, and each anniversary of receipt adds the year's interest to the deposit.
const facts = { facts: [DEPOSIT_INTEREST] };

describe("depositInterest", () => {
  it("owes nothing for a deposit held only in years whose rate was 0%", () => {
    const result = depositInterest(facts, { deposit: 1_000, receivedDate: "2016-03-01", returnedDate: "2022-12-31" });
    expect(result).toMatchObject({ interest: 0, total: 1_000, compounding: "annual" });
    expect(result.years.map((each) => each.year)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022]);
  });

  it("earns 1.95% across the whole of 2023, read from the newest record of the table of rates", () => {
    // 365 days at 1.95% of $1,000: $19.50.
    const result = depositInterest(facts, { deposit: 1_000, receivedDate: "2023-01-01", returnedDate: "2024-01-01" });
    expect(result.interest).toBe(19.5);
    expect(result.years).toEqual([
      { year: 2023, rate: 0.0195, from_iso: "2023-01-01", until_iso: "2024-01-01", days: 365, interest: 19.5 },
    ]);
  });

  it("takes each year's rate for its own days, and compounds on each anniversary of receipt", () => {
    // July 1, 2023 to July 1, 2025: $1,000 at 1.95% for 184 days of 2023, then 2.7% for 182 days of 2024 (a leap year)
    // to the anniversary, when the $23.26 earned joins the deposit; then 2.7% for 184 days and 0.95% for 181 days.
    const result = depositInterest(facts, { deposit: 1_000, receivedDate: "2023-07-01", returnedDate: "2025-07-01" });
    const first = (1_000 * 0.0195 * 184) / 365 + (1_000 * 0.027 * 182) / 366;
    const second = ((1_000 + first) * 0.027 * 184) / 366 + ((1_000 + first) * 0.0095 * 181) / 365;
    expect(result.interest).toBe(Math.round((first + second) * 100) / 100);
    expect(result.total).toBe(Math.round((1_000 + first + second) * 100) / 100);
    expect(result.years.map((each) => [each.year, each.days])).toEqual([
      [2023, 184],
      [2024, 366],
      [2025, 181],
    ]);
  });

  it("refuses a year whose rate is not recorded, naming it, and a return before receipt", () => {
    const later = refusal(() =>
      depositInterest(facts, { deposit: 1_000, receivedDate: "2026-06-01", returnedDate: "2027-02-01" }),
    );
    expect(later).toMatchObject({ reason: "not-recorded", fact_id: "bc.rta.deposit_interest" });
    expect(later.message).toContain("no deposit interest rate for 2027");
    expect(
      refusal(() => depositInterest(facts, { deposit: 1_000, receivedDate: "2025-06-01", returnedDate: "2025-05-01" })),
    ).toMatchObject({ reason: "invalid-option", option: "returnedDate" });
    expect(
      refusal(() =>
        depositInterest(facts, { deposit: Number.NaN, receivedDate: "2025-01-01", returnedDate: "2025-05-01" }),
      ),
    ).toMatchObject({ reason: "invalid-option", option: "deposit" });
    expect(
      refusal(() => depositInterest(facts, { deposit: 1_000, receivedDate: "2015-06-01", returnedDate: "2016-05-01" })),
    ).toMatchObject({ reason: "not-recorded" });
  });

  it("says every line, assumption and refusal as a code with values that read as its English", () => {
    // The same table of rates accruing simple interest, as the rule's shape allows, for the line that says so.
    const simple = {
      facts: [
        fixtureFact(
          "bc.rta.deposit_interest",
          { ...(DEPOSIT_INTEREST.value as object), compounding: "simple" },
          "2026-01-01",
        ),
      ],
    };
    const results = [
      depositInterest(facts, { deposit: 1_000, receivedDate: "2023-07-01", returnedDate: "2025-07-01" }),
      depositInterest(simple, { deposit: 1_000, receivedDate: "2023-07-01", returnedDate: "2025-07-01" }),
      depositInterest(facts, { deposit: 1_000, receivedDate: "2024-03-01", returnedDate: "2024-03-02" }),
    ];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(0);
    expect(results[0]!.breakdown[0]).toBe(
      "$1,000 held from July 1, 2023 to July 1, 2025, at each calendar year's rate (bc.rta.deposit_interest, version 1)",
    );
    // One day is one day, not "1 days".
    expect(results[2]!.breakdown).toContain("2024: 2.7% for 1 day = $0.07");

    const before = refusal(() =>
      depositInterest(facts, { deposit: 1_000, receivedDate: "2025-06-01", returnedDate: "2025-05-01" }),
    );
    expect(englishOf(`calc.said.${before.said!.code}`, before.said!.values)).toBe(
      "2025-05-01 is before the day the deposit was received, 2025-06-01: a deposit is returned after it is received.",
    );

    const said = new Set(
      [...results.flatMap((result) => result.breakdown_said), before.said!].map((each) => each.code),
    );
    expect([...said].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("deposit-interest.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set(["deposit-interest-accrues", "deposit-interest-day-count"]),
    );
  });
});
