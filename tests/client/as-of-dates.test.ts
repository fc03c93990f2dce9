import { beforeAll, describe, expect, it } from "vitest";
import {
  affordability,
  cashToClose,
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

  it("qualifies at the Bank of Canada benchmark of that week, 5.34%, with the 2% buffer for uninsured loans only", () => {
    // The Bank's weekly file of posted rates (series V80691335, copied on GitHub): 5.34% from the figure dated May 9,
    // 2018 to July 10, 2019, applied from the Monday after. OSFI's Guideline B-20 from January 1, 2018 (its FAQ of
    // February 2020): uninsured at the greater of the contract rate plus 2% and that rate; SOR/2012-281 s. 5: insured
    // at the greater of the contract rate and that rate.
    expect(qualifyingRate(catalog, 0.03, { asOf, insured: true })).toMatchObject({ rate: 0.0534, rule: "floor" });
    expect(qualifyingRate(catalog, 0.03, { asOf, insured: false })).toMatchObject({ rate: 0.0534, rule: "floor" });
    expect(qualifyingRate(catalog, 0.04, { asOf, insured: false })).toMatchObject({
      rate: 0.06,
      rule: "contract-plus-buffer",
    });
    expect(qualifyingRate(catalog, 0.04, { asOf, insured: true })).toMatchObject({ rate: 0.0534, buffer_rate: 0 });
    const used = qualifyingRate(catalog, 0.03, { asOf, insured: true }).citations[0]!;
    expect(used).toMatchObject({ version: undefined, effective_iso: "2018-05-14", superseded_iso: "2019-07-22" });
    expect(used.summary).toMatch(/^Lowest qualifying rate \(floor\): 5\.34%/);
    // Without saying whether the loan is insured, the answer would be a guess: the calculator asks.
    expect(refusal(() => qualifyingRate(catalog, 0.03, { asOf }))).toMatchObject({
      reason: "invalid-option",
      option: "insured",
    });
  });
});

