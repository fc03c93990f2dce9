import { z } from "zod";
import type { PlaceRecord } from "../places.ts";
import { Assumed, type Assumption, assume, assumptionFields } from "./assumptions.ts";
import {
  BracketArray,
  CalculatorError,
  type FactSource,
  type FactUsed,
  findPlace,
  formatCad,
  formatPercent,
  placeRuleOn,
  readFactAsOf,
  requireFactAsOf,
  roundCents,
  roundRate,
  todayInBc,
} from "./calculator-common.ts";
import {
  AmountOption,
  AsOfOption,
  Breakdown,
  Citations,
  DateOption,
  FlagOption,
  finished,
  PlaceOption,
  parseOptions,
  ShareOption,
} from "./calculator-options.ts";
import { addDays } from "./calendar-days.ts";
import {
  breakdownFields,
  placeInEnglish,
  Said,
  type SaidCode,
  SaidList,
  type SaidValue,
  type Sentence,
  saidOf,
  saidPlace,
  say,
} from "./said.ts";

// B.C.'s taxes on a home, each from the facts in force on a date: the property transfer tax on its purchase (with the
// first-time buyers', newly built and foreign buyers' rules) and the home owner grant against its yearly property tax.

const HECTARES = "must be an area in hectares above 0 and at most 100,000,000";

/**
 * A parcel larger than the exemption's land limit (0.5 ha): the Property Transfer Tax Act (s. 6 (1)) exempts the tax
 * on the value of the residential improvement the buyer lives in and on the share of the land's value that 0.5 ha is
 * of the whole area, so the calculation needs the two values apart.
 */
const LandOverHalfHectare = z
  .strictObject({
    hectares: z
      .number({ error: HECTARES })
      .gt(0, { error: HECTARES })
      .max(100_000_000, { error: HECTARES })
      .describe("The parcel's whole area, in hectares."),
    landValue: AmountOption.describe("The fair market value of the land alone, without improvements, in dollars."),
    residentialImprovementsValue: AmountOption.describe(
      "The fair market value of the residential improvement the buyers will live in as their principal residence, in dollars.",
    ),
  })
  .describe(
    "For a first-time buyers' exemption on a parcel larger than 0.5 hectares: its area and the values of the land and of the home. The eligible value is the home's value plus the land's value × 0.5 ha ÷ the area (Property Transfer Tax Act s. 6), and the exemption is the one on the tax on that value.",
  );

export const PropertyTransferTaxOptions = z.strictObject({
  price: AmountOption.describe("Fair market value of the property, in dollars."),
  residentialShare: ShareOption.optional().describe(
    "Residential part of the fair market value, 0 to 1; default 1 (wholly residential).",
  ),
  firstTimeBuyer: FlagOption.optional().describe(
    "The buyers meet every condition of the first time home buyers' exemption (bc.ptt.fthb_exemption).",
  ),
  newlyBuilt: FlagOption.optional().describe(
    "The buyers meet every condition of the newly built home exemption (bc.ptt.newly_built_exemption). With firstTimeBuyer too, both are computed and the larger is claimed.",
  ),
  eligibleShare: ShareOption.optional().describe(
    "The share of the property the buyers who qualify for the first time home buyers' exemption acquire, 0 to 1; default 1. The Province multiplies the exemption by it (a spouse who does not qualify, holding half as joint tenant: 0.5).",
  ),
  landOverHalfHectare: LandOverHalfHectare.optional(),
  foreignBuyer: FlagOption.optional().describe(
    "The buyer is a foreign national, foreign corporation or taxable trustee (the additional tax for foreign buyers).",
  ),
  inSpecifiedArea: FlagOption.optional().describe(
    "For a foreign buyer whose property is in no place of the register: it is in an area where the additional tax applies (true) or not (false). Absent (and no place given), the additional tax is not added to total; the result gives it apart with the areas in force on asOf.",
  ),
  place: PlaceOption.optional().describe(
    "Where the property is: the id of a place of /api/v1/places/index.json (a municipality, regional district or other area). For a foreign buyer it decides whether the property is in a specified area on asOf, from the place's own periods; the facts passed in must carry the place records (places). Not with inSpecifiedArea.",
  ),
  agreementDate: DateOption.optional().describe(
    "The date of the written purchase agreement, YYYY-MM-DD, on or before asOf. In the four regional districts added to the specified areas on 2018-02-21, a foreign buyer's transfer registered by 2018-05-18 under an agreement made on or before 2018-02-20 paid no additional tax; in Metro Vancouver it did.",
  ),
  asOf: AsOfOption,
});
export type PropertyTransferTaxOptions = z.input<typeof PropertyTransferTaxOptions>;

export const ExemptionName = z.enum(["first-time-home-buyers", "newly-built-home"]);
export type ExemptionName = z.infer<typeof ExemptionName>;

/** One line of the calculation: what was taxed or deducted, at what rate, and the amount. */
export const PropertyTransferTaxLine = z.object({
  label: z.string(),
  label_said: Said.describe("The label as a code and its values, for a program that says it in its own words."),
  base: z.number().describe("The value the line applies to, in dollars."),
  rate: z.number().nullable(),
  amount: z.number(),
  fact_id: z.string(),
});
export type PropertyTransferTaxLine = z.infer<typeof PropertyTransferTaxLine>;

export const PropertyTransferTaxResult = z.object({
  total: z
    .number()
    .describe("What the buyer pays, in dollars: general tax less the exemption, plus the additional tax."),
  general: z
    .number()
    .describe("General property transfer tax, including the further tax on residential value, before any exemption."),
  exemption: z.number().describe("The exemption deducted from the general tax (0 when none applies)."),
  exemption_claimed: ExemptionName.nullable().describe(
    "The exemption deducted; null when none was asked for or the larger one asked for is worth nothing here.",
  ),
  exemptions_compared: z
    .array(z.object({ exemption: ExemptionName, amount: z.number(), fact_id: z.string() }))
    .describe("Each exemption asked for, with the amount it would give on its own; the larger is claimed."),
  additional: z
    .number()
    .describe(
      "Additional property transfer tax for foreign buyers included in total: 0 unless inSpecifiedArea is true.",
    ),
  additional_if_in_specified_area: z
    .number()
    .optional()
    .describe(
      "Only for a foreign buyer when inSpecifiedArea is not given: the additional tax that applies if the property is in a specified area.",
    ),
  total_if_in_specified_area: z
    .number()
    .optional()
    .describe("Only with additional_if_in_specified_area: total with that additional tax."),
  federal_ban_applies: z
    .boolean()
    .nullable()
    .optional()
    .describe(
      "Only for a foreign buyer: whether the federal Prohibition on the Purchase of Residential Property by Non-Canadians Act is in force on as_of (ca.foreign_buyer_ban; its exceptions are in ca.foreign_buyer_ban.exemptions); null when the facts record its end as a scheduled change not yet in effect.",
    ),
  as_of: z.string().describe("The registration date the rules were taken for."),
  breakdown: z.array(PropertyTransferTaxLine),
  citations: Citations.describe(
    "The facts the calculation read, each with the version in force on as_of, canonical URL and citations.",
  ),
  assumptions: z.array(z.string()).describe("What the calculation assumes that the options do not say."),
  assumed: Assumed,
});
export type PropertyTransferTaxResult = z.infer<typeof PropertyTransferTaxResult>;

