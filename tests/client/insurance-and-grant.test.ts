import { beforeAll, describe, expect, it } from "vitest";
import {
  CalculatorError,
  type FactCatalog,
  homeOwnerGrant,
  minimumDownPayment,
  mortgageInsurancePremium,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts, withHistoryValue, withPremiumFixture, withValue } from "./published-facts.ts";

let catalog: FactCatalog;
/** The catalog with the premium schedule fixture and its versions from 2017-03-17. */
let facts: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
  facts = withPremiumFixture(catalog);
});

/**
 * `cmhc.insurance_cap`'s first version does not record the down payment brackets; give it those of its successor, to
 * reach earlier dates.
 */
const withEarlierBrackets = (source: FactCatalog) =>
  withHistoryValue(source, "cmhc.insurance_cap", 1, (value) => ({
    ...(value as object),
    min_down_payment_brackets: [
      { upper: 500_000, rate: 0.05 },
      { upper: 1_000_000, rate: 0.1 },
    ],
  }));

const premium = (options: Parameters<typeof mortgageInsurancePremium>[1]) => mortgageInsurancePremium(facts, options);

describe("mortgageInsurancePremium at every band edge (CMHC's rates on the total loan)", () => {
  // A $100,000 price: the minimum down payment is 5%, so every band can be reached; the premium by hand. Up to 80%
  // loan-to-value insurance is not required: no premium, and the band's rate is reported only as `low_ratio_rate`.
  it.each([
    [35_000, 0.65, 0.006],
    [34_990, 0.6501, 0.017],
    [25_000, 0.75, 0.017],
    [24_990, 0.7501, 0.024],
    [20_000, 0.8, 0.024],
  ])(
    "%d down on 100,000: loan-to-value %d, not required, low-ratio rate %d, no premium",
    (downPayment, ltv, lowRatioRate) => {
      const result = premium({ price: 100_000, downPayment, amortizationYears: 25 });
      expect(result).toMatchObject({
        required: false,
        insurable: true,
        reason: null,
        ltv,
        rate: null,
        low_ratio_rate: lowRatioRate,
        premium: 0,
        loan: 100_000 - downPayment,
        loan_with_premium: 100_000 - downPayment,
      });
      expect(result.breakdown.join("\n")).toContain("insurance not required");
    },
  );

  it.each([
    [19_990, 0.8001, 0.028, 2_240.28],
    [15_000, 0.85, 0.028, 2_380],
    [10_000, 0.9, 0.031, 2_790],
    [9_990, 0.9001, 0.04, 3_600.4],
    [5_000, 0.95, 0.04, 3_800],
  ])("%d down on 100,000: loan-to-value %d, rate %d, premium %d", (downPayment, ltv, rate, amount) => {
    const result = premium({ price: 100_000, downPayment, amortizationYears: 25 });
    expect(result).toMatchObject({
      required: true,
      insurable: true,
      reason: null,
      ltv,
      rate,
      low_ratio_rate: null,
      premium: amount,
      loan: 100_000 - downPayment,
    });
    expect(result.loan_with_premium).toBeCloseTo(100_000 - downPayment + amount, 2);
    expect(result.citations.map((used) => used.fact_id)).toEqual([
      "cmhc.insurance_cap",
      "cmhc.mortgage_insurance_premiums",
    ]);
    expect(result.breakdown.join("\n")).toContain("no provincial sales tax on the premium in B.C.");
  });

  it("decides that insurance is required on the exact amounts, not on the loan-to-value rounded to 0.01%", () => {
    // $99,980 down on $500,000: a loan of $400,020 is 80.004% of the price, written 80.00% but above 80%: high-ratio,
    // so insured at the first band above 80% (2.80%): $400,020 × 2.8% = $11,200.56.
    expect(premium({ price: 500_000, downPayment: 99_980, amortizationYears: 25 })).toMatchObject({
      required: true,
      insurable: true,
      rate: 0.028,
      premium: 11_200.56,
      loan_with_premium: 411_220.56,
    });
    // At the cap, $50 short of 20% down is a high-ratio loan that cannot be insured, not a conventional one.
    const short = premium({ price: 1_500_000, downPayment: 299_950, amortizationYears: 25 });
    expect(short).toMatchObject({ required: true, insurable: false, premium: 0 });
    expect(short.reason).toContain("at or above the insured price cap of $1,500,000");
    // Exactly 20% down stays conventional.
    expect(premium({ price: 500_000, downPayment: 100_000, amortizationYears: 25 })).toMatchObject({
      required: false,
      premium: 0,
      loan_with_premium: 400_000,
    });
  });

  it("refuses an amortization that is not a whole number of years, naming the option", () => {
    const refusal = (() => {
      try {
        premium({ price: 500_000, downPayment: 50_000, amortizationYears: 25.3 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(CalculatorError);
    expect(refusal).toMatchObject({ reason: "invalid-option", option: "amortizationYears" });
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
    expect(premium({ price: 1_500_000, downPayment: 300_000, amortizationYears: 25 }).reason).toContain(
      "at or above the insured price cap of $1,500,000",
    );
    // $1,499,999 with the minimum $124,999.90 down: loan $1,374,999.10 (91.67%), 4% = $54,999.96.
    expect(premium({ price: 1_499_999, downPayment: 124_999.9, amortizationYears: 25 })).toMatchObject({
      insurable: true,
      rate: 0.04,
      premium: 54_999.96,
    });
  });

  it("uses the non-traditional down payment rate above 90% loan-to-value where the schedule in force has one", () => {
    // 2018: 4.50% above 90%; from 2020-07-01 CMHC has no separate rate, so the band's 4.00% applies.
    const early = withEarlierBrackets(facts);
    const at = (downPayment: number, asOf: string) =>
      mortgageInsurancePremium(early, {
        price: 100_000,
        downPayment,
        amortizationYears: 25,
        nonTraditionalDownPayment: true,
        asOf,
      });
    expect(at(5_000, "2018-06-01")).toMatchObject({ rate: 0.045, premium: 4_275 });
    expect(at(10_000, "2018-06-01")).toMatchObject({ rate: 0.031 });
    const now = premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, nonTraditionalDownPayment: true });
    expect(now).toMatchObject({ rate: 0.04, premium: 3_800 });
    expect(now.breakdown.join("\n")).toContain("no separate rate for a non-traditional down payment");
  });

  describe("the surcharge over 25 years, where the 30-year rule allows it", () => {
    it("adds 0.20% for a first-time buyer today, and refuses a buyer the rule does not cover", () => {
      // $500,000 with $25,000 down: loan $475,000 at 4.2% = $19,950.
      const first = premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, firstTimeBuyer: true });
      expect(first).toMatchObject({ insurable: true, rate: 0.042, premium: 19_950, loan_with_premium: 494_950 });
      expect(first.citations.map((used) => used.fact_id)).toContain("cmhc.amortization_30yr_eligibility");
      expect(premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, newlyBuilt: true })).toMatchObject({
        insurable: true,
        premium: 19_950,
      });
      const other = premium({ price: 500_000, downPayment: 25_000, amortizationYears: 30 });
      expect(other).toMatchObject({ insurable: false, premium: 0 });
      expect(other.reason).toBe(
        "a 30-year amortization on an insured loan is only for first-time home buyers and buyers of newly built homes (since December 15, 2024); this purchase is neither",
      );
      expect(
        premium({ price: 500_000, downPayment: 25_000, amortizationYears: 35, firstTimeBuyer: true }).reason,
      ).toContain("at most 30 years");
    });

    it("follows the rule's history: first-time buyers of new builds from 2024-08-01, all of them from 2024-12-15, none before", () => {
      const withBrackets = withEarlierBrackets(facts);
      const at = (asOf: string, buyer: { firstTimeBuyer?: boolean; newlyBuilt?: boolean }) =>
        mortgageInsurancePremium(withBrackets, {
          price: 500_000,
          downPayment: 25_000,
          amortizationYears: 30,
          asOf,
          ...buyer,
        });
      expect(at("2024-07-31", { firstTimeBuyer: true, newlyBuilt: true }).reason).toContain(
        "longer amortizations for such loans began on August 1, 2024",
      );
      expect(at("2024-08-01", { firstTimeBuyer: true, newlyBuilt: true })).toMatchObject({
        insurable: true,
        premium: 19_950,
      });
      expect(at("2024-12-14", { firstTimeBuyer: true })).toMatchObject({ insurable: false });
      expect(at("2024-12-14", { firstTimeBuyer: true }).reason).toContain(
        "only for first-time home buyers buying a newly built home (since August 1, 2024); this purchase is not one",
      );
      expect(at("2024-12-15", { firstTimeBuyer: true })).toMatchObject({ insurable: true, premium: 19_950 });
      expect(at("2024-12-15", { newlyBuilt: true })).toMatchObject({ insurable: true });
    });

    it("reports no low-ratio rate over 25 years on a date whose schedule has no surcharge for it", () => {
      // 2020: a loan of 80% of the price is not high-ratio (no premium), and the schedule then had no rate over 25
      // years.
      const result = mortgageInsurancePremium(withEarlierBrackets(facts), {
        price: 500_000,
        downPayment: 100_000,
        amortizationYears: 30,
        asOf: "2020-08-01",
      });
      expect(result).toMatchObject({
        required: false,
        insurable: true,
        rate: null,
        low_ratio_rate: null,
        premium: 0,
        loan_with_premium: 400_000,
      });
    });

    it("charges no premium and no surcharge with 20% or more down, whatever the amortization", () => {
      // $500,000 with $150,000 down: loan $350,000, 70% of the price, at or below 80%: a conventional mortgage.
      const result = premium({ price: 500_000, downPayment: 150_000, amortizationYears: 30 });
      expect(result).toMatchObject({
        required: false,
        insurable: true,
        rate: null,
        premium: 0,
        loan: 350_000,
        loan_with_premium: 350_000,
      });
      expect(result.breakdown.join("\n")).not.toContain("plus 0.2%");
      expect(result.citations.map((used) => used.fact_id)).not.toContain("cmhc.amortization_30yr_eligibility");
      // $500,000 with $99,990 down: a loan of $400,010 is 80.002%, written 80.00% but above 80%: required, at the first
      // band above 80%, 2.8% of $400,010 = $11,200.28.
      expect(premium({ price: 500_000, downPayment: 99_990, amortizationYears: 25 })).toMatchObject({
        required: true,
        premium: 11_200.28,
      });
      // $500,000 with $99,900 down: loan $400,100, 80.02%: required, 2.8% of $400,100 = $11,202.80.
      expect(premium({ price: 500_000, downPayment: 99_900, amortizationYears: 25 })).toMatchObject({
        required: true,
        rate: 0.028,
        premium: 11_202.8,
      });
    });

    it("says at the price cap with 20% down that insurance is neither required nor available, and that 20% is the minimum", () => {
      const result = premium({ price: 1_600_000, downPayment: 320_000, amortizationYears: 25 });
      expect(result).toMatchObject({
        required: false,
        insurable: false,
        premium: 0,
        loan: 1_280_000,
        loan_with_premium: 1_280_000,
      });
      expect(result.reason).toBe(
        "the price is at or above the insured price cap of $1,500,000: insurance is not available, and a down payment of at least $320,000 (20%) is the minimum",
      );
    });

    it("refuses a 30-year rule it cannot read rather than guess who it covers", () => {
      const reworded = withValue(facts, "cmhc.amortization_30yr_eligibility", (value) => ({
        ...(value as object),
        eligible_buyers: ["everyone"],
      }));
      expect(() =>
        mortgageInsurancePremium(reworded, {
          price: 500_000,
          downPayment: 25_000,
          amortizationYears: 30,
          firstTimeBuyer: true,
        }),
      ).toThrow(/cmhc\.amortization_30yr_eligibility \(version 3, in force on .*\) at \$\.value\.eligible_buyers\[0\]/);
    });
  });

  it("says, as fields, when the period it reads does not record the down payment brackets", () => {
    // The period of cmhc.insurance_cap from 2016-02-15, recorded from sources, without its brackets.
    const without: FactCatalog = {
      ...facts,
      facts: facts.facts.map((fact) =>
        fact.id === "cmhc.insurance_cap"
          ? {
              ...fact,
              history: fact.history.map((entry) => {
                if (entry.version !== undefined) return entry;
                const { min_down_payment_brackets: _brackets, ...value } = entry.value as Record<string, unknown>;
                return { ...entry, value };
              }),
            }
          : fact,
      ),
    };
    let error: unknown;
    try {
      minimumDownPayment(without, 500_000, { asOf: "2023-06-01" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CalculatorError);
    expect(error).toMatchObject({ reason: "not-recorded", fact_id: "cmhc.insurance_cap", date: "2023-06-01" });
    // The published period records them: 5% of $500,000.
    expect(minimumDownPayment(facts, 500_000, { asOf: "2023-06-01" }).minimum).toBe(25_000);
  });

  it("names the fact and the path when the premium schedule has another shape, and the date when it has no version", () => {
    const broken = withValue(facts, "cmhc.mortgage_insurance_premiums", (value) => ({
      ...(value as object),
      amortization_surcharge_rate: "0.2%",
    }));
    expect(() =>
      mortgageInsurancePremium(broken, { price: 100_000, downPayment: 5_000, amortizationYears: 25 }),
    ).toThrow(
      /cmhc\.mortgage_insurance_premiums \(version 5, in force on .*\) at \$\.value\.amortization_surcharge_rate/,
    );
    expect(() => premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, asOf: "2017-03-16" })).toThrow(
      CalculatorError,
    );
    expect(() => premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, asOf: "2017-03-16" })).toThrow(
      "cmhc.mortgage_insurance_premiums records no rule in force on 2017-03-16: the earliest rule it records took effect on 2017-03-17",
    );
    expect(() =>
      premium({ price: 100_000, downPayment: 5_000, amortizationYears: 25, downpayment: 1 } as never),
    ).toThrow("did you mean downPayment?");
  });
});

