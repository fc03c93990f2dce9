import { describe, expect, it } from "vitest";
import { noticeReceived } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";

// The rule as the Residential Tenancy Act states it (s. 90): a record "is deemed to be received ... (a) if given or
// served by mail, on the fifth day after it is mailed; (b) if given or served by fax, on the third day after it is
// faxed; (c) if given or served by attaching a copy of the record to a door or other place, on the third day after
// it is attached; (d) if given or served by leaving a copy of the record in a mailbox or mail slot, on the third
// day after it is left"; email to an address given for service counts on the third day from March 1, 2021 (the
// Residential Tenancy Regulation as amended; the Branch's "Serving notices during a tenancy" page lists the same days).
const BEFORE = {
  in_person_received_after_days: 0,
  mail_received_after_days: 5,
  door_attached_received_after_days: 3,
  mailbox_received_after_days: 3,
  fax_received_after_days: 3,
  email_service_allowed: false,
  email_received_after_days: null,
  email_service_condition: "email was not a means of service under the Act or the Regulation",
  email_service_from_iso: "2021-03-01",
  deemed_receipt_rule: "deemed received on the day shown unless received earlier",
};
const NOW = {
  ...BEFORE,
  email_service_allowed: true,
  email_received_after_days: 3,
  email_service_condition: "only to an email address the person has given as an address for service",
};
const facts = {
  facts: [
    fixtureFact("bc.rta.notice_service", NOW, "2021-03-01", [
      { value: BEFORE, effective_iso: "2016-01-01", superseded_iso: "2021-03-01" },
    ]),
  ],
};

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
});
