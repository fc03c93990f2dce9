import { z } from "zod";
import { Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { Count, FactRef, inOrder, Measure, since, Text, TextList, until, Year } from "./common.ts";

/** The value of every fact of the `legal` domain, by id. */
export const LEGAL_VALUE_SCHEMAS = {
  "bc.alc.act_overview": z.strictObject({
    statute: Text,
    regulations: TextList,
    administered_by: Text,
    reserve: Text,
    alr_share_of_bc_land_base: Fraction,
    original_statute: Text,
    original_statute_year: Year,
    alc_approval_needed_for: TextList,
    soil_or_fill_rules: Text,
    local_government_may_approve_alr_applications: z.boolean(),
    bill_52_2018_in_force_iso: IsoDate,
    bill_52_2018_aims: TextList,
    exclusion_applicants_restricted_iso: IsoDate,
    exclusion_applicants: TextList,
    additional_residence_rules_in_force_iso: IsoDate,
  }),

  "bc.alc.additional_residence_thresholds": z
    .strictObject({
      in_force_iso: IsoDate,
      max_additional_residences_without_alc_application: Count,
      alc_application_required: z.boolean(),
      local_government_or_first_nation_permission_required: z.boolean(),
      only_one_residence_on_parcel_when_construction_begins: since(2, z.boolean()),
      parcel_size_threshold_ha: Measure,
      parcel_up_to_threshold: z.strictObject({
        principal_residence_max_floor_area_m2: Measure,
        additional_residence_max_floor_area_m2: Measure,
      }),
      parcel_over_threshold: z.strictObject({
        principal_residence_size_condition: z.boolean(),
        additional_residence_max_floor_area_m2: Measure,
      }),
      if_principal_residence_over_500_m2_on_parcel_up_to_40_ha: Text,
      alc_may_approve_extra_residence_only_if_necessary_for_farm_use: z.boolean(),
      soil_fill_notice_of_intent_still_required: z.boolean(),
      allowed_forms: TextList,
      occupant_restrictions: z.boolean(),
      grandparenting_deadline_iso: IsoDate,
    })
    .superRefine((value, ctx) => {
      // A larger parcel allows a larger additional residence, never a smaller one.
      if (
        value.parcel_over_threshold.additional_residence_max_floor_area_m2 <
        value.parcel_up_to_threshold.additional_residence_max_floor_area_m2
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["parcel_over_threshold", "additional_residence_max_floor_area_m2"],
          message:
            "must be at least parcel_up_to_threshold.additional_residence_max_floor_area_m2: the thresholds are in order",
        });
      }
    }),

  "bc.alr.zoning_use_restrictions": z.strictObject({
    framework_in_force_iso: IsoDate,
    use_regulation: Text,
    alc_primacy_over_land_use_since_year: Year,
    local_zoning_powers_continue: z.boolean(),
    permitted_farm_uses_local_government: Text,
    permitted_farm_use_examples: TextList,
    uses_not_permitted_by_regulation_require: Text,
    alc_application_types: TextList,
    local_government_approval_authority_for_alc_applications: z.boolean(),
    local_government_can_refuse_to_forward_applications: z.boolean(),
    local_resolution_needed_when: TextList,
    ocp_for_alr_land_referred_to_alc_before_adoption: z.boolean(),
    residence_limits_fact: FactRef,
  }),

  "bc.builders_lien_act.overview": z.strictObject({
    statute: Text,
    in_force_iso: IsoDate,
    holdback_rate: Fraction,
    holdback_basis: Text,
    holdback_applies_down_the_chain: z.boolean(),
    holdback_can_be_contracted_out: z.boolean(),
    holdback_not_retained_from: TextList,
    holdback_account_required_above_contract_cad: Money,
    holdback_period_days: Count,
    claim_of_lien_filing_deadline_days: Count,
    filing_deadline_triggers: TextList,
    new_strata_lot_filing_deadline_days_after_conveyance: Count,
    minimum_lien_claim_cad: Money,
    enforcement_deadline_years: Count,
    enforcement_steps: TextList,
    notice_to_commence_action_days: Count,
    certificate_of_completion_issue_days_after_request: until(2, Count),
    certificate_notice_posting_days: until(2, Count),
    claim_form: until(2, Text),
    pending_amendment: since(
      2,
      z.strictObject({
        act: Text,
        royal_assent_iso: IsoDate,
        holdback_period_days: Count,
        separate_lien_on_holdback_abolished: z.boolean(),
        in_force: Text,
        fact: FactRef,
      }),
    ),
  }),

  "bc.construction_prompt_payment_act": z.strictObject({
    statute: Text,
    royal_assent_iso: IsoDate,
    in_force: Text,
    in_force_date_set: z.boolean(),
    regulation_consultation: z
      .strictObject({ start_iso: IsoDate, end_iso: IsoDate })
      .superRefine(inOrder(["start_iso", "end_iso"])),
    proper_invoice_frequency: Text,
    owner_payment_deadline_days_after_invoice: Count,
    owner_notice_of_non_payment_deadline_days: Count,
    contractor_pays_subcontractor_within_days_of_payment: Count,
    interim_adjudication: z.boolean(),
    adjudication_authority: z.boolean(),
    builders_lien_act_amendments: z.strictObject({
      holdback_period_days_from: Count,
      holdback_period_days_to: Count,
      separate_lien_on_holdback_abolished: z.boolean(),
    }),
    current_rules_fact: FactRef,
  }),

  // Version 1 described limited dual agency as permitted; the rules in force since 2018-06-15 prohibit it, which
  // version 2 records with a different set of members.
  "bc.designated_agency": z.union([
    z.strictObject({
      model: Text,
      designated_agency_available_iso: IsoDate,
      rules_amendments_in_force_iso: IsoDate,
      designated_agent_defined_in_rules: z.boolean(),
      dual_agency_prohibited: z.boolean(),
      dual_agency_prohibited_iso: IsoDate,
      dual_agency_covers: TextList,
      dual_agency_exception: Text,
      mandatory_disclosures: TextList,
      regulator: Text,
    }),
    z
      .strictObject({
        model: Text,
        designated_agency_available_iso: IsoDate,
        designated_agency_mandatory: z.boolean(),
        agency_relationship: Text,
        limited_dual_agency_permitted: z.boolean(),
        limited_dual_agency_requires_consent: z.boolean(),
        limited_dual_agency_situations: TextList,
      })
      .describe("version 1"),
  ]),

  "bc.hbrp": z.strictObject({
    statute: Text,
    regulation: Text,
    in_force_iso: IsoDate,
    rescission_period_business_days: Count,
    period_start: Text,
    excluded_days: TextList,
    rescission_amount_rate: Fraction,
    rescission_amount_basis: Text,
    rescission_amount_payable_to: z.enum(["seller"]),
    notice_required: Text,
    reason_required: z.boolean(),
    waivable: z.boolean(),
    applies_without_licensee: z.boolean(),
    applies_to: TextList,
    exemptions: TextList,
  }),

  "bc.mld_disclosure": z.strictObject({
    rules: Text,
    rules_in_force_iso: IsoDate,
    former_rule: Text,
    duty_holder: Text,
    disclose_to: TextList,
    defects_covered: Text,
    disclosure_in_writing: z.boolean(),
    if_client_instructs_non_disclosure: Text,
    licensee_need_not_repeat_if_client_disclosed: z.boolean(),
    client_disclosure_must_be_separate_document: z.boolean(),
    definition_test: Text,
    definition_includes: TextList,
    stigmas_are_material_latent_defects: z.boolean(),
    broader_than_common_law: z.boolean(),
  }),

  "bc.mls.rules_of_cooperation": z
    .strictObject({
      instrument: Text,
      issued_by: TextList,
      government_regulation: z.boolean(),
      binds: Text,
      current_revision_effective_iso: IsoDate,
      earlier_revisions_iso: z.array(IsoDate),
      offer_presentation_default: Text,
      delayed_offer_direction_form: Text,
      delayed_offer_direction_irrevocable_since_iso: IsoDate,
      idrpo_posting_deadline_hours: Count,
      strata_plan_posting_deadline_hours: Count,
      title_search_posting_deadline_hours: Count,
      manufactured_home_csa_label_photo_posting_deadline_hours: Count,
      members_accountable_for_unlicensed_assistants: z.boolean(),
      timely_communication_required: z.boolean(),
      crea_realtor_cooperation_policy: z.strictObject({
        instrument: Text,
        in_force_iso: IsoDate,
        max_days_to_place_on_mls_after_public_marketing: Count,
        one_to_one_marketing_triggers_policy: z.boolean(),
        seller_opt_out_confirmed_in_writing: z.boolean(),
      }),
    })
    .superRefine((value, ctx) => {
      // Earlier revisions are listed oldest first, all before the current one.
      const dates = [...value.earlier_revisions_iso, value.current_revision_effective_iso];
      dates.forEach((date, index) => {
        if (index > 0 && date <= dates[index - 1]!) {
          const path =
            index < value.earlier_revisions_iso.length
              ? ["earlier_revisions_iso", index]
              : ["current_revision_effective_iso"];
          ctx.addIssue({
            code: "custom",
            path,
            message: `revisions must be in order: ${date} is not after ${dates[index - 1]}`,
          });
        }
      });
    }),

  "bc.pds": z.strictObject({
    form: Text,
    publisher: Text,
    former_name: Text,
    introduced_period: Text,
    required_by_statute: z.boolean(),
    completed_by: z.enum(["seller"]),
    becomes_contract_term_only_if_incorporated: z.boolean(),
    seller_answers_reflect: Text,
    caveat_emptor_applies: z.boolean(),
    caveat_emptor_exceptions: TextList,
    leading_case: Text,
    leading_case_date_iso: IsoDate,
    can_serve_as_seller_mld_disclosure: z.boolean(),
    mld_fact: FactRef,
  }),
} as const;
