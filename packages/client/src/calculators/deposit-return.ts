import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import { type FactSource, formatCad, readableDate, requireFactAsOf, roundCents } from "./calculator-common.ts";
import {
  AmountOption,
  AsOfResult,
  Breakdown,
  Citations,
  DateOption,
  finished,
  parseOptions,
} from "./calculator-options.ts";
import { addDays, addMonths, CALENDAR_DAYS, laterOf } from "./calendar-days.ts";
import { ruleCited } from "./rule-cited.ts";
import { breakdownFields, SaidList, type Sentence, say } from "./said.ts";

// When a B.C. landlord must return a tenant's deposits (Residential Tenancy Act, s. 38 and s. 39), and what the landlord
// owes if that day passes with neither the deposits repaid nor a claim against them filed.

const FACT = "bc.rta.deposit_return";

export const DepositReturnDeadlineOptions = z.strictObject({
  tenancyEndDate: DateOption.describe("The day the tenancy ended, YYYY-MM-DD."),
  forwardingAddressDate: DateOption.describe(
    "The day the landlord received the tenant's forwarding address in writing, YYYY-MM-DD (it may be before the tenancy ended).",
  ),
  deposit: AmountOption.describe(
    "The deposits the landlord holds, in dollars: the security deposit and the pet damage deposit together.",
  ),
});
export type DepositReturnDeadlineOptions = z.input<typeof DepositReturnDeadlineOptions>;