const FirstTimeBuyerThresholds = z.object({
  full_exemption_fmv_max: z.number().positive(),
  capped_exemption_fmv_max: z.number().positive().nullable(),
  exemption_cap: z.number().positive(),
  exemption_ends_fmv: z.number().positive(),
  max_land_hectares: z.number().positive().optional(),
});
const NewlyBuiltThresholds = z.object({
  full_exemption_fmv_max: z.number().positive(),
  exemption_ends_fmv: z.number().positive(),
});
const ForeignBuyerTax = z.object({
  rate: z.number().min(0).max(1),
  specified_areas: z.array(z.string()).optional(),
  excluded_areas: z.array(z.string()).optional(),
  applies_to_registrations_on_or_after_iso: z.iso.date().optional(),
  transitional_new_areas_agreement_dated_on_or_before_iso: z.iso.date().optional(),
  transitional_new_areas_registered_on_or_before_iso: z.iso.date().optional(),
});
/** The dates of `ca.foreign_buyer_ban`: in force from `in_force_iso` until its repeal (scheduled, then recorded). */
const FederalBan = z.object({
  in_force_iso: z.iso.date(),
  scheduled_repeal_iso: z.iso.date().optional(),
  repealed_iso: z.iso.date().optional(),
});

type Thresholds = z.infer<typeof FirstTimeBuyerThresholds>;

/**
 * The Ministry's page on the rates says of the further 2% on residential value above $3,000,000: "(effective
 * February 21, 2018)". The bracket array does not say which bracket is the residential one, so before that date no
 * bracket is read as the further tax: the schedule then in force had none.
 */
const FURTHER_RESIDENTIAL_TAX_FROM = "2018-02-21";

/** A line of the calculation: its label (in English, and as a code and its values), its figures and its fact. */
const line = (
  label: Sentence,
  figures: Pick<PropertyTransferTaxLine, "base" | "rate" | "amount">,
  fact_id: string,
): PropertyTransferTaxLine => ({ label: label.text, label_said: saidOf(label), ...figures, fact_id });

/** Part of a sentence, in English and as the values it names, which a sentence of several parts joins. */
interface Clause {
  text: string;
  values: Record<string, SaidValue>;
}

/** "(version 3 in force on 2026-06-01)": which version of a fact a line was read from, and on which day. */
const versionClause = (used: FactUsed, asOf: string): Clause => ({
  text: `version ${used.version} in force on ${asOf}`,
  values: { version: { number: used.version ?? 0 }, date: { date: asOf } },
});

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
    const rateOn =
      bracket.upper === null
        ? say("ptt.general-rate-above", { from: { money: lower } }, `general rate on above ${formatCad(lower)}`)
        : say(
            "ptt.general-rate",
            { from: { money: lower }, to: { money: bracket.upper } },
            `general rate on ${formatCad(lower)} to ${formatCad(bracket.upper)}`,
          );
    const isFurther = index === brackets.length - 1 && index > 0 && asOf >= FURTHER_RESIDENTIAL_TAX_FROM;
    if (!isFurther || residentialShare === 1) {
      if (portion > 0)
        lines.push(
          line(
            rateOn,
            { base: portion, rate: bracket.rate, amount: roundCents(portion * bracket.rate) },
            "bc.ptt.brackets",
          ),
        );
      return;
    }
    const belowRate = brackets[index - 1]!.rate;
    if (portion > 0)
      lines.push(
        line(rateOn, { base: portion, rate: belowRate, amount: roundCents(portion * belowRate) }, "bc.ptt.brackets"),
      );
    const residentialAbove = roundCents(price * residentialShare - lower);
    if (residentialAbove > 0) {
      const further = roundRate(bracket.rate - belowRate);
      // The further tax is the top bracket's, which is unbounded (BracketArray): its range is "above" its lower bound.
      lines.push(
        line(
          say(
            "ptt.further-tax",
            { from: { money: lower } },
            `further tax on residential value above ${formatCad(lower)}`,
          ),
          { base: residentialAbove, rate: further, amount: roundCents(residentialAbove * further) },
          "bc.ptt.brackets",
        ),
      );
    }
  });
  return lines;
};

const sumOf = (lines: readonly PropertyTransferTaxLine[]): number =>
  roundCents(lines.reduce((sum, line) => sum + line.amount, 0));

/**
 * An exemption's amount, from `tax`, the general tax on the value the exemption applies to (the whole value, or on a
 * parcel over 0.5 ha the eligible value): all of it up to `full_exemption_fmv_max`; at most the cap up to
 * `capped_exemption_fmv_max` where there is one; then "proportionally reduced" (the Ministry's words) to nothing at
 * `exemption_ends_fmv`: the cap, or where there is none the tax, times the share of the phase-out range still ahead.
 * This is the Act's formula E × (QV + 25,000 − FMV) / 25,000 (s. 5 (1.1) and s. 6 (3), FMV being the whole
 * property's) and the form of the Ministry's tables: $476,000 under the 2014 thresholds → $7,520 × 24/25 = $7,219.20.
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
  /** The code of its line, which says the exemption and the shape of why. */
  code: SaidCode;
  /** Why the amount is what it is, for the breakdown. */
  why: Clause;
}

/** Clauses joined as the breakdown writes them, "; " apart; an empty one adds only its values (a choice). */
const joined = (clauses: readonly Clause[]): Clause => ({
  text: clauses
    .map((clause) => clause.text)
    .filter((text) => text !== "")
    .join("; "),
  values: Object.assign({}, ...clauses.map((clause) => clause.values)),
});

/** A clause followed by the version it was read from, in brackets. */
const withVersion = (clause: Clause, version: Clause): Clause => ({
  text: `${clause.text} (${version.text})`,
  values: { ...clause.values, ...version.values },
});

