import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  type FactSource,
  type FactUsed,
  formatCad,
  readableDate,
  readFactAsOf,
  requireFactAsOf,
  roundCents,
} from "./calculator-common.ts";
import {
  AmountOption,
  AsOfResult,
  Breakdown,
  Citations,
  DateOption,
  finished,
  parseOptions,
} from "./calculator-options.ts";
import { addDays, addMonths, dueDayOnOrAfter } from "./calendar-days.ts";

// A notice to end a B.C. residential tenancy (Residential Tenancy Act, ss. 45 to 49): the earliest day it can end the
// tenancy, the last day the tenant can dispute it, and, for a notice for the landlord's use of the property, the
// compensation the tenant is owed (s. 51). Each is read from the rule in force on the day the notice was received.

const NOTICES_FACT = "bc.rta.notices_to_end_tenancy";
const COMPENSATION_FACT = "bc.rta.landlord_use_compensation";

/** The notices, as the options name them. */
export const TENANCY_NOTICES = [
  "tenant",
  "non-payment",
  "cause",
  "landlord-use",
  "purchaser-use",
  "demolition",
] as const;
export type TenancyNoticeKind = (typeof TENANCY_NOTICES)[number];

const DUE_DAY = "must be a whole day of the month from 1 to 31";

export const TenancyNoticeOptions = z.strictObject({
  notice: z
    .enum(TENANCY_NOTICES, { error: `must be one of ${TENANCY_NOTICES.join(", ")}` })
    .describe(
      "Which notice: tenant (the tenant's own notice, s. 45), non-payment (unpaid rent, s. 46), cause (s. 47), landlord-use (the landlord or a close family member will live there, s. 49 (3) and (4)), purchaser-use (the buyer or a close family member will, s. 49 (5)), demolition (demolition or conversion, s. 49 (6)).",
    ),
  receivedDate: DateOption.describe(
    "The day the notice was received, or counts as received (see noticeReceived), YYYY-MM-DD: the rule in force that day applies.",
  ),
  rentDueDay: z
    .int({ error: DUE_DAY })
    .min(1, { error: DUE_DAY })
    .max(31, { error: DUE_DAY })
    .describe("The day of the month the rent is due (1 to 31; in a shorter month, its last day)."),
  fixedTermEndDate: DateOption.optional().describe(
    "For a fixed-term tenancy, the day the term ends, YYYY-MM-DD: a tenant's or a landlord's-use notice cannot end the tenancy before it.",
  ),
  monthlyRent: AmountOption.optional().describe(
    "The monthly rent, in dollars: with a landlord-use, purchaser-use or demolition notice, the compensation the tenant is owed.",
  ),
});
export type TenancyNoticeOptions = z.input<typeof TenancyNoticeOptions>;

