import { z } from "zod";
import {
  BracketArray,
  CalculatorError,
  checkAmount,
  checkAsOf,
  checkFlag,
  checkOptions,
  type FactSource,
  type FactUsed,
  formatCad,
  readFactAsOf,
  requireFactAsOf,
  roundCents,
  roundRate,
} from "./calculator-common.ts";

// B.C.'s taxes on a home, each from the facts in force on a date: the property transfer tax on its purchase (with the
// first-time buyers', newly built and foreign buyers' rules) and the home owner grant against its yearly property tax.

export interface PropertyTransferTaxOptions {
  /** Fair market value of the property, in dollars. */
  price: number;
  /** Residential part of the fair market value, 0 to 1 (default 1: wholly residential). */
  residentialShare?: number;
  /** The buyers meet every condition of the first time home buyers' exemption (`bc.ptt.fthb_exemption`). */
  firstTimeBuyer?: boolean;
  /** The buyers meet every condition of the newly built home exemption (`bc.ptt.newly_built_exemption`). */
  newlyBuilt?: boolean;
  /** The buyer is a foreign national, foreign corporation or taxable trustee buying in a specified area. */
  foreignBuyer?: boolean;
  /** The registration date, YYYY-MM-DD (default today in B.C.): each fact's version in force on that date is used. */
  asOf?: string;
}

const TRANSFER_TAX_OPTION_KEYS = [
  "price",
  "residentialShare",
  "firstTimeBuyer",
  "newlyBuilt",
  "foreignBuyer",
  "asOf",
] as const;

/** One line of the calculation: what was taxed or deducted, at what rate, and the amount. */
export interface PropertyTransferTaxLine {
  label: string;
  /** The value the line applies to, in dollars. */
  base: number;
  rate: number | null;
  amount: number;
  fact_id: string;
}

export type ExemptionName = "first-time-home-buyers" | "newly-built-home";

export interface PropertyTransferTaxResult {
  /** What the buyer pays: general tax less the exemption, plus the additional tax. */
  total: number;
  /** General property transfer tax, including the further tax on residential value, before any exemption. */
  general: number;
  /** The exemption deducted from the general tax (0 when none applies). */
  exemption: number;
  /**
   * The exemption deducted; null when none was asked for or the larger one asked for is worth nothing at this price.
   */
  exemption_claimed: ExemptionName | null;
  /** Each exemption asked for, with the amount it would give on its own; the larger is claimed. */
  exemptions_compared: Array<{ exemption: ExemptionName; amount: number; fact_id: string }>;
  /** Additional property transfer tax for foreign buyers. */
  additional: number;
  /** The registration date the rules were taken for. */
  as_of: string;
  breakdown: PropertyTransferTaxLine[];
  /** The facts the calculation read, each with the version in force on `as_of`, canonical URL and citations. */
  citations: FactUsed[];
  /** What the calculation assumes that the options do not say. */
  assumptions: string[];
}

const FirstTimeBuyerThresholds = z.object({
  full_exemption_fmv_max: z.number().positive(),
  capped_exemption_fmv_max: z.number().positive().nullable(),
  exemption_cap: z.number().positive(),
  exemption_ends_fmv: z.number().positive(),
});
const NewlyBuiltThresholds = z.object({
  full_exemption_fmv_max: z.number().positive(),
  exemption_ends_fmv: z.number().positive(),
});
const ForeignBuyerTax = z.object({ rate: z.number().min(0).max(1), specified_areas: z.array(z.string()).optional() });

type Thresholds = z.infer<typeof FirstTimeBuyerThresholds>;

/**
 * The Ministry's page on the rates says of the further 2% on residential value above $3,000,000: "(effective
 * February 21, 2018)". The bracket array does not say which bracket is the residential one, so before that date no
 * bracket is read as the further tax: the schedule then in force had none.
 */
const FURTHER_RESIDENTIAL_TAX_FROM = "2018-02-21";

/**
 * General tax over the bracket schedule. From 2018-02-21 the top bracket is the rate for residential value: it
 * includes the further tax on residential property, which the Property Transfer Tax Act (s. 3.01) charges on the
 * amount by which the residential property's own value exceeds the bracket's lower bound. So on a property that is
 * partly residential, the value above that bound pays the rate of the bracket below, and the further tax applies to
 * the residential value (fair market value × residential share) above the bound.
 */