const phaseClause = (thresholds: Thresholds): Clause => {
  const full = formatCad(thresholds.full_exemption_fmv_max);
  const end = formatCad(thresholds.exemption_ends_fmv);
  const values = {
    full: { money: thresholds.full_exemption_fmv_max },
    end: { money: thresholds.exemption_ends_fmv },
  };
  return thresholds.capped_exemption_fmv_max === null
    ? { text: `the whole tax up to ${full}, reduced proportionally to nothing at ${end}`, values }
    : {
        text: `the whole tax up to ${full}, at most ${formatCad(thresholds.exemption_cap)} up to ${formatCad(thresholds.capped_exemption_fmv_max)}, reduced proportionally to nothing at ${end}`,
        values: {
          ...values,
          cap: { money: thresholds.exemption_cap },
          capped: { money: thresholds.capped_exemption_fmv_max },
        },
      };
};

/** Why an exemption gives nothing at this price, or undefined where it gives something. */
const priceAboveEnd = (thresholds: Thresholds, price: number): Clause | undefined =>
  price >= thresholds.exemption_ends_fmv
    ? {
        text: `none: ${formatCad(price)} is at or above ${formatCad(thresholds.exemption_ends_fmv)}, where the exemption ends`,
        values: { price: { money: price }, end: { money: thresholds.exemption_ends_fmv } },
      }
    : undefined;

/** What the first-time buyers' exemption is computed on: the share of the transfer eligible and the parcel's values. */
interface PartialClaim {
  share: number;
  land: z.infer<typeof LandOverHalfHectare> | undefined;
  brackets: z.infer<typeof BracketArray>;
}

/** An area in hectares as the English writes a number (grouped, to three decimals), as the page's messages do too. */
const hectares = new Intl.NumberFormat("en-CA");

/**
 * The tax the first-time buyers' exemption applies to. On a parcel over the land limit, the Act (s. 6 (1)) exempts
 * the tax "in respect of that portion of the fair market value of the property that is applicable to the residential
 * improvement" and of the land's value "equivalent to the ratio of 0.5 ha to the total area of the property": the tax
 * on that eligible value, by the same brackets. `land` says so (`land`: `none`, `within` or `over` the limit).
 */
const eligibleTax = (
  value: Thresholds,
  used: FactUsed,
  claim: PartialClaim,
  general: number,
  asOf: string,
): { tax: number; land: Clause } => {
  const land = claim.land;
  if (land === undefined) return { tax: general, land: { text: "", values: { land: { choice: "none" } } } };
  const limit = value.max_land_hectares;
  if (limit === undefined) {
    throw new CalculatorError(
      `bc.ptt.fthb_exemption (version ${used.version}, in force on ${asOf}) at $.value.max_land_hectares: the fact does not record the land limit, so landOverHalfHectare cannot be computed`,
      { reason: "not-recorded", fact_id: "bc.ptt.fthb_exemption", date: asOf },
    );
  }
  const areas = { hectares: { number: land.hectares }, limit: { number: limit } };
  if (land.hectares <= limit)
    return {
      tax: general,
      land: {
        text: `the land, ${hectares.format(land.hectares)} ha, is within ${hectares.format(limit)} ha: the whole value is eligible`,
        values: { land: { choice: "within" }, ...areas },
      },
    };
  const eligible = roundCents(land.residentialImprovementsValue + (land.landValue * limit) / land.hectares);
  const tax = sumOf(generalTax(claim.brackets, eligible, 1, asOf));
  return {
    tax,
    land: {
      text: `land over ${hectares.format(limit)} ha (Property Transfer Tax Act s. 6): eligible value = the home ${formatCad(land.residentialImprovementsValue)} + the land ${formatCad(land.landValue)} × ${hectares.format(limit)} ha ÷ ${hectares.format(land.hectares)} ha = ${formatCad(eligible)}, whose tax is ${formatCad(tax)}`,
      values: {
        land: { choice: "over" },
        ...areas,
        home: { money: land.residentialImprovementsValue },
        landValue: { money: land.landValue },
        eligible: { money: eligible },
        eligibleTax: { money: tax },
      },
    },
  };
};

/**
 * The first time home buyers' exemption existed before the first version the facts record (the Ministry's page
 * says the amount "may be different" for registrations on or before February 18, 2014), so a date before it has
 * no rule to apply: `requireFactAsOf` refuses it. Where only some buyers qualify the Ministry multiplies the exemption
 * by the share of the transfer that is eligible ("$8,000 X 50%").
 */
const firstTimeBuyerExemption = (
  facts: FactSource,
  asOf: string,
  price: number,
  general: number,
  claim: PartialClaim,
): ExemptionAsked => {
  const { value, used } = requireFactAsOf(facts, "bc.ptt.fthb_exemption", FirstTimeBuyerThresholds, asOf);
  const { tax, land } = eligibleTax(value, used, claim, general, asOf);
  const whole = exemptionAmount(value, price, tax);
  const amount = roundCents(whole * claim.share);
  const share: Clause =
    claim.share === 1 || whole === 0
      ? { text: "", values: { partial: { choice: "no" } } }
      : {
          text: `${formatCad(whole)} × ${formatPercent(claim.share)} of the transfer eligible = ${formatCad(amount)}`,
          values: {
            partial: { choice: "yes" },
            whole: { money: whole },
            share: { rate: claim.share },
            amount: { money: amount },
          },
        };
  const above = priceAboveEnd(value, price);
  const version = versionClause(used, asOf);
  return {
    exemption: "first-time-home-buyers",
    label: "first time home buyers' exemption",
    fact_id: used.fact_id,
    amount,
    used,
    ...(above === undefined
      ? {
          code: value.capped_exemption_fmv_max === null ? "ptt.first-time-phase" : "ptt.first-time-phase-capped",
          why: joined([withVersion(phaseClause(value), version), land, share]),
        }
      : { code: "ptt.first-time-none-above", why: withVersion(above, version) }),
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
      code: "ptt.newly-built-none-before",
      why: {
        text: `none: the exemption applies to transfers registered from ${first}, and ${asOf} is before that`,
        values: { first: { date: first }, date: { date: asOf } },
      },
    };
  }
  const { value, used } = read as { value: z.infer<typeof NewlyBuiltThresholds>; used: FactUsed };
  const thresholds = { ...value, capped_exemption_fmv_max: null, exemption_cap: Number.POSITIVE_INFINITY };
  const above = priceAboveEnd(thresholds, price);
  return {
    exemption: "newly-built-home",
    label: "newly built home exemption",
    fact_id: used.fact_id,
    amount: exemptionAmount(thresholds, price, general),
    used,
    code: above === undefined ? "ptt.newly-built-phase" : "ptt.newly-built-none-above",
    why: withVersion(above ?? phaseClause(thresholds), versionClause(used, asOf)),
  };
};

