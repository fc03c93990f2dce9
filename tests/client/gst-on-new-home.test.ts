import { describe, expect, it } from "vitest";
import { ASSUMPTION_CODES, CalculatorError, cashToClose, gstOnNewHome } from "../../packages/client/src/index.ts";
import { publishedFacts } from "./published-facts.ts";
import { GST_FIRST_TIME, NEW_HOUSING } from "./tax-fixtures.ts";

// The rules: tax-fixtures.ts, from the Excise Tax Act s. 254 (2) and (2.1) as quoted there.
const facts = { facts: [NEW_HOUSING, GST_FIRST_TIME] };
const AS_OF = "2026-06-01";

describe("gstOnNewHome: the GST/HST new housing rebate", () => {
  it.each([
    // $300,000: GST $15,000, rebate 36% = $5,400 (s. 254 (2) (h); the same figures in the worked example of
    // "What is the rebate if I am moving to the new home?", https://experts123.com/q/what-is-the-rebate-if-i-am-moving-to-the-new-home.html:
    // "G.S.T. is 5% of $300,000.00, which equals $15,000.00. The rebate is 36% of $15,000.00, which is $5,400.00").
    // CRA's guide RC4028 was not read for these figures.
    [300_000, 15_000, 5_400],
    // $350,000: 36% of $17,500 is $6,300, the cap (s. 254 (2) (h)).
    [350_000, 17_500, 6_300],
    // $400,000: $6,300 × ($450,000 − $400,000) / $100,000 = $3,150 (s. 254 (2) (i)).
    [400_000, 20_000, 3_150],
    // $450,000: none, the total consideration is not "less than $450,000" (s. 254 (2) (c)).
    [450_000, 22_500, 0],
  ])("%d: GST %d, rebate %d", (price, gst, rebate) => {
    const result = gstOnNewHome(facts, { price, asOf: AS_OF });
    expect(result).toMatchObject({
      gst,
      new_housing_rebate: rebate,
      first_time_buyer_rebate: 0,
      rebate,
      net_gst: gst - rebate,
      as_of: AS_OF,
    });
    expect(result.citations.map((used) => used.fact_id)).toEqual(["ca.gst.new_housing_rebate"]);
    expect(result.assumptions).toContain(
      "acquired for use as the primary place of residence of the buyer or a relation of the buyer",
    );
  });
});

