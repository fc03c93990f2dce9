import { beforeAll, describe, expect, it } from "vitest";
import { CalculatorError, type FactCatalog, propertyTransferTax } from "../../packages/client/src/index.ts";
import { publishedFacts, withValue } from "./published-facts.ts";

let catalog: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
});

const tax = (options: Parameters<typeof propertyTransferTax>[1]) => propertyTransferTax(catalog, options);

describe("propertyTransferTax, from the published facts", () => {
  it("matches the Ministry's worked examples: $650,000 pays $11,000; $4,500,000 wholly residential pays $143,000", () => {
    expect(tax({ price: 650_000 })).toMatchObject({ total: 11_000, general: 11_000, exemption: 0, additional: 0 });
    const large = tax({ price: 4_500_000 });
    expect(large.total).toBe(143_000);
    expect(large.breakdown.map((line) => [line.rate, line.amount])).toEqual([
      [0.01, 2_000],
      [0.02, 36_000],
      [0.03, 30_000],
      [0.05, 75_000],
    ]);
  });

  it("cites every fact it read, with its version, canonical URL and sources", () => {
    const result = tax({ price: 900_000, firstTimeBuyer: true });
    expect(result.citations.map((used) => used.fact_id)).toEqual(["bc.ptt.brackets", "bc.ptt.fthb_exemption"]);
    for (const used of result.citations) {
      const fact = catalog.facts.find((each) => each.id === used.fact_id)!;
      expect(used).toMatchObject({ version: fact.version, effective_iso: fact.effective_iso, canonical_url: fact.canonical_url });
      expect(used.citations.length).toBeGreaterThan(0);
      expect(used.citations.every((citation) => citation.url.startsWith("https://"))).toBe(true);
    }
  });

  it("charges the further 2% only on residential value above $3,000,000 (Property Transfer Tax Act s. 3.01)", () => {
    // $4,000,000 with 60% residential: the residential value, $2,400,000, does not exceed $3,000,000.
    expect(tax({ price: 4_000_000, residentialShare: 0.6 })).toMatchObject({ total: 98_000, general: 98_000 });
    // 90% residential: $3,600,000 of residential value, $600,000 of it above $3,000,000 at a further 2%.
    const mixed = tax({ price: 4_000_000, residentialShare: 0.9 });
    expect(mixed.total).toBe(110_000);
    expect(mixed.breakdown.at(-1)).toMatchObject({ base: 600_000, rate: 0.02, amount: 12_000 });
    expect(tax({ price: 4_000_000 }).total).toBe(118_000);
    expect(tax({ price: 2_500_000, residentialShare: 0 }).total).toBe(53_000);
  });

  describe("first time home buyers' exemption, at each threshold of bc.ptt.fthb_exemption", () => {
    it.each([
      [400_000, 6_000, 6_000, 0],
      [500_000, 8_000, 8_000, 0],
      [500_001, 8_000.02, 8_000, 0.02],
      [835_000, 14_700, 8_000, 6_700],
      [847_500, 14_950, 4_000, 10_950],
      [859_000, 15_180, 320, 14_860],
      [860_000, 15_200, 0, 15_200],
      [1_000_000, 18_000, 0, 18_000],
    ])("$%d: tax %d, exemption %d, pays %d", (price, general, exemption, total) => {
      expect(tax({ price, firstTimeBuyer: true })).toMatchObject({ general, exemption, total, exemption_claimed: "first-time-home-buyers" });
    });
  });

  describe("newly built home exemption, at each threshold of bc.ptt.newly_built_exemption", () => {
    it.each([
      [1_000_000, 18_000, 18_000, 0],
      [1_100_000, 20_000, 20_000, 0],
      [1_125_000, 20_500, 10_250, 10_250],
      [1_149_000, 20_980, 419.6, 20_560.4],
      [1_150_000, 21_000, 0, 21_000],
    ])("$%d: tax %d, exemption %d, pays %d", (price, general, exemption, total) => {
      expect(tax({ price, newlyBuilt: true })).toMatchObject({ general, exemption, total, exemption_claimed: "newly-built-home" });
    });
  });

  it("adds the 20% additional tax for foreign buyers on the residential share", () => {
    expect(tax({ price: 1_000_000, foreignBuyer: true })).toMatchObject({ general: 18_000, additional: 200_000, total: 218_000 });
    expect(tax({ price: 1_000_000, foreignBuyer: true, residentialShare: 0.5 })).toMatchObject({ additional: 100_000 });
    expect(tax({ price: 1_000_000, foreignBuyer: true }).citations.map((used) => used.fact_id)).toContain("bc.ptt.foreign_buyer_additional");
  });

  it("reads its numbers from the facts passed in, not from constants", () => {
    const raised = withValue(catalog, "bc.ptt.fthb_exemption", (value) => ({ ...(value as object), full_exemption_fmv_max: 600_000 }));
    expect(propertyTransferTax(raised, { price: 550_000, firstTimeBuyer: true }).total).toBe(0);
    const rates = withValue(catalog, "bc.ptt.brackets", (value) =>
      (value as Array<{ upper: number | null; rate: number }>).map((bracket) => ({ ...bracket, rate: bracket.rate * 2 })),
    );
    expect(propertyTransferTax(rates, { price: 650_000 }).total).toBe(22_000);
    const foreign = withValue(catalog, "bc.ptt.foreign_buyer_additional", (value) => ({ ...(value as object), rate: 0.25 }));
    expect(propertyTransferTax(foreign, { price: 1_000_000, foreignBuyer: true }).additional).toBe(250_000);
  });

  it.each([
    [{ price: -1 }, "price must be a finite number of at least 0"],
    [{ price: Number.NaN }, "price must be a finite number"],
    [{ price: 500_000, residentialShare: 1.5 }, "residentialShare must be a fraction from 0 to 1"],
    [{ price: 500_000, firstTimeBuyer: true, foreignBuyer: true }, "for Canadian citizens and permanent residents"],
    [{ price: 500_000, firstTimeBuyer: true, newlyBuilt: true }, "claim one exemption"],
    [{ price: 500_000, newlyBuilt: true, residentialShare: 0.5 }, "wholly residential property only"],
  ])("refuses %j with a CalculatorError", (options, message) => {
    expect(() => tax(options)).toThrow(CalculatorError);
    expect(() => tax(options)).toThrow(message);
  });

  it("names the fact and the JSON path when the facts lack what it needs or hold a shape it cannot read", () => {
    const without = { facts: catalog.facts.filter((fact) => fact.id !== "bc.ptt.brackets") };
    expect(() => propertyTransferTax(without, { price: 1 })).toThrow("the facts passed in do not include bc.ptt.brackets");
    const broken = withValue(catalog, "bc.ptt.fthb_exemption", (value) => ({ ...(value as object), exemption_cap: "8000" }));
    expect(() => propertyTransferTax(broken, { price: 600_000, firstTimeBuyer: true })).toThrow(
      /bc\.ptt\.fthb_exemption \(version \d+\) at \$\.value\.exemption_cap/,
    );
  });
});