type ReadOptions = z.output<typeof PropertyTransferTaxOptions>;

/** The combinations of options that cannot be answered, refused before any fact is read. */
const checkCombinations = (read: ReadOptions): void => {
  const exemptionAsked = read.firstTimeBuyer === true || read.newlyBuilt === true;
  if (exemptionAsked && read.foreignBuyer === true) {
    throw new CalculatorError(
      "the first time home buyers' and newly built home exemptions are for Canadian citizens and permanent residents, not foreign buyers",
      {
        reason: "invalid-option",
        option: "foreignBuyer",
        said: { code: "ptt.error.foreign-buyer-exemption", values: {} },
      },
    );
  }
  if (exemptionAsked && (read.residentialShare ?? 1) < 1) {
    throw new CalculatorError(
      "an exemption on a property that is not wholly residential is partial and depends on the improvements; this calculator covers wholly residential property only",
      {
        reason: "not-covered",
        option: "residentialShare",
        said: { code: "ptt.error.exemption-partly-residential", values: {} },
      },
    );
  }
  for (const option of ["eligibleShare", "landOverHalfHectare"] as const) {
    if (read[option] === undefined) continue;
    if (read.firstTimeBuyer !== true)
      throw new CalculatorError(
        `${option} is part of the first time home buyers' exemption: ask for it with firstTimeBuyer: true`,
        { reason: "invalid-option", option },
      );
    if (read.newlyBuilt === true && (option === "landOverHalfHectare" || read.eligibleShare! < 1))
      throw new CalculatorError(
        `${option}: the newly built home exemption's partial cases are not computed here, so it cannot be compared with the first time home buyers' one; ask for firstTimeBuyer alone`,
        // Said for a person, who asks for the exemptions rather than give options: without the option's name.
        { reason: "not-covered", option, said: { code: "ptt.error.newly-built-partial", values: {} } },
      );
  }
  const land = read.landOverHalfHectare;
  if (land !== undefined && land.landValue + land.residentialImprovementsValue > read.price) {
    throw new CalculatorError(
      `landOverHalfHectare: the land (${formatCad(land.landValue)}) and the home (${formatCad(land.residentialImprovementsValue)}) are worth more together than the price, ${formatCad(read.price)}, which is their fair market value with any other improvement`,
      { reason: "invalid-option", option: "landOverHalfHectare" },
    );
  }
  if (read.inSpecifiedArea !== undefined && read.place !== undefined) {
    throw new CalculatorError(
      "give place or inSpecifiedArea, not both: the place's own periods say whether it is in a specified area",
      { reason: "invalid-option", option: "inSpecifiedArea" },
    );
  }
  if (read.agreementDate !== undefined && read.asOf !== undefined && read.agreementDate > read.asOf) {
    throw new CalculatorError(
      `agreementDate ${read.agreementDate} is after the registration date (asOf ${read.asOf}): the agreement comes first`,
      {
        reason: "invalid-option",
        option: "agreementDate",
        said: {
          code: "ptt.error.agreement-after-registration",
          values: { agreement: { date: read.agreementDate }, date: { date: read.asOf } },
        },
      },
    );
  }
  if (read.inSpecifiedArea !== undefined && read.foreignBuyer !== true) {
    throw new CalculatorError(
      "inSpecifiedArea decides the additional tax for foreign buyers: give it with foreignBuyer: true",
      { reason: "invalid-option", option: "inSpecifiedArea" },
    );
  }
};

interface ForeignBuyerPart {
  additional: number;
  ifInArea: number | undefined;
  banApplies: boolean | null;
  lines: PropertyTransferTaxLine[];
  used: FactUsed[];
  assumptions: Assumption[];
}

/** Where the property is, as the reader said it: a place of the register, or yes or no to "in a specified area". */
interface Whereabouts {
  inSpecifiedArea: boolean | undefined;
  place: PlaceRecord | undefined;
  agreementDate: string | undefined;
}

/**
 * Why it is not known whether the property is in a specified area: neither a place nor an answer was given, no period
 * of the place's rule is recorded on the date, or the period does not record it.
 */
type AreaUnknown = "notGiven" | "noPeriod" | "notRecorded";

/**
 * Whether the property is in a specified area: `decided` says which period of the place's rule decided it, undefined
 * where the reader said it; where it is not known, `unknown` says why and `why` says it in words.
 */
type AreaAnswer = { used: FactUsed[] } & (
  | { inArea: boolean; decided: Clause | undefined }
  | { inArea: undefined; unknown: AreaUnknown; why: Clause }
);

/**
 * Whether the property is in a specified area on `asOf`: from the place's own periods when a place is given (the rule
 * that decided it named), else as the reader said.
 */
const specifiedAreaOf = (facts: FactSource, where: Whereabouts, asOf: string): AreaAnswer => {
  const { place } = where;
  if (place === undefined)
    return where.inSpecifiedArea === undefined
      ? {
          inArea: undefined,
          unknown: "notGiven",
          why: { text: "neither the place nor whether the property is in a specified area was given", values: {} },
          used: [],
        }
      : { inArea: where.inSpecifiedArea, decided: undefined, used: [] };
  const rule = placeRuleOn(place, "foreign_buyer_specified_area", asOf);
  if (rule === undefined)
    return {
      inArea: undefined,
      unknown: "noPeriod",
      why: {
        text: `no period of the specified areas is recorded for ${place.name} on ${asOf}`,
        values: { place: { name: place.name }, date: { date: asOf } },
      },
      used: [],
    };
  const read = readFactAsOf(facts, rule.period.fact_id, z.unknown(), asOf);
  const used = read.value === undefined ? [] : [(read as { used: FactUsed }).used];
  return rule.period.applies === null
    ? {
        inArea: undefined,
        unknown: "notRecorded",
        why: {
          text: `not recorded for ${place.name}: ${rule.decided}`,
          values: { place: { name: place.name }, ...rule.decidedValues },
        },
        used,
      }
    : { inArea: rule.period.applies, decided: { text: rule.decided, values: rule.decidedValues }, used };
};

/** The code of the line of a tax not added, by why it is not known whether the property is in a specified area. */
const NOT_ADDED: Record<AreaUnknown, SaidCode> = {
  notGiven: "ptt.foreign-not-added",
  noPeriod: "ptt.foreign-not-added-no-period",
  notRecorded: "ptt.foreign-not-added-not-recorded",
};