describe("the stress test's benchmark floor, 2016 to 2021", () => {
  it("follows the benchmark week by week, each figure applied from the Monday after the Bank's Wednesday date", () => {
    // The Bank's weekly file (series V80691335): 4.89% dated Wednesday September 27, 2017, which a broker's post of
    // October 2, 2017 says applied "the week of October 2, 2017"; 5.19% dated July 17, 2019; 4.79% dated August 12,
    // 2020, unchanged until the 5.25% floor of June 1, 2021 (OSFI, May 20, 2021).
    const rate = (asOf: string) => qualifyingRate(catalog, 0.02, { asOf, insured: true }).rate;
    expect(rate("2017-10-01")).toBe(0.0484);
    expect(rate("2017-10-02")).toBe(0.0489);
    expect(rate("2019-07-21")).toBe(0.0534);
    expect(rate("2019-07-22")).toBe(0.0519);
    expect(rate("2021-05-31")).toBe(0.0479);
    expect(qualifyingRate(catalog, 0.02, { asOf: "2021-06-01" }).rate).toBe(0.0525);
  });

  it("says an uninsured loan had no set qualifying rate before 2018, and a five-year term none before October 17, 2016", () => {
    // CMHC's notice of October 2016 and SOR/2012-281 as then in force: from October 17, 2016 every high-ratio insured
    // loan at the greater of the contract rate and the benchmark (4.64% that week); uninsured loans had no set rate
    // until B-20's update took effect on January 1, 2018 (OSFI's B-20 information sheet).
    expect(qualifyingRate(catalog, 0.025, { asOf: "2017-06-01", insured: true }).rate).toBe(0.0464);
    const uninsured = refusal(() => qualifyingRate(catalog, 0.025, { asOf: "2017-06-01", insured: false }));
    expect(uninsured.reason).toBe("not-covered");
    expect(uninsured.message).toContain("uninsured mortgages had no set qualifying rate");
    // Before October 17, 2016 (from April 19, 2010) only variable rates and terms under five years were tested.
    const term = refusal(() => qualifyingRate(catalog, 0.025, { asOf: "2016-03-01", insured: true }));
    expect(term.reason).toBe("not-covered");
    expect(term.message).toContain("a fixed term of five years or more qualified at its contract rate");
    expect(term.message).toContain("4.64% that week");
  });

  it("finds the largest price a 2019 income buys, its loan insured and qualified at 5.34%", () => {
    // $150,000 a year, $250 property tax a month and $100 heating: GDS 39% leaves $4,525 a month. At 5.34% over 25
    // years (compounded half-yearly) that repays at most $752,773.84; the largest price with the minimum down payment
    // keeps its insured loan, with the 4% premium, within it.
    const result = affordability(catalog, {
      annualIncome: 150_000,
      monthlyDebtPayments: 0,
      annualPropertyTax: 3_000,
      monthlyHeating: 100,
      monthlyStrataFee: 0,
      contractRate: 0.035,
      amortizationYears: 25,
      asOf: "2019-06-01",
    });
    expect(result).toMatchObject({ qualifying_rate: 0.0534, max_payment: 4_525, max_loan: 752_773.84 });
    expect(result.max_price).toBeGreaterThan(750_000);
    expect(result.max_price).toBeLessThan(1_000_000);
    expect(result.breakdown[1]).toBe(
      "qualifying rate for a loan without insurance 5.5%: the contract rate 3.5% plus the buffer of 2%, not below the floor of 5.34%",
    );
    expect(result.assumptions).toContain(
      "the limits are those of cmhc.debt_service_limits on 2019-06-01; another insurer or a lender may set lower ones",
    );
    // The premium and the stress test follow the day the mortgage and its insurance were applied for (CMHC's 2017
    // notice: premiums by the date the insurance request was submitted, whatever the closing date).
    expect(result.assumptions).toContain(
      "the qualifying rate and any insurance premium are those in force on 2019-06-01, which should be the day the mortgage and its insurance were applied for, not the closing or registration date: CMHC applies a change of premiums to insurance requests submitted from its date, whatever the closing date, and the stress test's changes of 2016 spared loans applied for, committed or bought before their start",
    );
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

  it("says CMHC's 35% and 42% were below the federal ceiling other insurers could apply", () => {
    // CMHC limited every new application to 35/42 from July 1, 2020 to July 4, 2021; SOR/2012-281 s. 5(1)(h) kept 39/44.
    const result = affordability(catalog, {
      annualIncome: 100_000,
      monthlyDebtPayments: 0,
      annualPropertyTax: 3_000,
      monthlyHeating: 100,
      monthlyStrataFee: 0,
      contractRate: 0.025,
      amortizationYears: 25,
      asOf,
    });
    expect(result).toMatchObject({ gds_limit: 0.35, tds_limit: 0.42 });
    const limits = result.assumptions.find((line) => line.startsWith("the limits are those of"));
    expect(limits).toContain(
      "they are below the federal ceiling of 39% and 44% for every insured mortgage, so another insurer may accept higher ratios, up to that ceiling, and a lender may set lower ones",
    );
    expect(limits).not.toContain("another insurer or a lender may set lower ones");
  });

  it("says the premium of a cash-to-close answer follows the insurance application date", () => {
    // CMHC's notices apply a change of premiums to insurance requests submitted from its date, whatever the closing.
    const insured = cashToClose(catalog, { price: 500_000, downPayment: 25_000, asOf });
    expect(insured.assumptions.join("\n")).toContain(
      "the mortgage insurance premium is the one in force on the same date as the tax, taken as the day the insurance was applied for",
    );
    const conventional = cashToClose(catalog, { price: 500_000, downPayment: 150_000, asOf });
    expect(conventional.assumptions.join("\n")).not.toContain("the mortgage insurance premium is the one in force");
  });

  it("finds no insured mortgage at $1,000,000 or more", () => {
    // SOR/2012-281 s. 7(5): insurance only below $1,000,000 until December 14, 2024.
    expect(minimumDownPayment(catalog, 1_200_000, { asOf })).toMatchObject({ insurable: false, price_cap: 1_000_000 });
  });
});
