import { beforeAll, describe, expect, it } from "vitest";
import {
  type FactCatalog,
  homeOwnerGrant,
  minimumDownPayment,
  mortgageInsurancePremium,
  propertyTransferTax,
  qualifyingRate,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts } from "./published-facts.ts";

// The calculators on dates before the facts' first versions were recorded, answered from the one timeline (earlier
// periods from sources, then the versions). Each expected figure names the source that states the rule it follows.

let catalog: FactCatalog;
beforeAll(async () => {
  ({ catalog } = await publishedFacts());
});

describe("as of 2015-06-01", () => {
  const asOf = "2015-06-01";

  it("taxes a transfer at 1% to $200,000 and 2% above, with no foreign buyers' tax yet", () => {
    // B.C. Ministry of Finance, Budget 2016 backgrounder (February 16, 2016): the 1% rate on the first $200,000 and
    // the 2% rate above it "continue to apply"; the 3% tier began February 17, 2016. $2,000 + $9,000 on $650,000.
    const result = propertyTransferTax(catalog, { price: 650_000, foreignBuyer: true, asOf });
    expect(result).toMatchObject({ general: 11_000, additional: 0, total: 11_000 });
    const brackets = result.citations.find((used) => used.fact_id === "bc.ptt.brackets")!;
    expect(brackets).toMatchObject({ version: undefined, effective_iso: "1987-03-19", superseded_iso: "2016-02-17" });
    expect(brackets.summary).toBe("1% up to $200,000; 2% above $200,000");
    expect(brackets.page_url).toMatch(/\/bc\.ptt\.brackets\.html#earlier-1987-03-19$/);
    // The additional tax for foreign buyers began August 2, 2016 (its first version), so none is due.
    expect(result.breakdown.some((line) => /August 2, 2016|2016-08-02/.test(JSON.stringify(line)))).toBe(true);
  });

  it("exempts a first-time buyer in full up to $475,000", () => {
    // Ministry of Finance, first time home buyers' exemption amounts for registrations from February 19, 2014:
    // full exemption below $475,000. The tax on $450,000 ($2,000 + $5,000) is exempt in full.
    expect(propertyTransferTax(catalog, { price: 450_000, firstTimeBuyer: true, asOf })).toMatchObject({
      general: 7_000,
      exemption: 7_000,
      total: 0,
    });
  });

  it("asks 5% down on the whole price below the $1,000,000 cap", () => {
    // Eligibility for Insured Mortgage Loans Regulations (SOR/2012-281), s. 7(6): loans up to 95% of the value until
    // February 14, 2016, with the $1,000,000 cap from July 9, 2012 (s. 7(5)). 5% of $800,000.
    const result = minimumDownPayment(catalog, 800_000, { asOf });
    expect(result).toMatchObject({ minimum: 40_000, insurable: true, price_cap: 1_000_000 });
    expect(result.citations[0]).toMatchObject({ fact_id: "cmhc.insurance_cap", version: undefined });
  });

  it("prices the insurance at 3.60% above 90% loan-to-value, and says plainly that nothing earlier is recorded", () => {
    // CMHC's release of April 2, 2015 (premiums from June 1, 2015) and its January 2017 table's "current" column:
    // 3.60% on the total loan up to 95% loan-to-value. $740,000 × 3.6%.
    const options = { price: 800_000, downPayment: 60_000, amortizationYears: 25 };
    const result = mortgageInsurancePremium(catalog, { ...options, asOf });
    expect(result).toMatchObject({ rate: 0.036, premium: 26_640 });
    expect(result.citations.find((used) => used.fact_id === "cmhc.mortgage_insurance_premiums")).toMatchObject({
      version: undefined,
      effective_iso: "2015-06-01",
    });
    const error = refusal(() => mortgageInsurancePremium(catalog, { ...options, asOf: "2015-05-31" }));
    expect(error).toMatchObject({ reason: "no-rule-on-date", fact_id: "cmhc.mortgage_insurance_premiums" });
    expect(error.message).toContain("took effect on 2015-06-01");
  });
});

describe("as of 2016-03-01", () => {
  const asOf = "2016-03-01";

  it("adds the 3% tier above $2,000,000", () => {
    // Budget 2016 backgrounder: 3% on the portion over $2 million from February 17, 2016.
    // $2,000 + $36,000 + $15,000 on $2,500,000.
    expect(propertyTransferTax(catalog, { price: 2_500_000, asOf }).total).toBe(53_000);
  });

  it("exempts a newly built home in full up to $750,000", () => {
    // Budget 2016: the newly built home exemption, from February 17, 2016, in full up to $750,000.
    expect(propertyTransferTax(catalog, { price: 700_000, newlyBuilt: true, asOf })).toMatchObject({
      general: 12_000,
      exemption: 12_000,
      total: 0,
    });
  });

  it("asks 5% of the first $500,000 and 10% of the rest", () => {
    // Finance Canada, December 11, 2015, effective February 15, 2016; SOR/2012-281 as amended.
    expect(minimumDownPayment(catalog, 800_000, { asOf }).minimum).toBe(55_000);
  });
});

describe("as of 2017-06-01", () => {
  const asOf = "2017-06-01";

  it("charges foreign buyers 15% in the Greater Vancouver Regional District", () => {
    // Ministry of Finance: the additional tax of 15% from August 2, 2016 to February 20, 2018.
    const result = propertyTransferTax(catalog, { price: 650_000, foreignBuyer: true, inSpecifiedArea: true, asOf });
    expect(result).toMatchObject({ additional: 97_500, total: 108_500 });
    const foreign = result.citations.find((used) => used.fact_id === "bc.ptt.foreign_buyer_additional")!;
    // The fact used is named with that period's own numbers, not today's 20% and five regional districts.
    expect(foreign.label).toBe("Additional property transfer tax for foreign buyers in specified areas");
    expect(foreign.summary).toMatch(/^Rate: 15%; .*Greater Vancouver Regional District/);
    expect(foreign.page_url).toMatch(/\/bc\.ptt\.foreign_buyer_additional\.html#v1$/);
  });

  it("prices the insurance at 4.00% above 90% loan-to-value", () => {
    // CMHC premium schedule effective March 17, 2017: 4.00% up to and including 95%. $740,000 × 4%.
    expect(
      mortgageInsurancePremium(catalog, { price: 800_000, downPayment: 60_000, amortizationYears: 25, asOf }).premium,
    ).toBe(29_600);
  });
});

describe("as of 2019-06-01", () => {
  const asOf = "2019-06-01";

  it("charges foreign buyers 20%, and the further 2% above $3,000,000", () => {
    // Ministry of Finance: 20% from February 21, 2018; the further 2% on residential value above $3,000,000 from the
    // same day. $2,000 + $36,000 + $30,000 + $50,000 on $4,000,000.
    expect(
      propertyTransferTax(catalog, { price: 650_000, foreignBuyer: true, inSpecifiedArea: true, asOf }).additional,
    ).toBe(130_000);
    expect(propertyTransferTax(catalog, { price: 4_000_000, asOf }).general).toBe(118_000);
  });

  it("phases the home owner grant out above the 2019 threshold of $1,650,000", () => {
    // City of Vancouver, retroactive home owner grant: the 2019 threshold was $1,650,000; $5 less per $1,000 above.
    const result = homeOwnerGrant(catalog, { assessedValue: 1_700_000, asOf });
    expect(result).toMatchObject({ threshold: 1_650_000, max_grant: 570, grant: 320 });
  });

  it("says the stress test's floor was the Bank of Canada benchmark, which is not recorded", () => {
    // OSFI Guideline B-20 from January 1, 2018: the greater of the contract rate plus 2% or the benchmark rate.
    const error = refusal(() => qualifyingRate(catalog, 0.03, { asOf }));
    expect(error.reason).toBe("not-recorded");
    expect(error.message).toContain("Bank of Canada");
    expect(error.message).toContain("plus 2%");
  });
});

describe("as of 2021-01-01", () => {
  const asOf = "2021-01-01";

  it("uses the 2021 home owner grant threshold of $1,625,000", () => {
    // Province of B.C. release of January 2021 (copy on kamloops.me): threshold $1,625,000.
    expect(homeOwnerGrant(catalog, { assessedValue: 1_625_000, asOf })).toMatchObject({
      threshold: 1_625_000,
      grant: 570,
    });
  });

  it("finds no insured mortgage at $1,000,000 or more", () => {
    // SOR/2012-281 s. 7(5): insurance only below $1,000,000 until December 14, 2024.
    expect(minimumDownPayment(catalog, 1_200_000, { asOf })).toMatchObject({ insurable: false, price_cap: 1_000_000 });
  });
});