describe("gstOnNewHome: the first-time home buyers' rebate", () => {
  it.each([
    // CRA, "First-time home buyers' (FTHB) GST/HST rebate",
    // https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/gst-hst-rebates/first-time-home-buyers-gst-hst-rebate.html:
    // "Up to $1 million, the rebate would be up to 100% (up to a maximum rebate of $50,000)": all of $50,000.
    [1_000_000, 50_000, 0, 50_000],
    // $1,100,000: $50,000 × ($1,500,000 − $1,100,000) ÷ $500,000 = $40,000 (s. 254 (2.1) (g); the same $40,000 for
    // "a $1.1 million home" in BC Home Builders, "First-Time Home Buyers' GST Rebate", https://bchb.ca/first-time-home-buyers-gst-rebate).
    [1_100_000, 55_000, 0, 40_000],
    // The CRA page above: "An eligible individual purchases a new home for $1.25 million … would be eligible for a
    // rebate of $25,000".
    [1_250_000, 62_500, 0, 25_000],
    // The CRA page above: "At or above $1.5 million, there is no rebate".
    [1_500_000, 75_000, 0, 0],
    // $400,000: the new housing rebate $3,150, topped up to the whole GST of $20,000 (s. 254 (2.1) (f): A − B).
    [400_000, 20_000, 3_150, 16_850],
  ])("%d: GST %d, new housing rebate %d, first-time rebate %d", (price, gst, regular, firstTime) => {
    const result = gstOnNewHome(facts, { price, firstTimeBuyer: true, agreementDate: "2025-06-01", asOf: AS_OF });
    expect(result).toMatchObject({
      gst,
      new_housing_rebate: regular,
      first_time_buyer_rebate: firstTime,
      rebate: regular + firstTime,
      net_gst: gst - regular - firstTime,
    });
    expect(result.rebate).toBeLessThanOrEqual(result.gst);
    expect(result.citations.map((used) => used.fact_id)).toEqual([
      "ca.gst.new_housing_rebate",
      "ca.gst.fthb_new_home_rebate",
    ]);
  });

  it("never gives more than the GST: at $300,000 the two rebates recover exactly the $15,000", () => {
    const result = gstOnNewHome(facts, { price: 300_000, firstTimeBuyer: true, asOf: AS_OF });
    expect(result).toMatchObject({ gst: 15_000, new_housing_rebate: 5_400, first_time_buyer_rebate: 9_600 });
    expect(result.net_gst).toBe(0);
  });

  it.each([
    // "after March 19, 2025 and before 2031" (s. 254 (2.1) (b)).
    ["2025-03-19", 0],
    ["2025-03-20", 40_000],
    ["2030-12-31", 40_000],
    ["2031-01-01", 0],
  ])("an agreement of %s gives %d at $1,100,000", (agreementDate, firstTime) => {
    const result = gstOnNewHome(facts, { price: 1_100_000, firstTimeBuyer: true, agreementDate, asOf: AS_OF });
    expect(result.first_time_buyer_rebate).toBe(firstTime);
    if (firstTime === 0) expect(result.breakdown.join("\n")).toContain("is not in its window");
  });

  it("says what it assumes when the agreement date is not given, and the buyer's conditions from the fact", () => {
    const said = gstOnNewHome(facts, { price: 800_000, firstTimeBuyer: true, asOf: AS_OF }).assumptions.join("\n");
    expect(said).toContain("agreementDate was not given");
    expect(said).toContain("the buyer is 18 or older");
    expect(said).toContain("Canadian citizen or a permanent resident");
    expect(said).toContain("or the 4 previous calendar years");
    expect(said).toContain("primary place of residence");
  });

  it("gives each assumption as a code with the option it concerns, in the order of its sentences", () => {
    const result = gstOnNewHome(facts, { price: 800_000, firstTimeBuyer: true, asOf: AS_OF });
    expect(result.assumed).toHaveLength(result.assumptions.length);
    for (const { code } of result.assumed) expect(ASSUMPTION_CODES).toContain(code);
    const at = result.assumptions.findIndex((line) => line.startsWith("agreementDate was not given"));
    expect(result.assumed[at]).toEqual({
      code: "gst-agreement-in-window-assumed",
      option: "agreementDate",
      values: { after: { date: "2025-03-19" }, before: { date: "2031-01-01" } },
    });
    // With the day given, the sentence and its code change together.
    const given = gstOnNewHome(facts, {
      price: 800_000,
      firstTimeBuyer: true,
      agreementDate: "2025-06-01",
      asOf: AS_OF,
    });
    expect(given.assumed.map(({ code }) => code)).toContain("gst-agreement-in-window-given");
    expect(given.assumed.map(({ code }) => code)).not.toContain("gst-agreement-in-window-assumed");
  });

  it("gives none before the rebate's first version, and refuses a date before the GST rule the facts record", () => {
    const early = gstOnNewHome(facts, { price: 500_000, firstTimeBuyer: true, asOf: "2024-06-01" });
    expect(early.first_time_buyer_rebate).toBe(0);
    expect(early.breakdown.join("\n")).toContain("the rebate applies from 2025-03-20");
    expect(() => gstOnNewHome(facts, { price: 500_000, asOf: "2007-12-31" })).toThrow(CalculatorError);
    try {
      gstOnNewHome(facts, { price: 500_000, asOf: "0001-01-01" });
    } catch (error: unknown) {
      expect(error).toMatchObject({ reason: "no-rule-on-date", fact_id: "ca.gst.new_housing_rebate" });
    }
  });

  it.each([
    [{ price: -1 }, "price"],
    [{ price: 500_000, agreementDate: "2025-02-30" }, "agreementDate"],
    [{ price: 500_000, firstTimeBuyers: true }, "firstTimeBuyers"],
  ])("refuses %j, naming the option", (options, option) => {
    expect(() => gstOnNewHome(facts, options as never)).toThrow(CalculatorError);
    try {
      gstOnNewHome(facts, options as never);
    } catch (error: unknown) {
      expect(error).toMatchObject({ option });
    }
  });
});

describe("cashToClose: the agreement's day for a newly built home", () => {
  it("counts the first-time buyers' GST rebate only for an agreement in its window", async () => {
    // The published ca.gst.fthb_new_home_rebate: agreements after 2025-03-19 and before 2031. At $1,150,000 the GST is
    // $57,500, the new housing rebate nothing and the first-time buyers' rebate $35,000.
    const { catalog } = await publishedFacts();
    const buyer = {
      price: 1_150_000,
      downPayment: 115_000,
      amortizationYears: 30,
      firstTimeBuyer: true,
      newlyBuilt: true,
      asOf: "2026-11-01",
    };
    const gstLine = (agreementDate?: string) =>
      cashToClose(catalog, agreementDate === undefined ? buyer : { ...buyer, agreementDate }).lines.find(
        (line) => line.item === "gst",
      )?.amount;
    expect(gstLine()).toBe(22_500);
    expect(gstLine("2025-06-01")).toBe(22_500);
    expect(gstLine("2025-03-01")).toBe(57_500);
    expect(cashToClose(catalog, { ...buyer, agreementDate: "2025-03-01" }).total).toBe(193_500);
    const assumed = cashToClose(catalog, buyer).assumed.map(({ code }) => code);
    expect(assumed).toContain("gst-agreement-in-window-assumed");
    expect(assumed).toContain("gst-price-before-gst");
  });
});
