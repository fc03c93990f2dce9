import { z } from "zod";
import { Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { CappedBracketArray, Count, FactRef, inOrder, Multiple, since, Text, TextList } from "./common.ts";

/** Loan-to-value bands of a premium schedule: each `ltv_max` the band's inclusive upper bound, rising. */
const PremiumBands = z
  .array(z.strictObject({ ltv_max: Fraction, rate: Fraction }))
  .min(1, { error: "must have at least one band" })
  .superRefine((bands, ctx) => {
    bands.forEach((band, index) => {
      const previous = bands[index - 1];
      if (previous && band.ltv_max <= previous.ltv_max) {
        ctx.addIssue({
          code: "custom",
          path: [index, "ltv_max"],
          message: `bands must be in order: ltv_max ${band.ltv_max} is not above ${previous.ltv_max}`,
        });
      }
    });
  })
  .describe(
    "Loan-to-value bands in order: each ltv_max the inclusive upper bound of its band (0.75 covers 65.01% to 75%), each rate a fraction (0.04 = 4.00%).",
  );

/** Canada's provinces and territories, as a premium's provincial sales tax names them. */
const Province = z.enum([
  "Alberta",
  "British Columbia",
  "Manitoba",
  "New Brunswick",
  "Newfoundland and Labrador",
  "Nova Scotia",
  "Ontario",
  "Prince Edward Island",
  "Quebec",
  "Saskatchewan",
  "Northwest Territories",
  "Nunavut",
  "Yukon",
]);

/** The value of every fact of the `mortgage` domain, by id. */
export const MORTGAGE_VALUE_SCHEMAS = {
  "ca.insured_refinance.secondary_suites": z
    .strictObject({
      max_loan_to_value_as_improved: Fraction.describe(
        "The highest loan, with every loan of equal or prior claim, as a share of the property's estimated value once the added units are completed (0.9 = 90%)",
      ),
      value_as_improved_cap_exclusive: Money.describe(
        "The property's estimated value once the added units are completed must be below this amount (CAD)",
      ),
      max_amortization_years: Count,
      new_money_limited_to_cost_of_units: z
        .boolean()
        .describe(
          "Whether the loan above the balance of prior loans may not exceed the estimated cost of adding the units",
        ),
      borrower_must_own_property: z.boolean(),
      owner_occupancy_condition: Text,
      added_units_min_rental_period_days: Count.describe(
        "The added units may not be rented for any period shorter than this many consecutive days",
      ),
      max_family_housing_units: Count.describe(
        "The most housing units the insured property may contain, the added ones included",
      ),
      min_credit_score: Count.describe(
        "At least one borrower or guarantor must have a credit score at least this high",
      ),
      gds_max: Fraction.describe("The highest gross debt service ratio when the loan is approved (0.39 = 39%)"),
      tds_max: Fraction.describe("The highest total debt service ratio when the loan is approved (0.44 = 44%)"),
      buffer_rate: Fraction.describe(
        "Added to the contract rate to get the rate at which the debt service ratios are counted",
      ),
      floor_rate: Fraction.describe("The lowest rate at which the debt service ratios are counted"),
      applications_received_from_iso: IsoDate.describe(
        "The rule applies to loans whose insurance application is received on or after this day",
      ),
      statute: Text,
    })
    .superRefine(inOrder(["gds_max", "tds_max"]))
    .superRefine((value, ctx) => {
      // An insured property holds one to four family housing units, so adding units needs room for at least two.
      if (value.max_family_housing_units < 2) {
        ctx.addIssue({
          code: "custom",
          path: ["max_family_housing_units"],
          message: "must be at least 2: the loan adds units to a property that already has one",
        });
      }
    }),

  "cmhc.amortization_30yr_eligibility": z
    .strictObject({
      max_amortization_years: Count,
      standard_insured_max_amortization_years: Count,
      eligible_buyers: TextList,
      mortgage_type: Text,
      property_conditions: TextList,
      new_build_condition: since(2, Text),
      first_time_buyer_min_applicants: Count,
      first_time_buyer_definition: TextList,
      first_time_buyer_lookback_years: Count,
      announced_iso: since(2, IsoDate),
      in_force_iso: IsoDate,
    })
    .superRefine(inOrder(["standard_insured_max_amortization_years", "max_amortization_years"]))
    .superRefine(inOrder(["announced_iso", "in_force_iso"], { orEqual: true })),

  "cmhc.debt_service_limits": z
    .strictObject({
      gds_max: Fraction.describe("CMHC's highest gross debt service ratio for an insured mortgage (0.39 = 39%)"),
      tds_max: Fraction.describe("CMHC's highest total debt service ratio for an insured mortgage (0.44 = 44%)"),
      max_ratios_for: Text.optional().describe(
        "Which borrowers CMHC considers up to gds_max and tds_max; absent for a period whose sources do not say (July 2012 to June 2020)",
      ),
      gds_counts: TextList.min(1, { error: "must list what the gross debt service ratio counts" }),
      tds_counts: TextList.min(1, { error: "must list what the total debt service ratio counts" }),
      condo_fee_share_counted: Fraction.describe("The share of condominium fees counted in both ratios (0.5 = 50%)"),
      heating_counted: z.boolean(),
      qualifying_rate_fact: FactRef.describe("The fact giving the interest rate at which the payments are counted"),
      regulation_gds_max: Fraction.describe(
        "The highest gross debt service ratio the Eligible Mortgage Loan Regulations allow for any government-backed insured high ratio loan",
      ),
      regulation_tds_max: Fraction.describe(
        "The highest total debt service ratio the Eligible Mortgage Loan Regulations allow for any government-backed insured high ratio loan",
      ),
      statute: Text,
    })
    .superRefine(inOrder(["gds_max", "tds_max"]))
    .superRefine(inOrder(["regulation_gds_max", "regulation_tds_max"]))
    .superRefine((value, ctx) => {
      // CMHC may be stricter than the Regulations, never looser; and the total ratio counts all the gross one does.
      for (const [own, ceiling] of [
        ["gds_max", "regulation_gds_max"],
        ["tds_max", "regulation_tds_max"],
      ] as const) {
        if (value[own] > value[ceiling]) {
          ctx.addIssue({
            code: "custom",
            path: [own],
            message: `must be at most ${ceiling} (${value[ceiling]}): the Regulations cap every insured high ratio loan`,
          });
        }
      }
      const missing = value.gds_counts.filter((item) => !value.tds_counts.includes(item));
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["tds_counts"],
          message: `must include every item of gds_counts (missing: ${missing.join("; ")})`,
        });
      }
    }),

  "cmhc.insurance_cap": z
    .strictObject({
      insured_price_cap_exclusive: Money,
      previous_cap_exclusive: since(2, Money),
      min_down_payment_brackets: since(2, CappedBracketArray),
      insurance_available_at_or_above_cap: z.boolean(),
      min_down_payment_rate_uninsured: Fraction,
      high_ratio_threshold_ltv: Fraction,
      announced_iso: since(2, IsoDate),
      technical_guidance_iso: since(2, IsoDate),
      in_force_iso: IsoDate,
    })
    .superRefine((value, ctx) => {
      // The down-payment brackets end at the cap: above it no insured mortgage exists.
      const last = value.min_down_payment_brackets?.at(-1);
      if (last && last.upper !== value.insured_price_cap_exclusive) {
        ctx.addIssue({
          code: "custom",
          path: ["min_down_payment_brackets", value.min_down_payment_brackets!.length - 1, "upper"],
          message: `the last bracket must end at insured_price_cap_exclusive (${value.insured_price_cap_exclusive})`,
        });
      }
    })
    .superRefine(inOrder(["announced_iso", "technical_guidance_iso", "in_force_iso"])),

  "cmhc.mortgage_insurance_premiums": z
    .strictObject({
      premium_rates_on_total_loan: PremiumBands,
      non_traditional_down_payment_rate: Fraction.nullable().describe(
        "The rate on the total loan above non_traditional_down_payment_ltv_min with a non-traditional (such as borrowed) down payment; null when the schedule has no such rate.",
      ),
      non_traditional_down_payment_ltv_min: Fraction,
      amortization_surcharge_rate: Fraction.nullable().describe(
        "Added to the premium rate when the amortization exceeds amortization_surcharge_over_years; null when no insured purchase could be amortized that long.",
      ),
      amortization_surcharge_over_years: Count,
      amortization_surcharge_eligible_buyers: TextList,
      portability_increase_rates: PremiumBands.nullable().describe(
        "The rates on the increase to the loan when a mortgage is ported; null where no source read gives them (a period before version 1).",
      ),
      premium_added_to_loan: z.boolean(),
      provincial_sales_tax_on_premium: z.strictObject({ provinces: z.array(Province), applies_in_bc: z.boolean() }),
    })
    .superRefine((value, ctx) => {
      const total = value.premium_rates_on_total_loan;
      const top = total.at(-1)!.ltv_max;
      // The non-traditional band is the top band's upper part: it starts inside the schedule and ends at its top.
      if (value.non_traditional_down_payment_ltv_min >= top) {
        ctx.addIssue({
          code: "custom",
          path: ["non_traditional_down_payment_ltv_min"],
          message: `must be below the top band's ltv_max (${top})`,
        });
      }
      // A portability increase is priced band by band: both schedules name the same bands.
      const bandsOf = (bands: readonly { ltv_max: number }[]) => bands.map((band) => band.ltv_max).join(", ");
      if (value.portability_increase_rates !== null && bandsOf(value.portability_increase_rates) !== bandsOf(total)) {
        ctx.addIssue({
          code: "custom",
          path: ["portability_increase_rates"],
          message: `must have the same ltv_max bands as premium_rates_on_total_loan (${bandsOf(total)})`,
        });
      }
      // Buyers may use the longer amortization exactly when the schedule prices it.
      if (
        (value.amortization_surcharge_rate === null) !==
        (value.amortization_surcharge_eligible_buyers.length === 0)
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["amortization_surcharge_eligible_buyers"],
          message:
            "must list the eligible buyers when amortization_surcharge_rate is a rate, and be empty when it is null",
        });
      }
      const { provinces, applies_in_bc } = value.provincial_sales_tax_on_premium;
      if (provinces.includes("British Columbia") !== applies_in_bc) {
        ctx.addIssue({
          code: "custom",
          path: ["provincial_sales_tax_on_premium", "applies_in_bc"],
          message: "must be true exactly when provinces lists British Columbia",
        });
      }
      if (new Set(provinces).size !== provinces.length) {
        ctx.addIssue({
          code: "custom",
          path: ["provincial_sales_tax_on_premium", "provinces"],
          message: "must name each province once",
        });
      }
    }),

  "osfi.b20.loan_to_income_limit": z.strictObject({
    lti_multiple_threshold: Multiple,
    limit_applies_to: Text,
    measurement_period: z.enum(["quarterly"]),
    permitted_share_above_threshold: Text,
    applies_to_individual_borrowers: z.boolean(),
    lenders: Text,
    loans_in_scope: TextList,
    loans_excluded: TextList,
    in_force: Text,
    largest_lenders_in_force_iso: IsoDate,
  }),

  "osfi.b20.renewal_no_stress_test": z.strictObject({
    same_lender_renewal_requires_mqr: z.boolean(),
    uninsured_straight_switch_requires_mqr: z.boolean(),
    uninsured_straight_switch_conditions: TextList,
    uninsured_exemption_in_force_iso: IsoDate,
    high_ratio_insured_straight_switch_requires_mqr: z.boolean(),
    low_ratio_insured_straight_switch_requires_mqr: z.boolean(),
    low_ratio_max_ltv: since(2, Fraction),
    low_ratio_straight_switch_conditions: since(2, TextList),
    low_ratio_switching_cost_allowance_cad: since(2, Money),
    low_ratio_exemption_in_force_iso: since(2, IsoDate),
    lender_must_still_apply_b20_sound_underwriting: z.boolean(),
  }),

  "osfi.b20.stress_test": z.strictObject({
    qualifying_rate_rule: Text,
    buffer_rate: Fraction,
    insured_buffer_rate: Fraction.optional().describe(
      "The buffer for insured mortgages where it differed from buffer_rate (periods before version 1 only)",
    ),
    floor_rate: Fraction.nullable().describe(
      "The lowest qualifying rate; before June 1, 2021 the week's value of the published benchmark that floor_benchmark names; null where that value is not recorded",
    ),
    floor_benchmark: Text.optional().describe(
      "The published rate the floor followed, where it was not a set rate (periods before version 1 only)",
    ),
    uninsured_covered: z
      .boolean()
      .optional()
      .describe(
        "false where uninsured mortgages had no set qualifying rate (periods before version 1 only); absent means covered",
      ),
    all_terms_covered: z
      .boolean()
      .optional()
      .describe(
        "false where only variable-rate loans and fixed terms under five years were stress tested (periods before version 1 only); absent means every term",
      ),
    applies_to: TextList,
    exempt_cases: TextList,
    review_frequency: Text,
    in_force_iso: IsoDate,
  }),
} as const;
