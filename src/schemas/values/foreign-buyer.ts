import { z } from "zod";
import { Fraction, IsoDate, Money } from "../../../packages/client/src/index.ts";
import { Count, since, Text, TextList, until } from "./common.ts";

const BanInForce = z.strictObject({
  statute: Text,
  regulations: Text,
  in_force_iso: IsoDate,
  scheduled_repeal_iso: IsoDate,
  extension_announced_iso: since(2, IsoDate),
  prohibited_buyers: TextList,
  residential_property_covered: TextList,
  geographic_scope: Text,
  max_fine_cad: Money,
  court_may_order_sale: z.boolean(),
});

const ExemptionsInForce = z.strictObject({
  exempt_persons: TextList,
  student_conditions: z.strictObject({
    tax_return_years: Count,
    min_days_present_per_year: Count,
    years_of_presence: Count,
    max_purchase_price_cad: Money,
    max_properties: Count,
  }),
  worker_conditions: z.strictObject({
    min_permit_validity_remaining_days: since(2, Count),
    min_full_time_work_years: until(2, Count),
    work_lookback_years: until(2, Count),
    min_tax_return_years: until(2, Count),
    tax_return_lookback_years: until(2, Count),
    max_properties: Count,
  }),
  corporate_control_threshold: Fraction,
  exempt_property_and_transactions: TextList,
  vacant_residential_or_mixed_use_land_covered: z.boolean(),
  development_purpose_exception: z.boolean(),
  publicly_traded_entity_exception_extended: since(2, z.boolean()),
  amending_regulation: since(2, Text),
  in_force_iso: IsoDate,
});

/** The value of every fact of the `foreign-buyer` domain, by id. */
export const FOREIGN_BUYER_VALUE_SCHEMAS = {
  "bc.foreign_buyer_specified_areas": z.strictObject({
    specified_areas: TextList,
    excluded_lands: TextList,
    in_force_iso: IsoDate,
  }),

  // While in force the ban states its scheduled repeal; the scheduled value of 2027 states it repealed.
  "ca.foreign_buyer_ban": z.union([
    BanInForce,
    BanInForce.omit({ scheduled_repeal_iso: true })
      .extend({ status: z.enum(["repealed"]), repealed_iso: IsoDate })
      .describe("once repealed"),
  ]),

  "ca.foreign_buyer_ban.exemptions": z.union([
    ExemptionsInForce,
    ExemptionsInForce.extend({ status: z.enum(["repealed"]), regulations_repealed_iso: IsoDate }).describe(
      "once repealed",
    ),
  ]),
} as const;