const generalTax = (
  brackets: z.infer<typeof BracketArray>,
  price: number,
  residentialShare: number,
  asOf: string,
): PropertyTransferTaxLine[] => {
  const lines: PropertyTransferTaxLine[] = [];
  brackets.forEach((bracket, index) => {
    const lower = index === 0 ? 0 : brackets[index - 1]!.upper!;
    const portion = Math.min(price, bracket.upper ?? Number.POSITIVE_INFINITY) - lower;
    const range =
      bracket.upper === null ? `above ${formatCad(lower)}` : `${formatCad(lower)} to ${formatCad(bracket.upper)}`;
    const isFurther = index === brackets.length - 1 && index > 0 && asOf >= FURTHER_RESIDENTIAL_TAX_FROM;
    if (!isFurther || residentialShare === 1) {
      if (portion > 0)
        lines.push({
          label: `general rate on ${range}`,
          base: portion,
          rate: bracket.rate,
          amount: roundCents(portion * bracket.rate),
          fact_id: "bc.ptt.brackets",
        });
      return;
    }
    const belowRate = brackets[index - 1]!.rate;
    if (portion > 0)
      lines.push({
        label: `general rate on ${range}`,
        base: portion,
        rate: belowRate,
        amount: roundCents(portion * belowRate),
        fact_id: "bc.ptt.brackets",
      });
    const residentialAbove = roundCents(price * residentialShare - lower);
    if (residentialAbove > 0) {
      const further = roundRate(bracket.rate - belowRate);
      lines.push({
        label: `further tax on residential value ${range}`,
        base: residentialAbove,
        rate: further,
        amount: roundCents(residentialAbove * further),
        fact_id: "bc.ptt.brackets",
      });
    }
  });
  return lines;
};

/**
 * An exemption's amount: the whole general tax up to `full_exemption_fmv_max`; a fixed cap up to
 * `capped_exemption_fmv_max` where there is one; then "proportionally reduced" (the Ministry's words) to nothing at
 * `exemption_ends_fmv`: the cap, or where there is none the tax on the value, times the share of the phase-out range
 * still ahead. This is the Act's formula E × (QV + 25,000 − FMV) / 25,000 (s. 5 (1.1)) and the form of the
 * Ministry's tables: $476,000 under the 2014 thresholds → $7,520 × 24/25 = $7,219.20.
 */
const exemptionAmount = (thresholds: Thresholds, price: number, tax: number): number => {
  if (price <= thresholds.full_exemption_fmv_max) return tax;
  if (price >= thresholds.exemption_ends_fmv) return 0;
  const capped = thresholds.capped_exemption_fmv_max;
  if (capped !== null && price <= capped) return Math.min(thresholds.exemption_cap, tax);
  const phaseStart = capped ?? thresholds.full_exemption_fmv_max;
  const base = capped === null ? tax : Math.min(thresholds.exemption_cap, tax);
  return roundCents((base * (thresholds.exemption_ends_fmv - price)) / (thresholds.exemption_ends_fmv - phaseStart));
};

interface ExemptionAsked {
  exemption: ExemptionName;
  label: string;
  fact_id: string;
  amount: number;
  used: FactUsed | undefined;
  /** Why the amount is what it is, for the breakdown. */
  why: string;
}

const phaseText = (thresholds: Thresholds): string =>
  thresholds.capped_exemption_fmv_max === null
    ? `the whole tax up to ${formatCad(thresholds.full_exemption_fmv_max)}, reduced proportionally to nothing at ${formatCad(thresholds.exemption_ends_fmv)}`
    : `the whole tax up to ${formatCad(thresholds.full_exemption_fmv_max)}, at most ${formatCad(thresholds.exemption_cap)} up to ${formatCad(thresholds.capped_exemption_fmv_max)}, reduced proportionally to nothing at ${formatCad(thresholds.exemption_ends_fmv)}`;

/** Why an exemption gives nothing at this price, or undefined where it gives something. */
const priceAboveEnd = (thresholds: Thresholds, price: number): string | undefined =>
  price >= thresholds.exemption_ends_fmv
    ? `none: ${formatCad(price)} is at or above ${formatCad(thresholds.exemption_ends_fmv)}, where the exemption ends`
    : undefined;

/**
 * The first time home buyers' exemption existed before the first version the facts record (the Ministry's page
 * says the amount "may be different" for registrations on or before February 18, 2014), so a date before it has
 * no rule to apply: `requireFactAsOf` refuses it.
 */
const firstTimeBuyerExemption = (facts: FactSource, asOf: string, price: number, general: number): ExemptionAsked => {
  const { value, used } = requireFactAsOf(facts, "bc.ptt.fthb_exemption", FirstTimeBuyerThresholds, asOf);
  const amount = exemptionAmount(value, price, general);
  return {
    exemption: "first-time-home-buyers",
    label: "first time home buyers' exemption",
    fact_id: used.fact_id,
    amount,
    used,
    why: `${priceAboveEnd(value, price) ?? phaseText(value)} (version ${used.version} in force on ${asOf})`,
  };
};

