import { z } from "zod";
import { Assumed, type Assumption, assume, assumptionFields } from "./assumptions.ts";
import {
  type FactSource,
  type FactUsed,
  Fraction,
  formatCad,
  formatPercent,
  Money,
  readFactAsOf,
  requireFactAsOf,
  roundCents,
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
  parseOptions,
} from "./calculator-options.ts";
import { breakdownFields, SaidList, type SaidValue, type Sentence, say } from "./said.ts";

// The GST on a new home bought from its builder and the federal rebates of it (Excise Tax Act s. 254): the new
// housing rebate, and for first-time buyers the rebate that tops it up to the whole GST.

export const GstOnNewHomeOptions = z.strictObject({
  price: AmountOption.describe(
    "The price of the new home before GST, in dollars: the total consideration for it (Excise Tax Act s. 254 (2) (c)).",
  ),
  firstTimeBuyer: FlagOption.optional().describe(
    "The buyer is a first-time home buyer meeting the conditions of the first-time home buyers' GST rebate (ca.gst.fthb_new_home_rebate).",
  ),
  agreementDate: DateOption.optional().describe(
    "The day the agreement of purchase and sale was entered into, YYYY-MM-DD: the first-time home buyers' rebate is for agreements in its window. Absent, the answer assumes it is in the window and says so.",
  ),
  asOf: AsOfOption.describe(
    "The date whose rules apply, YYYY-MM-DD (for a purchase, the day the GST is paid); default today in British Columbia.",
  ),
});
export type GstOnNewHomeOptions = z.input<typeof GstOnNewHomeOptions>;

export const GstOnNewHomeResult = z.object({
  gst: z.number().describe("The GST on the price, in dollars."),
  new_housing_rebate: z.number().describe("The GST/HST new housing rebate (Excise Tax Act s. 254 (2))."),
  first_time_buyer_rebate: z
    .number()
    .describe(
      "The first-time home buyers' rebate (s. 254 (2.1)), in addition to the new housing rebate; 0 when not asked for or not due.",
    ),
  rebate: z.number().describe("Both rebates together; never more than the GST."),
  net_gst: z.number().describe("The GST less the rebates."),
  as_of: z.string(),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z
    .array(z.string())
    .describe("The conditions the buyer and the home must meet for the rebates, as the facts record them."),
  assumed: Assumed,
});
export type GstOnNewHomeResult = z.infer<typeof GstOnNewHomeResult>;

const NewHousingRebate = z.object({
  gst_rate: Fraction,
  rebate_share_of_gst: Fraction,
  max_rebate_cad: Money,
  full_rebate_max_price_cad: Money,
  no_rebate_from_price_cad: Money,
  rebate_conditions: z.array(z.string()).optional(),
});

const FirstTimeBuyerRebate = z.object({
  share_of_federal_gst_recovered: Fraction,
  max_rebate_cad: Money,
  full_rebate_max_price_cad: Money,
  no_rebate_from_price_cad: Money,
  agreement_after_iso: z.iso.date(),
  agreement_before_iso: z.iso.date(),
  construction_start_before_iso: z.iso.date().optional(),
  substantial_completion_before_iso: z.iso.date().optional(),
  ownership_transfer_before_iso: z.iso.date().optional(),
  buyer_min_age_years: z.int().optional(),
  buyer_status: z.array(z.string()).optional(),
  no_owner_occupied_home_previous_calendar_years: z.int().optional(),
  spouse_ownership_counts: z.boolean().optional(),
  primary_residence_required: z.boolean().optional(),
  first_occupant_required: z.boolean().optional(),
});
type FirstTimeBuyerRebate = z.infer<typeof FirstTimeBuyerRebate>;

/** "(ca.gst.new_housing_rebate version 1 in force on 2026-06-01)" as values: the fact, its version and the day. */
const versionValues = (fact: string, used: FactUsed, asOf: string): Record<string, SaidValue> => ({
  fact: { fact },
  version: { number: used.version ?? 0 },
  date: { date: asOf },
});

