import { describe, expect, it } from "vitest";
import { SAID_CODES, tenancyNotice } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
import { COMPENSATION, NOTICES } from "./tenancy-fixtures.ts";

// The rules: tenancy-fixtures.ts, each period with its source.

const facts = { facts: [NOTICES, COMPENSATION] };

describe("tenancyNotice", () => {
  it.each([
    // "if you pay rent on the first day of the month and want to move out by May 31st, your notice must be received by
    // your landlord no later than April 30th" (Clicklaw Wikibooks, "Moving Out When Renting", reviewed by the Tenant
    // Resource & Advisory Centre, https://wiki.clicklaw.bc.ca/index.php?oldid=49429&title=Moving_Out_When_Renting).
    ["2025-04-30", "2025-05-31"],
    // "if the next rent payment is due on April 1, and you give one-month notice on March 29, your tenancy will be
    // finished at the end of April" (PAN in BC, "Once you move out", https://paninbc.ca/once-you-move-out/).
    ["2025-03-29", "2025-04-30"],
    // Received on the day rent is due: that month is not a whole one's notice.
    ["2025-05-01", "2025-06-30"],
  ])("a tenant's notice received on %s ends the tenancy on %s (rent due on the 1st)", (receivedDate, effective) => {
    const result = tenancyNotice(facts, { notice: "tenant", receivedDate, rentDueDay: 1 });
    expect(result).toMatchObject({
      earliest_effective_iso: effective,
      dispute_by_iso: null,
      notice_period: { months: 1, days: null },
    });
  });

  it("keeps a tenant's notice to the fixed term's end, and a notice for cause does not wait for it", () => {
    expect(
      tenancyNotice(facts, {
        notice: "tenant",
        receivedDate: "2025-03-10",
        rentDueDay: 1,
        fixedTermEndDate: "2025-08-31",
      }),
    ).toMatchObject({ earliest_effective_iso: "2025-08-31" });
    expect(
      tenancyNotice(facts, {
        notice: "cause",
        receivedDate: "2025-03-10",
        rentDueDay: 1,
        fixedTermEndDate: "2025-08-31",
      }),
    ).toMatchObject({ earliest_effective_iso: "2025-04-30", dispute_by_iso: "2025-03-20" });
  });

  it("gives the 10-day notice for unpaid rent its own day, and 5 days to pay or dispute", () => {
    // The Branch's form RTB-30: "You have the right to dispute this Notice within 5 days after you receive it".
    const result = tenancyNotice(facts, { notice: "non-payment", receivedDate: "2025-02-03", rentDueDay: 1 });
    expect(result).toMatchObject({
      earliest_effective_iso: "2025-02-13",
      dispute_by_iso: "2025-02-08",
      notice_period: { months: null, days: 10 },
    });
    expect(result.breakdown.join("\n")).toContain("pay the overdue rent, which cancels the notice");
  });

  it("answers a landlord's-use notice received in 2024: four months, 30 days to dispute, and the compensation", () => {
    const result = tenancyNotice(facts, {
      notice: "landlord-use",
      receivedDate: "2024-09-15",
      rentDueDay: 1,
      monthlyRent: 2_150,
    });
    expect(result).toMatchObject({
      earliest_effective_iso: "2025-01-31",
      dispute_by_iso: "2024-10-15",
      notice_period: { months: 4, days: null },
      compensation: { on_effective_date: 2_150, if_not_used_as_stated: 25_800, minimum_use_months: 12 },
    });
    expect(result.citations.map((each) => each.fact_id)).toEqual([
      "bc.rta.notices_to_end_tenancy",
      "bc.rta.landlord_use_compensation",
    ]);
  });

  it.each([
    // Each change of the rule: the day before and the day it began, for the notice it changed.
    ["demolition", "2018-05-16", 2, 15, "2018-07-31", "2018-05-31"],
    ["demolition", "2018-05-17", 4, 30, "2018-09-30", "2018-06-16"],
    ["landlord-use", "2024-07-17", 2, 15, "2024-09-30", "2024-08-01"],
    ["landlord-use", "2024-07-18", 4, 30, "2024-11-30", "2024-08-17"],
    ["purchaser-use", "2024-08-20", 4, 30, "2024-12-31", "2024-09-19"],
    ["purchaser-use", "2024-08-21", 3, 21, "2024-11-30", "2024-09-11"],
    ["landlord-use", "2025-06-17", 4, 30, "2025-10-31", "2025-07-17"],
    ["landlord-use", "2025-06-18", 3, 21, "2025-09-30", "2025-07-09"],
  ] as const)(
    "a %s notice received on %s: %i months, %i days to dispute",
    (notice, receivedDate, months, disputeDays, effective, disputeBy) => {
      const result = tenancyNotice(facts, { notice, receivedDate, rentDueDay: 1 });
      expect(result).toMatchObject({
        notice_period: { months, days: null },
        earliest_effective_iso: effective,
        dispute_by_iso: disputeBy,
      });
      expect(result.breakdown.join("\n")).toContain(`within ${disputeDays} days after receiving it`);
    },
  );

  it("gives the compensation the rule then recorded: the multiple from May 17, 2018, and none recorded before", () => {
    const before = tenancyNotice(facts, {
      notice: "landlord-use",
      receivedDate: "2018-05-16",
      rentDueDay: 1,
      monthlyRent: 1_000,
    });
    expect(before.compensation).toEqual({
      on_effective_date: 1_000,
      if_not_used_as_stated: null,
      minimum_use_months: null,
    });
    expect(before.breakdown.join("\n")).toContain("is not recorded here");
    const after = tenancyNotice(facts, {
      notice: "landlord-use",
      receivedDate: "2018-05-17",
      rentDueDay: 1,
      monthlyRent: 1_000,
    });
    expect(after.compensation).toEqual({
      on_effective_date: 1_000,
      if_not_used_as_stated: 12_000,
      minimum_use_months: 6,
    });
    // The unit must be used for the stated purpose 6 months, then 12 from May 16, 2024 (Bill 14).
    expect(
      tenancyNotice(facts, { notice: "landlord-use", receivedDate: "2024-05-15", rentDueDay: 1, monthlyRent: 1_000 })
        .compensation,
    ).toMatchObject({ minimum_use_months: 6 });
    expect(
      tenancyNotice(facts, { notice: "landlord-use", receivedDate: "2024-05-16", rentDueDay: 1, monthlyRent: 1_000 })
        .compensation,
    ).toMatchObject({ minimum_use_months: 12 });
    // No compensation for a notice outside s. 49.
    expect(
      tenancyNotice(facts, { notice: "cause", receivedDate: "2018-05-17", rentDueDay: 1, monthlyRent: 1_000 })
        .compensation,
    ).toBeNull();
  });

  it("ends on the day before rent is due when rent is due mid-month or on the 31st", () => {
    expect(tenancyNotice(facts, { notice: "cause", receivedDate: "2025-03-20", rentDueDay: 15 })).toMatchObject({
      earliest_effective_iso: "2025-05-14",
    });
    // Rent due on the 31st: in April it is due on the 30th, so the day before is April 29.
    expect(tenancyNotice(facts, { notice: "cause", receivedDate: "2025-03-25", rentDueDay: 31 })).toMatchObject({
      earliest_effective_iso: "2025-04-29",
    });
  });

  it("refuses an unknown notice, a due day that is no day, a negative rent and a date no rule covers", () => {
    const unknown = refusal(() =>
      tenancyNotice(facts, { notice: "renoviction" as never, receivedDate: "2025-01-01", rentDueDay: 1 }),
    );
    expect(unknown).toMatchObject({ reason: "invalid-option", option: "notice" });
    expect(unknown.message).toContain("tenant, non-payment, cause, landlord-use, purchaser-use, demolition");
    expect(
      refusal(() => tenancyNotice(facts, { notice: "cause", receivedDate: "2025-01-01", rentDueDay: 0 })),
    ).toMatchObject({ option: "rentDueDay" });
    expect(
      refusal(() =>
        tenancyNotice(facts, { notice: "landlord-use", receivedDate: "2025-01-01", rentDueDay: 1, monthlyRent: -5 }),
      ),
    ).toMatchObject({ option: "monthlyRent" });
    expect(
      refusal(() => tenancyNotice(facts, { notice: "cause", receivedDate: "2015-12-31", rentDueDay: 1 })),
    ).toMatchObject({ reason: "no-rule-on-date", fact_id: "bc.rta.notices_to_end_tenancy" });
  });

  it("says every line and assumption as a code with values that read as its English", () => {
    // The compensation rule recorded from a later day, and with no minimum time of use, for the lines that say so.
    const laterCompensation = { facts: [NOTICES, fixtureFact(COMPENSATION.id, COMPENSATION.value, "2024-05-16")] };
    const noMinimum = {
      facts: [
        NOTICES,
        fixtureFact(
          COMPENSATION.id,
          { ...(COMPENSATION.value as object), stated_purpose_minimum_use_months: null },
          "2016-01-01",
        ),
      ],
    };
    const results = [
      // version 1 of the notices and of the compensation: months, then days, a fixed term kept and one that does not
      // delay, the compensation with its time of use
      tenancyNotice(facts, { notice: "landlord-use", receivedDate: "2025-07-02", rentDueDay: 1, monthlyRent: 2_150 }),
      tenancyNotice(facts, { notice: "non-payment", receivedDate: "2025-07-02", rentDueDay: 1 }),
      tenancyNotice(facts, {
        notice: "tenant",
        receivedDate: "2025-07-10",
        rentDueDay: 1,
        fixedTermEndDate: "2025-12-31",
      }),
      tenancyNotice(facts, {
        notice: "cause",
        receivedDate: "2025-07-10",
        rentDueDay: 15,
        fixedTermEndDate: "2025-12-31",
      }),
      // periods before the first versions: months, days, the compensation with and without the amount if not used
      tenancyNotice(facts, { notice: "purchaser-use", receivedDate: "2024-09-15", rentDueDay: 1, monthlyRent: 2_150 }),
      tenancyNotice(facts, { notice: "non-payment", receivedDate: "2025-02-03", rentDueDay: 1 }),
      tenancyNotice(facts, { notice: "demolition", receivedDate: "2017-06-01", rentDueDay: 1, monthlyRent: 1_000 }),
      tenancyNotice(laterCompensation, {
        notice: "landlord-use",
        receivedDate: "2024-01-10",
        rentDueDay: 1,
        monthlyRent: 1_000,
      }),
      tenancyNotice(noMinimum, {
        notice: "landlord-use",
        receivedDate: "2025-07-02",
        rentDueDay: 1,
        monthlyRent: 1_000,
      }),
    ];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(0);
    expect(results[0]!.breakdown[0]).toBe(
      "a notice for the landlord's or a close family member's use (Residential Tenancy Act, s. 49 (3) and (4)) received on July 2, 2025: at least 3 months, so not before October 2, 2025 (bc.rta.notices_to_end_tenancy, version 1, in force on 2025-07-02)",
    );
    expect(results[0]!.breakdown).toContain(
      "compensation: 1 month's rent, $2,150, on or before the effective date; the tenant may withhold it from the last month's rent (s. 51 (1); bc.rta.landlord_use_compensation, version 1, in force on 2025-07-02)",
    );

    const said = new Set(results.flatMap((result) => result.breakdown_said.map((each) => each.code)));
    expect([...said].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("tenancy-notice.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set(["approved-notice-form", "rent-due-day", "month-to-month", "unpaid-rent-not-deductible"]),
    );
  });
});
