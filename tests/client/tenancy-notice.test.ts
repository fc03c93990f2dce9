import { describe, expect, it } from "vitest";
import { tenancyNotice } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";

// The notices as the Residential Tenancy Act states them (ss. 45 to 49, as consolidated to July 14, 2026) and as each
// change set them; the periods are those facts/rental/bc.rta.notices_to_end_tenancy.json records with its sources:
// - to May 16, 2018: every notice for the landlord's use of the property (s. 49) two months, 15 days to dispute;
// - from May 17, 2018: demolition or conversion (s. 49 (6)) four months, 30 days;
// - from July 18, 2024: the landlord's and a purchaser's use four months, 30 days (the Landlord Use Web Portal);
// - from August 21, 2024: a purchaser's use three months, 21 days;
// - from June 18, 2025: the landlord's use three months, 21 days.
// The tenant's notice (one month), unpaid rent (10 days, 5 to pay or dispute) and cause (one month, 10 days) are the
// same throughout.
const rules = (landlord: [number, number], purchaser: [number, number], demolition: [number, number]) => ({
  tenant_notice_months: 1,
  non_payment_notice_days: 10,
  non_payment_dispute_days: 5,
  cause_notice_months: 1,
  cause_dispute_days: 10,
  landlord_use_notice_months: landlord[0],
  landlord_use_dispute_days: landlord[1],
  purchaser_use_notice_months: purchaser[0],
  purchaser_use_dispute_days: purchaser[1],
  demolition_notice_months: demolition[0],
  demolition_dispute_days: demolition[1],
});
const NOTICES = fixtureFact("bc.rta.notices_to_end_tenancy", rules([3, 21], [3, 21], [4, 30]), "2025-06-18", [
  { value: rules([2, 15], [2, 15], [2, 15]), effective_iso: "2016-01-01", superseded_iso: "2018-05-17" },
  { value: rules([2, 15], [2, 15], [4, 30]), effective_iso: "2018-05-17", superseded_iso: "2024-07-18" },
  { value: rules([4, 30], [4, 30], [4, 30]), effective_iso: "2024-07-18", superseded_iso: "2024-08-21" },
  { value: rules([4, 30], [3, 21], [4, 30]), effective_iso: "2024-08-21", superseded_iso: "2025-06-18" },
]);
// Section 51: one month's rent; from May 17, 2018, 12 months' rent more if the purpose is not carried out (used for
// 6 months, then 12 months from May 16, 2024); before May 17, 2018 the multiple is not recorded.
const compensation = (multiple: number | null, months: number | null) => ({
  notice_compensation_months_rent: 1,
  bad_faith_compensation_months_rent: multiple,
  stated_purpose_minimum_use_months: months,
  compensation_paid: "on or before the effective date",
  bad_faith_payer: "the landlord or the purchaser",
});
const COMPENSATION = fixtureFact("bc.rta.landlord_use_compensation", compensation(12, 12), "2024-05-16", [
  { value: compensation(null, null), effective_iso: "2016-01-01", superseded_iso: "2018-05-17" },
  { value: compensation(12, 6), effective_iso: "2018-05-17", superseded_iso: "2024-05-16" },
]);
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
      tenancyNotice(facts, { notice: "tenant", receivedDate: "2025-03-10", rentDueDay: 1, fixedTermEndDate: "2025-08-31" }),
    ).toMatchObject({ earliest_effective_iso: "2025-08-31" });
    expect(
      tenancyNotice(facts, { notice: "cause", receivedDate: "2025-03-10", rentDueDay: 1, fixedTermEndDate: "2025-08-31" }),
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
  ] as const)("a %s notice received on %s: %i months, %i days to dispute", (notice, receivedDate, months, days, effective, disputeBy) => {
    const result = tenancyNotice(facts, { notice, receivedDate, rentDueDay: 1 });
    expect(result).toMatchObject({
      notice_period: { months, days: null },
      earliest_effective_iso: effective,
      dispute_by_iso: disputeBy,
    });
  });

  it("gives the compensation the rule then recorded: the multiple from May 17, 2018, and none recorded before", () => {
    const before = tenancyNotice(facts, {
      notice: "landlord-use",
      receivedDate: "2018-05-16",
      rentDueDay: 1,
      monthlyRent: 1_000,
    });
    expect(before.compensation).toEqual({ on_effective_date: 1_000, if_not_used_as_stated: null, minimum_use_months: null });
    expect(before.breakdown.join("\n")).toContain("is not recorded here");
    const after = tenancyNotice(facts, {
      notice: "landlord-use",
      receivedDate: "2018-05-17",
      rentDueDay: 1,
      monthlyRent: 1_000,
    });
    expect(after.compensation).toEqual({ on_effective_date: 1_000, if_not_used_as_stated: 12_000, minimum_use_months: 6 });
    // No compensation for a notice outside s. 49.
    expect(
      tenancyNotice(facts, { notice: "cause", receivedDate: "2018-05-17", rentDueDay: 1, monthlyRent: 1_000 }).compensation,
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
});
