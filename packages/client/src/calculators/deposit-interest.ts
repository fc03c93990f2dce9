import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  CalculatorError,
  type FactSource,
  Fraction,
  formatCad,
  formatPercent,
  readableDate,
  requireFactAsOf,
  roundCents,
} from "./calculator-common.ts";
import { AmountOption, Breakdown, Citations, DateOption, finished, parseOptions } from "./calculator-options.ts";
import { addMonths, daysBetween } from "./calendar-days.ts";
import { breakdownFields, SaidList, type Sentence, say } from "./said.ts";

// The interest a B.C. landlord owes on a tenant's security and pet damage deposits, from the day the deposit was
// received to the day it is returned, at each calendar year's rate (Residential Tenancy Act, s. 38, and the
// Regulation's rate for the year).

const FACT = "bc.rta.deposit_interest";

export const DepositInterestOptions = z.strictObject({
  deposit: AmountOption.describe(
    "The deposits paid, in dollars: the security deposit and the pet damage deposit together.",
  ),
  receivedDate: DateOption.describe("The day the landlord received the deposit, YYYY-MM-DD."),
  returnedDate: DateOption.describe("The day the deposit is returned (or the interest is counted to), YYYY-MM-DD."),
});
export type DepositInterestOptions = z.input<typeof DepositInterestOptions>;

