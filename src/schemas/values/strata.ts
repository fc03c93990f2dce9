import { z } from "zod";
import { Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { Count, inOrder, Measure, since, Text, TextList } from "./common.ts";

/** A deadline that applies in some areas, except in the places listed. */
const AreaDeadline = <Key extends string>(key: Key) =>
  z.strictObject({ areas: TextList, excludes: TextList, [key]: IsoDate } as {
    areas: typeof TextList;
    excludes: typeof TextList;
  } & Record<Key, typeof IsoDate>);

/** The value of every fact of the `strata` domain, by id. */
export const STRATA_VALUE_SCHEMAS = {
  "bc.bill44_2022_strata": z.strictObject({
    statute: Text,
    bill: Text,
    citation: Text,
    introduced_iso: IsoDate,
    in_force_iso: IsoDate,
    rental_restriction_bylaws_enforceable: z.boolean(),
    short_term_rental_restriction_bylaws_allowed: z.boolean(),
    rental_disclosure_statement_required: z.boolean(),
    age_restriction_minimum_age_years: Count,
    age_restrictions_below_55_allowed: z.boolean(),
    caregiver_exempt_from_age_bylaw: z.boolean(),
    electronic_general_meetings_allowed_without_bylaw: z.boolean(),
    amended_statutes: TextList,
  }),

  "bc.bill44_2023_ssmuh": z
    .strictObject({
      statute: Text,
      bill: Text,
      local_government_act_section: Text,
      royal_assent_iso: IsoDate,
      policy_manual_released_iso: IsoDate,
      bylaw_update_deadline_iso: IsoDate,
      applies_to_zones: TextList,
      multi_unit_rule_municipal_population_greater_than: Count,
      multi_unit_rule_requires_urban_containment_boundary: z.boolean(),
      unit_minimums: z
        .array(
          z.strictObject({
            lot_area_m2_at_most: Measure.nullable().describe("null: no upper bound on lot area"),
            lot_area_m2_greater_than: Measure.nullable().describe("null: no lower bound on lot area"),
            near_frequent_transit_required: z.boolean(),
            min_units: Count,
          }),
        )
        .min(1),
      frequent_transit_stop_distance_m: Measure,
      frequent_transit_max_headway_minutes: Count,
      max_lot_area_m2_for_multi_unit_rule: Measure,
      other_areas_min_additional_units: Count,
      other_areas_unit_types: TextList,
      parking_minimums_allowed_near_frequent_transit: z.boolean(),
      public_hearing_allowed_for_ocp_consistent_residential_rezoning: z.boolean(),
    })
    .superRefine(inOrder(["royal_assent_iso", "policy_manual_released_iso", "bylaw_update_deadline_iso"])),

  // Version 1 described the 2011 regulation (3-year renewal, waivable by a 3/4 vote); version 2 the regime in force
  // since 2024-07-01, whose members differ.
  "bc.strata.depreciation_report_mandatory": z.union([
    z.strictObject({
      regulation: Text,
      in_force_iso: IsoDate,
      min_strata_lots: Count,
      renewal_interval_years: Count,
      waiver_by_three_quarter_vote_allowed: z.boolean(),
      no_report_since_iso: IsoDate,
      catch_up_deadlines: z.array(AreaDeadline("obtain_before_iso")).superRefine((deadlines, ctx) => {
        deadlines.forEach((deadline, index) => {
          const previous = deadlines[index - 1];
          if (previous && deadline.obtain_before_iso < previous.obtain_before_iso) {
            ctx.addIssue({
              code: "custom",
              path: [index, "obtain_before_iso"],
              message: "deadlines must be in order: soonest first",
            });
          }
        });
      }),
      new_strata_first_report: z.array(
        z
          .strictObject({
            established_from_iso: IsoDate,
            established_before_iso: IsoDate.nullable().describe("null: no end"),
            months_after_first_agm: Count,
          })
          .superRefine(inOrder(["established_from_iso", "established_before_iso"])),
      ),
      qualified_person_required_from_iso: IsoDate,
      qualified_professions: TextList,
      developer_contribution: z
        .strictObject({
          applies_to_stratas_established_from_iso: IsoDate,
          base_amount: Money,
          per_lot_amount: Money,
          maximum_amount: Money,
        })
        .superRefine(inOrder(["base_amount", "maximum_amount"])),
    }),
    z
      .strictObject({
        statute_section: Text,
        in_force_iso: IsoDate,
        min_strata_lots: Count,
        renewal_interval_years: Count,
        waiver_by_three_quarter_vote_allowed: z.boolean(),
        waiver_vote_fraction: Fraction,
        grace_period_months_after_failed_waiver_vote: Count,
        first_report_deadline_existing_stratas_iso: IsoDate,
        new_strata_first_report_months_after_second_agm: Count,
      })
      .describe("version 1: the 2011 regulation"),
  ]),

  "bc.strata.electrical_planning_report": z.strictObject({
    statute_section: Text,
    regulation: Text,
    in_force_iso: IsoDate,
    min_strata_lots: Count,
    waiver_by_vote_allowed: z.boolean(),
    deadlines: z.array(AreaDeadline("obtain_by_iso")).superRefine((deadlines, ctx) => {
      deadlines.forEach((deadline, index) => {
        const previous = deadlines[index - 1];
        if (previous && deadline.obtain_by_iso < previous.obtain_by_iso) {
          ctx.addIssue({
            code: "custom",
            path: [index, "obtain_by_iso"],
            message: "deadlines must be in order: soonest first",
          });
        }
      });
    }),
    attached_to_form_b: z.boolean(),
  }),

  "bc.strata.form_b_fee": z.strictObject({
    statute_section: Text,
    max_fee: Money,
    max_copy_fee_per_page: Money,
    delivery_deadline_days: Count,
    insurance_summary_required_from_iso: IsoDate,
    electrical_planning_report_attachment_from_iso: since(2, IsoDate),
    who_may_request: TextList,
    required_attachments: TextList,
  }),

  "bc.tod.transit_oriented_development": z
    .strictObject({
      statute: Text,
      bill: Text,
      royal_assent_iso: IsoDate,
      regulations_and_policy_manual_released_iso: IsoDate,
      designation_bylaw_deadline_iso: IsoDate,
      rapid_transit_station_radius_m: Measure,
      bus_exchange_and_west_coast_express_radius_m: Measure,
      metro_vancouver_density_tiers: z
        .array(
          z
            .strictObject({
              hub_type: z.enum(["rapid-transit-station", "bus-exchange"]),
              tier: Count,
              from_distance_m: Measure,
              to_distance_m: Measure,
              min_allowable_far: Measure.nullable().describe("null: no minimum floor area ratio is set for this tier"),
              min_allowable_storeys: Count,
            })
            .superRefine(inOrder(["from_distance_m", "to_distance_m"])),
        )
        .superRefine((tiers, ctx) => {
          // Within a hub type, tiers are numbered from 1 and move outward from the hub without gaps.
          tiers.forEach((tier, index) => {
            const previous = tiers[index - 1];
            if (previous?.hub_type !== tier.hub_type) return;
            if (tier.tier !== previous.tier + 1 || tier.from_distance_m !== previous.to_distance_m) {
              ctx.addIssue({
                code: "custom",
                path: [index, "tier"],
                message: `tiers must be in order: tier ${previous.tier + 1} from ${previous.to_distance_m} m follows tier ${previous.tier}`,
              });
            }
          });
        }),
      other_regions_tiers_lower: z.boolean(),
      local_government_may_exceed_minimums: z.boolean(),
      residential_parking_minimums_allowed: z.boolean(),
      prescribed_transit_hubs: Count,
      municipalities_with_toas: Count,
    })
    .superRefine(
      inOrder(["royal_assent_iso", "regulations_and_policy_manual_released_iso", "designation_bylaw_deadline_iso"]),
    ),
} as const;