/**
 * The newly built home exemption began with its first version: the Ministry's page says the transfer "must be
 * registered at the Land Title Office after February 16, 2016". Before it the exemption is 0, and the breakdown
 * says why.
 */
const newlyBuiltExemption = (facts: FactSource, asOf: string, price: number, general: number): ExemptionAsked => {
  const read = readFactAsOf(facts, "bc.ptt.newly_built_exemption", NewlyBuiltThresholds, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      exemption: "newly-built-home",
      label: "newly built home exemption",
      fact_id: "bc.ptt.newly_built_exemption",
      amount: 0,
      used: undefined,
      why: `none: the exemption applies to transfers registered from ${first}, and ${asOf} is before that`,
    };
  }
  const { value, used } = read as { value: z.infer<typeof NewlyBuiltThresholds>; used: FactUsed };
  const thresholds = { ...value, capped_exemption_fmv_max: null, exemption_cap: Number.POSITIVE_INFINITY };
  return {
    exemption: "newly-built-home",
    label: "newly built home exemption",
    fact_id: used.fact_id,
    amount: exemptionAmount(thresholds, price, general),
    used,
    why: `${priceAboveEnd(thresholds, price) ?? phaseText(thresholds)} (version ${used.version} in force on ${asOf})`,
  };
};

/**
 * B.C. property transfer tax on one transfer registered on `asOf`, from the published facts passed in: the general
 * rates (`bc.ptt.brackets`), the first time home buyers' and the newly built home exemptions with their phase-out
 * (with both asked for, both are computed and the larger is claimed), and the additional tax for foreign buyers
 * (`bc.ptt.foreign_buyer_additional`). The Ministry's examples: a $650,000 home pays $11,000; a $4,500,000 wholly
 * residential property pays $143,000.
 */
export const propertyTransferTax = (
  facts: FactSource,
  options: PropertyTransferTaxOptions,
): PropertyTransferTaxResult => {
  checkOptions("propertyTransferTax", options, TRANSFER_TAX_OPTION_KEYS);
  const price = checkAmount("price", options.price);
  const asOf = checkAsOf(options.asOf);
  const residentialShare = options.residentialShare ?? 1;
  if (typeof residentialShare !== "number" || !(residentialShare >= 0 && residentialShare <= 1)) {
    throw new CalculatorError(
      `residentialShare must be a fraction from 0 to 1, got ${JSON.stringify(options.residentialShare)}`,
    );
  }
  const firstTimeBuyer = checkFlag("firstTimeBuyer", options.firstTimeBuyer);
  const newlyBuilt = checkFlag("newlyBuilt", options.newlyBuilt);
  const foreignBuyer = checkFlag("foreignBuyer", options.foreignBuyer);
  if ((firstTimeBuyer || newlyBuilt) && foreignBuyer) {
    throw new CalculatorError(
      "the first time home buyers' and newly built home exemptions are for Canadian citizens and permanent residents, not foreign buyers",
    );
  }
  if ((firstTimeBuyer || newlyBuilt) && residentialShare < 1) {
    throw new CalculatorError(
      "an exemption on a property that is not wholly residential is partial and depends on the improvements; this calculator covers wholly residential property only",
      { reason: "not-covered" },
    );
  }

  const brackets = requireFactAsOf(facts, "bc.ptt.brackets", BracketArray, asOf);
  const used: FactUsed[] = [brackets.used];
  const breakdown = generalTax(brackets.value, price, residentialShare, asOf);
  const general = roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0));
  const assumptions = [
    `the transfer is registered on ${asOf}`,
    "the fair market value is the value the tax is charged on",
  ];

  const asked: ExemptionAsked[] = [
    ...(firstTimeBuyer ? [firstTimeBuyerExemption(facts, asOf, price, general)] : []),
    ...(newlyBuilt ? [newlyBuiltExemption(facts, asOf, price, general)] : []),
  ];
  // The larger is claimed; on a tie the first asked for (first-time buyers) is. An exemption worth nothing is not
  // claimed: reporting it as claimed would tell a buyer at $900,000 that the first-time exemption applied.
  const claim = asked.reduce<ExemptionAsked | undefined>(
    (best, each) => (each.amount > 0 && (best === undefined || each.amount > best.amount) ? each : best),
    undefined,
  );
  for (const each of asked) {
    if (each.used) used.push(each.used);
    const compared =
      asked.length > 1
        ? each === claim
          ? "; claimed, the larger of the two"
          : claim === undefined
            ? "; neither exemption gives anything at this price"
            : `; not claimed: the ${claim.label} is larger (${formatCad(claim.amount)})`
        : "";
    breakdown.push({
      label: `${each.label}: ${each.why}${compared}`,
      base: price,
      rate: null,
      amount: each === claim && each.amount > 0 ? -each.amount : 0,
      fact_id: each.fact_id,
    });
  }
  if (asked.length > 0) {
    assumptions.push(
      "every buyer qualifies for the exemption (100% of the transfer is eligible)",
      "the land is 0.5 hectares or smaller",
    );
  }
  const exemption = claim?.amount ?? 0;

  let additional = 0;
  if (foreignBuyer) {
    // The additional tax began with its first version (registrations from 2016-08-02): before it, none was due.
    const read = readFactAsOf(facts, "bc.ptt.foreign_buyer_additional", ForeignBuyerTax, asOf);
    const base = roundCents(price * residentialShare);
    if (read.value === undefined) {
      const first = (read as { first_iso: string }).first_iso;
      breakdown.push({
        label: `no additional tax for foreign buyers: it applies to transfers registered from ${first}, and ${asOf} is before that`,
        base,
        rate: null,
        amount: 0,
        fact_id: "bc.ptt.foreign_buyer_additional",
      });
    } else {
      const foreign = read as { value: z.infer<typeof ForeignBuyerTax>; used: FactUsed };
      used.push(foreign.used);
      additional = roundCents(base * foreign.value.rate);
      breakdown.push({
        label: `additional tax for foreign buyers on the residential share (version ${foreign.used.version} in force on ${asOf})`,
        base,
        rate: foreign.value.rate,
        amount: additional,
        fact_id: foreign.used.fact_id,
      });
      const areas = foreign.value.specified_areas;
      assumptions.push(
        `the property is in a specified area${areas ? ` (on ${asOf}: ${areas.join(", ")})` : ""} and the foreign buyer holds the whole interest`,
      );
    }
  }

  return {
    total: roundCents(general - exemption + additional),
    general,
    exemption,
    exemption_claimed: claim?.used && claim.amount > 0 ? claim.exemption : null,
    exemptions_compared: asked.map((each) => ({
      exemption: each.exemption,
      amount: each.amount,
      fact_id: each.fact_id,
    })),
    additional,
    as_of: asOf,
    breakdown,
    citations: used,
    assumptions,
  };
};

