import type { z } from "zod";
import { FOREIGN_BUYER_VALUE_SCHEMAS } from "./foreign-buyer.ts";
import { LEGAL_VALUE_SCHEMAS } from "./legal.ts";
import { MORTGAGE_VALUE_SCHEMAS } from "./mortgage.ts";
import { RENTAL_VALUE_SCHEMAS } from "./rental.ts";
import { STRATA_VALUE_SCHEMAS } from "./strata.ts";
import { TAX_VALUE_SCHEMAS } from "./tax.ts";

/**
 * The schema of each fact's `value`, by fact id: one file per domain, in the order of DOMAINS. A schema describes
 * the id's value across its history (the current value, every scheduled value and each earlier version), so it is
 * a union only where an earlier version had a genuinely different shape, and a member that came or went between
 * versions is optional with a description saying which versions have it. `npm run check` refuses a fact whose id
 * has no schema here.
 */
export const FACT_VALUE_SCHEMAS = {
  ...TAX_VALUE_SCHEMAS,
  ...MORTGAGE_VALUE_SCHEMAS,
  ...LEGAL_VALUE_SCHEMAS,
  ...FOREIGN_BUYER_VALUE_SCHEMAS,
  ...STRATA_VALUE_SCHEMAS,
  ...RENTAL_VALUE_SCHEMAS,
} as const;

/** Every fact id that has a value schema. */
export type KnownFactId = keyof typeof FACT_VALUE_SCHEMAS;

/** The type of one fact's value, from its schema: `FactValueOf<"bc.ptt.brackets">` is the bracket array. */
export type FactValueOf<Id extends KnownFactId> = z.output<(typeof FACT_VALUE_SCHEMAS)[Id]>;

/**
 * The value schema shared by every year of a yearly series (see `series` in CONTRIBUTING.md): a new year's fact, such
 * as `bc.rent_cap.2027`, states the same kind of rule as the year before, so it takes its series' schema and needs no
 * entry of its own. An id's own entry, where it has one, comes first.
 */
export const SERIES_VALUE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  "bc.rent_cap": RENTAL_VALUE_SCHEMAS["bc.rent_cap.2026"],
  "bc.svt.rates": TAX_VALUE_SCHEMAS["bc.svt.rates_2026"],
};

/** The value schema of `id` (or, failing that, of the yearly series it declares), or undefined when it has none. */
export const valueSchemaFor = (id: string, series?: string): z.ZodType | undefined => {
  if (Object.hasOwn(FACT_VALUE_SCHEMAS, id)) return FACT_VALUE_SCHEMAS[id as KnownFactId];
  return series !== undefined && Object.hasOwn(SERIES_VALUE_SCHEMAS, series) ? SERIES_VALUE_SCHEMAS[series] : undefined;
};