/**
 * A rebate that is whole up to one price and falls in a straight line to nothing at another, as both of s. 254's
 * formulas do: A × [(no-rebate price − price) ÷ (no-rebate price − full-rebate price)].
 */
const phasedOut = (full: number, price: number, from: number, to: number): number => {
  if (price <= from) return full;
  if (price >= to) return 0;
  return roundCents((full * (to - price)) / (to - from));
};

/**
 * The buyer's conditions for the first-time buyers' rebate, each as the fact states it, with the values it names and
 * which condition it is (`condition`).
 */
const firstTimeConditions = (rule: FirstTimeBuyerRebate): Assumption[] => {
  const condition = (which: string, text: string, values: Record<string, SaidValue> = {}): Assumption =>
    assume("gst-first-time-buyer-condition", text, undefined, { condition: { choice: which }, ...values });
  const years = rule.no_owner_occupied_home_previous_calendar_years;
  const start = rule.construction_start_before_iso;
  const completion = rule.substantial_completion_before_iso;
  const transfer = rule.ownership_transfer_before_iso;
  return [
    ...(rule.buyer_min_age_years === undefined
      ? []
      : [
          condition("age", `the buyer is ${rule.buyer_min_age_years} or older`, {
            age: { number: rule.buyer_min_age_years },
          }),
        ]),
    ...(rule.buyer_status === undefined
      ? []
      : [
          // The statuses are the fact's own words, which a program names by the fact.
          condition("status", `the buyer is a ${rule.buyer_status.join(" or a ")}`, {
            fact: { fact: "ca.gst.fthb_new_home_rebate" },
          }),
        ]),
    ...(years === undefined
      ? []
      : [
          condition(
            "noHomeOwned",
            `the buyer did not live, in the current or the ${years} previous calendar ${years === 1 ? "year" : "years"}, in a home that they${rule.spouse_ownership_counts ? " or their spouse or common-law partner" : ""} owned`,
            { years: { number: years }, spouse: { choice: rule.spouse_ownership_counts ? "yes" : "no" } },
          ),
        ]),
    ...(rule.primary_residence_required
      ? [condition("primaryResidence", "the buyer acquires the home as their primary place of residence")]
      : []),
    ...(rule.first_occupant_required
      ? [condition("firstOccupant", "the buyer is the first to live in the home once it is completed")]
      : []),
    ...(start === undefined
      ? []
      : [
          condition(
            "construction",
            `construction begins before ${start}${completion ? ` and is substantially completed before ${completion}` : ""}`,
            {
              start: { date: start },
              ...(completion
                ? { completed: { choice: "yes" }, completion: { date: completion } }
                : { completed: { choice: "no" } }),
            },
          ),
        ]),
    ...(transfer === undefined
      ? []
      : [
          condition("transfer", `ownership is transferred to the buyer before ${transfer}`, {
            transfer: { date: transfer },
          }),
        ]),
  ];
};

interface FirstTimePart {
  amount: number;
  steps: Sentence[];
  assumptions: Assumption[];
  used: FactUsed | undefined;
}

/**
 * The first-time home buyers' rebate (s. 254 (2.1)): up to the full-rebate price, the lesser of $50,000 and the GST
 * less the new housing rebate ("A − B"), so that the two recover the whole GST up to $50,000; above it, that lesser
 * amount × [($1,500,000 − price) ÷ $500,000], in addition to the new housing rebate. The agreement of purchase and sale
 * must be entered into "after March 19, 2025 and before 2031".
 */