/** The specified areas a version of the tax lists and those it leaves out: "A, B; excluding C". */
const areasClause = (value: z.infer<typeof ForeignBuyerTax>): Clause => ({
  text: `${value.specified_areas?.join(", ") ?? "not listed by the version used"}${value.excluded_areas ? `; excluding ${value.excluded_areas.join(", ")}` : ""}`,
  values: {
    ...(value.specified_areas === undefined
      ? { listed: { choice: "no" } }
      : { listed: { choice: "yes" }, areas: { name: value.specified_areas.join(", ") } }),
    ...(value.excluded_areas === undefined
      ? { excluding: { choice: "no" } }
      : { excluding: { choice: "yes" }, excluded: { name: value.excluded_areas.join(", ") } }),
  },
});

/**
 * The additional tax for foreign buyers, which applies only in the specified areas: never assumed. Where the property
 * is comes from the place given (its periods of `foreign_buyer_specified_area`, derived from the facts) or from
 * `inSpecifiedArea`; with neither, it is computed but not added, and the areas in force on the date are listed. In an
 * area added to the specified areas by a version with a transitional rule (the four districts of 2018-02-21), a transfer
 * registered by the rule's last day under an agreement made on or before its agreement date is spared. The tax began
 * with its first version (registrations from 2016-08-02): before it, none was due.
 */
const foreignBuyerTax = (
  facts: FactSource,
  asOf: string,
  base: number,
  where: Whereabouts,
): Omit<ForeignBuyerPart, "banApplies"> => {
  const read = readFactAsOf(facts, "bc.ptt.foreign_buyer_additional", ForeignBuyerTax, asOf);
  const taxLine = (label: Sentence, rate: number | null, amount: number): PropertyTransferTaxLine =>
    line(label, { base, rate, amount }, "bc.ptt.foreign_buyer_additional");
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      additional: 0,
      ifInArea: undefined,
      lines: [
        taxLine(
          say(
            "ptt.foreign-none-before",
            { first: { date: first }, date: { date: asOf } },
            `no additional tax for foreign buyers: it applies to transfers registered from ${first}, and ${asOf} is before that`,
          ),
          null,
          0,
        ),
      ],
      used: [],
      assumptions: [],
    };
  }
  const { value, used } = read as { value: z.infer<typeof ForeignBuyerTax>; used: FactUsed };
  const amount = roundCents(base * value.rate);
  const version = versionClause(used, asOf);
  const areas = areasClause(value);
  const answer = specifiedAreaOf(facts, where, asOf);
  const facts_ = [used, ...answer.used];
  const additionalOn = "additional tax for foreign buyers on the residential share";
  if ("unknown" in answer) {
    const { unknown, why } = answer;
    return {
      additional: 0,
      ifInArea: amount,
      lines: [
        taxLine(
          say(
            NOT_ADDED[unknown],
            {
              ...why.values,
              rate: { rate: value.rate },
              base: { money: base },
              amount: { money: amount },
              ...version.values,
            },
            `additional tax for foreign buyers not added: ${why.text}; in one it is ${formatPercent(value.rate)} of ${formatCad(base)} = ${formatCad(amount)} (${version.text})`,
          ),
          null,
          0,
        ),
      ],
      used: facts_,
      assumptions: [
        assume(
          "specified-area-unknown",
          `${why.text}, so the additional tax for foreign buyers is not in the total; it is given apart, as the tax if in a specified area. The specified areas on ${asOf}: ${areas.text}`,
          where.place === undefined ? "inSpecifiedArea" : "place",
          { unknown: { choice: unknown }, ...why.values, date: { date: asOf }, ...areas.values },
        ),
      ],
    };
  }
  if (answer.inArea === true) {
    const { decided } = answer;
    const spared = decided === undefined ? undefined : transitionalRelief(value, where, asOf);
    if (decided !== undefined && spared !== undefined) {
      return {
        additional: spared.applies ? 0 : amount,
        ifInArea: undefined,
        lines: [
          taxLine(
            say(
              spared.code,
              { ...decided.values, ...spared.clause.values, ...version.values },
              `${spared.applies ? "no additional tax for foreign buyers" : additionalOn}: ${decided.text}; ${spared.clause.text} (${version.text})`,
            ),
            spared.applies ? null : value.rate,
            spared.applies ? 0 : amount,
          ),
        ],
        used: facts_,
        assumptions: spared.assumption === undefined ? [] : [spared.assumption],
      };
    }
    return {
      additional: amount,
      ifInArea: undefined,
      lines: [
        taxLine(
          decided === undefined
            ? say(
                "ptt.foreign-in-area-given",
                version.values,
                `${additionalOn}: the property is in a specified area, as given (${version.text})`,
              )
            : say("ptt.foreign-in-area-place", decided.values, `${additionalOn}: ${decided.text}`),
          value.rate,
          amount,
        ),
      ],
      used: facts_,
      assumptions:
        decided === undefined
          ? [
              assume(
                "in-specified-area-as-given",
                `the property is in a specified area (on ${asOf}: ${areas.text}), as given`,
                "inSpecifiedArea",
                { date: { date: asOf }, ...areas.values },
              ),
            ]
          : [],
    };
  }
  // Not in a specified area.
  const { decided } = answer;
  return {
    additional: 0,
    ifInArea: undefined,
    lines: [
      taxLine(
        decided === undefined
          ? say(
              "ptt.foreign-not-in-area-given",
              { ...areas.values, ...version.values },
              `no additional tax for foreign buyers: the property is not in a specified area, as given (on ${asOf}: ${areas.text}; ${version.text})`,
            )
          : say(
              "ptt.foreign-not-in-area-place",
              decided.values,
              `no additional tax for foreign buyers: ${decided.text}`,
            ),
        null,
        0,
      ),
    ],
    used: facts_,
    assumptions: [],
  };
};

/**
 * The transitional rule of a version that added areas (2018-02-21: "a transfer registered by May 18, 2018 under a
 * written agreement dated on or before February 20, 2018 was not taxed" in the four added districts), for a place
 * given: undefined where it does not bear on the transfer (no such rule, registered after its last day, or the place
 * was a specified area the day before the version took effect, as Metro Vancouver was). `code` is its line's.
 */
