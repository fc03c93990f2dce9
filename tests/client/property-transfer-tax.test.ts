import { beforeAll, describe, expect, it } from "vitest";
import { CalculatorError, type FactCatalog, propertyTransferTax } from "../../packages/client/src/index.ts";
import { publishedFacts, withValue } from "./published-facts.ts";

const line = (result: ReturnType<typeof propertyTransferTax>, factId: string) =>
  result.breakdown.filter((each) => each.fact_id === factId);

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
      expect(used).toMatchObject({
        version: fact.version,
        effective_iso: fact.effective_iso,
        canonical_url: fact.canonical_url,
      });
      expect(used.citations).toEqual(fact.citations);
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
      // An exemption worth nothing at this price is not claimed.
      expect(tax({ price, firstTimeBuyer: true })).toMatchObject({
        general,
        exemption,
        total,
        exemption_claimed: exemption > 0 ? "first-time-home-buyers" : null,
      });
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
      expect(tax({ price, newlyBuilt: true })).toMatchObject({
        general,
        exemption,
        total,
        exemption_claimed: exemption > 0 ? "newly-built-home" : null,
      });
    });
  });

  it("claims no first-time exemption at $900,000, and says why", () => {
    // 1% of $200,000 + 2% of $700,000 = $16,000; the exemption ends at $860,000 (version 3).
    const result = tax({ price: 900_000, firstTimeBuyer: true });
    expect(result).toMatchObject({ general: 16_000, exemption: 0, total: 16_000, exemption_claimed: null });
    expect(result.exemptions_compared).toEqual([
      { exemption: "first-time-home-buyers", amount: 0, fact_id: "bc.ptt.fthb_exemption" },
    ]);
    expect(result.breakdown.map((line) => line.label).join("\n")).toContain(
      "none: $900,000 is at or above $860,000, where the exemption ends",
    );
    // Both asked for, both worth nothing at $1,200,000 (the newly built exemption ends at $1,150,000): neither claimed.
    const both = tax({ price: 1_200_000, firstTimeBuyer: true, newlyBuilt: true });
    expect(both).toMatchObject({ exemption: 0, exemption_claimed: null });
    expect(both.breakdown.map((line) => line.label).join("\n")).toContain(
      "neither exemption gives anything at this price",
    );
  });

  it("adds the 20% additional tax for foreign buyers on the residential share in a specified area", () => {
    expect(tax({ price: 1_000_000, foreignBuyer: true, inSpecifiedArea: true })).toMatchObject({
      general: 18_000,
      additional: 200_000,
      total: 218_000,
    });
    expect(tax({ price: 1_000_000, foreignBuyer: true, inSpecifiedArea: true, residentialShare: 0.5 })).toMatchObject({
      additional: 100_000,
    });
    expect(tax({ price: 1_000_000, foreignBuyer: true }).citations.map((used) => used.fact_id)).toContain(
      "bc.ptt.foreign_buyer_additional",
    );
  });

  it("reads its numbers from the facts passed in, not from constants", () => {
    const raised = withValue(catalog, "bc.ptt.fthb_exemption", (value) => ({
      ...(value as object),
      full_exemption_fmv_max: 600_000,
    }));
    expect(propertyTransferTax(raised, { price: 550_000, firstTimeBuyer: true }).total).toBe(0);
    const rates = withValue(catalog, "bc.ptt.brackets", (value) =>
      (value as Array<{ upper: number | null; rate: number }>).map((bracket) => ({
        ...bracket,
        rate: bracket.rate * 2,
      })),
    );
    expect(propertyTransferTax(rates, { price: 650_000 }).total).toBe(22_000);
    const foreign = withValue(catalog, "bc.ptt.foreign_buyer_additional", (value) => ({
      ...(value as object),
      rate: 0.25,
    }));
    expect(
      propertyTransferTax(foreign, { price: 1_000_000, foreignBuyer: true, inSpecifiedArea: true }).additional,
    ).toBe(250_000);
  });

  it.each([
    [{ price: -1 }, "price must be an amount of money in dollars from 0 to 10,000,000,000, got -1"],
    [{ price: Number.NaN }, "price must be an amount of money in dollars from 0 to 10,000,000,000, got NaN"],
    [{ price: 500_000, residentialShare: 1.5 }, "residentialShare must be a fraction from 0 to 1"],
    [{ price: 500_000, firstTimeBuyer: true, foreignBuyer: true }, "for Canadian citizens and permanent residents"],
    [{ price: 500_000, firstTimeBuyer: "yes" as unknown as boolean }, "firstTimeBuyer must be true or false"],
    [{ price: 500_000, asOf: "2024-02-30" }, "asOf must be a date written YYYY-MM-DD"],
    [{ price: 500_000, newlyBuilt: true, residentialShare: 0.5 }, "wholly residential property only"],
  ])("refuses %j with a CalculatorError", (options, message) => {
    expect(() => tax(options)).toThrow(CalculatorError);
    expect(() => tax(options)).toThrow(message);
  });

  it("names the fact and the JSON path when the facts lack what it needs or hold a shape it cannot read", () => {
    const without = { facts: catalog.facts.filter((fact) => fact.id !== "bc.ptt.brackets") };
    expect(() => propertyTransferTax(without, { price: 1 })).toThrow(
      "the facts passed in do not include bc.ptt.brackets",
    );
    const broken = withValue(catalog, "bc.ptt.fthb_exemption", (value) => ({
      ...(value as object),
      exemption_cap: "8000",
    }));
    expect(() => propertyTransferTax(broken, { price: 600_000, firstTimeBuyer: true })).toThrow(
      /bc\.ptt\.fthb_exemption \(version \d+, in force on \d{4}-\d{2}-\d{2}\) at \$\.value\.exemption_cap/,
    );
  });

  describe("on a registration date: each fact's version in force then", () => {
    // Thresholds and rates by hand from the Ministry's pages and the Act, on each side of every change in history.
    it.each([
      // 2014 thresholds (in force 2014-02-19 to 2017-02-21): full to $475,000, ends at $500,000, no cap.
      ["2017-02-21", 480_000, 7_600, 6_080], // $7,600 × 20/25 (the Ministry's 2014 table: $6,080.00)
      ["2017-02-21", 500_000, 8_000, 0],
      // 2017 thresholds (2017-02-22 to 2024-03-31): full to $500,000, ends at $525,000.
      ["2017-02-22", 480_000, 7_600, 7_600],
      ["2017-02-22", 510_000, 8_200, 4_920], // $8,200 × 15/25
      ["2024-03-31", 510_000, 8_200, 4_920],
      ["2024-03-31", 600_000, 10_000, 0],
      // 2024 thresholds (from 2024-04-01): $8,000 up to $835,000, ends at $860,000.
      ["2024-04-01", 600_000, 10_000, 8_000],
      ["2024-04-01", 847_500, 14_950, 4_000], // $8,000 × 12,500/25,000
      ["2024-04-01", 859_000, 15_180, 320], // $8,000 × 1,000/25,000
    ])("first-time buyers on %s: %d has tax %d and exemption %d", (asOf, price, general, exemption) => {
      const result = tax({ price, firstTimeBuyer: true, asOf });
      expect(result).toMatchObject({ general, exemption, total: general - exemption, as_of: asOf });
      expect(result.citations.find((used) => used.fact_id === "bc.ptt.fthb_exemption")?.as_of).toBe(asOf);
    });

    it("names the first-time buyers' version used and its dates", () => {
      const used = tax({ price: 480_000, firstTimeBuyer: true, asOf: "2016-06-01" }).citations.find(
        (each) => each.fact_id === "bc.ptt.fthb_exemption",
      );
      expect(used).toMatchObject({ version: 1, effective_iso: "2014-02-19", superseded_iso: "2017-02-22" });
    });

    it.each([
      ["2016-02-16", 700_000, 0, "none: the exemption applies to transfers registered from 2016-02-17"],
      ["2024-03-31", 760_000, 10_560, "reduced proportionally to nothing at $800,000"],
      ["2024-04-01", 760_000, 13_200, "the whole tax up to $1,100,000"],
    ])("newly built on %s: %d exemption %d", (asOf, price, exemption, why) => {
      if (asOf === "2016-02-16") {
        // The day before the exemption began, the general rates are the period recorded before the brackets' first
        // version (1% to $200,000, 2% above): $700,000 pays $12,000, none of it exempt.
        const before = tax({ price, newlyBuilt: true, asOf });
        expect(before).toMatchObject({ general: 12_000, exemption: 0, total: 12_000 });
        expect(line(before, "bc.ptt.newly_built_exemption")[0]!.label).toContain("2016-02-17");
        // The next day both facts have their first version: $700,000 pays $12,000, all of it exempt below $750,000.
        expect(tax({ price, newlyBuilt: true, asOf: "2016-02-17" })).toMatchObject({
          general: 12_000,
          exemption: 12_000,
          total: 0,
        });
        return;
      }
      // $760,000: 1% of $200,000 + 2% of $560,000 = $13,200; before April 2024 the phase-out from $750,000 to
      // $800,000 leaves 40,000/50,000 of it: $10,560.
      const result = tax({ price, newlyBuilt: true, asOf });
      expect(result).toMatchObject({ general: 13_200, exemption });
      expect(line(result, "bc.ptt.newly_built_exemption")[0]!.label).toContain(why);
    });

    it("gives no newly built exemption, with a line saying why, between the brackets' first version and the exemption's", () => {
      // The exemption's first version is 2016-02-17, the same day as the brackets': so use a fact whose first version
      // is later.
      const later = {
        ...catalog,
        facts: catalog.facts.map((fact) =>
          fact.id === "bc.ptt.newly_built_exemption"
            ? { ...fact, history: fact.history.map((entry) => ({ ...entry, effective_iso: "2016-03-01" })) }
            : fact,
        ),
      };
      const result = propertyTransferTax(later, { price: 700_000, newlyBuilt: true, asOf: "2016-02-20" });
      expect(result).toMatchObject({ general: 12_000, exemption: 0, total: 12_000, exemption_claimed: null });
      expect(line(result, "bc.ptt.newly_built_exemption")[0]).toMatchObject({
        amount: 0,
        label: expect.stringContaining("registered from 2016-03-01, and 2016-02-20 is before that"),
      });
    });

    it.each([
      ["2016-08-01", 0, null],
      ["2016-08-02", 150_000, 0.15],
      ["2018-02-20", 150_000, 0.15],
      ["2018-02-21", 200_000, 0.2],
    ])("foreign buyers on %s: 1,000,000 pays additional tax of %d", (asOf, additional, rate) => {
      const result = tax({ price: 1_000_000, foreignBuyer: true, inSpecifiedArea: true, asOf });
      expect(result).toMatchObject({ general: 18_000, additional, total: 18_000 + additional });
      const [foreign] = line(result, "bc.ptt.foreign_buyer_additional");
      expect(foreign).toMatchObject({ rate, amount: additional });
      if (rate === null) {
        expect(foreign!.label).toContain("applies to transfers registered from 2016-08-02");
        expect(result.citations.map((used) => used.fact_id)).not.toContain("bc.ptt.foreign_buyer_additional");
      }
    });

    it("names the specified areas of the version in force in its assumptions", () => {
      expect(tax({ price: 1_000_000, foreignBuyer: true, asOf: "2017-01-01" }).assumptions.join(" ")).toContain(
        "Greater Vancouver Regional District",
      );
      expect(tax({ price: 1_000_000, foreignBuyer: true, asOf: "2018-02-21" }).assumptions.join(" ")).toContain(
        "Regional District of Nanaimo",
      );
    });

    it.each([
      // $4,500,000 wholly residential: before 2018-02-21 the top rate was 3% ($2,000 + $36,000 + $75,000 = $113,000).
      ["2018-02-20", 113_000, 0.03],
      ["2018-02-21", 143_000, 0.05],
    ])("brackets on %s: 4,500,000 pays %d, top rate %d", (asOf, total, topRate) => {
      const result = tax({ price: 4_500_000, asOf });
      expect(result.total).toBe(total);
      expect(Math.max(...result.breakdown.map((each) => each.rate ?? 0))).toBe(topRate);
    });

    it("charges no further residential tax on a partly residential property before 2018-02-21", () => {
      // $4,000,000 at 90% residential in 2017: 1% of $200,000 + 2% of $1,800,000 + 3% of $2,000,000 = $98,000.
      expect(tax({ price: 4_000_000, residentialShare: 0.9, asOf: "2017-06-01" }).total).toBe(98_000);
    });

    it("answers a date before the brackets' first version from the period recorded before it, and refuses before that", () => {
      // 1% to $200,000 and 2% above until 2016-02-16 (Budget 2016 backgrounder): $2,000 + $9,000 on $650,000.
      const before = tax({ price: 650_000, asOf: "2016-02-16" });
      expect(before.total).toBe(11_000);
      expect(before.citations[0]).toMatchObject({
        fact_id: "bc.ptt.brackets",
        version: undefined,
        superseded_iso: "2016-02-17",
      });
      expect(tax({ price: 650_000, asOf: "2016-02-17" }).total).toBe(11_000);
      expect(() => tax({ price: 650_000, asOf: "1987-03-18" })).toThrow(
        "bc.ptt.brackets records no rule in force on 1987-03-18: the earliest rule it records took effect on 1987-03-19",
      );
    });

    it("refuses a first-time buyers' claim before that fact's first version (2014-02-19): the facts record no rule then", () => {
      const earlier = withHistoryDates(catalog, "bc.ptt.brackets", "2010-01-01");
      expect(() => propertyTransferTax(earlier, { price: 400_000, firstTimeBuyer: true, asOf: "2014-02-18" })).toThrow(
        "bc.ptt.fthb_exemption records no rule in force on 2014-02-18",
      );
      // 2014-02-19: 1% of $200,000 + 2% of $200,000 = $6,000, all exempt below $475,000.
      expect(propertyTransferTax(earlier, { price: 400_000, firstTimeBuyer: true, asOf: "2014-02-19" })).toMatchObject({
        general: 6_000,
        exemption: 6_000,
        total: 0,
      });
    });
  });

  describe("both exemptions asked for: both computed, the larger claimed", () => {
    it.each([
      // $800,000: tax $14,000; first-time $8,000 (capped); newly built the whole $14,000.
      [800_000, 14_000, 8_000, 14_000, "newly-built-home"],
      // $1,120,000: tax $20,400; first-time none (above $860,000); newly built $20,400 × 30,000/50,000 = $12,240.
      [1_120_000, 20_400, 0, 12_240, "newly-built-home"],
      // $400,000: tax $6,000; both give the whole tax; the tie goes to the first-time buyers' exemption.
      [400_000, 6_000, 6_000, 6_000, "first-time-home-buyers"],
    ])("%d: tax %d, first-time %d, newly built %d, claims %s", (price, general, firstTime, newlyBuilt, claimed) => {
      const result = tax({ price, firstTimeBuyer: true, newlyBuilt: true });
      expect(result.exemptions_compared).toEqual([
        { exemption: "first-time-home-buyers", amount: firstTime, fact_id: "bc.ptt.fthb_exemption" },
        { exemption: "newly-built-home", amount: newlyBuilt, fact_id: "bc.ptt.newly_built_exemption" },
      ]);
      const larger = Math.max(firstTime, newlyBuilt);
      expect(result).toMatchObject({ general, exemption: larger, total: general - larger, exemption_claimed: claimed });
      expect(result.breakdown.filter((each) => each.rate === null && each.amount !== 0)).toHaveLength(1);
      expect(result.breakdown.find((each) => each.label.includes("not claimed"))).toBeDefined();
    });
  });

  it("gives a refusal's reason, fact, date and option as fields, for a page to say in its own words", () => {
    const caught = (run: () => unknown): CalculatorError => {
      try {
        run();
      } catch (error) {
        if (error instanceof CalculatorError) return error;
        throw error;
      }
      throw new Error("expected a CalculatorError");
    };
    // bc.ptt.brackets' timeline starts on 1987-03-19: on 1986-06-01 the facts record no rates.
    expect(caught(() => tax({ price: 500_000, asOf: "1986-06-01" }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.ptt.brackets",
      date: "1986-06-01",
      first_iso: "1987-03-19",
    });
    expect(caught(() => tax({ price: 500_000, firstTimeBuyers: true } as never))).toMatchObject({
      reason: "unknown-option",
      option: "firstTimeBuyers",
    });
    expect(caught(() => tax({ price: -1 }))).toMatchObject({ reason: "invalid-option", option: "price" });
    const broken = withValue(catalog, "bc.ptt.brackets", () => "1%");
    expect(caught(() => propertyTransferTax(broken, { price: 500_000 }))).toMatchObject({
      reason: "value-unreadable",
      fact_id: "bc.ptt.brackets",
      path: "$.value",
    });
  });

  it("refuses a misspelt option, naming it and the option it is nearest to", () => {
    const misspelt = { price: 500_000, firstTimeBuyers: true } as unknown as Parameters<typeof propertyTransferTax>[1];
    expect(() => tax(misspelt)).toThrow(CalculatorError);
    expect(() => tax(misspelt)).toThrow("unknown option firstTimeBuyers; did you mean firstTimeBuyer?");
    expect(() => tax({ price: 1, asof: "2020-01-01" } as unknown as Parameters<typeof propertyTransferTax>[1])).toThrow(
      "did you mean asOf?",
    );
  });
});

/**
 * A copy of the catalog whose fact `id` has its first history entry starting on `from` (to test a date before another
 * fact's first version).
 */
const withHistoryDates = (catalog: FactCatalog, id: string, from: string): FactCatalog => ({
  ...catalog,
  facts: catalog.facts.map((fact) => {
    if (fact.id !== id) return fact;
    const history = fact.history.map((entry, index) =>
      index === fact.history.length - 1 ? { ...entry, effective_iso: from } : entry,
    );
    return { ...fact, history };
  }),
});
