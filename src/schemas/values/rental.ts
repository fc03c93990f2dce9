import { z } from "zod";
import { Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { Count, FactRef, inOrder, Measure, Multiple, since, Text, TextList, until, Year } from "./common.ts";

/** One calendar year's rate of interest on deposits; the list runs in year order, each year once. */
const DepositInterestRates = z
  .array(z.strictObject({ year: Year, rate: Fraction }))
  .min(1, { error: "must list at least one year" })
  .superRefine((rates, ctx) => {
    rates.forEach((entry, index) => {
      const previous = rates[index - 1];
      if (previous && entry.year <= previous.year) {
        ctx.addIssue({
          code: "custom",
          path: [index, "year"],
          message: `years must be in order, each once: ${entry.year} is not after ${previous.year}`,
        });
      }
    });
  })
  .describe("Each calendar year whose rate a source states, in year order; a year no source states is left out.");

/** The value of every fact of the `rental` domain, by id. */
export const RENTAL_VALUE_SCHEMAS = {
  "bc.rent_cap.2026": z
    .strictObject({
      rent_year: Year,
      max_increase_rate: Fraction,
      applies_to_increases_effective_from_iso: IsoDate,
      basis: Text,
      announced_iso: IsoDate.optional().describe(
        "The day the cap was announced; absent for a year whose announcement day no source read states (2016 and 2017)",
      ),
      notice_period_months: Count,
      max_increases_per_12_months: Count,
      manufactured_home_park_max_increase_rate: since(2, Fraction),
      manufactured_home_park_additional_allowance: since(2, Text),
      excluded_tenancies: since(2, TextList),
      reference_inflation_rate: until(2, Fraction),
    })
    .superRefine(inOrder(["announced_iso", "applies_to_increases_effective_from_iso"]))
    .superRefine((value, ctx) => {
      // The cap applies to increases taking effect in its rent year.
      if (!value.applies_to_increases_effective_from_iso.startsWith(`${value.rent_year}-`)) {
        ctx.addIssue({
          code: "custom",
          path: ["applies_to_increases_effective_from_iso"],
          message: `must be a date in rent_year ${value.rent_year}`,
        });
      }
    }),

  "bc.rta.abandoned_property": z.strictObject({
    rules: Text,
    in_force_iso: IsoDate,
    storage_period_days: Count,
    storage_duty_minimum_value_cad: Money,
    previous_storage_period_days: Count,
    previous_minimum_value_cad: Money,
    landlord_may_dispose_without_storing_if: TextList,
    written_inventory_required: z.boolean(),
  }),

  "bc.rta.bill14_2024_personal_use_eviction": z.strictObject({
    statute: Text,
    royal_assent_iso: IsoDate,
    notice_generation: Text,
    portal_required_from_iso: IsoDate,
    landlord_use_notice_period_months: Count,
    landlord_use_dispute_period_days: Count,
    landlord_use_3_month_notice_from_iso: since(4, IsoDate),
    purchaser_use_notice_period_months: Count,
    purchaser_use_dispute_period_days: Count,
    purchaser_use_3_month_notice_from_iso: since(4, IsoDate),
    minimum_occupancy_months: Count,
    minimum_occupancy_12_months_from_iso: since(4, IsoDate),
    notice_compensation_months_rent: Count,
    bad_faith_compensation_months_rent: Count,
    personal_use_barred_min_rental_units_in_building: Count,
    personal_use_bar_from_iso: since(4, IsoDate),
    personal_use_bar_building_conditions: TextList,
    eligible_occupants: TextList,
    caretaker_use: since(4, Text),
    no_rent_increase_for_added_minor_occupant: z.boolean(),
  }),

  "bc.rta.deposit_interest": z.strictObject({
    rates_by_year: DepositInterestRates,
    rate_rule: Text,
    compounding: z.enum(["annual", "simple"]),
    accrues_from: Text,
  }),

  "bc.rta.deposit_return": z.strictObject({
    return_or_claim_deadline_days: Count,
    deadline_runs_from: Text,
    landlord_must: TextList,
    landlord_may_keep_amounts: TextList,
    penalty_deposit_multiple: Multiple,
    penalty: Text,
    forwarding_address_deadline_years: Count,
  }),

  "bc.rta.landlord_use_compensation": z.strictObject({
    notice_compensation_months_rent: Count,
    bad_faith_compensation_months_rent: Count.nullable().describe(
      "null where the sources read do not state it (before May 17, 2018)",
    ),
    stated_purpose_minimum_use_months: Count.nullable().describe(
      "null where the sources read do not state it (before May 17, 2018)",
    ),
    compensation_paid: Text,
    bad_faith_payer: Text,
  }),

  "bc.rta.notice_service": z.strictObject({
    in_person_received_after_days: Count,
    mail_received_after_days: Count,
    door_attached_received_after_days: Count,
    mailbox_received_after_days: Count,
    fax_received_after_days: Count,
    email_service_allowed: z.boolean(),
    email_received_after_days: Count.nullable().describe("null before email service was allowed (March 1, 2021)"),
    email_service_condition: Text,
    email_service_from_iso: IsoDate,
    deemed_receipt_rule: Text,
  }),

  "bc.rta.notices_to_end_tenancy": z.strictObject({
    tenant_notice_months: Count,
    non_payment_notice_days: Count,
    non_payment_dispute_days: Count,
    cause_notice_months: Count,
    cause_dispute_days: Count,
    landlord_use_notice_months: Count,
    landlord_use_dispute_days: Count,
    purchaser_use_notice_months: Count,
    purchaser_use_dispute_days: Count,
    demolition_notice_months: Count,
    demolition_dispute_days: Count,
  }),

  "bc.rtb.monetary_order_publication": z.strictObject({
    published_orders_issued_from_iso: IsoDate,
    orders_published: Text,
    database: Text,
    minimum_days_after_decision: Count,
    exemption_request_possible: z.boolean(),
    example_order_types: TextList,
  }),

  "bc.rtr.capital_expenditure_increase": z.strictObject({
    in_force_iso: IsoDate,
    amortization_months: Count,
    formula: Text,
    eligible_if: TextList,
    application_required: z.boolean(),
    phase_max_share_of_rent: since(2, Fraction),
    phase_rent_base: since(2, Text),
    max_phases: since(2, Count),
    phase_months: since(2, Count),
  }),

  // The communities named must be places of reference/places.json: each place's periods of the requirement are
  // derived from these lists (src/derive/place-rules.ts). A list not read for a period is null, never empty.
  "bc.str.principal_residence_areas": z.strictObject({
    requirement_in_force_iso: IsoDate,
    applies_in: TextList.nullable(),
    does_not_apply_in: TextList.nullable(),
    lists_complete: z.boolean(),
  }),

  "bc.str.registry_fees": z.strictObject({
    str_registry_host_fee_in_host_home_cad: Money,
    str_registry_host_fee_other_unit_cad: Money,
    str_registry_fees_from_iso: IsoDate,
    str_registry_rules_fact: FactRef,
  }),

  "bc.straa": z
    .strictObject({
      statute: Text,
      regulation: Text,
      royal_assent_iso: IsoDate,
      short_term_rental_max_consecutive_days_exclusive: Count,
      principal_residence_requirement_in_force_iso: IsoDate,
      principal_residence_requirement_min_population: Count,
      adjacent_municipality_distance_km: Measure,
      allowed_units_where_requirement_applies: TextList,
      exempt_lands: TextList,
      exempt_lands_may_opt_in: since(3, z.boolean()),
      opt_in_request_deadline: since(3, Text),
      opt_in_takes_effect: since(3, Text),
      opt_out_min_rental_vacancy_rate: since(3, Fraction),
      opt_out_vacancy_consecutive_years: since(3, Count),
      opted_in_from_2025_11_01: since(3, TextList),
      opted_out_from_2025_11_01: since(3, TextList),
      business_licence_number_on_listing_required_where_applicable: z.boolean(),
      regional_district_max_bylaw_fine_cad: Money,
      ticket_max_fine_per_infraction_per_day_cad: Money,
      provincial_registry_in_force: z.boolean(),
      registry_in_force_iso: since(2, IsoDate),
      registry_provisions_order: Text.optional().describe("version 2 only"),
      host_registration_required: since(2, z.boolean()),
      registration_number_on_listing_required: since(2, z.boolean()),
      platform_registration_required: since(2, z.boolean()),
      platform_number_validation: since(2, TextList),
      non_compliant_listings_removed_from_iso: since(2, IsoDate),
      future_bookings_cancelled_from_iso: since(2, IsoDate),
    })
    .superRefine(inOrder(["registry_in_force_iso", "future_bookings_cancelled_from_iso"], { orEqual: true })),
} as const;
