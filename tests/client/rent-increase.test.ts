import { describe, expect, it } from "vitest";
import { type Fact, type RentIncreaseOptions, rentIncrease, SAID_CODES } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
import { cap, member2026 } from "./tax-fixtures.ts";

// The caps: tax-fixtures.ts, each year with its source as the facts record it.
const facts = { facts: [member2026()] };

describe("rentIncrease", () => {
  it("applies an earlier year's cap: 2.5% for an increase in 2019, from the period the facts record before v1", () => {
    const result = rentIncrease(facts, { currentRent: 1_000, increaseDate: "2019-07-01" });
    expect(result).toMatchObject({
      rent_year: 2019,
      cap_rate: 0.025,
      max_increase: 25,
      max_new_rent: 1_025,
      notice_by: "2019-03-31",
      notice_period_months: 3,
      max_increases_per_12_months: 1,
    });
    expect(result.citations[0]).toMatchObject({
      fact_id: "bc.rent_cap.2026",
      version: undefined,
      effective_iso: "2019-01-01",
    });
    expect(result.breakdown.join("\n")).toContain("at most 1 increase in any 12 months");
  });

  it("never rounds the increase up, as the Residential Tenancy Branch requires", () => {
    // "Standard Rent Increase" (Residential Tenancy Branch),
    // https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/during-a-tenancy/rent-increases/standard-rent-increase:
    // "Please note that the amount of the calculated increase must not be rounded up." $1,019 × 2.5% = $25.475.
    expect(rentIncrease(facts, { currentRent: 1_019, increaseDate: "2019-02-01" })).toMatchObject({
      max_increase: 25.47,
      max_new_rent: 1_044.47,
    });
    // An exact amount stays exact: $1,500 × 2.3% is $34.50, not $34.49.
    expect(rentIncrease(facts, { currentRent: 1_500, increaseDate: "2026-04-01" }).max_increase).toBe(34.5);
  });

  it.each([
    // "Landlords must provide tenants with three full rental months' notice of a rent increase" (the RTB page above).
    // For January 1 "you need to ensure notice is served by September 30th" (Cartref Properties, "Rent Increases",
    // https://cartrefproperties.com/blog-1/2022-rent-increases, a property manager's page).
    ["2026-01-01", "2025-09-30"],
    // For June 1 "you must receive the RTB-7 form before March 1" (Tenant Rights, "Notice Requirements for Rent
    // Increases in British Columbia", https://tenantrights.ca/british-columbia/notice-requirements-for-rent-increases-in-british-columbia).
    ["2026-06-01", "2026-02-28"],
    // A notice served on March 1 makes the increase payable July 1 ("the RTA counts it as three": Clicklaw Wikibooks,
    // "Rent", https://wiki.clicklaw.bc.ca/index.php?title=Special:MobileDiff/40939): March 31 is the last day.
    ["2026-07-01", "2026-03-31"],
    // Rent due on the 15th: the three rental months run from April 15, so the day before.
    ["2026-07-15", "2026-04-14"],
  ])("an increase on %s needs the notice received by %s", (increaseDate, noticeBy) => {
    const result = rentIncrease(facts, { currentRent: 1_000, increaseDate });
    expect(result.notice_by).toBe(noticeBy);
    expect(result.breakdown.join("\n")).toContain("3 full rental months before");
  });

  it("follows the COVID-19 freeze: 2.6% for an increase on March 30, 2020, none from March 31", () => {
    expect(rentIncrease(facts, { currentRent: 1_000, increaseDate: "2020-03-30" })).toMatchObject({
      cap_rate: 0.026,
      max_increase: 26,
    });
    const frozen = rentIncrease(facts, { currentRent: 1_000, increaseDate: "2020-03-31" });
    expect(frozen).toMatchObject({ cap_rate: 0, max_increase: 0, max_new_rent: 1_000 });
    expect(frozen.breakdown[0]).toContain("COVID-19 freeze");
  });

  it("refuses a date before the first cap, and answers the dates but no cap in a year whose cap is not recorded yet", () => {
    expect(refusal(() => rentIncrease(facts, { currentRent: 1_000, increaseDate: "2018-12-31" }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.rent_cap",
      first_iso: "2019-01-01",
    });
    // The 2026 cap is for increases in 2026: a 2027 increase is not answered with it, but its dates are.
    const next = rentIncrease(facts, { currentRent: 1_000, increaseDate: "2027-04-01" });
    expect(next).toMatchObject({
      rent_year: 2027,
      cap_recorded: false,
      cap_rate: null,
      max_increase: null,
      max_new_rent: null,
      notice_by: "2026-12-31",
      notice_period_months: 3,
    });
    expect(next.breakdown.join("\n")).toContain("the cap for increases taking effect in 2027 is not recorded here yet");
    expect(refusal(() => rentIncrease({ facts: [] }, { currentRent: 1, increaseDate: "2026-01-01" }))).toMatchObject({
      reason: "missing-fact",
    });
  });

  it("gives the earliest day a notice received in December allows for an increase in 2027, though the 2027 cap is missing", () => {
    // A landlord asking in December 2026: the notice reaches the tenant on December 5 (rent due on the 1st). Three
    // whole rental months (January, February, March) must pass: the earliest day is April 1, 2027 (Residential Tenancy
    // Act, s. 42 (2); the Branch: "three full rental months' notice").
    const result = rentIncrease(facts, { currentRent: 1_800, noticeReceivedDate: "2026-12-05", rentDueDay: 1 });
    expect(result).toMatchObject({
      earliest_effective_iso: "2027-04-01",
      increase_date: "2027-04-01",
      increase_date_complies: null,
      cap_recorded: false,
      cap_rate: null,
    });
  });

  it.each([
    // Received the day before a due day: the next rental month is whole.
    ["2026-02-28", 1, undefined, "2026-06-01"],
    // Received on the due day itself: that month is not whole, so one more.
    ["2026-03-01", 1, undefined, "2026-07-01"],
    // Rent due on the 15th.
    ["2026-03-10", 15, undefined, "2026-06-15"],
    // The 12 months since the last increase end later than the notice's three months.
    ["2026-01-10", 1, "2025-08-01", "2026-08-01"],
    // The 12 months end on a day that is not a due day: the next due day.
    ["2026-01-10", 1, "2025-08-20", "2026-09-01"],
  ] as const)(
    "notice received %s, rent due on day %s, last increase %s: earliest %s",
    (received, dueDay, last, earliest) => {
      const result = rentIncrease(facts, {
        currentRent: 1_000,
        noticeReceivedDate: received,
        rentDueDay: dueDay,
        ...(last === undefined ? {} : { lastIncreaseDate: last }),
      });
      expect(result.earliest_effective_iso).toBe(earliest);
      expect(result.increase_date).toBe(earliest);
    },
  );

  it("moves a date the notice does not allow to the earliest that complies, as the Act does (s. 42 (4))", () => {
    const result = rentIncrease(facts, {
      currentRent: 1_000,
      increaseDate: "2026-05-01",
      noticeReceivedDate: "2026-02-15",
    });
    expect(result).toMatchObject({
      increase_date: "2026-06-01",
      earliest_effective_iso: "2026-06-01",
      increase_date_complies: false,
      max_increase: 23,
    });
    expect(result.breakdown.join("\n")).toContain("is too early");
    // A later date stands.
    expect(
      rentIncrease(facts, { currentRent: 1_000, increaseDate: "2026-08-01", noticeReceivedDate: "2026-02-15" }),
    ).toMatchObject({ increase_date: "2026-08-01", increase_date_complies: true });
  });

  it("checks a proposed increase against the cap and says what a tenant handed one above it may do", () => {
    // A tenant handed a 5% increase for 2026, when the cap is 2.3% (bc.rent_cap.2026).
    const above = rentIncrease(facts, {
      currentRent: 2_000,
      increaseDate: "2026-03-01",
      proposedIncrease: { rate: 0.05 },
    });
    expect(above.proposed).toMatchObject({ amount: 100, rate: 0.05, within_cap: false });
    expect(above.max_increase).toBe(46);
    expect(above.proposed!.tenant_options.join(" ")).toContain("agrees to it in writing");
    expect(above.proposed!.tenant_options.join(" ")).toContain("deduct the excess from rent");
    const within = rentIncrease(facts, {
      currentRent: 2_000,
      increaseDate: "2026-03-01",
      proposedIncrease: { amount: 46 },
    });
    expect(within.proposed).toMatchObject({ amount: 46, within_cap: true, tenant_options: [] });
    // A cap not recorded cannot be compared.
    expect(
      rentIncrease(facts, { currentRent: 2_000, increaseDate: "2027-03-01", proposedIncrease: { amount: 46 } })
        .proposed,
    ).toMatchObject({ within_cap: null });
  });

  it("refuses an answer with neither date, a proposed increase of neither shape and a due day that is no day", () => {
    expect(refusal(() => rentIncrease(facts, { currentRent: 1_000 }))).toMatchObject({
      reason: "invalid-option",
      option: "increaseDate",
    });
    expect(
      refusal(() =>
        rentIncrease(facts, {
          currentRent: 1_000,
          increaseDate: "2026-03-01",
          proposedIncrease: { percent: 5 } as never,
        }),
      ),
    ).toMatchObject({ reason: "invalid-option", option: "proposedIncrease" });
    expect(
      refusal(() => rentIncrease(facts, { currentRent: 1_000, noticeReceivedDate: "2026-03-01", rentDueDay: 32 })),
    ).toMatchObject({ reason: "invalid-option", option: "rentDueDay" });
  });

  it("takes the next member of the series once the one before hands over to it", () => {
    // A 2027 member as a test states it (its rate is not a published figure): the series hands over on January 1.
    const next = {
      ...fixtureFact("bc.rent_cap.2027", cap(2027, 0.02), "2027-01-01"),
      series: "bc.rent_cap",
    } as unknown as Fact;
    const series = { facts: [member2026({ id: "bc.rent_cap.2027", effective_iso: "2027-01-01" }), next] };
    expect(rentIncrease(series, { currentRent: 1_000, increaseDate: "2027-03-01" })).toMatchObject({
      rent_year: 2027,
      max_increase: 20,
    });
    expect(rentIncrease(series, { currentRent: 1_000, increaseDate: "2026-12-31" })).toMatchObject({
      rent_year: 2026,
      max_increase: 23,
    });
  });

  it("says every line, what the tenant may do, its assumptions and its refusal as codes with values that read as its English", () => {
    // A member stated by the test: the 2026 cap with a basis (as the live fact has one), and a period before it that
    // holds the 2021 cap until 2026, so an increase in 2022 finds no cap for its year in an unversioned period.
    const withBasis = {
      ...fixtureFact(
        "bc.rent_cap.2026",
        cap(2026, 0.023, { basis: "12-month average change in B.C. CPI" }),
        "2026-01-01",
        [{ value: cap(2021, 0), effective_iso: "2021-01-01", superseded_iso: "2026-01-01" }],
      ),
      series: "bc.rent_cap",
      superseded_by: null,
    } as unknown as Fact;
    const cases: Array<[{ facts: Fact[] }, RentIncreaseOptions]> = [
      // The notice, the last increase and a date too early; a proposal above the cap (version 1, no basis).
      [
        facts,
        {
          currentRent: 2_000,
          increaseDate: "2026-05-01",
          noticeReceivedDate: "2026-02-15",
          lastIncreaseDate: "2025-08-01",
          proposedIncrease: { rate: 0.05 },
        },
      ],
      // The COVID-19 freeze, a period before the first version with a basis; a proposal within the cap; the due day.
      [facts, { currentRent: 1_000, increaseDate: "2020-04-15", rentDueDay: 15, proposedIncrease: { amount: 0 } }],
      // A period before the first version without a basis; only the notice's day, so the rent due on the 1st.
      [facts, { currentRent: 1_000, noticeReceivedDate: "2019-03-10" }],
      // A year not recorded, from the current version; a proposal that cannot be compared.
      [facts, { currentRent: 1_000, increaseDate: "2027-04-01", proposedIncrease: { amount: 46 } }],
      // The current version with its basis, and a year not recorded in the period before it.
      [{ facts: [withBasis] }, { currentRent: 1_000, increaseDate: "2026-03-01" }],
      [{ facts: [withBasis] }, { currentRent: 1_000, increaseDate: "2022-06-01" }],
    ];
    const results = cases.map(([source, options]) => rentIncrease(source, options));
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(3);
    const before = refusal(() => rentIncrease(facts, { currentRent: 1_000, increaseDate: "2018-12-31" }));
    expect(expectSaidAsEnglish({ message: before.message, message_said: before.said })).toBe(1);
    const codes = new Set([
      ...results.flatMap((result) => [
        ...result.breakdown_said.map((said) => said.code),
        ...(result.proposed?.tenant_options_said ?? []).map((said) => said.code),
      ]),
      before.said?.code,
    ]);
    expect([...codes].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("rent.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set([
        "tenancy-under-rent-cap",
        "rent-due-day",
        "rent-due-day-first",
        "rent-due-day-of-increase",
        "no-increase-in-last-12-months",
      ]),
    );
    expect(results[0]!.proposed!.tenant_options_said).toHaveLength(3);
  });

  it("says one rental month and more than one increase in good English", () => {
    // A rule stated by the test (no such rule was published): one month's notice, two increases in 12 months.
    const loose = {
      ...fixtureFact(
        "bc.rent_cap.2026",
        cap(2026, 0.023, { notice_period_months: 1, max_increases_per_12_months: 2 }),
        "2026-01-01",
      ),
      series: "bc.rent_cap",
      superseded_by: null,
    } as unknown as Fact;
    const result = rentIncrease(
      { facts: [loose] },
      { currentRent: 1_000, noticeReceivedDate: "2026-03-10", lastIncreaseDate: "2025-06-01" },
    );
    expect(result.breakdown.join("\n")).toContain("1 full rental month (rent due on day 1) runs from the next due day");
    expect(result.breakdown.join("\n")).toContain("at most 2 increases in any 12 months");
    expect(result.breakdown.join("\n")).toContain("notice: 1 full rental month before");
    expect(expectSaidAsEnglish(result)).toBeGreaterThan(3);
  });

  it.each([
    [{ currentRent: -5, increaseDate: "2026-01-01" }, "currentRent"],
    [{ currentRent: 1_000, increaseDate: "2026-02-29" }, "increaseDate"],
    [{ currentRent: 1_000 }, "increaseDate"],
    [{ currentRent: 1_000, increaseDate: "2026-01-01", asOf: "2026-01-01" }, "asOf"],
  ])("refuses %j, naming %s", (options, option) => {
    expect(refusal(() => rentIncrease(facts, options as never))).toMatchObject({ option });
  });
});