const transitionalRelief = (
  value: z.infer<typeof ForeignBuyerTax>,
  where: Whereabouts,
  asOf: string,
): { applies: boolean; code: SaidCode; clause: Clause; assumption?: Assumption } | undefined => {
  const from = value.applies_to_registrations_on_or_after_iso;
  const agreedBy = value.transitional_new_areas_agreement_dated_on_or_before_iso;
  const registeredBy = value.transitional_new_areas_registered_on_or_before_iso;
  const { place, agreementDate } = where;
  if (place === undefined || from === undefined || agreedBy === undefined || registeredBy === undefined)
    return undefined;
  if (asOf < from || asOf > registeredBy) return undefined;
  if (placeRuleOn(place, "foreign_buyer_specified_area", addDays(from, -1))?.period.applies === true) return undefined;
  const rule = `${place.name} became a specified area on ${from}, and a transfer there registered by ${registeredBy} under a written agreement made on or before ${agreedBy} is not taxed`;
  const ruleValues = {
    place: { name: place.name },
    from: { date: from },
    registeredBy: { date: registeredBy },
    agreedBy: { date: agreedBy },
  };
  if (agreementDate === undefined)
    return {
      applies: false,
      code: "ptt.foreign-not-spared-no-agreement",
      clause: { text: `${rule}; the agreement date was not given, so the tax is counted`, values: ruleValues },
      assumption: assume(
        "agreement-after-transitional-date",
        `the purchase agreement was made after ${agreedBy}: one made on or before that day would spare this transfer the additional tax (give agreementDate)`,
        "agreementDate",
        { agreedBy: { date: agreedBy } },
      ),
    };
  const values = { ...ruleValues, agreement: { date: agreementDate } };
  return agreementDate <= agreedBy
    ? {
        applies: true,
        code: "ptt.foreign-spared",
        clause: { text: `${rule}, and the agreement was made on ${agreementDate}`, values },
      }
    : {
        applies: false,
        code: "ptt.foreign-not-spared-agreement-after",
        clause: { text: `${rule}; the agreement was made on ${agreementDate}, after that day`, values },
      };
};

/**
 * Whether the federal Prohibition on the Purchase of Residential Property by Non-Canadians Act is in force on the
 * date, from `ca.foreign_buyer_ban`'s dates. Its end is recorded as a scheduled change until its day; the calculator
 * answers only from rules in effect, so after that day it says it cannot tell (null) rather than presume.
 */
const federalBan = (
  facts: FactSource,
  asOf: string,
  base: number,
): Pick<ForeignBuyerPart, "banApplies" | "lines" | "used"> => {
  const banLine = (label: Sentence): PropertyTransferTaxLine =>
    line(label, { base, rate: null, amount: 0 }, "ca.foreign_buyer_ban");
  const ban = "federal ban on purchases by non-Canadians";
  let read: ReturnType<typeof readFactAsOf<typeof FederalBan>>;
  try {
    read = readFactAsOf(facts, "ca.foreign_buyer_ban", FederalBan, asOf);
  } catch (error: unknown) {
    if (!(error instanceof CalculatorError) || error.reason !== "scheduled-change") throw error;
    // The change that stopped the reading, for the values of its sentence: the one readFactAsOf found.
    const change = facts.facts
      .find((fact) => fact.id === "ca.foreign_buyer_ban")
      ?.scheduled?.find((each) => each.effective_iso <= asOf);
    if (change === undefined) throw error;
    return {
      banApplies: null,
      lines: [
        banLine(
          say(
            "ptt.federal-ban-not-answered",
            {
              date: { date: asOf },
              fact: { fact: "ca.foreign_buyer_ban" },
              status: { choice: change.status },
              effective: { date: change.effective_iso },
            },
            `${ban}: not answered for ${asOf}: ${error.message}`,
          ),
        ),
      ],
      used: [],
    };
  }
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      banApplies: false,
      lines: [
        banLine(
          say(
            "ptt.federal-ban-before",
            { date: { date: asOf }, first: { date: first } },
            `${ban}: not in force on ${asOf}; it applies from ${first}`,
          ),
        ),
      ],
      used: [],
    };
  }
  const { value, used } = read as { value: z.infer<typeof FederalBan>; used: FactUsed };
  const ends = value.repealed_iso ?? value.scheduled_repeal_iso;
  const applies = value.in_force_iso <= asOf && (ends === undefined || asOf < ends);
  const period = `in force from ${value.in_force_iso}${ends === undefined ? "" : ` until ${ends}`}`;
  const values = {
    date: { date: asOf },
    from: { date: value.in_force_iso },
    ...(ends === undefined ? {} : { until: { date: ends } }),
    version: { number: used.version ?? 0 },
  };
  const code: SaidCode = applies
    ? ends === undefined
      ? "ptt.federal-ban-applies"
      : "ptt.federal-ban-applies-until"
    : ends === undefined
      ? "ptt.federal-ban-not-in-force"
      : "ptt.federal-ban-not-in-force-until";
  return {
    banApplies: applies,
    lines: [
      banLine(
        applies
          ? say(
              code,
              { ...values, exemptions: { fact: "ca.foreign_buyer_ban.exemptions" } },
              `${ban} applies on ${asOf} (${period}; version ${used.version}): a non-Canadian may not buy residential property it covers unless an exception applies; who is covered and the exceptions (workers, students, refugees, a Canadian spouse, property outside census metropolitan areas and agglomerations) are in ca.foreign_buyer_ban.exemptions`,
            )
          : say(code, values, `${ban}: not in force on ${asOf} (${period}; version ${used.version})`),
      ),
    ],
    used: [used],
  };
};

/**
 * B.C. property transfer tax on one transfer registered on `asOf`, from the published facts passed in: the general
 * rates (`bc.ptt.brackets`), the first time home buyers' exemption (for the share of the buyers who qualify and on a
 * parcel over 0.5 ha, as the Act computes them) and the newly built home exemption with their phase-out (with both
 * asked for, both are computed and the larger is claimed), the additional tax for foreign buyers
 * (`bc.ptt.foreign_buyer_additional`, added only where the property is said to be in a specified area) and whether the
 * federal ban on purchases by non-Canadians is in force (`ca.foreign_buyer_ban`). The Ministry's examples: a $650,000
 * home pays $11,000; a $4,500,000 wholly residential property pays $143,000.
 */
