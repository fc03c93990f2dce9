import { beforeAll, describe, expect, it } from "vitest";
import {
  CalculatorError,
  type FactCatalog,
  homeOwnerGrant,
  minimumDownPayment,
  mortgageInsurancePremium,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { publishedFacts, withHistoryValue, withPremiumFixture, withValue } from "./published-facts.ts";

let catalog: FactCatalog;
/** The catalog with the premium schedule fixture, in force from 2017-03-17 (CMHC's schedule of that date). */
let facts: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
  const premiums = withPremiumFixture(catalog);
  facts = {
    ...premiums,
    facts: premiums.facts.map((fact) => (fact.id === "cmhc.mortgage_insurance_premiums" ? { ...fact, effective_iso: "2017-03-17" } : fact)),
  };
});

const premium = (options: Parameters<typeof mortgageInsurancePremium>[1]) => mortgageInsurancePremium(facts, options);

describe("mortgageInsurancePremium at every band edge (CMHC's rates on the total loan)", () => {
  // A $100,000 price: the minimum down payment is 5%, so every band can be reached; the premium by hand.
  it.each([
    [35_000, 0.65, 0.006, 390],
    [34_990, 0.6501, 0.017, 1_105.17],
    [25_000, 0.75, 0.017, 1_275],
    [24_990, 0.7501, 0.024, 1_800.24],
    [20_000, 0.8, 0.024, 1_920],
    [19_990, 0.8001, 0.028, 2_240.28],
    [15_000, 0.85, 0.028, 2_380],
    [10_000, 0.9, 0.031, 2_790],
    [9_990, 0.9001, 0.04, 3_600.4],
    [5_000, 0.95, 0.04, 3_800],
  ])("%d down on 100,000: loan-to-value %d, rate %d, premium %d", (downPayment, ltv, rate, amount) => {
    const result = premium({ price: 100_000, downPayment, amortizationYears: 25 });
    expect(result).toMatchObject({ insurable: true, reason: null, ltv, rate, premium: amount, loan: 100_000 - downPayment });
    expect(result.loan_with_premium).toBeCloseTo(100_000 - downPayment + amount, 2);
    expect(result.citations.map((used) => used.fact_id)).toEqual(["cmhc.insurance_cap", "cmhc.mortgage_insurance_premiums"]);
    expect(result.breakdown.join("\n")).toContain("no provincial sales tax on the premium in B.C.");
  });

  it("refuses 95.01% loan-to-value: the down payment is below the minimum", () => {
    const result = premium({ price: 100_000, downPayment: 4_990, amortizationYears: 25 });
    expect(result).toMatchObject({ insurable: false, rate: null, premium: 0, loan: 95_010, loan_with_premium: 95_010 });
    expect(result.reason).toContain("below the minimum of $5,000");
  });

  it("refuses a loan above the highest band of the schedule, with that reason", () => {
    const capped = withValue(facts, "cmhc.mortgage_insurance_premiums", (value) => ({
      ...(value as object),
      premium_rates_on_total_loan: [{ ltv_max: 0.9, rate: 0.031 }],
    }));
    const result = mortgageInsurancePremium(capped, { price: 100_000, downPayment: 5_000, amortizationYears: 25 });
    expect(result).toMatchObject({ insurable: false, premium: 0 });
    expect(result.reason).toContain("above the highest band of 90%");
  });

  it("refuses a price at the insured price cap, and insures one just below it", () => {
    expect(premium({ price: 1_500_000, downPayment: 300_000, amortizationYears: 25 }).reason).toContain("at or above the insured price cap of $1,500,000");
    // $1,499,999 with the minimum $124,999.90 down: loan $1,374,999.10 (91.67%), 4% = $54,999.96.
    expect(premium({ price: 1_499_999, downPayment: 124_999.9, amortizationYears: 25 })).toMatchObject({ insurable: true, rate: 0.04, premium: 54_999.96 });
  });

  it("uses the non-traditional down payment rate only above 90% loan-to-value", () => {
    expect(premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, nonTraditionalDownPayment: true })).toMatchObject({
      rate: 0.045,
      premium: 4_275,
    });
    expect(premium({ price: 100_000, downPayment: 10_000, amortizationYears: 25, nonTraditionalDownPayment: true })).toMatchObject({ rate: 0.031 });
  });

  describe("the surcharge over 25 years, where the 30-year rule allows it", () => {
    it("adds 0.20% for a first-time buyer today, and refuses a buyer the rule does not cover", () => {
      // $500,000 with $25,000 down: loan $475,000 at 4.2% = $19,950.
      const first = premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, firstTimeBuyer: true });
      expect(first).toMatchObject({ insurable: true, rate: 0.042, premium: 19_950, loan_with_premium: 494_950 });
      expect(first.citations.map((used) => used.fact_id)).toContain("cmhc.amortization_30yr_eligibility");
      expect(premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, newlyBuilt: true })).toMatchObject({ insurable: true, premium: 19_950 });
      const other = premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30 });
      expect(other).toMatchObject({ insurable: false, premium: 0 });
      expect(other.reason).toContain("more than 25 years only for all first-time home buyers (new or resale homes); all buyers of newly built homes");
      expect(premium({ price: 500_000, downPayment: 25_000, amortizationYears: 35, firstTimeBuyer: true }).reason).toContain("at most 30 years");
    });

    it("follows the rule's history: first-time buyers of new builds from 2024-08-01, all of them from 2024-12-15, none before", () => {
      // cmhc.insurance_cap's first version does not record the down payment brackets; give it the ones of its successor.
      const withBrackets = withHistoryValue(facts, "cmhc.insurance_cap", 1, (value) => ({
        ...(value as object),
        min_down_payment_brackets: [
          { upper: 500_000, rate: 0.05 },
          { upper: 1_000_000, rate: 0.1 },
        ],
      }));
      const at = (asOf: string, buyer: { firstTimeBuyer?: boolean; newlyBuilt?: boolean }) =>
        mortgageInsurancePremium(withBrackets, { price: 500_000, downPayment: 25_000, amortizationYears: 30, asOf, ...buyer });
      expect(at("2024-07-31", { firstTimeBuyer: true, newlyBuilt: true }).reason).toContain(
        "longer insured amortizations (cmhc.amortization_30yr_eligibility) begin on 2024-08-01",
      );
      expect(at("2024-08-01", { firstTimeBuyer: true, newlyBuilt: true })).toMatchObject({ insurable: true, premium: 19_950 });
      expect(at("2024-12-14", { firstTimeBuyer: true })).toMatchObject({ insurable: false });
      expect(at("2024-12-14", { firstTimeBuyer: true }).reason).toContain("first-time home buyers purchasing a newly built home");
      expect(at("2024-12-15", { firstTimeBuyer: true })).toMatchObject({ insurable: true, premium: 19_950 });
      expect(at("2024-12-15", { newlyBuilt: true })).toMatchObject({ insurable: true });
    });

    it("adds the surcharge to a loan that is not high-ratio without asking the 30-year rule", () => {
      // $500,000 with $100,000 down: 80%, 2.4% + 0.2% on $400,000 = $10,400.
      const result = premium({ price: 500_000, downPayment: 100_000, amortizationYears: 30 });
      expect(result).toMatchObject({ insurable: true, rate: 0.026, premium: 10_400 });
      expect(result.citations.map((used) => used.fact_id)).not.toContain("cmhc.amortization_30yr_eligibility");
    });

    it("refuses a 30-year rule it cannot read rather than guess who it covers", () => {
      const reworded = withValue(facts, "cmhc.amortization_30yr_eligibility", (value) => ({ ...(value as object), eligible_buyers: ["everyone"] }));
      expect(() => mortgageInsurancePremium(reworded, { price: 500_000, downPayment: 25_000, amortizationYears: 30, firstTimeBuyer: true })).toThrow(
        /cmhc\.amortization_30yr_eligibility \(version 3, in force on .*\) at \$\.value\.eligible_buyers\[0\]/,
      );
    });
  });

  it("names the fact and the path when the premium schedule has another shape, and the date when it has no version", () => {
    const broken = withValue(facts, "cmhc.mortgage_insurance_premiums", (value) => ({ ...(value as object), amortization_surcharge_rate: "0.2%" }));
    expect(() => mortgageInsurancePremium(broken, { price: 100_000, downPayment: 5_000, amortizationYears: 25 })).toThrow(
      /cmhc\.mortgage_insurance_premiums \(version 1, in force on .*\) at \$\.value\.amortization_surcharge_rate/,
    );
    expect(() => premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, asOf: "2017-03-16" })).toThrow(CalculatorError);
    expect(() => premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, asOf: "2017-03-16" })).toThrow(
      "cmhc.insurance_cap (version 1, in force on 2017-03-16) at $.value.min_down_payment_brackets",
    );
    expect(() => premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, downpayment: 1 } as never)).toThrow("did you mean downPayment?");
  });
});