export const DepositInterestResult = z.object({
  as_of: DateOption.describe("The day the interest is counted to: returnedDate."),
  interest: z.number().describe("The interest owed, in dollars, to the cent."),
  total: z.number().describe("The deposit plus the interest."),
  compounding: z.enum(["annual", "simple"]).describe("How the interest accrues, as the rule states it."),
  years: z
    .array(
      z.object({
        year: z.int(),
        rate: z.number().describe("The year's rate, a fraction (0.027 for 2.7%)."),
        from_iso: z.string(),
        until_iso: z.string().describe("The day after the last day counted in this year."),
        days: z.int(),
        interest: z.number().describe("The interest accrued in these days, to the cent."),
      }),
    )
    .describe("Each calendar year of the deposit's time held, with its rate."),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type DepositInterestResult = z.infer<typeof DepositInterestResult>;

const InterestRule = z.object({
  rates_by_year: z.array(z.object({ year: z.int(), rate: Fraction })).min(1),
  compounding: z.enum(["annual", "simple"]),
});

const daysInYear = (year: number): number => (new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1 ? 366 : 365);

/**
 * The interest on `deposit` from `receivedDate` to `returnedDate`: each day earns its calendar year's rate (a year's
 * rate over that year's days), and with annual compounding the interest earned is added to the deposit on each
 * anniversary of the day it was received. Every year of the time held needs its rate: a year the facts do not record
 * is refused, naming it, never answered with another year's rate.
 */
export const depositInterest = (facts: FactSource, options: DepositInterestOptions): DepositInterestResult => {
  const { deposit, receivedDate, returnedDate } = parseOptions("depositInterest", DepositInterestOptions, options);
  if (returnedDate < receivedDate)
    throw new CalculatorError(
      `returnedDate ${returnedDate} is before receivedDate ${receivedDate}: a deposit is returned after it is received`,
      {
        reason: "invalid-option",
        option: "returnedDate",
        said: {
          code: "deposit-interest.returned-before-received",
          values: { returned: { date: returnedDate }, received: { date: receivedDate } },
        },
      },
    );
  // The value is a table of every year's rate, and a year's rate, once set, is not set again: the newest record of the
  // table answers for any past year (a return before it took effect reads it), a later date the record then in force.
  const current = facts?.facts?.find((each) => each.id === FACT)?.effective_iso;
  const readOn = current !== undefined && returnedDate < current ? current : returnedDate;
  const { value: rule, used } = requireFactAsOf(facts, FACT, InterestRule, readOn);
  const rates = new Map(rule.rates_by_year.map((each) => [each.year, each.rate]));
  const first = Number(receivedDate.slice(0, 4));
  const last = Number(returnedDate.slice(0, 4));
  const missing: number[] = [];
  for (let year = first; year <= last; year++) if (!rates.has(year)) missing.push(year);
  if (missing.length > 0) {
    const recorded = rule.rates_by_year.map((each) => each.year);
    throw new CalculatorError(
      `${FACT} records no deposit interest rate for ${missing.join(", ")} (recorded: ${Math.min(...recorded)} to ${Math.max(...recorded)}${recorded.length === Math.max(...recorded) - Math.min(...recorded) + 1 ? "" : ", with gaps"}); the interest cannot be computed without it`,
      { reason: "not-recorded", fact_id: FACT, date: `${missing[0]}-01-01` },
    );
  }

  // The days are cut at each January 1 (a new rate) and, with annual compounding, at each anniversary of receipt.
  const cuts = new Set<string>([receivedDate, returnedDate]);
  for (let year = first + 1; year <= last; year++) cuts.add(`${String(year).padStart(4, "0")}-01-01`);
  if (rule.compounding === "annual")
    for (let years = 1; addMonths(receivedDate, 12 * years) < returnedDate; years++)
      cuts.add(addMonths(receivedDate, 12 * years));
  const days = [...cuts].filter((day) => day >= receivedDate && day <= returnedDate).sort();

  let balance = deposit;
  let accrued = 0;
  const byYear = new Map<number, DepositInterestResult["years"][number] & { exact: number }>();
  for (let index = 0; index + 1 < days.length; index++) {
    const from = days[index]!;
    const until = days[index + 1]!;
    const year = Number(from.slice(0, 4));
    const rate = rates.get(year)!;
    const earned = (balance * rate * daysBetween(from, until)) / daysInYear(year);
    accrued += earned;
    const entry = byYear.get(year) ?? { year, rate, from_iso: from, until_iso: until, days: 0, interest: 0, exact: 0 };
    entry.until_iso = until;
    entry.days += daysBetween(from, until);
    entry.exact += earned;
    byYear.set(year, entry);
    // On an anniversary of receipt, the year's interest joins the deposit.
    if (rule.compounding === "annual" && until !== returnedDate && until.slice(5) === receivedDate.slice(5)) {
      balance += accrued;
      accrued = 0;
    }
  }
  const interest = roundCents(balance + accrued - deposit);
  const years = [...byYear.values()].map(({ exact, ...entry }) => ({ ...entry, interest: roundCents(exact) }));
  const total = roundCents(deposit + interest);
  // How each year's rate is set is the fact's to say (its description, in every language the site has); the working
  // names the rate each year had.
  const held = { deposit: { money: deposit }, received: { date: receivedDate }, returned: { date: returnedDate } };
  // The newest record of the table is read (above): a fact's current record always has its version.
  const version = used.version as number;
  const breakdown: Sentence[] = [
    say(
      "deposit-interest.held",
      { ...held, fact: { fact: FACT }, version: { number: version } },
      `${formatCad(deposit)} held from ${readableDate(receivedDate)} to ${readableDate(returnedDate)}, at each calendar year's rate (${FACT}, version ${version})`,
    ),
    ...years.map((each) =>
      say(
        "deposit-interest.year",
        {
          year: { number: each.year },
          rate: { rate: each.rate },
          days: { number: each.days },
          interest: { money: each.interest },
        },
        `${each.year}: ${formatPercent(each.rate)} for ${each.days} day${each.days === 1 ? "" : "s"} = ${formatCad(each.interest)}`,
      ),
    ),
    rule.compounding === "annual"
      ? say(
          "deposit-interest.compounded",
          { received: { date: receivedDate }, interest: { money: interest }, total: { money: total } },
          `compounded yearly: each anniversary of ${readableDate(receivedDate)} adds the interest earned to the deposit; interest ${formatCad(interest)}, total ${formatCad(total)}`,
        )
      : say(
          "deposit-interest.simple",
          { interest: { money: interest }, total: { money: total } },
          `simple interest on the deposit: ${formatCad(interest)}, total ${formatCad(total)}`,
        ),
  ];
  return finished("depositInterest", {
    as_of: returnedDate,
    interest,
    total,
    compounding: rule.compounding,
    years,
    ...breakdownFields(breakdown),
    citations: [used],
    ...assumptionFields([
      // What the computation does whatever the rule's wording: from the day received to the day returned.
      assume(
        "deposit-interest-accrues",
        "interest accrues from the date the tenant paid the deposit to the date it is returned to the tenant",
      ),
      assume(
        "deposit-interest-day-count",
        "a day's interest is the year's rate over that year's days (365, or 366 in a leap year)",
      ),
    ]),
  });
};