export const propertyTransferTax = (
  facts: FactSource,
  options: PropertyTransferTaxOptions,
): PropertyTransferTaxResult => {
  const read = parseOptions("propertyTransferTax", PropertyTransferTaxOptions, options);
  checkCombinations(read);
  const { price } = read;
  const asOf = read.asOf ?? todayInBc();
  const residentialShare = read.residentialShare ?? 1;

  const brackets = requireFactAsOf(facts, "bc.ptt.brackets", BracketArray, asOf);
  const used: FactUsed[] = [brackets.used];
  const breakdown = generalTax(brackets.value, price, residentialShare, asOf);
  const general = sumOf(breakdown);
  // A place is looked up first, so a misspelled one is refused whoever the buyer is.
  const place = read.place === undefined ? undefined : findPlace(facts, read.place, "place");
  const assumptions = [
    assume("registered-on-date", `the transfer is registered on ${asOf}`, "asOf", { date: { date: asOf } }),
    assume("fair-market-value-taxed", "the fair market value is the value the tax is charged on", "price"),
    ...(place === undefined
      ? []
      : [
          assume("property-in-place", `the property is in ${placeInEnglish(saidPlace(place))}`, "place", {
            place: { place: saidPlace(place) },
          }),
        ]),
  ];

  const claim: PartialClaim = {
    share: read.eligibleShare ?? 1,
    land: read.landOverHalfHectare,
    brackets: brackets.value,
  };
  const asked: ExemptionAsked[] = [
    ...(read.firstTimeBuyer ? [firstTimeBuyerExemption(facts, asOf, price, general, claim)] : []),
    ...(read.newlyBuilt ? [newlyBuiltExemption(facts, asOf, price, general)] : []),
  ];
  // The larger is claimed; on a tie the first asked for (first-time buyers) is. An exemption worth nothing is not
  // claimed: reporting it as claimed would tell a buyer at $900,000 that the first-time exemption applied.
  const claimed = asked.reduce<ExemptionAsked | undefined>(
    (best, each) => (each.amount > 0 && (best === undefined || each.amount > best.amount) ? each : best),
    undefined,
  );
  for (const each of asked) {
    if (each.used) used.push(each.used);
    const compared: Clause =
      asked.length === 1
        ? { text: "", values: { compared: { choice: "alone" } } }
        : each === claimed
          ? { text: "; claimed, the larger of the two", values: { compared: { choice: "claimed" } } }
          : claimed === undefined
            ? { text: "; neither exemption gives anything at this price", values: { compared: { choice: "neither" } } }
            : {
                text: `; not claimed: the ${claimed.label} is larger (${formatCad(claimed.amount)})`,
                values: { compared: { choice: "notClaimed" }, larger: { money: claimed.amount } },
              };
    breakdown.push(
      line(
        say(each.code, { ...each.why.values, ...compared.values }, `${each.label}: ${each.why.text}${compared.text}`),
        { base: price, rate: null, amount: each === claimed && each.amount > 0 ? -each.amount : 0 },
        each.fact_id,
      ),
    );
  }
  if (asked.length > 0) {
    assumptions.push(
      read.eligibleShare === undefined
        ? assume(
            "eligible-share-whole",
            "every buyer qualifies for the exemption (100% of the transfer is eligible; eligibleShare gives a smaller share)",
            "eligibleShare",
          )
        : assume(
            "eligible-share-given",
            `the buyers who qualify acquire ${formatPercent(claim.share)} of the property, the share of the transfer eligible`,
            "eligibleShare",
            { share: { rate: claim.share } },
          ),
      read.landOverHalfHectare === undefined
        ? assume(
            "land-half-hectare-or-less",
            "the land is 0.5 hectares or smaller (landOverHalfHectare computes a larger parcel)",
            "landOverHalfHectare",
          )
        : assume(
            "land-over-half-hectare-given",
            `the land is ${hectares.format(read.landOverHalfHectare.hectares)} ${read.landOverHalfHectare.hectares === 1 ? "hectare" : "hectares"}, with the values of the land and the home as given`,
            "landOverHalfHectare",
            { hectares: { number: read.landOverHalfHectare.hectares } },
          ),
    );
  }
  const exemption = claimed?.amount ?? 0;
  const total = roundCents(general - exemption);

  if (read.foreignBuyer !== true) {
    return finished("propertyTransferTax", {
      total,
      general,
      exemption,
      exemption_claimed: claimed?.used && claimed.amount > 0 ? claimed.exemption : null,
      exemptions_compared: asked.map((each) => ({
        exemption: each.exemption,
        amount: each.amount,
        fact_id: each.fact_id,
      })),
      additional: 0,
      as_of: asOf,
      breakdown,
      citations: used,
      ...assumptionFields(assumptions),
    });
  }

  const base = roundCents(price * residentialShare);
  const foreign = foreignBuyerTax(facts, asOf, base, {
    inSpecifiedArea: read.inSpecifiedArea,
    place,
    agreementDate: read.agreementDate,
  });
  const ban = federalBan(facts, asOf, price);
  breakdown.push(...foreign.lines, ...ban.lines);
  used.push(...foreign.used, ...ban.used);
  assumptions.push(
    ...foreign.assumptions,
    assume("foreign-buyer-whole-interest", "the foreign buyer acquires the whole interest", "foreignBuyer"),
  );
  return finished("propertyTransferTax", {
    total: roundCents(total + foreign.additional),
    general,
    exemption,
    exemption_claimed: null,
    exemptions_compared: [],
    additional: foreign.additional,
    ...(foreign.ifInArea === undefined
      ? {}
      : {
          additional_if_in_specified_area: foreign.ifInArea,
          total_if_in_specified_area: roundCents(total + foreign.ifInArea),
        }),
    federal_ban_applies: ban.banApplies,
    as_of: asOf,
    breakdown,
    citations: used,
    ...assumptionFields(assumptions),
  });
};

export const HomeOwnerGrantOptions = z.strictObject({
  assessedValue: AmountOption.describe("Assessed (or partitioned) value of the principal residence, in dollars."),
  additional: FlagOption.optional().describe(
    "The owner qualifies for the additional grant (a senior, a veteran, a person with a disability or living with a relative who has one).",
  ),
  northernRural: FlagOption.optional().describe(
    "For a home in no place of the register: it is outside the Capital, Fraser Valley and Metro Vancouver regional districts (the northern and rural amount). Not with place.",
  ),
  place: PlaceOption.optional().describe(
    "Where the home is: the id of a place of /api/v1/places/index.json. Its periods say whether the northern and rural amount applies in the tax year of asOf; the facts passed in must carry the place records (places). Not with northernRural.",
  ),
  propertyTax: AmountOption.optional().describe(
    "The property tax the grant is claimed against, in dollars; the grant cannot exceed it.",
  ),
  asOf: AsOfOption.describe("A date in the tax year asked about, YYYY-MM-DD; default today in British Columbia."),
});
export type HomeOwnerGrantOptions = z.input<typeof HomeOwnerGrantOptions>;

