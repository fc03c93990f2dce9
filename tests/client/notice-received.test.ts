import { describe, expect, it } from "vitest";
import { noticeReceived } from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
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
});
