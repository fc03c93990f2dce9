import { describe, expect, it } from "vitest";
import { type Fact, rentIncrease } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
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

  it("refuses a date with no cap recorded, before the first and in a year whose cap is not recorded yet", () => {
    expect(refusal(() => rentIncrease(facts, { currentRent: 1_000, increaseDate: "2018-12-31" }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.rent_cap",
      first_iso: "2019-01-01",
    });
    // The 2026 cap is for increases in 2026: a 2027 increase is not answered with it.
    expect(refusal(() => rentIncrease(facts, { currentRent: 1_000, increaseDate: "2027-01-01" }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.rent_cap.2026",
    });
    expect(refusal(() => rentIncrease({ facts: [] }, { currentRent: 1, increaseDate: "2026-01-01" }))).toMatchObject({
      reason: "missing-fact",
    });
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

  it.each([
    [{ currentRent: -5, increaseDate: "2026-01-01" }, "currentRent"],
    [{ currentRent: 1_000, increaseDate: "2026-02-29" }, "increaseDate"],
    [{ currentRent: 1_000 }, "increaseDate"],
    [{ currentRent: 1_000, increaseDate: "2026-01-01", asOf: "2026-01-01" }, "asOf"],
  ])("refuses %j, naming %s", (options, option) => {
    expect(refusal(() => rentIncrease(facts, options as never))).toMatchObject({ option });
  });
});
