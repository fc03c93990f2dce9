import { describe, expect, it } from "vitest";
import { FACT_VALUE_SCHEMAS } from "../../src/schemas/index.ts";

/**
 * The value schemas of the PST on management services, the property tax deferment interest and the short-term rental
 * registry's host fees: each accepts the value as recorded and refuses one of the right shape but the wrong meaning.
 * The values are written here, not read from `facts/`, so the test needs no frozen copy of the data.
 */
const pst = {
  pst_rate_on_management_services: 0.07,
  pst_taxable_management_services: ["rental-property-management", "strata-management"],
  pst_applies_from_iso: "2026-10-01",
  pst_announced_iso: "2026-02-17",
  pst_announced_in: "B.C. Budget 2026",
  pst_implementing_bill: "Bill 2, Budget Measures Implementation Act, 2026",
  legislative_status: "announced-not-enacted",
};

const deferment = {
  deferment_interest_margin_over_prime: 0.02,
  deferment_prime_rate_reference: "the prime rate",
  deferment_interest_compounding: "monthly",
  deferment_applies_to_taxes_from_tax_year: 2026,
  deferment_programs_covered: ["Regular Program", "Families with Children Program"],
  deferment_previous_interest_terms: "simple interest",
  legislative_status: "announced-not-enacted",
};

const strFees = {
  str_registry_host_fee_in_host_home_cad: 100,
  str_registry_host_fee_other_unit_cad: 450,
  str_registry_fees_from_iso: "2025-01-20",
  str_registry_rules_fact: "bc.straa",
};

/** The JSON path and message of each issue the schema of `id` finds in `value`; empty when it accepts it. */
const issues = (id: keyof typeof FACT_VALUE_SCHEMAS, value: unknown): string[][] =>
  FACT_VALUE_SCHEMAS[id].safeParse(value).error?.issues.map((issue) => [issue.path.join("/"), issue.message]) ?? [];

describe("bc.pst.strata_and_rental_management", () => {
  it("accepts the recorded value and refuses a rate of 7 where 0.07 is meant", () => {
    expect(issues("bc.pst.strata_and_rental_management", pst)).toEqual([]);
    const refused = issues("bc.pst.strata_and_rental_management", { ...pst, pst_rate_on_management_services: 7 });
    expect(refused.map(([where]) => where)).toEqual(["pst_rate_on_management_services"]);
  });

  it("refuses an unknown legislative status, a service outside the list and an announcement after the start", () => {
    const id = "bc.pst.strata_and_rental_management";
    expect(issues(id, { ...pst, legislative_status: "enacted" }).map(([where]) => where)).toEqual([
      "legislative_status",
    ]);
    expect(issues(id, { ...pst, pst_taxable_management_services: ["legal"] }).map(([where]) => where)).toEqual([
      "pst_taxable_management_services/0",
    ]);
    expect(issues(id, { ...pst, pst_announced_iso: "2026-10-02" })).toEqual([
      [
        "pst_applies_from_iso",
        "must be after pst_announced_iso (2026-10-02): pst_announced_iso, pst_applies_from_iso are in order",
      ],
    ]);
  });
});

describe("bc.property_tax_deferment.interest", () => {
  it("accepts the recorded value and refuses a margin of 2 where 0.02 (prime plus 2%) is meant", () => {
    expect(issues("bc.property_tax_deferment.interest", deferment)).toEqual([]);
    const refused = issues("bc.property_tax_deferment.interest", {
      ...deferment,
      deferment_interest_margin_over_prime: 2,
    });
    expect(refused.map(([where]) => where)).toEqual(["deferment_interest_margin_over_prime"]);
  });

  it("refuses a computed rate in place of the rule, and a compounding it does not know", () => {
    const id = "bc.property_tax_deferment.interest";
    expect(issues(id, { ...deferment, interest_rate: 0.0645 }).map(([where]) => where)).toEqual([""]);
    expect(issues(id, { ...deferment, deferment_interest_compounding: "daily" }).map(([where]) => where)).toEqual([
      "deferment_interest_compounding",
    ]);
  });
});

describe("bc.str.registry_fees", () => {
  it("accepts the recorded value and refuses a negative fee", () => {
    expect(issues("bc.str.registry_fees", strFees)).toEqual([]);
    const refused = issues("bc.str.registry_fees", { ...strFees, str_registry_host_fee_other_unit_cad: -450 });
    expect(refused.map(([where]) => where)).toEqual(["str_registry_host_fee_other_unit_cad"]);
  });

  it("refuses a reference to the rules that is not a fact id", () => {
    const refused = issues("bc.str.registry_fees", { ...strFees, str_registry_rules_fact: "Short-Term Rental Act" });
    expect(refused.map(([where]) => where)).toEqual(["str_registry_rules_fact"]);
  });
});
