import { z } from "zod";
import { CappedBracketArray, Count, Fraction, IsoDate, inOrder, Money, Multiple, since, Text, TextList } from "./common.ts";

/** The value of every fact of the `mortgage` domain, by id. */
export const MORTGAGE_VALUE_SCHEMAS = {
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
    floor_rate: Fraction,
    applies_to: TextList,
    exempt_cases: TextList,
    review_frequency: Text,
    in_force_iso: IsoDate,
  }),
} as const;
