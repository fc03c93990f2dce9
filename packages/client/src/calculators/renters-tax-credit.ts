import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  CalculatorError,
  type FactSource,
  type FactUsed,
  Fraction,
  formatCad,
  formatPercent,
  Money,
  readFactAsOf,
  roundCents,
} from "./calculator-common.ts";
import { AmountOption, Breakdown, Citations, finished, parseOptions } from "./calculator-options.ts";
import { periodSaid } from "./period-said.ts";
import { breakdownFields, SaidList, say } from "./said.ts";

// B.C.'s renter's tax credit for a tax year: the full credit up to an adjusted income, then less by a share of the
// income above it, nothing at the end of the band. Each tax year has its own threshold (it is indexed), so a year the
// facts do not record is refused rather than answered with another year's figures.

const FACT = "bc.renters_tax_credit";

export const RentersTaxCreditOptions = z.strictObject({
  adjustedIncome: AmountOption.describe(
    "Adjusted income for the tax year, in dollars: the renter's, with a spouse's or common-law partner's added (line 7 of Form BC479).",
  ),
  taxYear: z
    .int({ error: "must be a tax year, a whole number such as 2024" })
    .min(1900, { error: "must be a tax year, a whole number such as 2024" })
    .max(9999, { error: "must be a tax year, a whole number such as 2024" })
    .describe("The tax year claimed for, for example 2024."),
});
export type RentersTaxCreditOptions = z.input<typeof RentersTaxCreditOptions>;

export const RentersTaxCreditResult = z.object({
  tax_year: z.int(),
  credit: z.number().describe("The credit in dollars, refundable: paid even when no tax is owed."),
  max_credit: z.number().describe("The largest credit for the tax year."),
  full_credit_up_to: z.number().describe("The adjusted income up to which the full credit is paid."),
  no_credit_from: z.number().describe("The adjusted income at which the credit reaches nothing."),
  reduction_rate: z.number().describe("The share of adjusted income above full_credit_up_to that the credit falls by."),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type RentersTaxCreditResult = z.infer<typeof RentersTaxCreditResult>;

const CreditRule = z.object({
  credit_max_cad: Money,
  credit_full_at_adjusted_income_max_cad: Money,
  credit_ends_at_adjusted_income_cad: Money,
  credit_reduction_rate: Fraction,
  tax_year: z.int(),
  credit_first_tax_year: z.int(),
  min_one_month_periods_rented: z.int().min(1),
});

/**
 * The renter's tax credit for `taxYear` from the period of `bc.renters_tax_credit` that states that tax year: the
 * maximum, less `credit_reduction_rate` of the adjusted income above the threshold, never below nothing. A tax year
 * before the credit began answers nothing owed, saying why; a later year that no period records is refused, naming
 * the years recorded.
 */
export const rentersTaxCredit = (facts: FactSource, options: RentersTaxCreditOptions): RentersTaxCreditResult => {
  const { adjustedIncome, taxYear } = parseOptions("rentersTaxCredit", RentersTaxCreditOptions, options);
  // A tax year's credit is claimed for December 31 of it: the period in force that day states the year's figures.
  const asOf = `${String(taxYear).padStart(4, "0")}-12-31`;
  const read = readFactAsOf(facts, FACT, CreditRule, asOf);
  if (read.value === undefined || read.value.tax_year !== taxYear) {
    // Every period the fact states: the tax years it records, and the year the credit began.
    const fact = facts?.facts?.find((each) => each.id === FACT);
    const stated = (fact === undefined ? [] : [fact.value, ...fact.history.map((entry) => entry.value)]).flatMap(
      (value) => {
        const parsed = CreditRule.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      },
    );
    const first = read.value?.credit_first_tax_year ?? stated[0]?.credit_first_tax_year;
    if (first !== undefined && taxYear < first)
      throw new CalculatorError(
        `${FACT}: the renter's tax credit began with the ${first} tax year; there is no credit for ${taxYear}`,
        { reason: "no-rule-on-date", fact_id: FACT, date: asOf, first_iso: `${first}-01-01` },
      );
    const recorded = [...new Set(stated.map((each) => each.tax_year))].sort((a, b) => a - b);
    throw new CalculatorError(
      `${FACT} does not record the credit's figures for the ${taxYear} tax year (its threshold is indexed each year); recorded: ${recorded.join(", ") || "none"}`,
      { reason: "not-recorded", fact_id: FACT, date: asOf },
    );
  }
  const rule = read.value;
  const used: FactUsed = read.used;
  const over = Math.max(0, adjustedIncome - rule.credit_full_at_adjusted_income_max_cad);
  const credit = roundCents(Math.max(0, rule.credit_max_cad - over * rule.credit_reduction_rate));
  const source = periodSaid(used);
  const full = rule.credit_full_at_adjusted_income_max_cad;
  const periods = rule.min_one_month_periods_rented;
  return finished("rentersTaxCredit", {
    tax_year: taxYear,
    credit,
    max_credit: rule.credit_max_cad,
    full_credit_up_to: full,
    no_credit_from: rule.credit_ends_at_adjusted_income_cad,
    reduction_rate: rule.credit_reduction_rate,
    ...breakdownFields([
      say(
        source.versioned ? "credit.band" : "credit.band-period",
        {
          year: { number: taxYear },
          max: { money: rule.credit_max_cad },
          full: { money: full },
          none: { money: rule.credit_ends_at_adjusted_income_cad },
          fact: { fact: FACT },
          ...source.values,
        },
        `the ${taxYear} tax year: up to ${formatCad(rule.credit_max_cad)}, in full for an adjusted income up to ${formatCad(full)}, nothing from ${formatCad(rule.credit_ends_at_adjusted_income_cad)} (${FACT}, ${source.words})`,
      ),
      over === 0
        ? say(
            "credit.full",
            { income: { money: adjustedIncome }, full: { money: full }, credit: { money: credit } },
            `${formatCad(adjustedIncome)} is not above ${formatCad(full)}: the full ${formatCad(credit)}`,
          )
        : say(
            "credit.reduced",
            {
              income: { money: adjustedIncome },
              over: { money: over },
              full: { money: full },
              max: { money: rule.credit_max_cad },
              rate: { rate: rule.credit_reduction_rate },
              credit: { money: credit },
            },
            `${formatCad(adjustedIncome)} is ${formatCad(over)} above ${formatCad(full)}: ${formatCad(rule.credit_max_cad)} less ${formatPercent(rule.credit_reduction_rate)} of ${formatCad(over)} = ${formatCad(credit)}`,
          ),
    ]),
    citations: [used],
    ...assumptionFields([
      assume(
        "renter-eligible",
        `the renter rented and lived in an eligible rental unit in B.C. for at least ${periods} one-month period${periods === 1 ? "" : "s"} of the year, and on December 31 was a resident of B.C. aged 19 or older (or a parent, or living with a spouse or common-law partner)`,
        undefined,
        { periods: { number: periods } },
      ),
      assume(
        "one-claim-per-couple",
        "one claim per couple: the adjusted income includes a spouse's or common-law partner's",
        "adjustedIncome",
      ),
    ]),
  });
};