export const TenancyNoticeResult = z.object({
  as_of: AsOfResult.describe("The day the notice was received, whose rule applies."),
  notice: z.enum(TENANCY_NOTICES),
  notice_period: z
    .object({
      months: z.int().nullable().describe("The notice's minimum length in months, or null when it is counted in days."),
      days: z.int().nullable().describe("The notice's minimum length in days, or null when it is counted in months."),
    })
    .describe("How long the notice must be, from the day it is received."),
  earliest_effective_iso: DateOption.describe(
    "The earliest day the notice can end the tenancy; a notice giving an earlier date is read as giving this one (s. 53).",
  ),
  dispute_by_iso: DateOption.nullable().describe(
    "The last day the tenant can apply for dispute resolution against the notice; null for the tenant's own notice.",
  ),
  compensation: z
    .object({
      on_effective_date: z
        .number()
        .describe(
          "Owed to the tenant on or before the effective date (the tenant may withhold it from the last month's rent).",
        ),
      if_not_used_as_stated: z
        .number()
        .nullable()
        .describe(
          "Owed in addition if the stated purpose is not carried out, or the unit not used for it for the required time; null where the facts do not record the rule then.",
        ),
      minimum_use_months: z
        .int()
        .nullable()
        .describe("How long the unit must be used for the stated purpose; null where not recorded."),
    })
    .nullable()
    .describe("For a landlord-use, purchaser-use or demolition notice with monthlyRent; null otherwise."),
  breakdown: Breakdown,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type TenancyNoticeResult = z.infer<typeof TenancyNoticeResult>;

const count = z.int().min(0);
const NoticeRules = z.object({
  tenant_notice_months: count,
  non_payment_notice_days: count,
  non_payment_dispute_days: count,
  cause_notice_months: count,
  cause_dispute_days: count,
  landlord_use_notice_months: count,
  landlord_use_dispute_days: count,
  purchaser_use_notice_months: count,
  purchaser_use_dispute_days: count,
  demolition_notice_months: count,
  demolition_dispute_days: count,
});
type NoticeRules = z.infer<typeof NoticeRules>;

const Compensation = z.object({
  notice_compensation_months_rent: count,
  bad_faith_compensation_months_rent: count.nullable(),
  stated_purpose_minimum_use_months: count.nullable(),
});

/** What each notice is, how its length is counted and which of its rules the Act sets. */
interface NoticeShape {
  name: string;
  section: string;
  months?: (rules: NoticeRules) => number;
  days?: (rules: NoticeRules) => number;
  dispute: ((rules: NoticeRules) => number) | null;
  /** Whether it ends on the day before a rent due day (all but the 10-day notice). */
  beforeDueDay: boolean;
  /** Whether it cannot end a fixed term early. */
  notBeforeFixedTerm: boolean;
  /** Whether the tenant is owed compensation under s. 51. */
  compensated: boolean;
}

const NOTICES: Record<TenancyNoticeKind, NoticeShape> = {
  tenant: {
    name: "the tenant's notice",
    section: "s. 45",
    months: (rules) => rules.tenant_notice_months,
    dispute: null,
    beforeDueDay: true,
    notBeforeFixedTerm: true,
    compensated: false,
  },
  "non-payment": {
    name: "a notice for unpaid rent",
    section: "s. 46",
    days: (rules) => rules.non_payment_notice_days,
    dispute: (rules) => rules.non_payment_dispute_days,
    beforeDueDay: false,
    notBeforeFixedTerm: false,
    compensated: false,
  },
  cause: {
    name: "a notice for cause",
    section: "s. 47",
    months: (rules) => rules.cause_notice_months,
    dispute: (rules) => rules.cause_dispute_days,
    beforeDueDay: true,
    notBeforeFixedTerm: false,
    compensated: false,
  },
  "landlord-use": {
    name: "a notice for the landlord's or a close family member's use",
    section: "s. 49 (3) and (4)",
    months: (rules) => rules.landlord_use_notice_months,
    dispute: (rules) => rules.landlord_use_dispute_days,
    beforeDueDay: true,
    notBeforeFixedTerm: true,
    compensated: true,
  },
  "purchaser-use": {
    name: "a notice for a purchaser's or their close family member's use",
    section: "s. 49 (5)",
    months: (rules) => rules.purchaser_use_notice_months,
    dispute: (rules) => rules.purchaser_use_dispute_days,
    beforeDueDay: true,
    notBeforeFixedTerm: true,
    compensated: true,
  },
  demolition: {
    name: "a notice for demolition or conversion",
    section: "s. 49 (6)",
    months: (rules) => rules.demolition_notice_months,
    dispute: (rules) => rules.demolition_dispute_days,
    beforeDueDay: true,
    notBeforeFixedTerm: true,
    compensated: true,
  },
};

/** The first day on or after `iso` that is the day before a rent due day. */
const dayBeforeDueOnOrAfter = (iso: string, dueDay: number): string =>
  addDays(dueDayOnOrAfter(addDays(iso, 1), dueDay), -1);

const versionOf = (used: FactUsed): string =>
  used.version === undefined ? `the period from ${used.effective_iso}` : `version ${used.version}`;

/**
 * The earliest day a notice received on `receivedDate` can end the tenancy, and the dispute deadline, under the rule
 * in force that day: a notice in months ends "not earlier than" that many months after receipt, on "the day before the
 * day in the month ... that rent is payable" (so a tenant's notice received April 30 with rent due on the 1st ends the
 * tenancy on May 31), and never before a fixed term's end where the Act says so; the 10-day notice for unpaid rent
 * ends 10 days after receipt, on any day. The dispute deadline is that many days after receipt. With `monthlyRent`, a
 * notice under s. 49 gives the tenant one month's rent and, if its purpose is not carried out, the multiple in force.
 */
export const tenancyNotice = (facts: FactSource, options: TenancyNoticeOptions): TenancyNoticeResult => {
  const { notice, receivedDate, rentDueDay, fixedTermEndDate, monthlyRent } = parseOptions(
    "tenancyNotice",
    TenancyNoticeOptions,
    options,
  );
  const shape = NOTICES[notice];
  const { value: rules, used } = requireFactAsOf(facts, NOTICES_FACT, NoticeRules, receivedDate);
  const cited = `${NOTICES_FACT}, ${versionOf(used)}, in force on ${receivedDate}`;
  const months = shape.months?.(rules) ?? null;
  const days = shape.days?.(rules) ?? null;
  const minimum = months !== null ? addMonths(receivedDate, months) : addDays(receivedDate, days!);
  const breakdown = [
    `${shape.name} (Residential Tenancy Act, ${shape.section}) received on ${readableDate(receivedDate)}: at least ${months !== null ? `${months} month${months === 1 ? "" : "s"}` : `${days} days`}, so not before ${readableDate(minimum)} (${cited})`,
  ];
  let earliest = minimum;
  if (shape.beforeDueDay) {
    earliest = dayBeforeDueOnOrAfter(minimum, rentDueDay);
    breakdown.push(
      `it ends on the day before a rent due day (rent due on day ${rentDueDay}): ${readableDate(earliest)} at the earliest`,
    );
  }
  if (fixedTermEndDate !== undefined && shape.notBeforeFixedTerm && fixedTermEndDate > earliest) {
    earliest = shape.beforeDueDay ? dayBeforeDueOnOrAfter(fixedTermEndDate, rentDueDay) : fixedTermEndDate;
    breakdown.push(`not before the fixed term ends on ${readableDate(fixedTermEndDate)}: ${readableDate(earliest)}`);
  } else if (fixedTermEndDate !== undefined && !shape.notBeforeFixedTerm) {
    breakdown.push(`the fixed term ending on ${readableDate(fixedTermEndDate)} does not delay this notice`);
  }
  breakdown.push("a notice that gives an earlier date is read as giving this one (s. 53)");

  const disputeDays = shape.dispute?.(rules) ?? null;
  const disputeBy = disputeDays === null ? null : addDays(receivedDate, disputeDays);
  if (disputeBy !== null)
    breakdown.push(
      `the tenant may dispute it by applying for dispute resolution within ${disputeDays} days after receiving it: by ${readableDate(disputeBy)}${notice === "non-payment" ? ", or within that time pay the overdue rent, which cancels the notice" : ""}; a tenant who does neither is taken to accept that the tenancy ends on its effective date`,
    );

  const citations: FactUsed[] = [used];
  let compensation: TenancyNoticeResult["compensation"] = null;
  if (shape.compensated && monthlyRent !== undefined) {
    const read = readFactAsOf(facts, COMPENSATION_FACT, Compensation, receivedDate);
    if (read.value === undefined) {
      breakdown.push(`the compensation is not computed: ${COMPENSATION_FACT} records no rule before ${read.first_iso}`);
    } else {
      citations.push(read.used);
      const rule = read.value;
      const onEffective = roundCents(monthlyRent * rule.notice_compensation_months_rent);
      const ifNot =
        rule.bad_faith_compensation_months_rent === null
          ? null
          : roundCents(monthlyRent * rule.bad_faith_compensation_months_rent);
      compensation = {
        on_effective_date: onEffective,
        if_not_used_as_stated: ifNot,
        minimum_use_months: rule.stated_purpose_minimum_use_months,
      };
      const rentCited = `${COMPENSATION_FACT}, ${versionOf(read.used)}, in force on ${receivedDate}`;
      breakdown.push(
        `compensation: ${rule.notice_compensation_months_rent} month's rent, ${formatCad(onEffective)}, on or before the effective date; the tenant may withhold it from the last month's rent (s. 51 (1); ${rentCited})`,
        ifNot === null
          ? "if the purpose is not carried out: the amount owed then is not recorded here for a notice received on this date"
          : `if the stated purpose is not carried out within a reasonable time, or the unit is not used for it for ${rule.stated_purpose_minimum_use_months ?? "the required"} months, ${rule.bad_faith_compensation_months_rent} times the monthly rent more: ${formatCad(ifNot)} (s. 51 (2)), unless the Branch excuses it for extenuating circumstances`,
      );
    }
  }

  const assumptions = [
    assume(
      "approved-notice-form",
      "the notice is on the approved form, signed, and given for a reason the Act allows, by a landlord entitled to give it",
      "notice",
    ),
    assume("rent-due-day", `the rent is due each month on day ${rentDueDay}`, "rentDueDay", {
      day: { number: rentDueDay },
    }),
  ];
  if (shape.notBeforeFixedTerm && fixedTermEndDate === undefined)
    assumptions.push(
      assume("month-to-month", "the tenancy is month to month (no fixed term that ends later)", "fixedTermEndDate"),
    );
  if (notice === "non-payment")
    assumptions.push(
      assume(
        "unpaid-rent-not-deductible",
        "the unpaid rent is not an amount the tenant was allowed to deduct, which would void the notice",
      ),
    );
  return finished("tenancyNotice", {
    as_of: receivedDate,
    notice,
    notice_period: { months, days },
    earliest_effective_iso: earliest,
    dispute_by_iso: disputeBy,
    compensation,
    breakdown,
    citations,
    ...assumptionFields(assumptions),
  });
};
