import { describe, expect, it } from "vitest";
import { depositReturnDeadline, SAID_CODES } from "../../packages/client/src/index.ts";
import { fixtureFact } from "../helpers/fact-fixture.ts";
import { refusal } from "../helpers/refusal.ts";
import { expectSaidAsEnglish } from "./said-english.ts";
import { DEPOSIT_RETURN } from "./tenancy-fixtures.ts";

// The rule: tenancy-fixtures.ts (the Residential Tenancy Act, s. 38 and s. 39).

const facts = { facts: [DEPOSIT_RETURN] };

describe("depositReturnDeadline", () => {
  it("counts 15 days from the forwarding address when it comes after the tenancy ends", () => {
    const result = depositReturnDeadline(facts, {
      tenancyEndDate: "2025-06-30",
      forwardingAddressDate: "2025-07-04",
      deposit: 1_000,
    });
    expect(result).toMatchObject({
      runs_from_iso: "2025-07-04",
      deadline_iso: "2025-07-19",
      deadline_days: 15,
      amount_if_missed: 2_000,
      forwarding_address_too_late: false,
    });
    expect(result.citations[0]).toMatchObject({ fact_id: "bc.rta.deposit_return", as_of: "2025-07-04" });
    expect(result.breakdown.join("\n")).toContain("by July 19, 2025 the landlord must repay the deposits");
  });

  it("counts from the tenancy's end when the address was given first, across a month's end", () => {
    const result = depositReturnDeadline(facts, {
      tenancyEndDate: "2024-02-20",
      forwardingAddressDate: "2024-02-01",
      deposit: 837.5,
    });
    // 2024 is a leap year: 15 days after February 20 is March 6.
    expect(result).toMatchObject({ runs_from_iso: "2024-02-20", deadline_iso: "2024-03-06", amount_if_missed: 1_675 });
  });

  it("gives no deadline once the address came more than a year after the tenancy ended", () => {
    const late = depositReturnDeadline(facts, {
      tenancyEndDate: "2023-03-31",
      forwardingAddressDate: "2024-04-01",
      deposit: 900,
    });
    expect(late).toMatchObject({ deadline_iso: null, amount_if_missed: 0, forwarding_address_too_late: true });
    expect(late.breakdown.join("\n")).toContain("the landlord may keep them");
    // A year to the day is still in time.
    expect(
      depositReturnDeadline(facts, { tenancyEndDate: "2023-03-31", forwardingAddressDate: "2024-03-31", deposit: 900 }),
    ).toMatchObject({ deadline_iso: "2024-04-15", forwarding_address_too_late: false });
  });

  it("refuses a negative deposit, a date that is no date and an unknown option, naming the option", () => {
    expect(
      refusal(() =>
        depositReturnDeadline(facts, {
          tenancyEndDate: "2025-06-30",
          forwardingAddressDate: "2025-07-01",
          deposit: -1,
        }),
      ),
    ).toMatchObject({ reason: "invalid-option", option: "deposit" });
    expect(
      refusal(() =>
        depositReturnDeadline(facts, { tenancyEndDate: "2025-02-30", forwardingAddressDate: "2025-07-01", deposit: 1 }),
      ),
    ).toMatchObject({ reason: "invalid-option", option: "tenancyEndDate" });
    expect(
      refusal(() =>
        depositReturnDeadline(facts, {
          tenancyEndDate: "2025-06-30",
          forwardingAddressDate: "2025-07-01",
          deposit: 1,
          petDeposit: 1,
        } as never),
      ),
    ).toMatchObject({ reason: "unknown-option", option: "petDeposit" });
  });

  it("refuses a date before the rule the facts record, naming the fact", () => {
    expect(
      refusal(() =>
        depositReturnDeadline(facts, { tenancyEndDate: "2003-06-30", forwardingAddressDate: "2003-07-01", deposit: 1 }),
      ),
    ).toMatchObject({ reason: "no-rule-on-date", fact_id: "bc.rta.deposit_return", first_iso: "2004-01-01" });
  });

  it("says every line and assumption as a code with values that read as its English", () => {
    // The same rule recorded as a period before the fact's first version, which a line names by its first day.
    const earlier = {
      facts: [
        fixtureFact("bc.rta.deposit_return", DEPOSIT_RETURN.value, "2020-01-01", [
          { value: DEPOSIT_RETURN.value, effective_iso: "2004-01-01", superseded_iso: "2020-01-01" },
        ]),
      ],
    };
    const asked = [
      // the address after the tenancy's end, the tenancy's end after the address, the address a year too late
      { tenancyEndDate: "2025-06-30", forwardingAddressDate: "2025-07-04", deposit: 1_000 },
      { tenancyEndDate: "2024-02-20", forwardingAddressDate: "2024-02-01", deposit: 837.5 },
      { tenancyEndDate: "2023-03-31", forwardingAddressDate: "2024-04-01", deposit: 900 },
    ];
    const results = [
      ...asked.map((options) => depositReturnDeadline(facts, options)),
      ...[
        { tenancyEndDate: "2015-06-30", forwardingAddressDate: "2015-07-04", deposit: 1_000 },
        { tenancyEndDate: "2015-02-20", forwardingAddressDate: "2015-02-01", deposit: 837.5 },
        { tenancyEndDate: "2013-03-31", forwardingAddressDate: "2014-04-01", deposit: 900 },
      ].map((options) => depositReturnDeadline(earlier, options)),
    ];
    for (const result of results) expect(expectSaidAsEnglish(result)).toBeGreaterThan(0);
    expect(results[3]!.breakdown[0]).toContain(
      "(bc.rta.deposit_return, the period from 2004-01-01, in force on 2015-07-04)",
    );

    const said = new Set(results.flatMap((result) => result.breakdown_said.map((each) => each.code)));
    expect([...said].sort()).toEqual(SAID_CODES.filter((code) => code.startsWith("deposit-return.")));
    expect(new Set(results.flatMap((result) => result.assumed.map((each) => each.code)))).toEqual(
      new Set(["forwarding-address-not-earlier", "no-agreement-to-keep-deposit", "interest-on-top", "calendar-days"]),
    );
  });
});