describe("minimumDownPayment and qualifyingRate on a date", () => {
  it("refuses a date whose cmhc.insurance_cap version records no brackets, and reads the cap of each version", () => {
    expect(() => minimumDownPayment(catalog, 600_000, { asOf: "2024-12-14" })).toThrow(
      "cmhc.insurance_cap (version 1, in force on 2024-12-14) at $.value.min_down_payment_brackets",
    );
    expect(minimumDownPayment(catalog, 1_200_000, { asOf: "2024-12-15" })).toMatchObject({ minimum: 95_000, insurable: true, price_cap: 1_500_000 });
    const withBrackets = withHistoryValue(catalog, "cmhc.insurance_cap", 1, (value) => ({
      ...(value as object),
      min_down_payment_brackets: [
        { upper: 500_000, rate: 0.05 },
        { upper: 1_000_000, rate: 0.1 },
      ],
    }));
    // Before 2024-12-15 the cap was $1,000,000: $1,200,000 needs 20%.
    expect(minimumDownPayment(withBrackets, 1_200_000, { asOf: "2024-12-14" })).toMatchObject({ minimum: 240_000, insurable: false, price_cap: 1_000_000 });
    expect(minimumDownPayment(catalog, 600_000, { asOf: "2024-12-15" }).citations[0]).toMatchObject({
      version: 2,
      effective_iso: "2024-12-15",
      as_of: "2024-12-15",
    });
  });

  it("refuses a date before the stress test's first version and answers from it on", () => {
    expect(() => qualifyingRate(catalog, 0.045, { asOf: "2021-05-31" })).toThrow("osfi.b20.stress_test records no rule in force on 2021-05-31");
    const result = qualifyingRate(catalog, 0.045, { asOf: "2021-06-01" });
    expect(result).toMatchObject({ rate: 0.065, rule: "contract-plus-buffer" });
    expect(result.breakdown.map((line) => line.rate)).toEqual([0.065, 0.0525]);
    expect(() => qualifyingRate(catalog, 0.045, { asof: "2021-06-01" } as never)).toThrow("unknown option asof; did you mean asOf?");
  });
});

