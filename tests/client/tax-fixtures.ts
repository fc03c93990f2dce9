import type { Fact } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";

// The rules the tax and rent calculator tests compute from, each as its source publishes it, for the client's tests and
// the MCP server's: a test never reads the live facts, which a correct revision may change.

// bc.ptt.*: the property transfer tax.

// Ministry of Finance, "Property transfer tax" rates: 1% to $200,000, 2% to $2,000,000, 3% above (from February 17,
// 2016); from February 21, 2018 the further 2% on residential value above $3,000,000.
export const BRACKETS = fixtureFact(
  "bc.ptt.brackets",
  [
    { upper: 200_000, rate: 0.01 },
    { upper: 2_000_000, rate: 0.02 },
    { upper: 3_000_000, rate: 0.03 },
    { upper: null, rate: 0.05 },
  ],
  "2018-02-21",
  [
    {
      version: 1,
      value: [
        { upper: 200_000, rate: 0.01 },
        { upper: 2_000_000, rate: 0.02 },
        { upper: null, rate: 0.03 },
      ],
      effective_iso: "2016-02-17",
      superseded_iso: "2018-02-21",
    },
  ],
);

// "First time home buyers' exemption amounts" (Ministry of Finance), registrations from April 1, 2024: the whole tax
// up to $500,000, $8,000 up to $835,000, proportionally reduced to nothing at $860,000; 0.5 hectares or smaller.
export const PTT_FIRST_TIME = fixtureFact(
  "bc.ptt.fthb_exemption",
  {
    full_exemption_fmv_max: 500_000,
    capped_exemption_fmv_max: 835_000,
    exemption_cap: 8_000,
    exemption_ends_fmv: 860_000,
    max_land_hectares: 0.5,
  },
  "2024-04-01",
);

// "Additional Property Transfer Tax for Foreign Entities & Taxable Trustees" (Ministry of Finance): 15% in the Greater
// Vancouver Regional District from August 2, 2016; 20% in five regional districts from February 21, 2018.
export const FOREIGN = fixtureFact(
  "bc.ptt.foreign_buyer_additional",
  {
    rate: 0.2,
    specified_areas: [
      "Metro Vancouver Regional District",
      "Capital Regional District",
      "Fraser Valley Regional District",
      "Regional District of Central Okanagan",
      "Regional District of Nanaimo",
    ],
    excluded_areas: ["Tsawwassen First Nation lands"],
  },
  "2018-02-21",
  [
    {
      version: 1,
      value: { rate: 0.15, specified_areas: ["Greater Vancouver Regional District (Metro Vancouver)"] },
      effective_iso: "2016-08-02",
      superseded_iso: "2018-02-21",
    },
  ],
);

// Budget Implementation Act, 2022, No. 1 (S.C. 2022, c. 10), s. 237 as replaced by S.C. 2024, c. 17, s. 149 (Justice
// Canada, laws-lois-xml): the ban's Act came into force on January 1, 2023 and is repealed on its fourth anniversary,
// January 1, 2027, which the facts hold as a scheduled change until its day.
export const BAN = {
  ...fixtureFact(
    "ca.foreign_buyer_ban",
    { in_force_iso: "2023-01-01", scheduled_repeal_iso: "2027-01-01" },
    "2024-06-20",
    [
      {
        version: 1,
        value: { in_force_iso: "2023-01-01", scheduled_repeal_iso: "2025-01-01" },
        effective_iso: "2023-01-01",
        superseded_iso: "2024-06-20",
      },
    ],
  ),
  scheduled: [
    {
      effective_iso: "2027-01-01",
      status: "enacted",
      value: { in_force_iso: "2023-01-01", repealed_iso: "2027-01-01" },
    },
  ],
} as unknown as Fact;

// "Newly built home exemption" (Ministry of Finance), registrations from April 1, 2024: the whole tax up to
// $1,100,000, reduced to nothing at $1,150,000.
export const NEWLY_BUILT = fixtureFact(
  "bc.ptt.newly_built_exemption",
  { full_exemption_fmv_max: 1_100_000, exemption_ends_fmv: 1_150_000, max_land_hectares: 0.5 },
  "2024-04-01",
);

// "Home owner grant" (Ministry of Finance), 2026 tax year: threshold $2,075,000; $570 basic and $845 with the
// additional grant in the Capital, Fraser Valley and Metro Vancouver regional districts, $770 and $1,045 elsewhere;
// $5 less per $1,000 above the threshold.
export const HOME_OWNER_GRANT = fixtureFact(
  "bc.home_owner_grant.threshold",
  {
    tax_year: 2026,
    threshold_assessed_value_cad: 2_075_000,
    phase_out_cad_per_1000_above_threshold: 5,
    basic_grant_max_cad_capital_fraser_valley_metro_vancouver: 570,
    basic_grant_max_cad_elsewhere: 770,
    additional_grant_total_max_cad_capital_fraser_valley_metro_vancouver: 845,
    additional_grant_total_max_cad_elsewhere: 1_045,
  },
  "2026-01-01",
);

// ca.gst.*: the GST on a new home.