export const HomeOwnerGrantResult = z.object({
  grant: z.number().describe("The grant, after the phase-out and limited to the property tax when that is given."),
  max_grant: z.number().describe("The grant below the threshold, for this region and kind of owner."),
  threshold: z.number().describe("The assessed value up to which the full grant is available."),
  tax_after_grant: z.number().nullable().describe("Property tax less the grant; null when propertyTax is not given."),
  as_of: z.string(),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
});
export type HomeOwnerGrantResult = z.infer<typeof HomeOwnerGrantResult>;

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

/** Whether the northern and rural amount applies at `place` on `asOf`, from its periods; refused where not recorded. */
const northernRuralAt = (place: PlaceRecord, asOf: string): { northernRural: boolean; decided: Sentence } => {
  const rule = placeRuleOn(place, "home_owner_grant_northern_rural", asOf);
  const values = { place: { name: place.name }, date: { date: asOf } };
  if (rule === undefined || rule.period.applies === null)
    throw new CalculatorError(
      `place "${place.id}": whether the home owner grant's northern and rural amount applies in ${place.name} on ${asOf} is not recorded${rule === undefined ? "" : ` (${rule.decided})`}`,
      {
        reason: "not-recorded",
        option: "place",
        fact_id: "bc.home_owner_grant.threshold",
        date: asOf,
        // Said without the place's id, which the reader chose by its name.
        said:
          rule === undefined
            ? { code: "grant.error.place-no-period", values }
            : { code: "grant.error.place-not-recorded", values: { ...values, ...rule.decidedValues } },
      },
    );
  return {
    northernRural: rule.period.applies,
    decided: say(
      "grant.place",
      { place: { name: place.name }, ...rule.decidedValues },
      `${place.name}: ${rule.decided}`,
    ),
  };
};

/** The code of the line of the largest grant, by kind of grant and region. */
const MAX_GRANT: Record<"basic" | "additional", Record<"metro" | "elsewhere", SaidCode>> = {
  basic: { metro: "grant.max-basic", elsewhere: "grant.max-basic-elsewhere" },
  additional: { metro: "grant.max-additional", elsewhere: "grant.max-additional-elsewhere" },
};

/**
 * The B.C. home owner grant for the tax year of `asOf`, from `bc.home_owner_grant.threshold`: the maximum for the
 * region and kind of owner up to the threshold; above it, "reduced by $5 for each $1,000" of assessed value over the
 * threshold (the fact's `phase_out_cad_per_1000_above_threshold`, applied to every dollar over it), to nothing.
 */
export const homeOwnerGrant = (facts: FactSource, options: HomeOwnerGrantOptions): HomeOwnerGrantResult => {
  const read = parseOptions("homeOwnerGrant", HomeOwnerGrantOptions, options);
  const value = read.assessedValue;
  const additional = read.additional ?? false;
  const propertyTax = read.propertyTax;
  const asOf = read.asOf ?? todayInBc();
  if (read.place !== undefined && read.northernRural !== undefined)
    throw new CalculatorError(
      "give place or northernRural, not both: the place's own periods say whether the northern and rural amount applies",
      { reason: "invalid-option", option: "northernRural" },
    );
  const where = read.place === undefined ? undefined : northernRuralAt(findPlace(facts, read.place, "place"), asOf);
  const northernRural = where?.northernRural ?? read.northernRural ?? false;
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
  const breakdown: Sentence[] = [
    ...(where === undefined ? [] : [where.decided]),
    say(
      MAX_GRANT[additional ? "additional" : "basic"][northernRural ? "elsewhere" : "metro"],
      {
        max: { money: maxGrant },
        date: { date: asOf },
        // The tax years before the fact's first version are periods its history records without a version.
        ...(used.version === undefined
          ? { record: { choice: "beforeFirstVersion" } }
          : { record: { choice: "version" }, version: { number: used.version } }),
      },
      `${kind} ${region}: up to ${formatCad(maxGrant)} (tax year of ${asOf}, ${used.version === undefined ? "the period recorded before its first version" : `version ${used.version}`})`,
    ),
  ];
  let grant = maxGrant;
  const assessed = { value: { money: value }, threshold: { money: threshold } };
  if (value <= threshold) {
    breakdown.push(
      say(
        "grant.full",
        assessed,
        `assessed value ${formatCad(value)} is at or below the threshold of ${formatCad(threshold)}: the full grant`,
      ),
    );
  } else {
    const reduction = roundCents(((value - threshold) * perThousand) / 1000);
    grant = Math.max(0, roundCents(maxGrant - reduction));
    const over = roundCents(value - threshold);
    const reduced = `assessed value ${formatCad(value)} is ${formatCad(over)} over the threshold of ${formatCad(threshold)}: reduced by ${formatCad(perThousand)} per $1,000, ${formatCad(reduction)}`;
    const values = {
      ...assessed,
      over: { money: over },
      perThousand: { money: perThousand },
      // The Province's words: "reduced by $5 for each $1,000".
      per: { money: 1000 },
      reduction: { money: reduction },
    };
    const end = threshold + (maxGrant * 1000) / perThousand;
    breakdown.push(
      grant === 0
        ? say(
            "grant.reduced-to-none",
            { ...values, end: { money: end } },
            `${reduced}, which leaves no grant (it ends at ${formatCad(end)})`,
          )
        : say("grant.reduced", { ...values, grant: { money: grant } }, `${reduced}, which leaves ${formatCad(grant)}`),
    );
  }
  let taxAfter: number | null = null;
  if (propertyTax !== undefined) {
    if (grant > propertyTax) {
      grant = propertyTax;
      breakdown.push(
        say(
          "grant.capped-by-tax",
          { tax: { money: propertyTax } },
          `the grant cannot exceed the property tax of ${formatCad(propertyTax)}`,
        ),
      );
    }
    taxAfter = roundCents(propertyTax - grant);
    breakdown.push(
      say(
        "grant.tax-after",
        { tax: { money: propertyTax }, grant: { money: grant }, after: { money: taxAfter } },
        `property tax ${formatCad(propertyTax)} − grant ${formatCad(grant)} = ${formatCad(taxAfter)}; the Province also keeps a minimum tax after the grant, which this fact does not record, so it is not applied`,
      ),
    );
  }
  return finished("homeOwnerGrant", {
    grant,
    max_grant: maxGrant,
    threshold,
    tax_after_grant: taxAfter,
    as_of: asOf,
    ...breakdownFields(breakdown),
    citations: [used],
  });
};