describe("minimumDownPayment and qualifyingRate on a date", () => {
  it("reads the cap and brackets of each period: the periods recorded from sources, then version 2", () => {
    // Version 1 (from 2012-07-09) left the brackets out and is corrected by the periods recorded from sources: on
    // 2024-12-14, 5% of $500,000 and 10% of the next $100,000 under the $1,000,000 cap.
    const before = minimumDownPayment(catalog, 600_000, { asOf: "2024-12-14" });
    expect(before).toMatchObject({ minimum: 35_000, insurable: true, price_cap: 1_000_000 });
    expect(before.citations[0]).toMatchObject({
      version: undefined,
      effective_iso: "2016-02-15",
      superseded_iso: "2024-12-15",
    });
    expect(minimumDownPayment(catalog, 1_200_000, { asOf: "2024-12-15" })).toMatchObject({
      minimum: 95_000,
      insurable: true,
      price_cap: 1_500_000,
    });
    const withBrackets = withHistoryValue(catalog, "cmhc.insurance_cap", 1, (value) => ({
      ...(value as object),
      min_down_payment_brackets: [
        { upper: 500_000, rate: 0.05 },
        { upper: 1_000_000, rate: 0.1 },
      ],
    }));
    // Before 2024-12-15 the cap was $1,000,000: $1,200,000 needs 20%.
    expect(minimumDownPayment(withBrackets, 1_200_000, { asOf: "2024-12-14" })).toMatchObject({
      minimum: 240_000,
      insurable: false,
      price_cap: 1_000_000,
    });
    expect(minimumDownPayment(catalog, 600_000, { asOf: "2024-12-15" }).citations[0]).toMatchObject({
      version: 2,
      effective_iso: "2024-12-15",
      as_of: "2024-12-15",
    });
  });

  it("answers before the first version from the Bank of Canada benchmark of the week, and says plainly where none is recorded", () => {
    // The last week of the benchmark floor: 4.79% (the Bank's figure dated August 12, 2020, unchanged to May 26, 2021).
    expect(qualifyingRate(catalog, 0.045, { asOf: "2021-05-31", insured: true })).toMatchObject({
      rate: 0.0479,
      rule: "floor",
      buffer_rate: 0,
    });
    expect(qualifyingRate(catalog, 0.045, { asOf: "2021-05-31", insured: false })).toMatchObject({
      rate: 0.065,
      rule: "contract-plus-buffer",
    });
    // The rule then differed for insured and uninsured mortgages: the calculator asks which instead of guessing.
    expect(refusal(() => qualifyingRate(catalog, 0.045, { asOf: "2021-05-31" }))).toMatchObject({
      reason: "invalid-option",
      option: "insured",
    });
    // The benchmark's weekly figures before April 13, 2015 are not recorded.
    expect(() => qualifyingRate(catalog, 0.045, { asOf: "2014-06-01" })).toThrow(
      "on 2014-06-01 the stress test's floor was Bank of Canada five-year conventional mortgage rate",
    );
    expect(() => qualifyingRate(catalog, 0.045, { asOf: "2010-04-18" })).toThrow(
      "osfi.b20.stress_test records no rule in force on 2010-04-18: the earliest rule it records took effect on 2010-04-19",
    );
    const result = qualifyingRate(catalog, 0.045, { asOf: "2021-06-01" });
    expect(result).toMatchObject({ rate: 0.065, rule: "contract-plus-buffer" });
    expect(result.breakdown.map((line) => line.rate)).toEqual([0.065, 0.0525]);
    expect(() => qualifyingRate(catalog, 0.045, { asof: "2021-06-01" } as never)).toThrow(
      "unknown option asof; did you mean asOf?",
    );
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
    expect(result.citations[0]).toMatchObject({
      fact_id: "bc.home_owner_grant.threshold",
      version: 2,
      effective_iso: "2026-01-01",
    });
  });

  it("uses the 2025 threshold of $2,175,000 for a date in 2025", () => {
    expect(grant({ assessedValue: 2_200_000, asOf: "2025-12-31" })).toMatchObject({ grant: 445, threshold: 2_175_000 });
    expect(grant({ assessedValue: 2_289_000, asOf: "2025-12-31" }).grant).toBe(0);
    expect(grant({ assessedValue: 2_200_000, asOf: "2026-01-01" })).toMatchObject({ grant: 0, threshold: 2_075_000 });
  });

  it("refuses what the facts do not record: a year before the earliest period, an amount a version lacks", () => {
    // 2024, a period recorded from sources: the threshold was $2,150,000.
    expect(grant({ assessedValue: 1_000_000, asOf: "2024-12-31" })).toMatchObject({ grant: 570, threshold: 2_150_000 });
    expect(() => grant({ assessedValue: 1_000_000, asOf: "2015-12-31" })).toThrow(
      "bc.home_owner_grant.threshold records no rule in force on 2015-12-31: the earliest rule it records took effect on 2016-01-01",
    );
    expect(() =>
      grant({ assessedValue: 1_000_000, asOf: "2025-06-01", additional: true, northernRural: true }),
    ).toThrow(
      "bc.home_owner_grant.threshold (version 1, in force on 2025-06-01) at $.value.additional_grant_total_max_cad_elsewhere",
    );
  });

  it("refuses a tax year the facts have no threshold for yet, rather than carry the last one over", () => {
    expect(() => grant({ assessedValue: 1_000_000, asOf: "2027-03-01" })).toThrow(
      "bc.home_owner_grant.threshold (version 2, in force on 2027-03-01) at $.value.tax_year: it is the rule for the 2026 tax year, and the facts record none for 2027 yet",
    );
  });

  it("refuses a date on or after a change the fact has scheduled, as the current value is not that date's rule", () => {
    const scheduled = {
      ...catalog,
      facts: catalog.facts.map((fact) =>
        fact.id === "osfi.b20.stress_test"
          ? {
              ...fact,
              scheduled: [
                {
                  effective_iso: "2027-01-01",
                  status: "announced" as const,
                  value: fact.value,
                  citations: fact.citations,
                  note: "A test change.",
                },
              ],
            }
          : fact,
      ),
    };
    expect(qualifyingRate(scheduled, 0.045, { asOf: "2026-12-31" }).rate).toBe(0.065);
    expect(() => qualifyingRate(scheduled, 0.045, { asOf: "2027-01-01" })).toThrow(
      "osfi.b20.stress_test has a change scheduled (announced) for 2027-01-01",
    );
  });

  it("takes the grant off the property tax, never more than the tax", () => {
    expect(grant({ assessedValue: 2_100_000, propertyTax: 4_000, asOf: "2026-06-30" })).toMatchObject({
      grant: 445,
      tax_after_grant: 3_555,
    });
    const small = grant({ assessedValue: 900_000, propertyTax: 300, asOf: "2026-06-30" });
    expect(small).toMatchObject({ grant: 300, max_grant: 570, tax_after_grant: 0 });
    expect(small.breakdown.join("\n")).toContain("cannot exceed the property tax");
    expect(() => grant({ assessedValue: 900_000, northernrural: true } as never)).toThrow(
      "did you mean northernRural?",
    );
  });
});
