import { z } from "zod";
import type { Fact } from "../fact-schemas.ts";
import { factAsOf } from "../typed-fact.ts";
import {
  CalculatorError,
  type FactSource,
  type FactUsed,
  Fraction,
  formatCad,
  formatPercent,
  readableDate,
  requireFactAsOf,
  utcDay,
} from "./calculator-common.ts";
import { AmountOption, Breakdown, Citations, DateOption, finished, parseOptions } from "./calculator-options.ts";

// The largest rent increase a B.C. landlord may give a tenant on a date, from the yearly cap in force on that date,
// and the last day the tenant must have received the notice of it.

/** The yearly series of rent caps: each year is a fact with `series: "bc.rent_cap"`, with its earlier periods. */
const SERIES = "bc.rent_cap";

export const RentIncreaseOptions = z.strictObject({
  currentRent: AmountOption.describe("The rent now, in dollars for each rent period (a month for most tenancies)."),
  increaseDate: DateOption.describe(
    "The day the increase would take effect, YYYY-MM-DD: the cap in force for increases on that day applies, and the notice is counted back from it.",
  ),
});
export type RentIncreaseOptions = z.input<typeof RentIncreaseOptions>;

export const RentIncreaseResult = z.object({
  rent_year: z.int().describe("The year whose cap applies."),
  cap_rate: z.number().describe("The largest increase allowed, a fraction of the rent (0.023 for 2.3%)."),
  max_increase: z
    .number()
    .describe(
      "The largest increase in dollars, to the cent below: the Residential Tenancy Branch says it is never rounded up.",
    ),
  max_new_rent: z.number().describe("The current rent plus max_increase."),
  increase_date: z.string(),
  notice_period_months: z.int().describe("The full rental months of notice the tenant must have."),
  notice_by: z
    .string()
    .describe(
      "The last day the tenant may receive the notice of rent increase for it to take effect on increase_date: the day before the same day notice_period_months earlier.",
    ),
  max_increases_per_12_months: z.int(),
  breakdown: Breakdown,
  citations: Citations,
  assumptions: z.array(z.string()),
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

const isoOf = (day: Date): string =>
  `${String(day.getUTCFullYear()).padStart(4, "0")}-${String(day.getUTCMonth() + 1).padStart(2, "0")}-${String(day.getUTCDate()).padStart(2, "0")}`;

/** The day before `iso`. */
const dayBefore = (iso: string): string => {
  const day = utcDay(iso);
  day.setUTCDate(day.getUTCDate() - 1);
  return isoOf(day);
};

/** The same day of the month `months` months before `iso`, or that month's last day when it is shorter. */
const monthsBefore = (iso: string, months: number): string => {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7)) - 1 - months;
  const last = new Date(0);
  last.setUTCFullYear(year, month + 1, 0);
  const day = new Date(0);
  day.setUTCFullYear(year, month, Math.min(Number(iso.slice(8, 10)), last.getUTCDate()));
  return isoOf(day);
};

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
    throw new CalculatorError(
      `${SERIES} records no rent cap in force on ${date}: its earliest cap took effect on ${earliest}`,
      { reason: "no-rule-on-date", fact_id: SERIES, date, first_iso: earliest },
    );
  }
  return chosen.fact.id;
};

/**
 * The cap for an increase on `date`. A period may start applying to increases a day after it is recorded (the
 * COVID-19 freeze of March 30, 2020 stopped increases taking effect after that day), so an increase before its
 * `applies_to_increases_effective_from_iso` takes the period before. A cap is set for one year: a date in a year the
 * facts hold no cap for is refused, never answered with another year's cap.
 */
const capFor = (facts: FactSource, date: string): { value: RentCap; used: FactUsed } => {
  const id = memberFor(facts, date);
  let read = requireFactAsOf(facts, id, RentCap, date);
  if (read.value.applies_to_increases_effective_from_iso > date && read.used.effective_iso !== undefined)
    read = requireFactAsOf(facts, id, RentCap, dayBefore(read.used.effective_iso));
  const year = Number(date.slice(0, 4));
  if (read.value.rent_year !== year) {
    throw new CalculatorError(
      `${id} (in force on ${date}) holds the cap for increases in ${read.value.rent_year}; the facts record no cap for ${year}`,
      { reason: "no-rule-on-date", fact_id: id, date },
    );
  }
  return read;
};

/** An amount to the cent below: 1,019 × 2.5% = 25.475 is $25.47. The tolerance keeps 34.5 from reading 34.49. */
const centsBelow = (amount: number): number => Math.floor(Math.round(amount * 1e8) / 1e6) / 100;

/**
 * The largest rent increase on `increaseDate` (the `bc.rent_cap` series: the member and period in force for increases
 * taking effect that day), to the cent below, as the Residential Tenancy Branch requires ("the amount of the
 * calculated increase must not be rounded up"), and the notice it needs: "three full rental months" (the cap's
 * `notice_period_months`), so for an increase on January 1 the tenant must receive the notice by September 30, and
 * for one on the 15th, by the 14th three months before.
 */
export const rentIncrease = (facts: FactSource, options: RentIncreaseOptions): RentIncreaseResult => {
  const read = parseOptions("rentIncrease", RentIncreaseOptions, options);
  const { currentRent, increaseDate } = read;
  const { value: cap, used } = capFor(facts, increaseDate);
  const increase = centsBelow(currentRent * cap.max_increase_rate);
  const newRent = Math.round((currentRent + increase) * 100) / 100;
  const noticeBy = dayBefore(monthsBefore(increaseDate, cap.notice_period_months));
  const version = used.version === undefined ? `the period from ${used.effective_iso}` : `version ${used.version}`;
  return finished("rentIncrease", {
    rent_year: cap.rent_year,
    cap_rate: cap.max_increase_rate,
    max_increase: increase,
    max_new_rent: newRent,
    increase_date: increaseDate,
    notice_period_months: cap.notice_period_months,
    notice_by: noticeBy,
    max_increases_per_12_months: cap.max_increases_per_12_months,
    breakdown: [
      `cap for increases taking effect in ${cap.rent_year}: ${formatPercent(cap.max_increase_rate)}${cap.basis ? ` (${cap.basis})` : ""} (${used.fact_id}, ${version}, in force on ${increaseDate})`,
      `${formatPercent(cap.max_increase_rate)} of ${formatCad(currentRent)} = ${formatCad(increase)}, to the cent below (an increase is never rounded up): the new rent is at most ${formatCad(newRent)}`,
      `notice: ${cap.notice_period_months} full rental months before ${readableDate(increaseDate)}, so the tenant must receive the Notice of Rent Increase by ${readableDate(noticeBy)}; a notice mailed or left in the mailbox counts from the day it is deemed received, not the day it is sent`,
      `at most ${cap.max_increases_per_12_months} increase in any 12 months: it may take effect only 12 months after the rent was set or last increased`,
    ],
    citations: [used],
    assumptions: [
      "the tenancy is a residential tenancy the cap applies to (not a manufactured home site, co-op, or rent-geared-to-income housing)",
      `the rent is due each month on day ${Number(increaseDate.slice(8, 10))} of the month, the day the increase takes effect`,
      "the rent has not been set or increased in the 12 months before the increase",
    ],
  });
};
