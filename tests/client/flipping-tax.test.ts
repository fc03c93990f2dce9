import { describe, expect, it } from "vitest";
import { flippingTax } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
import { FLIPPING } from "./tax-fixtures.ts";

// The rule: tax-fixtures.ts, from the Ministry of Finance's "Calculate your BC home flipping tax" as quoted there.
const facts = { facts: [FLIPPING] };

describe("flippingTax", () => {
  it("follows the Province's worked example (Jacqueline)", () => {
    // "Calculate your BC home flipping tax" (Ministry of Finance),
    // https://www2.gov.bc.ca/gov/content/taxes/income-taxes/bc-home-flipping-tax/calculate-your-tax: "Jacqueline purchased the property for $900,000 on December 1, 2023. They lived in it as their
    // primary residence until they sold it for $1,000,000 on January 1, 2025. New major appliances … totaling $10,000
    // … Taxable income is $1,000,000 - $900,000 - $10,000 = $90,000 … Jacqueline qualifies for the primary residence
    // deduction and can claim a deduction of $20,000. Net taxable income is $90,[000 − $20,000 = $70,000]". The page's
    // text as read stops there: steps 3 and 4 below are its formula and rounding applied, not figures quoted from it.
    // December 1, 2023 to January 1, 2025, both days counted, is 398 days; 20% × (1 − 33/365) = 18.19…%, rounded to
    // the nearest one-thousandth 0.182; 18.2% of $70,000 = $12,740.
    const result = flippingTax(facts, {
      purchaseDate: "2023-12-01",
      saleDate: "2025-01-01",
      proceeds: 1_000_000,
      cost: 900_000,
      improvements: 10_000,
      primaryResidence: true,
    });
    expect(result).toMatchObject({
      taxable_income: 90_000,
      deduction: 20_000,
      net_taxable_income: 70_000,
      days_held: 398,
      rate: 0.182,
      tax: 12_740,
      as_of: "2025-01-01",
    });
    expect(result.breakdown.join("\n")).toContain("rounded to the nearest one-thousandth: 18.2%");
    expect(result.citations.map((used) => used.fact_id)).toEqual(["bc.flipping_tax"]);
  });

  it.each([
    // "Days of ownership" (Ministry of Finance), https://www2.gov.bc.ca/gov/content/taxes/income-taxes/bc-home-flipping-tax/days-of-ownership:
    // "If you acquired a taxable property on May 1, 2023 and disposed of the taxable property on January 31, 2025, you
    // owned the taxable property for 642 days … the BC home flipping tax applies"; "on May 31, 2025, you owned the
    // taxable property for 762 days … the BC home flipping tax does not apply".
    ["2025-01-31", 642, true],
    ["2025-05-31", 762, false],
  ])("counts days held as the Ministry does: May 1, 2023 to %s is %d days", (saleDate, days, taxed) => {
    const result = flippingTax(facts, { purchaseDate: "2023-05-01", saleDate, proceeds: 700_000, cost: 600_000 });
    expect(result.days_held).toBe(days);
    expect(result.tax > 0).toBe(taxed);
  });

  it.each([
    // The full rate to 365 days; the formula from 366; none from 730 (the rule above).
    ["2025-06-01", "2025-06-01", 1, 0.2],
    ["2025-01-01", "2025-12-31", 365, 0.2],
    ["2025-01-01", "2026-01-01", 366, 0.199],
    ["2024-01-01", "2025-12-29", 729, 0.001],
    ["2024-01-01", "2025-12-30", 730, 0],
  ])("bought %s, sold %s: %d days, rate %d", (purchaseDate, saleDate, days, rate) => {
    const result = flippingTax(facts, { purchaseDate, saleDate, proceeds: 600_000, cost: 500_000 });
    expect(result).toMatchObject({ days_held: days, rate, tax: Math.round(100_000 * rate * 100) / 100 });
  });

  it("gives the primary residence deduction only from 365 days, and never makes the net negative", () => {
    const short = flippingTax(facts, {
      purchaseDate: "2025-01-01",
      saleDate: "2025-06-30",
      proceeds: 550_000,
      cost: 500_000,
      primaryResidence: true,
    });
    expect(short).toMatchObject({ deduction: 0, net_taxable_income: 50_000, tax: 10_000 });
    expect(short.breakdown.join("\n")).toContain("no primary residence deduction");
    const small = flippingTax(facts, {
      purchaseDate: "2024-06-01",
      saleDate: "2025-06-30",
      proceeds: 510_000,
      cost: 500_000,
      primaryResidence: true,
    });
    expect(small).toMatchObject({ taxable_income: 10_000, deduction: 10_000, net_taxable_income: 0, tax: 0 });
    const loss = flippingTax(facts, { purchaseDate: "2025-01-01", saleDate: "2025-03-01", proceeds: 1, cost: 500_000 });
    expect(loss).toMatchObject({ taxable_income: -499_999, net_taxable_income: 0, tax: 0 });
  });

  it("owes nothing on a sale before the tax began, and says so", () => {
    const before = flippingTax(facts, {
      purchaseDate: "2024-06-01",
      saleDate: "2024-12-31",
      proceeds: 600_000,
      cost: 500_000,
    });
    expect(before).toMatchObject({ tax: 0, rate: 0, days_held: 214 });
    expect(before.breakdown.join("\n")).toContain("no tax: it applies to sales from 2025-01-01");
    expect(flippingTax(facts, { purchaseDate: "0001-01-01", saleDate: "0001-01-01", proceeds: 1, cost: 0 }).tax).toBe(
      0,
    );
  });

  it.each([
    [{ purchaseDate: "2025-06-01", saleDate: "2025-05-01", proceeds: 1, cost: 1 }, "saleDate"],
    [{ purchaseDate: "2025-06-01", saleDate: "2025-07-01", proceeds: -1, cost: 1 }, "proceeds"],
    [{ purchaseDate: "2025-06-01", saleDate: "2025-07-01", proceeds: 1, cost: 1, asOf: "2025-07-01" }, "asOf"],
  ])("refuses %j, naming %s", (options, option) => {
    expect(refusal(() => flippingTax(facts, options as never))).toMatchObject({ reason: expect.any(String), option });
  });

  it("says every line and assumption as a code with values that read as its English", () => {
    const cases = [
      // the declining rate, a loss, the deduction refused for too short an ownership, the full rate, no tax
      {
        purchaseDate: "2023-12-01",
        saleDate: "2025-01-01",
        proceeds: 1_000_000,
        cost: 900_000,
        primaryResidence: true,
      },
      { purchaseDate: "2025-01-01", saleDate: "2025-03-01", proceeds: 100, cost: 200, primaryResidence: true },
      { purchaseDate: "2025-01-01", saleDate: "2025-03-01", proceeds: 300_000, cost: 200_000 },
      { purchaseDate: "2025-01-01", saleDate: "2025-01-01", proceeds: 300_000, cost: 200_000 },
      { purchaseDate: "2023-01-01", saleDate: "2025-06-01", proceeds: 300_000, cost: 200_000 },
      { purchaseDate: "2020-01-01", saleDate: "2024-06-01", proceeds: 300_000, cost: 200_000 },
    ];
    const results = cases.map((options) => flippingTax(facts, options));
    const codes = new Set(results.flatMap((result) => result.breakdown_said.map((said) => said.code)));
    expect([...codes].sort()).toEqual(
      expect.arrayContaining([
        "flipping.declining-rate",
        "flipping.full-rate",
        "flipping.net-loss",
        "flipping.no-tax-held-long",
      ]),
    );
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(1);
    // One day held is one day, not "1 days".
    expect(results[3]!.breakdown.join("\n")).toContain("1 day held (2025-01-01 to 2025-01-01");
  });

  it("refuses a rounding it cannot read from the fact rather than guess one", () => {
    const other = fixtureFact(
      "bc.flipping_tax",
      {
        ...(FLIPPING.value as object),
        declining_rate_formula: "0.20 x (1 - (days_held - 365) / 365), rounded to cents",
      },
      "2025-01-01",
    );
    expect(
      refusal(() =>
        flippingTax({ facts: [other] }, { purchaseDate: "2025-01-01", saleDate: "2026-03-01", proceeds: 2, cost: 1 }),
      ),
    ).toMatchObject({ reason: "value-unreadable", path: "$.value.declining_rate_formula" });
  });
});
