import { z } from "zod";
import type { Fact } from "../fact-schemas.ts";
import { factAsOf } from "../typed-fact.ts";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  CalculatorError,
  centsBelow,
  type FactSource,
  type FactUsed,
  Fraction,
  formatCad,
  formatPercent,
  readableDate,
  requireFactAsOf,
} from "./calculator-common.ts";
import { AmountOption, Breakdown, Citations, DateOption, finished, parseOptions } from "./calculator-options.ts";
import { addDays, addMonths, dueDayMonthsAfter, dueDayOnOrAfter } from "./calendar-days.ts";
import { periodSaid } from "./period-said.ts";
import { breakdownFields, SaidList, type Sentence, saidOf, say } from "./said.ts";

// The largest rent increase a B.C. landlord may give a tenant on a date, from the yearly cap in force on that date,
// and the last day the tenant must have received the notice of it.

/** The yearly series of rent caps: each year is a fact with `series: "bc.rent_cap"`, with its earlier periods. */
const SERIES = "bc.rent_cap";

const PROPOSED = "must be { rate } (a fraction, 0.05 for 5%) or { amount } (dollars)";

export const RentIncreaseOptions = z.strictObject({
  currentRent: AmountOption.describe("The rent now, in dollars for each rent period (a month for most tenancies)."),
  increaseDate: DateOption.optional().describe(
    "The day the increase would take effect, YYYY-MM-DD: the cap in force for increases on that day applies, and the notice is counted back from it. Optional when noticeReceivedDate is given: the increase then takes effect on the earliest day the notice allows.",
  ),
  noticeReceivedDate: DateOption.optional().describe(
    "The day the tenant received (or is deemed to receive) the Notice of Rent Increase, YYYY-MM-DD: the answer gives the earliest day the increase can take effect.",
  ),
  lastIncreaseDate: DateOption.optional().describe(
    "The day the last rent increase took effect, or the day the rent was first payable if it was never increased, YYYY-MM-DD: no increase may take effect within 12 months of it.",
  ),
  rentDueDay: z
    .int({ error: "must be a whole day of the month from 1 to 31" })
    .min(1, { error: "must be a whole day of the month from 1 to 31" })
    .max(31, { error: "must be a whole day of the month from 1 to 31" })
    .optional()
    .describe(
      "The day of the month the rent is due (1 to 31; in a shorter month, its last day); default the day of increaseDate, or the 1st.",
    ),
  proposedIncrease: z
    .union(
      [
        z.strictObject({
          rate: z.number({ error: PROPOSED }).min(0, { error: PROPOSED }).max(10, { error: PROPOSED }),
        }),
        z.strictObject({ amount: AmountOption }),
      ],
      { error: PROPOSED },
    )
    .optional()
    .describe(
      "An increase the landlord proposes, as { rate } (a fraction of the current rent) or { amount } (dollars): the answer says whether it is within the cap, and what the tenant may do if it is not.",
    ),
});
export type RentIncreaseOptions = z.input<typeof RentIncreaseOptions>;