const firstTimeBuyerRebate = (
  facts: FactSource,
  asOf: string,
  price: number,
  gst: number,
  regular: number,
  agreementDate: string | undefined,
): FirstTimePart => {
  const read = readFactAsOf(facts, "ca.gst.fthb_new_home_rebate", FirstTimeBuyerRebate, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    return {
      amount: 0,
      steps: [
        say(
          "gst.first-time-before",
          { date: { date: asOf }, first: { date: first } },
          `first-time home buyers' rebate: none on ${asOf}; the rebate applies from ${first}`,
        ),
      ],
      assumptions: [],
      used: undefined,
    };
  }
  const { value: rule, used } = read as { value: FirstTimeBuyerRebate; used: FactUsed };
  const version = `ca.gst.fthb_new_home_rebate version ${used.version} in force on ${asOf}`;
  const source = versionValues("ca.gst.fthb_new_home_rebate", used, asOf);
  const window = `after ${rule.agreement_after_iso} and before ${rule.agreement_before_iso}`;
  const windowValues = { after: { date: rule.agreement_after_iso }, before: { date: rule.agreement_before_iso } };
  if (
    agreementDate !== undefined &&
    !(rule.agreement_after_iso < agreementDate && agreementDate < rule.agreement_before_iso)
  ) {
    return {
      amount: 0,
      steps: [
        say(
          "gst.first-time-outside-window",
          { agreement: { date: agreementDate }, ...windowValues, ...source },
          `first-time home buyers' rebate: none, the agreement of ${agreementDate} is not in its window (agreements entered into ${window}; ${version})`,
        ),
      ],
      assumptions: [],
      used,
    };
  }
  const lesser = Math.min(rule.max_rebate_cad, roundCents(gst * rule.share_of_federal_gst_recovered));
  const full = rule.full_rebate_max_price_cad;
  const none = rule.no_rebate_from_price_cad;
  const amount = price <= full ? roundCents(Math.max(0, lesser - regular)) : phasedOut(lesser, price, full, none);
  const lead = "first-time home buyers' rebate:";
  const step =
    price <= full
      ? say(
          "gst.first-time-full",
          {
            max: { money: rule.max_rebate_cad },
            share: { rate: rule.share_of_federal_gst_recovered },
            lesser: { money: lesser },
            regular: { money: regular },
            amount: { money: amount },
            full: { money: full },
            ...source,
          },
          `${lead} the lesser of ${formatCad(rule.max_rebate_cad)} and ${formatPercent(rule.share_of_federal_gst_recovered)} of the GST (${formatCad(lesser)}) less the new housing rebate (${formatCad(regular)}) = ${formatCad(amount)}, as the price is at most ${formatCad(full)} (${version})`,
        )
      : price >= none
        ? say(
            "gst.first-time-none",
            { none: { money: none }, ...source },
            `${lead} none: the price is at or above ${formatCad(none)} (${version})`,
          )
        : say(
            "gst.first-time-phase",
            {
              lesser: { money: lesser },
              none: { money: none },
              price: { money: price },
              span: { money: none - full },
              amount: { money: amount },
              full: { money: full },
              ...source,
            },
            `${lead} ${formatCad(lesser)} × (${formatCad(none)} − ${formatCad(price)}) ÷ ${formatCad(none - full)} = ${formatCad(amount)}, reduced in a straight line from ${formatCad(full)} to nothing at ${formatCad(none)} (${version})`,
          );
  return {
    amount,
    steps: [step],
    assumptions: [
      agreementDate === undefined
        ? assume(
            "gst-agreement-in-window-assumed",
            `agreementDate was not given: the agreement of purchase and sale is assumed to be entered into ${window}, the rebate's window`,
            "agreementDate",
            windowValues,
          )
        : assume(
            "gst-agreement-in-window-given",
            `the agreement of purchase and sale was entered into on ${agreementDate}, in the rebate's window (${window})`,
            "agreementDate",
            { agreement: { date: agreementDate }, ...windowValues },
          ),
      ...firstTimeConditions(rule),
    ],
    used,
  };
};

/**
 * The GST on a new home bought from its builder at `price` (before GST) and its federal rebates on `asOf`: the new
 * housing rebate (`ca.gst.new_housing_rebate`: 36% of the GST up to $6,300 at a price up to $350,000, reduced in a
 * straight line to nothing at $450,000) and, for a first-time buyer, the first-time home buyers' rebate
 * (`ca.gst.fthb_new_home_rebate`). CRA's guide RC4028: at $300,000 the GST is $15,000 and the rebate $5,400.
 */
