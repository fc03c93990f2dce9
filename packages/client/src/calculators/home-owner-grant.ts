import { z } from "zod";
import {
  CalculatorError,
  checkAmount,
  checkAsOf,
  checkFlag,
  checkOptions,
  type FactSource,
  type FactUsed,
  formatCad,
  requireFactAsOf,
  roundCents,
} from "./calculator-common.ts";

export interface HomeOwnerGrantOptions {
  /** Assessed (or partitioned) value of the principal residence, in dollars. */
  assessedValue: number;
  /** The owner qualifies for the additional grant (a senior, a veteran, a person with a disability or living with a relative who has one). */
  additional?: boolean;
  /** The home is outside the Capital, Fraser Valley and Metro Vancouver regional districts (the northern and rural amount). */
  northernRural?: boolean;
  /** The property tax the grant is claimed against, in dollars; the grant cannot exceed it. */
  propertyTax?: number;
  /** A date in the tax year asked about, YYYY-MM-DD (default today in B.C.). */
  asOf?: string;
}

const OPTION_KEYS = ["assessedValue", "additional", "northernRural", "propertyTax", "asOf"] as const;

export interface HomeOwnerGrantResult {
  /** The grant, after the phase-out and limited to the property tax when that is given. */
  grant: number;
  /** The grant below the threshold, for this region and kind of owner. */
  max_grant: number;
  /** The assessed value up to which the full grant is available. */
  threshold: number;
  /** Property tax less the grant; null when `propertyTax` is not given. */
  tax_after_grant: number | null;
  as_of: string;
  breakdown: string[];
  citations: FactUsed[];
}

const MaxKey = z.number().positive().optional();
const GrantRules = z.object({
  tax_year: z.int().optional(),
  threshold_assessed_value_cad: z.number().positive(),
  phase_out_cad_per_1000_above_threshold: z.number().positive(),
  basic_grant_max_cad_capital_fraser_valley_metro_vancouver: MaxKey,
  basic_grant_max_cad_elsewhere: MaxKey,
  additional_grant_total_max_cad_capital_fraser_valley_metro_vancouver: MaxKey,
  additional_grant_total_max_cad_elsewhere: MaxKey,
});

/**
 * The B.C. home owner grant for the tax year of `asOf`, from `bc.home_owner_grant.threshold`: the maximum for the
 * region and kind of owner up to the threshold; above it, "reduced by $5 for each $1,000" of assessed value over the
 * threshold (the fact's `phase_out_cad_per_1000_above_threshold`, applied to every dollar over it), to nothing.
 */
export const homeOwnerGrant = (facts: FactSource, options: HomeOwnerGrantOptions): HomeOwnerGrantResult => {
  checkOptions("homeOwnerGrant", options, OPTION_KEYS);
  const value = checkAmount("assessedValue", options.assessedValue);
  const additional = checkFlag("additional", options.additional);
  const northernRural = checkFlag("northernRural", options.northernRural);
  const propertyTax = options.propertyTax === undefined ? undefined : checkAmount("propertyTax", options.propertyTax);
  const asOf = checkAsOf(options.asOf);
  const { value: rules, used } = requireFactAsOf(facts, "bc.home_owner_grant.threshold", GrantRules, asOf);
  // The threshold is set for each tax year: a version for 2026 says nothing of 2027 until the Province sets it.
  if (rules.tax_year !== undefined && Number(asOf.slice(0, 4)) !== rules.tax_year) {
    throw new CalculatorError(
      `bc.home_owner_grant.threshold (version ${used.version}, in force on ${asOf}) at $.value.tax_year: it is the rule for the ${rules.tax_year} tax year, and the facts record none for ${asOf.slice(0, 4)} yet`,
      { reason: "not-recorded", fact_id: "bc.home_owner_grant.threshold", date: asOf, ...(used.version === undefined ? {} : { version: used.version }) },
    );
  }
  const key =
    `${additional ? "additional_grant_total_max_cad" : "basic_grant_max_cad"}_${northernRural ? "elsewhere" : "capital_fraser_valley_metro_vancouver"}` as const;
  const maxGrant = rules[key];
  const region = northernRural
    ? "outside the Capital, Fraser Valley and Metro Vancouver regional districts"
    : "in the Capital, Fraser Valley or Metro Vancouver regional district";
  const kind = additional ? "basic and additional grant" : "basic grant";
  if (maxGrant === undefined) {
    throw new CalculatorError(
      `bc.home_owner_grant.threshold (version ${used.version}, in force on ${asOf}) at $.value.${key}: the fact does not record the ${kind} ${region} for that year`,
      { reason: "not-recorded", fact_id: "bc.home_owner_grant.threshold", date: asOf, ...(used.version === undefined ? {} : { version: used.version }) },
    );
  }
  const threshold = rules.threshold_assessed_value_cad;
  const perThousand = rules.phase_out_cad_per_1000_above_threshold;
  const breakdown = [`${kind} ${region}: up to ${formatCad(maxGrant)} (tax year of ${asOf}, version ${used.version})`];
  let grant = maxGrant;
  if (value <= threshold) {
    breakdown.push(`assessed value ${formatCad(value)} is at or below the threshold of ${formatCad(threshold)}: the full grant`);
  } else {
    const reduction = roundCents(((value - threshold) * perThousand) / 1000);
    grant = Math.max(0, roundCents(maxGrant - reduction));
    breakdown.push(
      `assessed value ${formatCad(value)} is ${formatCad(value - threshold)} over the threshold of ${formatCad(threshold)}: reduced by ${formatCad(perThousand)} per $1,000, ${formatCad(reduction)}` +
        (grant === 0 ? `, which leaves no grant (it ends at ${formatCad(threshold + (maxGrant * 1000) / perThousand)})` : `, which leaves ${formatCad(grant)}`),
    );
  }
  let taxAfter: number | null = null;
  if (propertyTax !== undefined) {
    if (grant > propertyTax) {
      grant = propertyTax;
      breakdown.push(`the grant cannot exceed the property tax of ${formatCad(propertyTax)}`);
    }
    taxAfter = roundCents(propertyTax - grant);
    breakdown.push(
      `property tax ${formatCad(propertyTax)} − grant ${formatCad(grant)} = ${formatCad(taxAfter)}; the Province also keeps a minimum tax after the grant, which this fact does not record, so it is not applied`,
    );
  }
  return { grant, max_grant: maxGrant, threshold, tax_after_grant: taxAfter, as_of: asOf, breakdown, citations: [used] };
};
