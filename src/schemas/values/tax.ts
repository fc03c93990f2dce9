import { z } from "zod";
import { BracketArray, Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { Count, FactRef, inOrder, LegislativeStatus, Measure, since, Text, TextList, until, Year } from "./common.ts";

/** How the federal anti-flipping rule treats a gain on a housing unit held less than 365 days. */
const FederalTreatment = z.enum(["business-income-fully-taxable"]);

/** How interest on property taxes deferred under the Budget 2026 terms is compounded. */
const DefermentCompounding = z.enum(["monthly"]);

/** The management services that Budget 2026 brings under the PST and that a residential reader meets. */
const PstManagementService = z.enum(["rental-property-management", "strata-management"]);

/** The value of every fact of the `tax` domain, by id. */
export const TAX_VALUE_SCHEMAS = {
  "bc.flipping_tax": z
    .strictObject({
      statute: Text,
      applies_to_dispositions_on_or_after_iso: IsoDate,
      taxable_property: TextList,
      full_rate: Fraction,
      full_rate_max_days_held: Count,
      no_tax_from_days_held: Count,
      declining_rate_formula: Text,
      taxable_income_formula: Text,
      loss_treatment: Text,
      primary_residence_deduction_max: Money,
      primary_residence_deduction_min_days_owned: Count,
      primary_residence_deduction_for_presale_contracts: z.boolean(),
      filing_deadline_days: Count,
      return_required_when_nil_or_exempt: z.boolean(),
      separate_from_income_tax: z.boolean(),
      life_circumstance_exemptions: TextList,
      relocation_min_distance_km_primary_residence: Measure,
      relocation_min_distance_km_secondary_property: Measure,
      other_exemption_groups: TextList,
    })
    .superRefine(inOrder(["full_rate_max_days_held", "no_tax_from_days_held"])),

  "bc.home_owner_grant.threshold": z
    .strictObject({
      tax_year: Year,
      threshold_assessed_value_cad: Money,
      previous_threshold_assessed_value_cad: since(2, Money),
      basic_grant_max_cad_capital_fraser_valley_metro_vancouver: Money,
      basic_grant_max_cad_elsewhere: Money.optional().describe(
        "absent for a year whose amount outside the three districts no source read states (2019)",
      ),
      additional_grant_total_max_cad_capital_fraser_valley_metro_vancouver: Money,
      additional_grant_total_max_cad_elsewhere: since(2, Money),
      phase_out_cad_per_1000_above_threshold: Money,
      grant_eliminated_at_assessed_value_cad: z.strictObject({
        basic_capital_fraser_valley_metro_vancouver: Money,
        additional_capital_fraser_valley_metro_vancouver: Money,
        basic_elsewhere: since(2, Money),
        additional_elsewhere: since(2, Money),
      }),
      additional_grant_for: TextList,
      principal_residence_required: z.boolean(),
      annual_application_required: z.boolean(),
      announced_iso: since(2, IsoDate),
    })
    .superRefine((value, ctx) => {
      // Every grant phases out above the threshold, so it cannot be gone at or below it.
      for (const [key, eliminatedAt] of Object.entries(value.grant_eliminated_at_assessed_value_cad)) {
        if (eliminatedAt !== undefined && eliminatedAt <= value.threshold_assessed_value_cad) {
          ctx.addIssue({
            code: "custom",
            path: ["grant_eliminated_at_assessed_value_cad", key],
            message: `must be above threshold_assessed_value_cad (${value.threshold_assessed_value_cad}): the grant phases out above the threshold`,
          });
        }
      }
    }),

  "bc.presale.assignment_tax_treatment": z.strictObject({
    gst_hst: z.strictObject({
      statute: Text,
      all_assignment_sales_taxable: z.boolean(),
      applies_to_assignment_agreements_from_iso: IsoDate,
      covers: TextList,
      reimbursed_deposit_excluded_if_stated_in_writing: z.boolean(),
      tax_collected_by: z.enum(["assignor"]),
      non_resident_assignor: z.enum(["assignee-self-assesses"]),
      before_rule: z.enum(["individual-assignment-taxable-only-if-purchased-primarily-for-resale"]),
    }),
    property_transfer_tax: z.strictObject({
      taxable_amount: z.enum(["total-amount-paid-including-upgrades-and-assignment-amounts"]),
      payable_at: z.enum(["registration-at-land-title-office"]),
      related_individual_transfer_changes_taxable_amount: z.boolean(),
      siblings_count_as_related: z.boolean(),
      excludes_bare_land_strata: z.boolean(),
      additional_ptt_avoided_if_assigned_to_citizen_or_pr_before_registration: z.boolean(),
    }),
    federal_flipping_rule: z.strictObject({
      in_force_iso: IsoDate,
      covers_rights_to_acquire: z.boolean(),
      holding_period_threshold_days: Count,
      treatment_if_caught: FederalTreatment,
      life_event_exceptions: z.boolean(),
      otherwise: z.enum(["business-income-or-capital-gain-by-intent"]),
    }),
    bc_home_flipping_tax: z
      .strictObject({
        in_force_iso: IsoDate,
        presale_contract_is_taxable_property: z.boolean(),
        holding_period_starts: z.enum(["date-contract-entered-into-or-assigned-to-you"]),
        max_rate: Fraction,
        full_rate_through_days_owned: Count,
        tax_ends_at_days_owned: Count,
        principal_residence_deduction_available: z.boolean(),
      })
      .superRefine(inOrder(["full_rate_through_days_owned", "tax_ends_at_days_owned"])),
    csair: z.strictObject({
      statute: Text,
      applies_to_assignments_signed_from_iso: IsoDate,
      reported_by: z.enum(["developer"]),
      reported_via: Text,
      reporting_before_strata_plan_deposit: z.enum(["quarterly"]),
      filing_deadline_days_after_quarter: Count,
      nil_report_required: z.boolean(),
      information_shared_with: TextList,
    }),
  }),

  "bc.property_tax_deferment.interest": z.strictObject({
    deferment_interest_margin_over_prime: Fraction.describe(
      "Added to the prime rate named in deferment_prime_rate_reference (0.02 = prime plus 2%); not the rate itself",
    ),
    deferment_prime_rate_reference: Text,
    deferment_interest_compounding: DefermentCompounding,
    deferment_applies_to_taxes_from_tax_year: Year,
    deferment_programs_covered: TextList.min(1, { error: "must name at least one program" }),
    deferment_previous_interest_terms: Text,
    legislative_status: LegislativeStatus,
  }),

  "bc.pst.strata_and_rental_management": z
    .strictObject({
      pst_rate_on_management_services: Fraction,
      pst_taxable_management_services: z
        .array(PstManagementService)
        .min(1, { error: "must name at least one service" }),
      pst_applies_from_iso: IsoDate,
      pst_announced_iso: IsoDate,
      pst_announced_in: Text,
      pst_implementing_bill: Text,
      legislative_status: LegislativeStatus,
    })
    .superRefine(inOrder(["pst_announced_iso", "pst_applies_from_iso"])),

  "bc.ptt.brackets": BracketArray,

  "bc.ptt.foreign_buyer_additional": z
    .strictObject({
      rate: Fraction,
      tax_base: Text,
      payers: TextList,
      specified_areas: TextList,
      excluded_areas: TextList,
      exemptions: since(2, TextList),
      applies_to_registrations_on_or_after_iso: IsoDate,
      transitional_new_areas_agreement_dated_on_or_before_iso: since(2, IsoDate),
      transitional_new_areas_registered_on_or_before_iso: since(2, IsoDate),
    })
    .superRefine(
      inOrder([
        "transitional_new_areas_agreement_dated_on_or_before_iso",
        "transitional_new_areas_registered_on_or_before_iso",
      ]),
    ),

  "bc.ptt.fthb_exemption": z
    .strictObject({
      full_exemption_fmv_max: Money,
      capped_exemption_fmv_max: Money.nullable().describe(
        "null when no band between the full exemption and the phase-out caps the exemption (before version 3)",
      ),
      exemption_cap: Money,
      exemption_ends_fmv: Money,
      max_land_hectares: Measure,
      buyer_conditions: TextList,
      property_conditions: TextList,
      occupancy_conditions: TextList,
    })
    .superRefine(inOrder(["full_exemption_fmv_max", "capped_exemption_fmv_max", "exemption_ends_fmv"])),

  "bc.ptt.newly_built_exemption": z
    .strictObject({
      full_exemption_fmv_max: Money,
      exemption_ends_fmv: Money,
      max_land_hectares: Measure,
      conditions: TextList,
    })
    .superRefine(inOrder(["full_exemption_fmv_max", "exemption_ends_fmv"])),

  "bc.ptt.purpose_built_rental_exemption": z
    .strictObject({
      exempt_from: Text,
      purchase_from_iso: IsoDate,
      purchase_until_iso: since(2, IsoDate),
      min_apartments: Count,
      rental_period_years: Count,
      rent_or_offer_within_days: Count,
      min_tenancy_term: Text,
      conditions: TextList,
      repayment_if_use_changes: since(2, Text),
      change_of_use_report_days: since(2, Count),
      earlier_exemption_2024: since(2, Text),
      announced_in: Text,
      exempt_value_above_cad: until(2, Money),
    })
    .superRefine(inOrder(["purchase_from_iso", "purchase_until_iso"])),

  "bc.renters_tax_credit": z
    .strictObject({
      credit_max_cad: Money.describe("The largest credit for a tax year (CAD)"),
      credit_full_at_adjusted_income_max_cad: Money.describe(
        "The full credit is paid when adjusted income is at or below this amount (CAD)",
      ),
      credit_ends_at_adjusted_income_cad: Money.describe(
        "No credit is paid when adjusted income reaches this amount (CAD)",
      ),
      credit_reduction_rate: Fraction.describe(
        "The credit shrinks by this share of adjusted income above credit_full_at_adjusted_income_max_cad (0.02 = 2%)",
      ),
      tax_year: Year,
      credit_threshold_indexed_yearly: z.boolean(),
      credit_refundable: z.boolean(),
      credit_first_tax_year: Year,
      min_one_month_periods_rented: Count,
      eligibility_on_december_31: TextList.min(1, { error: "must say who may claim on December 31" }),
      one_claim_per_couple: z.boolean(),
      roommates_claim_separately: z.boolean(),
      claimed_on: Text,
    })
    .superRefine(inOrder(["credit_full_at_adjusted_income_max_cad", "credit_ends_at_adjusted_income_cad"]))
    .superRefine(inOrder(["credit_first_tax_year", "tax_year"], { orEqual: true }))
    .superRefine((value, ctx) => {
      // The credit falls by credit_reduction_rate of income above the threshold, so it reaches zero where the band ends.
      const band = value.credit_ends_at_adjusted_income_cad - value.credit_full_at_adjusted_income_max_cad;
      if (Math.abs(band * value.credit_reduction_rate - value.credit_max_cad) > 1) {
        ctx.addIssue({
          code: "custom",
          path: ["credit_reduction_rate"],
          message: `must bring credit_max_cad (${value.credit_max_cad}) to zero over the phase-out band of ${band}: ${value.credit_reduction_rate} x ${band} is ${band * value.credit_reduction_rate}`,
        });
      }
    }),

  "bc.school_tax.additional": BracketArray,

  // The places named must be places of reference/places.json: each place's speculation tax periods are derived from
  // these lists (src/derive/place-rules.ts), and npm run check names one the register does not know.
  "bc.svt.taxable_areas": z.strictObject({
    areas_from_tax_year: Year,
    taxable_areas: TextList.min(1),
    areas_added: TextList,
    excluded_lands: TextList,
  }),

  "bc.svt.rates_2026": z.strictObject({
    first_tax_year: Year,
    rate_foreign_owners_and_untaxed_worldwide_earners: Fraction,
    rate_canadian_citizens_and_permanent_residents: Fraction,
    previous_rate_foreign_owners_and_untaxed_worldwide_earners: since(2, Fraction),
    previous_rate_canadian_citizens_and_permanent_residents: since(2, Fraction),
    rate_canadian_citizens_and_permanent_residents_change_announced: z
      .boolean()
      .optional()
      .describe("stated by the scheduled 2027 value: whether a change of this rate was announced"),
    bc_resident_tax_credit_max_cad: since(2, Money),
    previous_bc_resident_tax_credit_max_cad: since(2, Money),
    tax_base: Text,
    ownership_tested_on: z.enum(["december-31"]),
    payment_due: z.enum(["july-of-following-year"]),
    announced_in: since(2, Text),
    announced_iso: since(2, IsoDate),
    pending_change: z
      .strictObject({
        announced_in: Text,
        announced_iso: IsoDate,
        first_tax_year: Year,
        effective_iso: IsoDate,
        rate_foreign_owners_and_untaxed_worldwide_earners: Fraction,
        rate_canadian_citizens_and_permanent_residents_change_confirmed: z.boolean(),
        confirmed_on_official_page: z.boolean(),
      })
      .optional()
      .describe("version 2 only: an announced change, since moved to the fact's scheduled changes"),
  }),

  "bc.tax.capital_gains_pre_interaction": z.strictObject({
    bc_home_flipping_tax: z
      .strictObject({
        statute: Text,
        in_force_iso: IsoDate,
        harmonized_with_income_tax: z.boolean(),
        administered_with_income_tax: z.boolean(),
        max_rate: Fraction,
        full_rate_through_days_owned: Count,
        tax_ends_at_days_owned: Count,
        sliding_rate_formula: Text,
        days_count_includes_acquisition_and_sale_days: z.boolean(),
        principal_residence_deduction_max_cad: Money,
        principal_residence_deduction_min_days_owned: Count,
        principal_residence_deduction_available_for_presale_contracts: z.boolean(),
        return_due_days_after_sale: Count,
      })
      .superRefine(inOrder(["full_rate_through_days_owned", "tax_ends_at_days_owned"])),
    federal_flipping_rule: z.strictObject({
      in_force_iso: IsoDate,
      holding_period_threshold_days: Count,
      treatment_if_caught: FederalTreatment,
      principal_residence_exemption_available_if_caught: z.boolean(),
      loss_if_caught: z.enum(["deemed-nil"]),
      life_event_exceptions: z.boolean(),
      covers_rights_to_acquire: z.boolean(),
    }),
    capital_gains_inclusion_rate: Fraction,
    bc_deduction_is_same_as_federal_principal_residence_exemption: z.boolean(),
    bc_tax_deductible_for_income_tax: z.boolean().nullable().describe("null while unconfirmed (version 1)"),
    bc_tax_deductibility_status: z.enum(["cra-administrative-view", "unconfirmed"]),
    bc_tax_deductibility_cra_interpretation: since(2, Text),
    bc_tax_deductibility_cra_view_iso: since(2, IsoDate),
    timeline_by_days_owned: z
      .array(
        z
          .strictObject({
            days_owned_from: Count,
            days_owned_to: Count.nullable().describe("null: no upper end"),
            federal_treatment: z.enum([
              "deemed-business-income-unless-life-event-exception",
              "capital-gain-or-business-income-by-general-tests-pre-may-apply",
            ]),
            bc_flipping_tax_rate: z.union([Fraction, z.enum(["sliding"])]),
          })
          .superRefine(inOrder(["days_owned_from", "days_owned_to"], { orEqual: true })),
      )
      .min(1)
      .superRefine((periods, ctx) => {
        // The periods follow each other without gap or overlap, the last one open-ended.
        periods.forEach((period, index) => {
          const previous = periods[index - 1];
          if (previous && previous.days_owned_to !== null && period.days_owned_from !== previous.days_owned_to + 1) {
            ctx.addIssue({
              code: "custom",
              path: [index, "days_owned_from"],
              message: `periods must be in order: must be ${previous.days_owned_to + 1}, the day after the previous period's days_owned_to`,
            });
          }
        });
      }),
  }),

  "ca.anti_flipping_rule": z.strictObject({
    statute: Text,
    applies_to_dispositions_on_or_after_iso: IsoDate,
    holding_period_threshold_days: Count,
    covered_property: TextList,
    excluded_property: TextList,
    gain_treatment: Text,
    gain_inclusion_rate: Fraction,
    principal_residence_exemption_available: z.boolean(),
    loss_treatment: Text,
    life_event_exceptions: TextList,
    relationship_breakdown_min_days_apart: Count,
    relocation_min_distance_km_closer_to_work: Measure,
  }),

  "ca.capital_gains.inclusion_rate": z.strictObject({
    inclusion_rate: Fraction,
    allowable_capital_loss_rate: Fraction,
    applies_to: TextList,
    statute: Text,
    proposed_increase: z
      .strictObject({
        proposed_rate: Fraction,
        proposed_rate_label: Text,
        individual_annual_threshold_cad: Money,
        applies_above_threshold_to: TextList,
        applies_to_all_gains_of: TextList,
        announced_in: Text,
        announced_iso: IsoDate,
        original_effective_iso: IsoDate,
        deferred_announced_iso: IsoDate,
        deferred_effective_iso: IsoDate,
        status: z.enum(["cancelled"]),
        cancelled_iso: IsoDate,
        enacted: z.boolean(),
      })
      .superRefine(inOrder(["announced_iso", "deferred_announced_iso", "cancelled_iso"]))
      .superRefine(inOrder(["original_effective_iso", "deferred_effective_iso"])),
  }),

  "ca.gst.fthb_new_home_rebate": z
    .strictObject({
      statute: Text,
      royal_assent_iso: IsoDate,
      share_of_federal_gst_recovered: Fraction,
      max_rebate_cad: Money,
      full_rebate_max_price_cad: Money,
      no_rebate_from_price_cad: Money,
      phase_out: Text,
      tops_up_regular_new_housing_rebate: z.boolean(),
      agreement_after_iso: IsoDate,
      agreement_before_iso: IsoDate,
      construction_start_before_iso: IsoDate,
      substantial_completion_before_iso: IsoDate,
      ownership_transfer_before_iso: IsoDate,
      buyer_min_age_years: Count,
      buyer_status: TextList,
      no_owner_occupied_home_previous_calendar_years: Count,
      spouse_ownership_counts: z.boolean(),
      primary_residence_required: z.boolean(),
      first_occupant_required: z.boolean(),
      application_deadline_years_after_ownership_transfer: Count,
    })
    .superRefine(inOrder(["full_rebate_max_price_cad", "no_rebate_from_price_cad"]))
    .superRefine(inOrder(["agreement_after_iso", "agreement_before_iso"])),

  "ca.gst.new_housing_rebate": z
    .strictObject({
      statute: Text,
      gst_rate: Fraction.describe("The GST rate the rebate is a share of (0.05 = 5%)"),
      rebate_share_of_gst: Fraction.describe("The share of the GST paid that is rebated, before the cap (0.36 = 36%)"),
      max_rebate_cad: Money,
      full_rebate_max_price_cad: Money,
      no_rebate_from_price_cad: Money,
      phase_out: Text,
      home_types: TextList.min(1, { error: "must name the homes the rebate covers" }),
      rebate_conditions: TextList.min(1, { error: "must list the conditions of the rebate" }),
      primary_place_of_residence_required: z.boolean(),
      relation_may_occupy: z.boolean(),
      application_deadline_years_after_ownership_transfer: Count,
      builder_may_pay_or_credit: z.boolean(),
      first_time_buyer_top_up_fact: FactRef.describe(
        "The additional first-time home buyers' rebate, which this rebate reduces, so that together they never exceed the GST paid",
      ),
    })
    .superRefine(inOrder(["full_rebate_max_price_cad", "no_rebate_from_price_cad"])),

  // Version 1 described the tax in force; version 2 its end for 2025 and later years: two shapes of one fact.
  "ca.underused_housing_tax": z.union([
    z.strictObject({
      statute: Text,
      status: Text,
      taxed_calendar_years: z.array(Year).min(1),
      annual_rate_2022_to_2024: Fraction,
      tax_payable_2025_onward: z.boolean(),
      return_required_2025_onward: z.boolean(),
      obligations_2022_to_2024_remain: z.boolean(),
      ended_by: Text,
      ended_by_royal_assent_iso: IsoDate,
      act_repeal: Text,
      act_repeal_date_in_budget_motion_iso: IsoDate,
    }),
    z
      .strictObject({
        statute: Text,
        royal_assent_iso: IsoDate,
        first_calendar_year: Year,
        annual_rate: Fraction,
        tax_base: Text,
        liable: Text,
        mainly_affects: Text,
        return_and_payment_due: Text,
      })
      .describe("version 1: the tax while it applied"),
  ]),

  "cra.fhsa.contribution_room": z
    .strictObject({
      annual_participation_room_cad: Money,
      lifetime_limit_cad: Money,
      carry_forward_max_cad: Money,
      max_participation_room_in_one_year_cad: Money,
      room_starts_when_first_fhsa_opened: z.boolean(),
      rrsp_transfers_use_room: z.boolean(),
      investment_income_uses_room: z.boolean(),
      accounts_available_from_iso: IsoDate,
    })
    .superRefine(
      inOrder(["annual_participation_room_cad", "max_participation_room_in_one_year_cad", "lifetime_limit_cad"]),
    ),

  "cra.hbp.withdrawal_limit": z
    .strictObject({
      withdrawal_limit_cad: Money,
      previous_withdrawal_limit_cad: Money,
      applies_to_withdrawals_after_iso: IsoDate,
      couple_combined_limit_cad: Money,
      repayment_period_years: Count,
      repayment_starts_year_after_first_withdrawal: Count,
      missed_repayment_added_to_income: z.boolean(),
      temporary_repayment_deferral: since(
        2,
        z
          .strictObject({
            first_withdrawal_from_iso: IsoDate,
            first_withdrawal_to_iso: IsoDate,
            repayment_starts_year_after_first_withdrawal: Count,
            open_to_new_first_withdrawals: z.boolean(),
          })
          .superRefine(inOrder(["first_withdrawal_from_iso", "first_withdrawal_to_iso"])),
      ),
    })
    .superRefine(inOrder(["withdrawal_limit_cad", "couple_combined_limit_cad"])),
} as const;
