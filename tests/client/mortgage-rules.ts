import type { Fact, FactSource } from "../../packages/client/src/index.ts";
import { fixtureFact, withFacts } from "../helpers/fact-fixture.ts";

// The mortgage rules the affordability tests compute from, stated here as their sources publish them, so that the
// expected figures do not move with a revision of the live facts.

const GDS_COUNTS = [
  "principal and interest at the qualifying rate, on the loan including the CMHC premium",
  "property taxes",
  "heating costs",
  "50% of condominium fees",
];
const limits = (gds_max: number, tds_max: number) => ({
  gds_max,
  tds_max,
  gds_counts: GDS_COUNTS,
  tds_counts: [...GDS_COUNTS, "all other debt payments, such as credit cards, lines of credit, personal and car loans"],
  condo_fee_share_counted: 0.5,
  heating_counted: true,
});

/**
 * CMHC's debt service ratio limits: 39% GDS and 44% TDS; 35% and 42% from July 1, 2020; 39% and 44% again from July
 * 5, 2021 (CMHC's notice "CMHC reviews underwriting criteria"). The earlier periods are recorded from sources, without
 * a version.
 */
const DEBT_SERVICE_LIMITS: Fact = fixtureFact("cmhc.debt_service_limits", limits(0.39, 0.44), "2021-07-05", [
  { value: limits(0.35, 0.42), effective_iso: "2020-07-01", superseded_iso: "2021-07-05" },
  { value: limits(0.39, 0.44), effective_iso: "2012-07-09", superseded_iso: "2020-07-01" },
]);

/** OSFI Guideline B-20 from June 1, 2021: the greater of the contract rate plus 2% and 5.25%. */
const STRESS_TEST = fixtureFact("osfi.b20.stress_test", { buffer_rate: 0.02, floor_rate: 0.0525 }, "2021-06-01");

/**
 * The insured price cap and minimum down payment: 5% of the first $500,000 and 10% of the rest below $1,000,000 from
 * February 15, 2016; below $1,500,000 from December 15, 2024. 20% at or above the cap; insurance above 80%.
 */
const INSURANCE_CAP = fixtureFact(
  "cmhc.insurance_cap",
  {
    insured_price_cap_exclusive: 1_500_000,
    min_down_payment_brackets: [
      { upper: 500_000, rate: 0.05 },
      { upper: 1_500_000, rate: 0.1 },
    ],
    min_down_payment_rate_uninsured: 0.2,
    high_ratio_threshold_ltv: 0.8,
  },
  "2024-12-15",
  [
    {
      value: {
        insured_price_cap_exclusive: 1_000_000,
        min_down_payment_brackets: [
          { upper: 500_000, rate: 0.05 },
          { upper: 1_000_000, rate: 0.1 },
        ],
        min_down_payment_rate_uninsured: 0.2,
        high_ratio_threshold_ltv: 0.8,
      },
      effective_iso: "2016-02-15",
      superseded_iso: "2024-12-15",
    },
  ],
);

const premiums = (amortization_surcharge_rate: number | null) => ({
  premium_rates_on_total_loan: [
    { ltv_max: 0.65, rate: 0.006 },
    { ltv_max: 0.75, rate: 0.017 },
    { ltv_max: 0.8, rate: 0.024 },
    { ltv_max: 0.85, rate: 0.028 },
    { ltv_max: 0.9, rate: 0.031 },
    { ltv_max: 0.95, rate: 0.04 },
  ],
  non_traditional_down_payment_rate: null,
  non_traditional_down_payment_ltv_min: 0.9,
  amortization_surcharge_rate,
  amortization_surcharge_over_years: 25,
  premium_added_to_loan: true,
  provincial_sales_tax_on_premium: { applies_in_bc: false },
});

/** CMHC's premiums on the total loan from July 1, 2020, with 0.20% more over 25 years from August 1, 2024. */
const PREMIUMS = fixtureFact("cmhc.mortgage_insurance_premiums", premiums(0.002), "2024-08-01", [
  { value: premiums(null), effective_iso: "2020-07-01", superseded_iso: "2024-08-01" },
]);

/**
 * Insured 30-year amortizations: for first-time buyers of newly built homes from August 1, 2024; for all first-time
 * buyers and all buyers of newly built homes from December 15, 2024.
 */
const THIRTY_YEARS = fixtureFact(
  "cmhc.amortization_30yr_eligibility",
  {
    max_amortization_years: 30,
    standard_insured_max_amortization_years: 25,
    eligible_buyers: ["all first-time home buyers (new or resale homes)", "all buyers of newly built homes"],
  },
  "2024-12-15",
  [
    {
      value: {
        max_amortization_years: 30,
        standard_insured_max_amortization_years: 25,
        eligible_buyers: ["first-time home buyers purchasing a newly built home"],
      },
      effective_iso: "2024-08-01",
      superseded_iso: "2024-12-15",
    },
  ],
);

/** Every rule the affordability calculator reads, and nothing else. */
export const MORTGAGE_RULES: FactSource = withFacts(
  { facts: [] },
  DEBT_SERVICE_LIMITS,
  STRESS_TEST,
  INSURANCE_CAP,
  PREMIUMS,
  THIRTY_YEARS,
);

/**
 * The buyer of the issue that asked for whole answers: first-time buyers of a $1,150,000 newly built condo with 10%
 * down, a 30-year amortization at 4.5% and a household income of $180,000, on June 1, 2025.
 */
export const ISSUE_BUYER = {
  annualIncome: 180_000,
  monthlyDebtPayments: 0,
  annualPropertyTax: 0,
  monthlyHeating: 0,
  monthlyStrataFee: 0,
  contractRate: 0.045,
  amortizationYears: 30,
  downPayment: 115_000,
  price: 1_150_000,
  firstTimeBuyer: true,
  newlyBuilt: true,
  asOf: "2025-06-01",
};