export interface HomeOwnerGrantOptions {
  /** Assessed (or partitioned) value of the principal residence, in dollars. */
  assessedValue: number;
  /**
   * The owner qualifies for the additional grant (a senior, a veteran, a person with a disability or living with a
   * relative who has one).
   */
  additional?: boolean;
  /**
   * The home is outside the Capital, Fraser Valley and Metro Vancouver regional districts (the northern and rural
   * amount).
   */
  northernRural?: boolean;
  /** The property tax the grant is claimed against, in dollars; the grant cannot exceed it. */
  propertyTax?: number;
  /** A date in the tax year asked about, YYYY-MM-DD (default today in B.C.). */
  asOf?: string;
}

const GRANT_OPTION_KEYS = ["assessedValue", "additional", "northernRural", "propertyTax", "asOf"] as const;

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
  checkOptions("homeOwnerGrant", options, GRANT_OPTION_KEYS);
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
      {
        reason: "not-recorded",
        fact_id: "bc.home_owner_grant.threshold",
        date: asOf,
        ...(used.version === undefined ? {} : { version: used.version }),
      },
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
      {
        reason: "not-recorded",
        fact_id: "bc.home_owner_grant.threshold",
        date: asOf,
        ...(used.version === undefined ? {} : { version: used.version }),
      },
    );
  }
  const threshold = rules.threshold_assessed_value_cad;
  const perThousand = rules.phase_out_cad_per_1000_above_threshold;
  const breakdown = [`${kind} ${region}: up to ${formatCad(maxGrant)} (tax year of ${asOf}, version ${used.version})`];
  let grant = maxGrant;
  if (value <= threshold) {
    breakdown.push(
      `assessed value ${formatCad(value)} is at or below the threshold of ${formatCad(threshold)}: the full grant`,
    );
  } else {
    const reduction = roundCents(((value - threshold) * perThousand) / 1000);
    grant = Math.max(0, roundCents(maxGrant - reduction));
    breakdown.push(
      `assessed value ${formatCad(value)} is ${formatCad(value - threshold)} over the threshold of ${formatCad(threshold)}: reduced by ${formatCad(perThousand)} per $1,000, ${formatCad(reduction)}` +
        (grant === 0
          ? `, which leaves no grant (it ends at ${formatCad(threshold + (maxGrant * 1000) / perThousand)})`
          : `, which leaves ${formatCad(grant)}`),
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
  return {
    grant,
    max_grant: maxGrant,
    threshold,
    tax_after_grant: taxAfter,
    as_of: asOf,
    breakdown,
    citations: [used],
  };
};
