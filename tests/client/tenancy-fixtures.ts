import { fixtureFact } from "../helpers/fact-fixture.ts";
import { cap } from "./tax-fixtures.ts";

// The tenancy rules as their sources state them, for the tenancy calculators' tests and the MCP tools' tests: each
// fact as a test states it, so that a correct revision of the live facts cannot change what these tests assert.

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
export const NOTICES = fixtureFact("bc.rta.notices_to_end_tenancy", rules([3, 21], [3, 21], [4, 30]), "2025-06-18", [
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
export const COMPENSATION = fixtureFact("bc.rta.landlord_use_compensation", compensation(12, 12), "2024-05-16", [
  { value: compensation(null, null), effective_iso: "2016-01-01", superseded_iso: "2018-05-17" },
  { value: compensation(12, 6), effective_iso: "2018-05-17", superseded_iso: "2024-05-16" },
]);
// The rule as the Residential Tenancy Act states it (s. 90): a record "is deemed to be received ... (a) if given or
// served by mail, on the fifth day after it is mailed; (b) if given or served by fax, on the third day after it is
// faxed; (c) if given or served by attaching a copy of the record to a door or other place, on the third day after
// it is attached; (d) if given or served by leaving a copy of the record in a mailbox or mail slot, on the third
// day after it is left"; email to an address given for service counts on the third day from March 1, 2021 (the
// Residential Tenancy Regulation as amended; the Branch's "Serving notices during a tenancy" page lists the same days).
const SERVICE_BEFORE = {
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
const SERVICE_NOW = {
  ...SERVICE_BEFORE,
  email_service_allowed: true,
  email_received_after_days: 3,
  email_service_condition: "only to an email address the person has given as an address for service",
};
export const NOTICE_SERVICE = fixtureFact("bc.rta.notice_service", SERVICE_NOW, "2021-03-01", [
  { value: SERVICE_BEFORE, effective_iso: "2016-01-01", superseded_iso: "2021-03-01" },
]);

// The rule as the Residential Tenancy Act states it (s. 38 (1), (6) and s. 39, SBC 2002 c. 78, in force since
// January 1, 2004): "within 15 days after the later of (a) the date the tenancy ends, and (b) the date the landlord
// receives the tenant's forwarding address in writing" the landlord must repay the deposits or apply for dispute
// resolution; if not, the landlord "must pay the tenant double the amount of the security deposit, pet damage deposit,
// or both"; and the tenant must give the address "within one year of when the tenancy ended" (Residential Tenancy
// Branch, "Returning deposits", www2.gov.bc.ca).
const DEPOSIT_RULE = {
  return_or_claim_deadline_days: 15,
  deadline_runs_from:
    "the later of the day the tenancy ends and the day the landlord receives the tenant's forwarding address in writing",
  landlord_must: ["repay the deposits with interest", "or apply for dispute resolution claiming against the deposits"],
  landlord_may_keep_amounts: ["that the tenant agrees in writing the landlord may keep"],
  penalty_deposit_multiple: 2,
  penalty: "double the deposits",
  forwarding_address_deadline_years: 1,
};
export const DEPOSIT_RETURN = fixtureFact("bc.rta.deposit_return", DEPOSIT_RULE, "2004-01-01");

// The credit as the Province's page states it ("Renter's tax credit", www2.gov.bc.ca): "For the 2024 tax year, this
// tax credit will give $400 to low- and moderate-income renter individuals and families with an adjusted income of
// $63,000 or less", reduced above it and nothing from $83,000; for 2023 the band was $60,000 to $80,000, the credit
// "reduced by 2% of the amount your 2023 adjusted income exceeds $60,000" (as facts/tax/bc.renters_tax_credit.json
// records each year with its sources).
const creditYear = (tax_year: number, from: number) => ({
  credit_max_cad: 400,
  credit_full_at_adjusted_income_max_cad: from,
  credit_ends_at_adjusted_income_cad: from + 20_000,
  credit_reduction_rate: 0.02,
  tax_year,
  credit_threshold_indexed_yearly: true,
  credit_refundable: true,
  credit_first_tax_year: 2023,
  min_one_month_periods_rented: 6,
});
export const RENTERS_CREDIT = fixtureFact("bc.renters_tax_credit", creditYear(2024, 63_000), "2024-01-01", [
  { value: creditYear(2023, 60_000), effective_iso: "2023-01-01", superseded_iso: "2024-01-01" },
]);

// The deposit interest rate for each year as facts/rental/bc.rta.deposit_interest.json records it with its sources
// (the Regulation, s. 4: "4.5% below the prime lending rate"; the Branch's "Returning deposits" page: "The interest
// payable on security and pet damage deposits for 2023 is 1.95%"), compounded yearly.
export const DEPOSIT_INTEREST = fixtureFact(
  "bc.rta.deposit_interest",
  {
    rates_by_year: [
      ...[2016, 2017, 2018, 2019, 2020, 2021, 2022].map((year) => ({ year, rate: 0 })),
      { year: 2023, rate: 0.0195 },
      { year: 2024, rate: 0.027 },
      { year: 2025, rate: 0.0095 },
      { year: 2026, rate: 0 },
    ],
    rate_rule: "4.5% below the prime lending rate of the Province's principal banker on the first day of the year",
    compounding: "annual",
    accrues_from: "from the date the tenant paid the deposit to the date it is returned",
  },
  // As the live fact: one record of the whole table, taking effect with its newest year.
  "2026-01-01",
);

// The additional rent increase for capital expenditures as facts/rental/bc.rtr.capital_expenditure_increase.json
// records it: the Residential Tenancy Regulation as amended by B.C. Reg. 174/2021 ("effective July 1, 2021"), and the
// Branch's page: "The calculation is spread over a period of 120 months (10 years)."
export const CAPITAL_EXPENDITURE = fixtureFact(
  "bc.rtr.capital_expenditure_increase",
  {
    in_force_iso: "2021-07-01",
    amortization_months: 120,
    formula: "the cost divided by the number of rental units affected and spread over 120 months",
    eligible_if: ["incurred within the 18-month period before the landlord applies"],
    application_required: true,
    // Version 2: "the additional rent increase in each of these phases must not exceed three percent of the total rent
    // after the landlord has applied the annual allowable rent increase for the year" (the Branch's dispute system,
    // quoting s. 23.3 of the Regulation: three phases of 12 months).
    phase_max_share_of_rent: 0.03,
    phase_rent_base: "the rent payable in the phase plus the annual rent increase permitted",
    max_phases: 3,
    phase_months: 12,
  },
  "2021-07-01",
);

// The yearly caps a capital expenditure's phases are imposed with, as facts/rental/bc.rent_cap.2026.json's versions
// record them: 3.5% for 2024 (version 1), 3% for 2025 (version 2), 2.3% for 2026 (version 3, the Province's release
// of August 26, 2025).
export const RENT_CAPS = {
  ...fixtureFact("bc.rent_cap.2026", cap(2026, 0.023), "2026-01-01", [
    { version: 1, value: cap(2024, 0.035), effective_iso: "2024-01-01", superseded_iso: "2025-01-01" },
    { version: 2, value: cap(2025, 0.03), effective_iso: "2025-01-01", superseded_iso: "2026-01-01" },
  ]),
  series: "bc.rent_cap",
  superseded_by: null,
};

/** Every tenancy fixture, as a fact source. */
export const TENANCY_FIXTURES = {
  facts: [
    NOTICES,
    COMPENSATION,
    NOTICE_SERVICE,
    DEPOSIT_RETURN,
    RENTERS_CREDIT,
    DEPOSIT_INTEREST,
    CAPITAL_EXPENDITURE,
    RENT_CAPS,
  ],
};