// The rules, as the Excise Tax Act states them (Justice Canada, laws-lois-xml, eng/acts/E-15.xml, current to
// 2026-06-21). s. 254 (2) (h) and (i): the rebate is "the lesser of $6,300 and 36% of the total tax paid" where the
// total consideration "is not more than $350,000", and "A × [($450,000 - B)/$100,000]" where it "is more than $350,000
// but less than $450,000". s. 254 (2.1) (f) and (g): a first-time home buyer gets "A − B" where A "is the lesser of
// $50,000 and the total tax paid" and B the s. 254 (2) rebate, up to $1,000,000; "C × [($1,500,000 − D) ÷ $500,000]"
// above it and below $1,500,000; for an agreement "entered into after March 19, 2025 and before 2031".
export const NEW_HOUSING = fixtureFact(
  "ca.gst.new_housing_rebate",
  {
    gst_rate: 0.05,
    rebate_share_of_gst: 0.36,
    max_rebate_cad: 6300,
    full_rebate_max_price_cad: 350_000,
    no_rebate_from_price_cad: 450_000,
    rebate_conditions: [
      "bought by an individual from the builder",
      "acquired for use as the primary place of residence of the buyer or a relation of the buyer",
    ],
  },
  "2008-01-01",
);
export const GST_FIRST_TIME = fixtureFact(
  "ca.gst.fthb_new_home_rebate",
  {
    share_of_federal_gst_recovered: 1,
    max_rebate_cad: 50_000,
    full_rebate_max_price_cad: 1_000_000,
    no_rebate_from_price_cad: 1_500_000,
    agreement_after_iso: "2025-03-19",
    agreement_before_iso: "2031-01-01",
    construction_start_before_iso: "2031-01-01",
    substantial_completion_before_iso: "2036-01-01",
    ownership_transfer_before_iso: "2036-01-01",
    buyer_min_age_years: 18,
    buyer_status: ["Canadian citizen", "permanent resident"],
    no_owner_occupied_home_previous_calendar_years: 4,
    spouse_ownership_counts: true,
    primary_residence_required: true,
    first_occupant_required: true,
  },
  "2025-03-20",
);
// bc.rent_cap: the yearly rent caps.

export const cap = (year: number, rate: number, extra: Record<string, unknown> = {}) => ({
  rent_year: year,
  max_increase_rate: rate,
  applies_to_increases_effective_from_iso: `${year}-01-01`,
  notice_period_months: 3,
  max_increases_per_12_months: 1,
  ...extra,
});

// The caps as their sources publish them, each period as the facts record it (facts/rental/bc.rent_cap.2026.json).
// 2019: 2.5%, "As of January, the rent hike will be limited to 2.5 per cent" (Vancouver Sun, "B.C. limits rent
// increases by 2 per cent, but tenants' group wants more protections",
// https://vancouversun.com/news/local-news/b-c-limits-rent-increases-by-2-per-cent-but-tenants-group-wants-more-protections).
// 2020: 2.6% ("Maximum Rent Increase In British Columbia Held At 2.6% For 2020", the Province's release as reprinted),
// until the COVID-19 freeze: "Any notice to increase rent that was effective after March 30, 2020 is not effective"
// (Mondaq, "Ministerial Order Details Relief Measures For Residential Landlords & Tenants In British Columbia").
// 2026: 2.3%, "The Province will tie the annual allowable rent increase to inflation at 2.3% in 2026" (the Province's
// release of August 26, 2025).
export const member2026 = (supersededBy: { id: string; effective_iso: string } | null = null) =>
  ({
    ...fixtureFact("bc.rent_cap.2026", cap(2026, 0.023), "2026-01-01", [
      { value: cap(2019, 0.025), effective_iso: "2019-01-01", superseded_iso: "2020-01-01" },
      { value: cap(2020, 0.026), effective_iso: "2020-01-01", superseded_iso: "2020-03-30" },
      {
        value: cap(2020, 0, { applies_to_increases_effective_from_iso: "2020-03-31", basis: "COVID-19 freeze" }),
        effective_iso: "2020-03-30",
        superseded_iso: "2021-01-01",
      },
    ]),
    series: "bc.rent_cap",
    superseded_by: supersededBy,
  }) as unknown as Fact;

// bc.flipping_tax: the home flipping tax.

// The rule as the Ministry of Finance publishes it ("Calculate your BC home flipping tax",
// https://www2.gov.bc.ca/gov/content/taxes/income-taxes/bc-home-flipping-tax/calculate-your-tax): "If you own the
// property for less than 366 days, the tax rate is 20%. … Tax rate = 20% × [ 1 - ( (Days held - 365) / 365) ] … If you
// own the property for more than 729 days, you are not subject to the BC home flipping tax. The amount of the tax rate
// is rounded to the nearest one-thousandth." The tax applies to sales from January 1, 2025; the primary residence
// deduction is up to $20,000 for a property owned at least 365 days.
export const FLIPPING = fixtureFact(
  "bc.flipping_tax",
  {
    applies_to_dispositions_on_or_after_iso: "2025-01-01",
    full_rate: 0.2,
    full_rate_max_days_held: 365,
    no_tax_from_days_held: 730,
    declining_rate_formula:
      "0.20 x (1 - (days_held - 365) / 365) for 366-729 days, rounded to the nearest one-thousandth",
    primary_residence_deduction_max: 20_000,
    primary_residence_deduction_min_days_owned: 365,
    filing_deadline_days: 90,
  },
  "2025-01-01",
);
/** Every rule above, as one catalog (the rent cap series with its 2026 member only). */
export const TAX_FIXTURES = {
  facts: [
    BRACKETS,
    PTT_FIRST_TIME,
    NEWLY_BUILT,
    FOREIGN,
    BAN,
    HOME_OWNER_GRANT,
    NEW_HOUSING,
    GST_FIRST_TIME,
    member2026(),
    FLIPPING,
  ],
};