export const gstOnNewHome = (facts: FactSource, options: GstOnNewHomeOptions): GstOnNewHomeResult => {
  const read = parseOptions("gstOnNewHome", GstOnNewHomeOptions, options);
  const asOf = read.asOf ?? todayInBc();
  const { price } = read;
  const { value: rule, used } = requireFactAsOf(facts, "ca.gst.new_housing_rebate", NewHousingRebate, asOf);
  const gst = roundCents(price * rule.gst_rate);
  const whole = Math.min(rule.max_rebate_cad, roundCents(gst * rule.rebate_share_of_gst));
  const regular = phasedOut(whole, price, rule.full_rebate_max_price_cad, rule.no_rebate_from_price_cad);
  const version = `ca.gst.new_housing_rebate version ${used.version} in force on ${asOf}`;
  const full = rule.full_rebate_max_price_cad;
  const none = rule.no_rebate_from_price_cad;
  const breakdown: Sentence[] = [
    say(
      "gst.gst",
      {
        rate: { rate: rule.gst_rate },
        price: { money: price },
        gst: { money: gst },
        ...versionValues("ca.gst.new_housing_rebate", used, asOf),
      },
      `GST: ${formatPercent(rule.gst_rate)} of ${formatCad(price)} = ${formatCad(gst)} (${version})`,
    ),
    price <= full
      ? say(
          "gst.new-housing-full",
          {
            max: { money: rule.max_rebate_cad },
            share: { rate: rule.rebate_share_of_gst },
            rebate: { money: regular },
            full: { money: full },
          },
          `new housing rebate: the lesser of ${formatCad(rule.max_rebate_cad)} and ${formatPercent(rule.rebate_share_of_gst)} of the GST = ${formatCad(regular)}, as the price is at most ${formatCad(full)}`,
        )
      : price >= none
        ? say(
            "gst.new-housing-none",
            { none: { money: none } },
            `new housing rebate: none, the price is at or above ${formatCad(none)}`,
          )
        : say(
            "gst.new-housing-phase",
            {
              whole: { money: whole },
              none: { money: none },
              price: { money: price },
              span: { money: none - full },
              rebate: { money: regular },
            },
            `new housing rebate: ${formatCad(whole)} × (${formatCad(none)} − ${formatCad(price)}) ÷ ${formatCad(none - full)} = ${formatCad(regular)}, reduced in a straight line to nothing at ${formatCad(none)}`,
          ),
  ];
  const citations = [used];
  // Each condition is the fact's own words, which a program names by the fact.
  const conditionOf = { fact: { fact: "ca.gst.new_housing_rebate" } };
  const assumptions = [
    assume("gst-price-whole-consideration", "the price is the whole consideration for the home, before GST", "price"),
    ...(
      rule.rebate_conditions ?? ["the home is bought from its builder as the buyer's primary place of residence"]
    ).map((condition) => assume("gst-rebate-condition", condition, undefined, conditionOf)),
  ];
  let firstTime = 0;
  if (read.firstTimeBuyer === true) {
    const part = firstTimeBuyerRebate(facts, asOf, price, gst, regular, read.agreementDate);
    if (part.used) citations.push(part.used);
    breakdown.push(...part.steps);
    assumptions.push(...part.assumptions);
    firstTime = part.amount;
  }
  // The first-time buyers' rebate tops the new housing rebate up to the GST at most, so together they never exceed it.
  const rebate = Math.min(gst, roundCents(regular + firstTime));
  const net = roundCents(gst - rebate);
  breakdown.push(
    say(
      "gst.net",
      { gst: { money: gst }, rebate: { money: rebate }, net: { money: net } },
      `net GST: ${formatCad(gst)} − rebates ${formatCad(rebate)} = ${formatCad(net)}`,
    ),
  );
  return finished("gstOnNewHome", {
    gst,
    new_housing_rebate: regular,
    first_time_buyer_rebate: roundCents(rebate - regular),
    rebate,
    net_gst: net,
    as_of: asOf,
    ...breakdownFields(breakdown),
    citations,
    ...assumptionFields(assumptions),
  });
};