export const DepositReturnDeadlineResult = z.object({
  as_of: AsOfResult.describe("The day the deadline runs from, whose rule applies: the later of the two dates."),
  runs_from_iso: DateOption.describe(
    "The later of the day the tenancy ended and the day the forwarding address was received.",
  ),
  deadline_days: z.int().describe("The days the landlord has, counted from the day after runs_from_iso."),
  deadline_iso: DateOption.nullable().describe(
    "The last day the landlord may repay the deposits with interest or apply for dispute resolution to claim against them; null when the forwarding address came too late for the tenant to have a right to them.",
  ),
  amount_if_missed: z
    .number()
    .describe(
      "What the landlord must pay the tenant when the deadline passes with neither done: the deposits times the Act's multiple (double), before interest; 0 when deadline_iso is null.",
    ),
  forwarding_address_too_late: z
    .boolean()
    .describe(
      "Whether the forwarding address came after the time the Act allows (one year after the tenancy ended): the landlord may then keep the deposits.",
    ),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type DepositReturnDeadlineResult = z.infer<typeof DepositReturnDeadlineResult>;

const DepositReturnRule = z.object({
  return_or_claim_deadline_days: z.int().min(1).max(365),
  penalty_deposit_multiple: z.number().min(1).max(10),
  forwarding_address_deadline_years: z.int().min(1).max(10),
});

/**
 * The last day a landlord may repay a tenant's deposits (with interest) or apply to keep some of them: the rule in
 * force on the later of the tenancy's end and the forwarding address's receipt sets how many days (15: "within 15 days
 * after the later of", s. 38 (1), so the 15th day after), and what is owed when the day passes (double the deposits,
 * s. 38 (6)). A forwarding address given more than the Act's time (one year) after the tenancy ended leaves the tenant
 * no right to the deposits (s. 39), and the answer says so rather than giving a deadline.
 */
export const depositReturnDeadline = (
  facts: FactSource,
  options: DepositReturnDeadlineOptions,
): DepositReturnDeadlineResult => {
  const { tenancyEndDate, forwardingAddressDate, deposit } = parseOptions(
    "depositReturnDeadline",
    DepositReturnDeadlineOptions,
    options,
  );
  const runsFrom = laterOf(tenancyEndDate, forwardingAddressDate);
  const { value: rule, used } = requireFactAsOf(facts, FACT, DepositReturnRule, runsFrom);
  const lastForAddress = addMonths(tenancyEndDate, 12 * rule.forwarding_address_deadline_years);
  const cited = ruleCited(used, runsFrom);
  if (forwardingAddressDate > lastForAddress) {
    return finished("depositReturnDeadline", {
      as_of: runsFrom,
      runs_from_iso: runsFrom,
      deadline_days: rule.return_or_claim_deadline_days,
      deadline_iso: null,
      amount_if_missed: 0,
      forwarding_address_too_late: true,
      ...breakdownFields([
        say(
          cited.period ? "deposit-return.address-too-late-period" : "deposit-return.address-too-late",
          {
            address: { date: forwardingAddressDate },
            last: { date: lastForAddress },
            years: { number: rule.forwarding_address_deadline_years },
            ...cited.values,
          },
          `the forwarding address was received on ${readableDate(forwardingAddressDate)}, after ${readableDate(lastForAddress)}, ${rule.forwarding_address_deadline_years} year${rule.forwarding_address_deadline_years === 1 ? "" : "s"} after the tenancy ended (${cited.text})`,
        ),
        say(
          "deposit-return.no-right",
          {},
          "a tenant who gives no forwarding address in writing within that time has no right to the deposits' return: the landlord may keep them, and no deadline runs",
        ),
      ]),
      citations: [used],
      ...assumptionFields([
        assume(
          "forwarding-address-not-earlier",
          "the tenant did not give a forwarding address in writing earlier than the date given",
          "forwardingAddressDate",
        ),
      ]),
    });
  }
  const deadline = addDays(runsFrom, rule.return_or_claim_deadline_days);
  const owed = roundCents(deposit * rule.penalty_deposit_multiple);
  const days = rule.return_or_claim_deadline_days;
  // The later of the two days, as the calculation takes it, whatever the rule's wording of it.
  const runsFromWords =
    "the time runs from the later of the day the tenancy ends and the day the landlord receives the tenant's forwarding address in writing";
  const dates = { address: { date: forwardingAddressDate }, end: { date: tenancyEndDate }, from: { date: runsFrom } };
  const breakdown: Sentence[] = [
    forwardingAddressDate > tenancyEndDate
      ? say(
          cited.period ? "deposit-return.runs-from-address-period" : "deposit-return.runs-from-address",
          { ...dates, ...cited.values },
          `${runsFromWords}: the forwarding address was received on ${readableDate(forwardingAddressDate)}, after the tenancy ended on ${readableDate(tenancyEndDate)}, so from ${readableDate(runsFrom)} (${cited.text})`,
        )
      : say(
          cited.period ? "deposit-return.runs-from-end-period" : "deposit-return.runs-from-end",
          { ...dates, ...cited.values },
          `${runsFromWords}: the tenancy ended on ${readableDate(tenancyEndDate)}, on or after the forwarding address was received (${readableDate(forwardingAddressDate)}), so from ${readableDate(runsFrom)} (${cited.text})`,
        ),
    say(
      "deposit-return.deadline",
      { days: { number: days }, deadline: { date: deadline } },
      `within ${days} day${days === 1 ? "" : "s"} after that day: by ${readableDate(deadline)} the landlord must repay the deposits with interest, or apply for dispute resolution to claim against them`,
    ),
    say(
      "deposit-return.if-missed",
      { multiple: { number: rule.penalty_deposit_multiple }, deposit: { money: deposit }, owed: { money: owed } },
      `if neither is done by then, the landlord may not claim against the deposits and must pay the tenant ${rule.penalty_deposit_multiple} times ${formatCad(deposit)}: ${formatCad(owed)}`,
    ),
  ];
  return finished("depositReturnDeadline", {
    as_of: runsFrom,
    runs_from_iso: runsFrom,
    deadline_days: rule.return_or_claim_deadline_days,
    deadline_iso: deadline,
    amount_if_missed: owed,
    forwarding_address_too_late: false,
    ...breakdownFields(breakdown),
    citations: [used],
    ...assumptionFields([
      assume(
        "no-agreement-to-keep-deposit",
        "the tenant did not agree in writing that the landlord may keep part of the deposits, and no order of the Residential Tenancy Branch lets the landlord keep any",
      ),
      assume("interest-on-top", "the interest owed on the deposits is owed on top of the amount if missed"),
      assume("calendar-days", CALENDAR_DAYS),
    ]),
  });
};
