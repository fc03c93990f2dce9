import { describe, expect, it } from "vitest";
import { noticeReceived, SAID_CODES, SERVICE_METHODS } from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { englishOf, expectSaidAsEnglish } from "./said-english.ts";
import { NOTICE_SERVICE } from "./tenancy-fixtures.ts";

// The rule: tenancy-fixtures.ts (the Residential Tenancy Act, s. 90, and email from March 1, 2021).

const facts = { facts: [NOTICE_SERVICE] };

describe("noticeReceived", () => {
  it.each([
    ["mail", "2025-03-01", "2025-03-06", 5],
    ["door", "2025-03-01", "2025-03-04", 3],
    ["mailbox", "2025-02-27", "2025-03-02", 3],
    ["fax", "2024-12-30", "2025-01-02", 3],
    ["email", "2025-03-01", "2025-03-04", 3],
    ["in-person", "2025-03-01", "2025-03-01", 0],
  ] as const)("a notice served by %s on %s counts as received on %s", (method, servedDate, received, days) => {
    const result = noticeReceived(facts, { servedDate, method });
    expect(result).toMatchObject({ received_iso: received, days_after_service: days, method });
    expect(result.citations[0]).toMatchObject({ fact_id: "bc.rta.notice_service", as_of: servedDate });
  });

  it("refuses email on the day before it became a way of serving, and takes it on the day it did", () => {
    const before = refusal(() => noticeReceived(facts, { servedDate: "2021-02-28", method: "email" }));
    expect(before).toMatchObject({ reason: "invalid-option", option: "method", fact_id: "bc.rta.notice_service" });
    expect(before.message).toContain("email was not a way of serving a record");
    expect(before.message).toContain("in-person, mail, door, mailbox, fax");
    expect(noticeReceived(facts, { servedDate: "2021-03-01", method: "email" }).received_iso).toBe("2021-03-04");
    // Mail was the same before and after.
    expect(noticeReceived(facts, { servedDate: "2021-02-28", method: "mail" }).citations[0]!.effective_iso).toBe(
      "2016-01-01",
    );
  });

  it("refuses an unknown method, naming the ones allowed, and a date no rule covers", () => {
    const unknown = refusal(() => noticeReceived(facts, { servedDate: "2025-03-01", method: "courier" as never }));
    expect(unknown).toMatchObject({ reason: "invalid-option", option: "method" });
    expect(unknown.message).toContain("in-person, mail, door, mailbox, fax, email");
    expect(refusal(() => noticeReceived(facts, { servedDate: "2015-12-31", method: "mail" }))).toMatchObject({
      reason: "no-rule-on-date",
      fact_id: "bc.rta.notice_service",
    });
  });

  it("says every line, assumption and refusal as a code with values that read as its English", () => {
    // Each way of serving under the rule in force since March 1, 2021 (version 1), and two under the period before it.
    const results = [
      ...SERVICE_METHODS.map((method) => noticeReceived(facts, { servedDate: "2025-03-01", method })),
      noticeReceived(facts, { servedDate: "2020-05-01", method: "in-person" }),
      noticeReceived(facts, { servedDate: "2020-05-01", method: "mail" }),
    ];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(0);
    expect(results.map((result) => result.breakdown[0])).toEqual([
      "handed to the person on March 1, 2025: received that day (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "sent by mail (ordinary or registered) on March 1, 2025: counts as received 5 days later, on March 6, 2025 (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "attached to the door or another conspicuous place on March 1, 2025: counts as received 3 days later, on March 4, 2025 (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "left in the mailbox or mail slot on March 1, 2025: counts as received 3 days later, on March 4, 2025 (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "faxed on March 1, 2025: counts as received 3 days later, on March 4, 2025 (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "emailed on March 1, 2025: counts as received 3 days later, on March 4, 2025 (bc.rta.notice_service, version 1, in force on 2025-03-01)",
      "handed to the person on May 1, 2020: received that day (bc.rta.notice_service, the period from 2016-01-01, in force on 2020-05-01)",
      "sent by mail (ordinary or registered) on May 1, 2020: counts as received 5 days later, on May 6, 2020 (bc.rta.notice_service, the period from 2016-01-01, in force on 2020-05-01)",
    ]);

    const email = refusal(() => noticeReceived(facts, { servedDate: "2021-02-28", method: "email" }));
    expect(englishOf(`calc.said.${email.said!.code}`, email.said!.values)).toBe(
      "Email was not a way of serving a record under the Residential Tenancy Act on 2021-02-28: it could be handed to the person, mailed, attached to the door, left in the mailbox or mail slot, or faxed.",
    );

    const said = new Set([...results.flatMap((result) => result.breakdown_said), email.said!].map((each) => each.code));
    expect([...said].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("notice-received.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set(["received-not-earlier", "email-service-condition", "calendar-days"]),
    );
  });
});