describe("homeOwnerGrant, the phase-out of $5 per $1,000 over the threshold", () => {
  const grant = (options: Parameters<typeof homeOwnerGrant>[1]) => homeOwnerGrant(catalog, options);

  // 2026: threshold $2,075,000; $570 / $845 in the three districts, $770 / $1,045 elsewhere.
  it.each([
    [{ assessedValue: 2_075_000 }, 570],
    [{ assessedValue: 2_076_000 }, 565],
    [{ assessedValue: 2_100_000 }, 445],
    [{ assessedValue: 2_188_000 }, 5],
    [{ assessedValue: 2_189_000 }, 0],
    [{ assessedValue: 2_243_000, additional: true }, 5],
    [{ assessedValue: 2_244_000, additional: true }, 0],
    [{ assessedValue: 2_075_000, northernRural: true }, 770],
    [{ assessedValue: 2_228_000, northernRural: true }, 5],
    [{ assessedValue: 2_229_000, northernRural: true }, 0],
    [{ assessedValue: 2_075_000, northernRural: true, additional: true }, 1_045],
    [{ assessedValue: 2_284_000, northernRural: true, additional: true }, 0],
    [{ assessedValue: 3_000_000 }, 0],
  ])("2026: %j gives %d", (options, amount) => {
    const result = grant({ ...options, asOf: "2026-06-30" });
    expect(result).toMatchObject({ grant: amount, threshold: 2_075_000, tax_after_grant: null });
    expect(result.citations[0]).toMatchObject({ fact_id: "bc.home_owner_grant.threshold", version: 2, effective_iso: "2026-01-01" });
  });

  it("uses the 2025 threshold of $2,175,000 for a date in 2025", () => {
    expect(grant({ assessedValue: 2_200_000, asOf: "2025-12-31" })).toMatchObject({ grant: 445, threshold: 2_175_000 });
    expect(grant({ assessedValue: 2_289_000, asOf: "2025-12-31" }).grant).toBe(0);
    expect(grant({ assessedValue: 2_200_000, asOf: "2026-01-01" })).toMatchObject({ grant: 0, threshold: 2_075_000 });
  });

  it("refuses what the facts do not record: a year before the first version, an amount a version lacks", () => {
    expect(() => grant({ assessedValue: 1_000_000, asOf: "2024-12-31" })).toThrow("bc.home_owner_grant.threshold records no rule in force on 2024-12-31");
    expect(() => grant({ assessedValue: 1_000_000, asOf: "2025-06-01", additional: true, northernRural: true })).toThrow(
      "bc.home_owner_grant.threshold (version 1, in force on 2025-06-01) at $.value.additional_grant_total_max_cad_elsewhere",
    );
  });

  it("takes the grant off the property tax, never more than the tax", () => {
    expect(grant({ assessedValue: 2_100_000, propertyTax: 4_000, asOf: "2026-06-30" })).toMatchObject({ grant: 445, tax_after_grant: 3_555 });
    const small = grant({ assessedValue: 900_000, propertyTax: 300, asOf: "2026-06-30" });
    expect(small).toMatchObject({ grant: 300, max_grant: 570, tax_after_grant: 0 });
    expect(small.breakdown.join("\n")).toContain("cannot exceed the property tax");
    expect(() => grant({ assessedValue: 900_000, northernrural: true } as never)).toThrow("did you mean northernRural?");
  });
});
