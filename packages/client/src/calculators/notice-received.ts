import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import { CalculatorError, type FactSource, readableDate, requireFactAsOf } from "./calculator-common.ts";
import { AsOfResult, Breakdown, Citations, DateOption, finished, parseOptions } from "./calculator-options.ts";
import { addDays, CALENDAR_DAYS } from "./calendar-days.ts";
import { ruleCited } from "./rule-cited.ts";
import { breakdownFields, choiceKey, SaidList, say } from "./said.ts";

// When a notice or other record served under B.C.'s Residential Tenancy Act counts as received (s. 90), for each way
// of serving it (s. 88 and 89, and the Regulation's email service): the day every deadline that runs from receipt
// starts from.

const FACT = "bc.rta.notice_service";

/** The ways of serving a record, as the options name them. */
export const SERVICE_METHODS = ["in-person", "mail", "door", "mailbox", "fax", "email"] as const;
export type ServiceMethod = (typeof SERVICE_METHODS)[number];

const METHOD_WORDS: Record<ServiceMethod, string> = {
  "in-person": "handed to the person",
  mail: "sent by mail (ordinary or registered)",
  door: "attached to the door or another conspicuous place",
  mailbox: "left in the mailbox or mail slot",
  fax: "faxed",
  email: "emailed",
};

export const NoticeReceivedOptions = z.strictObject({
  servedDate: DateOption.describe(
    "The day the record was handed over, mailed, attached, left, faxed or emailed, YYYY-MM-DD.",
  ),
  method: z
    .enum(SERVICE_METHODS, { error: `must be one of ${SERVICE_METHODS.join(", ")}` })
    .describe(
      "How it was served: in-person, mail (ordinary or registered), door (attached to the door), mailbox (left in the mailbox or mail slot), fax, email (to an address given for service).",
    ),
});
export type NoticeReceivedOptions = z.input<typeof NoticeReceivedOptions>;

export const NoticeReceivedResult = z.object({
  as_of: AsOfResult.describe("The day it was served, whose rule applies."),
  method: z.enum(SERVICE_METHODS),
  days_after_service: z.int().describe("The days after serving on which it counts as received (0: the same day)."),
  received_iso: DateOption.describe(
    "The day the record counts as received, unless it was in fact received earlier: the day deadlines run from.",
  ),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type NoticeReceivedResult = z.infer<typeof NoticeReceivedResult>;

const ServiceRule = z.object({
  in_person_received_after_days: z.int().min(0),
  mail_received_after_days: z.int().min(0),
  door_attached_received_after_days: z.int().min(0),
  mailbox_received_after_days: z.int().min(0),
  fax_received_after_days: z.int().min(0),
  email_service_allowed: z.boolean(),
  email_received_after_days: z.int().min(0).nullable(),
  email_service_condition: z.string(),
});
type ServiceRule = z.infer<typeof ServiceRule>;

const daysFor = (rule: ServiceRule, method: ServiceMethod): number | null => {
  switch (method) {
    case "in-person":
      return rule.in_person_received_after_days;
    case "mail":
      return rule.mail_received_after_days;
    case "door":
      return rule.door_attached_received_after_days;
    case "mailbox":
      return rule.mailbox_received_after_days;
    case "fax":
      return rule.fax_received_after_days;
    case "email":
      return rule.email_service_allowed ? rule.email_received_after_days : null;
  }
};

/**
 * The day a record served on `servedDate` by `method` counts as received under the rule in force that day: "on the
 * fifth day after it is mailed", "on the third day after" it is attached to a door, left in a mailbox, faxed or (from
 * March 1, 2021) emailed, the same day when handed over. Email before the Regulation allowed it is refused: no rule in
 * force made it a way of serving, so no day is computed from one.
 */
export const noticeReceived = (facts: FactSource, options: NoticeReceivedOptions): NoticeReceivedResult => {
  const { servedDate, method } = parseOptions("noticeReceived", NoticeReceivedOptions, options);
  const { value: rule, used } = requireFactAsOf(facts, FACT, ServiceRule, servedDate);
  const days = daysFor(rule, method);
  if (days === null)
    throw new CalculatorError(
      `method email: email was not a way of serving a record under the Residential Tenancy Act on ${servedDate} (${FACT}: ${rule.email_service_condition}); allowed then: ${SERVICE_METHODS.filter((each) => each !== "email").join(", ")}`,
      {
        reason: "invalid-option",
        option: "method",
        fact_id: FACT,
        date: servedDate,
        said: { code: "notice-received.email-not-allowed", values: { date: { date: servedDate } } },
      },
    );
  const received = addDays(servedDate, days);
  const cited = ruleCited(used, servedDate);
  const served = { method: { choice: choiceKey(method) }, served: { date: servedDate } };
  return finished("noticeReceived", {
    as_of: servedDate,
    method,
    days_after_service: days,
    received_iso: received,
    ...breakdownFields([
      days === 0
        ? say(
            cited.period ? "notice-received.same-day-period" : "notice-received.same-day",
            { ...served, ...cited.values },
            `${METHOD_WORDS[method]} on ${readableDate(servedDate)}: received that day (${cited.text})`,
          )
        : say(
            cited.period ? "notice-received.later-period" : "notice-received.later",
            { ...served, days: { number: days }, received: { date: received }, ...cited.values },
            `${METHOD_WORDS[method]} on ${readableDate(servedDate)}: counts as received ${days} day${days === 1 ? "" : "s"} later, on ${readableDate(received)} (${cited.text})`,
          ),
    ]),
    citations: [used],
    ...assumptionFields([
      ...(days === 0
        ? []
        : [
            assume(
              "received-not-earlier",
              "it was not in fact received earlier: a record received earlier counts from that day",
            ),
          ]),
      // The condition of every rule that allowed email, as the page says it in its languages.
      ...(method === "email"
        ? [
            assume(
              "email-service-condition",
              "email: only to an email address the person has given as an address for service",
              "method",
            ),
          ]
        : []),
      assume("calendar-days", CALENDAR_DAYS),
    ]),
  });
};