export const RentIncreaseResult = z.object({
  rent_year: z.int().describe("The year whose cap applies: the year the increase takes effect."),
  cap_recorded: z
    .boolean()
    .describe(
      "Whether the facts record the cap for rent_year; when not, the cap fields are null and the dates still hold.",
    ),
  cap_rate: z.number().nullable().describe("The largest increase allowed, a fraction of the rent (0.023 for 2.3%)."),
  max_increase: z
    .number()
    .nullable()
    .describe(
      "The largest increase in dollars, to the cent below: the Residential Tenancy Branch says it is never rounded up.",
    ),
  max_new_rent: z.number().nullable().describe("The current rent plus max_increase."),
  increase_date: z
    .string()
    .describe(
      "The day the increase takes effect: increaseDate, or, when the notice does not allow it, the earliest day that does (the Act moves a notice's date there).",
    ),
  earliest_effective_iso: z
    .string()
    .nullable()
    .describe(
      "The earliest day the increase can take effect: a rent due day at least the notice period after noticeReceivedDate and 12 months after lastIncreaseDate; null when neither is given.",
    ),
  increase_date_complies: z
    .boolean()
    .nullable()
    .describe("Whether increaseDate is on or after earliest_effective_iso; null when either is not known."),
  notice_period_months: z.int().describe("The full rental months of notice the tenant must have."),
  notice_by: z
    .string()
    .describe(
      "The last day the tenant may receive the notice of rent increase for it to take effect on increase_date: the day before the same day notice_period_months earlier.",
    ),
  max_increases_per_12_months: z.int(),
  proposed: z
    .object({
      amount: z.number().describe("The proposed increase in dollars."),
      rate: z.number().describe("The proposed increase as a fraction of the current rent."),
      within_cap: z
        .boolean()
        .nullable()
        .describe("Whether it is at most max_increase; null when the cap is not recorded."),
      tenant_options: z.array(z.string()).describe("What the tenant may do, when it is above the cap."),
      tenant_options_said: SaidList,
    })
    .nullable(),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type RentIncreaseResult = z.infer<typeof RentIncreaseResult>;

const RentCap = z.object({
  rent_year: z.int(),
  max_increase_rate: Fraction,
  applies_to_increases_effective_from_iso: z.iso.date(),
  basis: z.string().optional(),
  notice_period_months: z.int().min(1).max(12),
  max_increases_per_12_months: z.int().min(1),
});
type RentCap = z.infer<typeof RentCap>;

/**
 * The member of the series in force for an increase on `date`: one whose timeline (its value and earlier periods)
 * covers the date and that no `superseded_by` dated on or before it has retired, the latest of them.
 */
const memberFor = (facts: FactSource, date: string): string => {
  const members = (facts?.facts ?? []).filter((fact: Fact) => fact.series === SERIES);
  if (members.length === 0)
    throw new CalculatorError(`the facts passed in include no member of the ${SERIES} series, which this needs`, {
      reason: "missing-fact",
      fact_id: SERIES,
    });
  const covering = members
    .map((fact) => ({ fact, period: factAsOf(fact, date) }))
    .filter(
      ({ fact, period }) =>
        period !== undefined && !(fact.superseded_by != null && fact.superseded_by.effective_iso <= date),
    )
    .sort((a, b) => (a.period!.effective_iso ?? "").localeCompare(b.period!.effective_iso ?? ""));
  const chosen = covering.at(-1);
  if (chosen === undefined) {
    const first = members.flatMap((fact) => [
      fact.effective_iso,
      ...fact.history.map((entry) => entry.effective_iso ?? ""),
    ]);
    const earliest = first.filter((each) => each !== "").sort()[0]!;
    const said = say(
      "rent.no-cap-on-date",
      { series: { name: SERIES }, date: { date }, first: { date: earliest } },
      `${SERIES} records no rent cap in force on ${date}: its earliest cap took effect on ${earliest}`,
    );
    throw new CalculatorError(said.text, {
      reason: "no-rule-on-date",
      fact_id: SERIES,
      date,
      first_iso: earliest,
      said: saidOf(said),
    });
  }
  return chosen.fact.id;
};

/**
 * The period of the series in force for an increase on `date`. A period may start applying to increases a day after it
 * is recorded (the COVID-19 freeze of March 30, 2020 stopped increases taking effect after that day), so an increase
 * before its `applies_to_increases_effective_from_iso` takes the period before. The period holds the notice and
 * 12-month rules; its cap is the cap for `date` only when its `rent_year` is the date's year (see `rentIncrease`).
 */
const periodFor = (facts: FactSource, date: string): { value: RentCap; used: FactUsed } => {
  const id = memberFor(facts, date);
  const read = requireFactAsOf(facts, id, RentCap, date);
  return read.value.applies_to_increases_effective_from_iso > date && read.used.effective_iso !== undefined
    ? requireFactAsOf(facts, id, RentCap, addDays(read.used.effective_iso, -1))
    : read;
};

/** What a tenant may do about an increase above the cap (Residential Tenancy Act, s. 43 (1) and (5)). */
const ABOVE_CAP: readonly Sentence[] = [
  say(
    "rent.above-cap-agreement",
    {},
    "An increase above the cap is allowed only if the tenant agrees to it in writing, or if the Residential Tenancy Branch orders it on the landlord's application (Residential Tenancy Act, s. 43 (1)); the tenant does not have to agree.",
  ),
  say(
    "rent.above-cap-owes-cap",
    {},
    "Without that agreement or order, the tenant owes only the increase the cap allows.",
  ),
  say(
    "rent.above-cap-recover",
    {},
    "If the landlord collects more than that, the tenant may deduct the excess from rent or otherwise recover it (s. 43 (5)).",
  ),
];

/** "3 full rental months", "1 full rental month". */
const rentalMonths = (months: number): string => `${months} full rental month${months === 1 ? "" : "s"}`;

/** "at most 1 increase", "at most 2 increases". */
const atMostIncreases = (count: number): string => `at most ${count} increase${count === 1 ? "" : "s"}`;

/**
 * The largest rent increase (the `bc.rent_cap` series: the member and period in force for increases taking effect
 * that day), to the cent below, as the Residential Tenancy Branch requires ("the amount of the calculated increase must
 * not be rounded up"), and when it can take effect: "three full rental months" of notice (the period's
 * `notice_period_months`), so for an increase on January 1 the tenant must receive the notice by September 30, and for
 * one on the 15th, by the 14th three months before; and never within 12 months of the last increase (Residential
 * Tenancy Act, s. 42 (1)). Given the day the notice was received, the increase takes effect on the earliest rent due
 * day both rules allow, or on `increaseDate` if that is later: a notice whose date is too early takes effect on the
 * earliest date that complies (s. 42 (4)). The dates are answered even for a year whose cap the facts do not record
 * yet, saying that the cap is missing; a proposed increase is compared with the cap.
 */
export const rentIncrease = (facts: FactSource, options: RentIncreaseOptions): RentIncreaseResult => {
  const read = parseOptions("rentIncrease", RentIncreaseOptions, options);
  const { currentRent, increaseDate, noticeReceivedDate, lastIncreaseDate, proposedIncrease } = read;
  if (increaseDate === undefined && noticeReceivedDate === undefined)
    throw new CalculatorError(
      "rentIncrease: give increaseDate (the day the increase would take effect), noticeReceivedDate (the day the tenant received the notice) or both",
      { reason: "invalid-option", option: "increaseDate" },
    );
  const dueDay = read.rentDueDay ?? (increaseDate === undefined ? 1 : Number(increaseDate.slice(8, 10)));
  const ruleDate = increaseDate ?? noticeReceivedDate!;
  const rule = periodFor(facts, ruleDate).value;
  const months = rule.notice_period_months;

  // The earliest rent due day each rule allows: the notice's full rental months begin on the first due day after
  // the day it was received; the 12 months run from the last increase.
  const fromNotice =
    noticeReceivedDate === undefined
      ? undefined
      : dueDayMonthsAfter(dueDayOnOrAfter(addDays(noticeReceivedDate, 1), dueDay), months, dueDay);
  const fromLast =
    lastIncreaseDate === undefined ? undefined : dueDayOnOrAfter(addMonths(lastIncreaseDate, 12), dueDay);
  const earliest =
    [fromNotice, fromLast]
      .filter((each) => each !== undefined)
      .sort()
      .at(-1) ?? null;
  const effective =
    increaseDate === undefined ? earliest! : earliest !== null && increaseDate < earliest ? earliest : increaseDate;
  const complies = increaseDate === undefined || earliest === null ? null : increaseDate >= earliest;

  const period = periodFor(facts, effective);
  const year = Number(effective.slice(0, 4));
  const recorded = period.value.rent_year === year;
  const used = period.used;
  const cap = recorded ? period.value.max_increase_rate : null;
  const increase = cap === null ? null : centsBelow(currentRent * cap);
  const newRent = increase === null ? null : Math.round((currentRent + increase) * 100) / 100;
  const noticeBy = addDays(addMonths(effective, -months), -1);
  // The period read, as the cap's line names it: "(bc.rent_cap.2026, version 3, in force on 2026-03-01)".
  const source = periodSaid(used);
  const sourceValues = { fact: { fact: used.fact_id }, ...source.values, date: { date: effective } };
  const inForce = `(${used.fact_id}, ${source.words}, in force on ${effective})`;
  const allowed = rule.max_increases_per_12_months;

  const breakdown: Sentence[] = [];
  if (fromNotice !== undefined)
    breakdown.push(
      say(
        "rent.notice-received",
        {
          received: { date: noticeReceivedDate! },
          months: { number: months },
          dueDay: { number: dueDay },
          earliest: { date: fromNotice },
        },
        `notice received on ${readableDate(noticeReceivedDate!)}: ${rentalMonths(months)} (rent due on day ${dueDay}) ${months === 1 ? "runs" : "run"} from the next due day, so the increase can take effect on ${readableDate(fromNotice)} at the earliest`,
      ),
    );
  if (fromLast !== undefined)
    breakdown.push(
      say(
        "rent.after-last-increase",
        { last: { date: lastIncreaseDate! }, count: { number: allowed }, from: { date: fromLast } },
        `the last increase took effect on ${readableDate(lastIncreaseDate!)}: ${atMostIncreases(allowed)} in any 12 months, so not before ${readableDate(fromLast)} (Residential Tenancy Act, s. 42 (1))`,
      ),
    );
  if (complies === false)
    breakdown.push(
      say(
        "rent.too-early",
        { date: { date: increaseDate! }, effective: { date: effective } },
        `${readableDate(increaseDate!)} is too early: the notice takes effect on the earliest date that complies, ${readableDate(effective)} (s. 42 (4))`,
      ),
    );
  const basis = period.value.basis;
  breakdown.push(
    cap === null
      ? say(
          source.versioned ? "rent.cap-not-recorded" : "rent.cap-not-recorded-period",
          { year: { number: year }, ...sourceValues, capYear: { number: period.value.rent_year } },
          `the cap for increases taking effect in ${year} is not recorded here yet (${used.fact_id}, ${source.words}, in force on ${effective}, holds the cap for ${period.value.rent_year}): the dates above hold, the largest increase cannot be computed`,
        )
      : basis
        ? say(
            source.versioned ? "rent.cap-basis" : "rent.cap-basis-period",
            { year: { number: year }, rate: { rate: cap }, basis: { text: basis }, ...sourceValues },
            `cap for increases taking effect in ${year}: ${formatPercent(cap)} (${basis}) ${inForce}`,
          )
        : say(
            source.versioned ? "rent.cap" : "rent.cap-period",
            { year: { number: year }, rate: { rate: cap }, ...sourceValues },
            `cap for increases taking effect in ${year}: ${formatPercent(cap)} ${inForce}`,
          ),
  );
  if (cap !== null)
    breakdown.push(
      say(
        "rent.max-increase",
        {
          rate: { rate: cap },
          rent: { money: currentRent },
          increase: { money: increase! },
          newRent: { money: newRent! },
        },
        `${formatPercent(cap)} of ${formatCad(currentRent)} = ${formatCad(increase!)}, to the cent below (an increase is never rounded up): the new rent is at most ${formatCad(newRent!)}`,
      ),
    );
  breakdown.push(
    say(
      "rent.notice-by",
      { months: { number: months }, effective: { date: effective }, noticeBy: { date: noticeBy } },
      `notice: ${rentalMonths(months)} before ${readableDate(effective)}, so the tenant must receive the Notice of Rent Increase by ${readableDate(noticeBy)}; a notice mailed or left in the mailbox counts from the day it is deemed received, not the day it is sent`,
    ),
  );
  if (fromLast === undefined)
    breakdown.push(
      say(
        "rent.once-in-12-months",
        { count: { number: allowed } },
        `${atMostIncreases(allowed)} in any 12 months: it may take effect only 12 months after the rent was set or last increased`,
      ),
    );

  let proposed: RentIncreaseResult["proposed"] = null;
  if (proposedIncrease !== undefined) {
    const amount =
      "rate" in proposedIncrease ? centsBelow(currentRent * proposedIncrease.rate) : proposedIncrease.amount;
    const rate = currentRent > 0 ? Math.round((amount / currentRent) * 1e8) / 1e8 : 0;
    const within = increase === null ? null : amount <= increase;
    const options = within === false ? ABOVE_CAP : [];
    proposed = {
      amount,
      rate,
      within_cap: within,
      tenant_options: options.map((each) => each.text),
      tenant_options_said: options.map(saidOf),
    };
    const excess = increase === null ? 0 : Math.round((amount - increase) * 100) / 100;
    breakdown.push(
      within === null
        ? say(
            "rent.proposed-unchecked",
            { amount: { money: amount } },
            `the proposed increase of ${formatCad(amount)} cannot be compared with a cap that is not recorded`,
          )
        : within
          ? say(
              "rent.proposed-within",
              { amount: { money: amount }, rate: { rate }, cap: { money: increase! } },
              `the proposed increase of ${formatCad(amount)} (${formatPercent(rate)}) is within the cap of ${formatCad(increase!)}; a tenant cannot dispute an increase within the cap given with the right notice (s. 43 (2))`,
            )
          : say(
              "rent.proposed-above",
              { amount: { money: amount }, rate: { rate }, cap: { money: increase! }, excess: { money: excess } },
              `the proposed increase of ${formatCad(amount)} (${formatPercent(rate)}) is above the cap of ${formatCad(increase!)} by ${formatCad(excess)}`,
            ),
    );
  }

  const day = { day: { number: dueDay } };
  const assumptions = [
    assume(
      "tenancy-under-rent-cap",
      "the tenancy is a residential tenancy the cap applies to (not a manufactured home site, co-op, or rent-geared-to-income housing)",
    ),
    read.rentDueDay !== undefined
      ? assume("rent-due-day", `the rent is due each month on day ${dueDay}`, "rentDueDay", day)
      : increaseDate === undefined
        ? assume(
            "rent-due-day-first",
            `the rent is due each month on day ${dueDay} of the month (the 1st, as no day was given)`,
            "rentDueDay",
            day,
          )
        : assume(
            "rent-due-day-of-increase",
            `the rent is due each month on day ${dueDay} of the month, the day the increase takes effect`,
            "rentDueDay",
            day,
          ),
  ];
  if (lastIncreaseDate === undefined)
    assumptions.push(
      assume(
        "no-increase-in-last-12-months",
        "the rent has not been set or increased in the 12 months before the increase",
        "lastIncreaseDate",
      ),
    );
  return finished("rentIncrease", {
    rent_year: year,
    cap_recorded: recorded,
    cap_rate: cap,
    max_increase: increase,
    max_new_rent: newRent,
    increase_date: effective,
    earliest_effective_iso: earliest,
    increase_date_complies: complies,
    notice_period_months: months,
    notice_by: noticeBy,
    max_increases_per_12_months: allowed,
    proposed,
    ...breakdownFields(breakdown),
    citations: [used],
    ...assumptionFields(assumptions),
  });
};
