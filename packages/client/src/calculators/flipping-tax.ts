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
import {
  AmountOption,
  Breakdown,
  Citations,
  DateOption,
  FlagOption,
  finished,
  parseOptions,
} from "./calculator-options.ts";
import { daysBetween } from "./calendar-days.ts";
import { breakdownFields, SaidList, type Sentence, say } from "./said.ts";

// The BC home flipping tax on the sale of a home owned less than 730 days (Residential Property (Short-Term Holding)
// Profit Tax Act), from the rule in force on the day of the sale.

export const FlippingTaxOptions = z.strictObject({
  purchaseDate: DateOption.describe(
    "The day the seller acquired the property (for most, the closing date), YYYY-MM-DD.",
  ),
  saleDate: DateOption.describe(
    "The day the seller disposed of it (for most, the closing date), YYYY-MM-DD: the rule in force that day applies.",
  ),
  proceeds: AmountOption.describe("Proceeds of the sale, in dollars (the price less the costs the Province allows)."),
  cost: AmountOption.describe("The cost to acquire the property, in dollars."),
  improvements: AmountOption.optional().describe("The cost to improve the property, in dollars; default 0."),
  primaryResidence: FlagOption.optional().describe(
    "The property was the seller's primary residence: the primary residence deduction, when owned long enough.",
  ),
});
export type FlippingTaxOptions = z.input<typeof FlippingTaxOptions>;

export const FlippingTaxResult = z.object({
  days_held: z.int().describe("Days owned, counting the day of purchase and the day of sale."),
  rate: z.number().describe("The tax rate, a fraction (0.2 for 20%); 0 when the tax does not apply."),
  taxable_income: z.number().describe("Proceeds less the costs to acquire and improve; negative for a loss."),
  deduction: z.number().describe("The primary residence deduction taken off the taxable income."),
  net_taxable_income: z.number().describe("Taxable income less the deduction, never below 0."),
  tax: z.number().describe("The BC home flipping tax, in dollars."),
  as_of: z.string().describe("The day of the sale, whose rule applies."),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type FlippingTaxResult = z.infer<typeof FlippingTaxResult>;

const FlippingRule = z.object({
  applies_to_dispositions_on_or_after_iso: z.iso.date(),
  full_rate: Fraction,
  full_rate_max_days_held: z.int().positive(),
  no_tax_from_days_held: z.int().positive(),
  declining_rate_formula: z.string(),
  primary_residence_deduction_max: Money,
  primary_residence_deduction_min_days_owned: z.int().min(0),
  filing_deadline_days: z.int().positive().optional(),
});
type FlippingRule = z.infer<typeof FlippingRule>;

/**
 * The decimals the declining rate is rounded to, as the fact's formula says it: "rounded to the nearest
 * one-thousandth" is 3. A formula that says another rounding is one this calculator cannot read.
 */
const rateDecimals = (rule: FlippingRule, used: FactUsed, saleDate: string): number => {
  if (/nearest one-thousandth/.test(rule.declining_rate_formula)) return 3;
  throw new CalculatorError(
    `bc.flipping_tax (version ${used.version}, in force on ${saleDate}) at $.value.declining_rate_formula: this calculator reads a rate "rounded to the nearest one-thousandth" and the formula says ${JSON.stringify(rule.declining_rate_formula)}`,
    { reason: "value-unreadable", fact_id: "bc.flipping_tax", date: saleDate, path: "$.value.declining_rate_formula" },
  );
};

/**
 * The rate for `days` held: the full rate up to `full_rate_max_days_held`, then the Ministry's
 * 20% × [1 − ((days held − 365) ÷ 365)] (the full rate falling in a straight line to nothing at
 * `no_tax_from_days_held`), rounded as the formula says; none from `no_tax_from_days_held`.
 */
const rateFor = (rule: FlippingRule, days: number, decimals: number): number => {
  if (days <= rule.full_rate_max_days_held) return rule.full_rate;
  if (days >= rule.no_tax_from_days_held) return 0;
  const span = rule.no_tax_from_days_held - rule.full_rate_max_days_held;
  const exact = rule.full_rate * (1 - (days - rule.full_rate_max_days_held) / span);
  return Math.round(Math.round(exact * 10 ** (decimals + 6)) / 10 ** 6) / 10 ** decimals;
};

const nothing = (as_of: string, days: number, taxable: number, breakdown: Sentence[], citations: FactUsed[]) =>
  finished("flippingTax", {
    days_held: days,
    rate: 0,
    taxable_income: taxable,
    deduction: 0,
    net_taxable_income: Math.max(0, taxable),
    tax: 0,
    as_of,
    ...breakdownFields(breakdown),
    citations,
    assumptions: [],
    assumed: [],
  });

/**
 * The BC home flipping tax on a sale on `saleDate` (`bc.flipping_tax` in force that day). Days held count the day of
 * purchase and the day of sale (the Ministry: May 1, 2023 to January 31, 2025 is 642 days). Taxable income is the
 * proceeds less the costs to acquire and improve; a primary residence owned long enough deducts up to $20,000; the
 * net is never below 0. Sales before the tax began (January 1, 2025) owe none, and say so.
 */
export const flippingTax = (facts: FactSource, options: FlippingTaxOptions): FlippingTaxResult => {
  const read = parseOptions("flippingTax", FlippingTaxOptions, options);
  const { purchaseDate, saleDate, proceeds, cost } = read;
  const improvements = read.improvements ?? 0;
  if (saleDate < purchaseDate)
    throw new CalculatorError(`saleDate (${saleDate}) is before purchaseDate (${purchaseDate})`, {
      reason: "invalid-option",
      option: "saleDate",
    });
  const days = daysBetween(purchaseDate, saleDate) + 1;
  const taxable = roundCents(proceeds - cost - improvements);
  const incomeLine = say(
    "flipping.income",
    {
      proceeds: { money: proceeds },
      cost: { money: cost },
      improvements: { money: improvements },
      taxable: { money: taxable },
    },
    `taxable income: proceeds ${formatCad(proceeds)} − cost ${formatCad(cost)} − improvements ${formatCad(improvements)} = ${formatCad(taxable)}`,
  );
  const fact = readFactAsOf(facts, "bc.flipping_tax", FlippingRule, saleDate);
  if (fact.value === undefined) {
    const first = (fact as { first_iso: string }).first_iso;
    return nothing(
      saleDate,
      days,
      taxable,
      [
        incomeLine,
        say(
          "flipping.no-tax-before-first",
          { first: { date: first }, date: { date: saleDate } },
          `no tax: it applies to sales from ${first}, and ${saleDate} is before that`,
        ),
      ],
      [],
    );
  }
  const { value: rule, used } = fact as { value: FlippingRule; used: FactUsed };
  // Which rule was read, as every line that rests on it ends: "(bc.flipping_tax version 1 in force on 2025-03-01)".
  const source = {
    fact: { fact: "bc.flipping_tax" },
    version: { number: used.version ?? 0 },
    date: { date: saleDate },
  } as const;
  const version = `bc.flipping_tax version ${used.version} in force on ${saleDate}`;
  if (saleDate < rule.applies_to_dispositions_on_or_after_iso)
    return nothing(
      saleDate,
      days,
      taxable,
      [
        incomeLine,
        say(
          "flipping.no-tax-before-start",
          { start: { date: rule.applies_to_dispositions_on_or_after_iso }, ...source },
          `no tax: it applies to sales on or after ${rule.applies_to_dispositions_on_or_after_iso} (${version})`,
        ),
      ],
      [used],
    );
  const heldValues = { days: { number: days }, purchase: { date: purchaseDate }, sale: { date: saleDate } };
  const held = `${days} ${days === 1 ? "day" : "days"} held (${purchaseDate} to ${saleDate}, both counted)`;
  if (days >= rule.no_tax_from_days_held)
    return nothing(
      saleDate,
      days,
      taxable,
      [
        incomeLine,
        say(
          "flipping.no-tax-held-long",
          { ...heldValues, noTaxDays: { number: rule.no_tax_from_days_held }, ...source },
          `${held}: no tax from ${rule.no_tax_from_days_held} days (${version})`,
        ),
      ],
      [used],
    );

  const rate = rateFor(rule, days, rateDecimals(rule, used, saleDate));
  const breakdown: Sentence[] = [incomeLine];
  let deduction = 0;
  if (read.primaryResidence === true) {
    const minDays = rule.primary_residence_deduction_min_days_owned;
    if (days < minDays) {
      breakdown.push(
        say(
          "flipping.no-deduction",
          { minDays: { number: minDays }, days: { number: days } },
          `no primary residence deduction: it needs ${minDays} days of ownership, and the property was owned ${days}`,
        ),
      );
    } else {
      deduction = Math.min(rule.primary_residence_deduction_max, Math.max(0, taxable));
      breakdown.push(
        say(
          "flipping.deduction",
          {
            deduction: { money: deduction },
            max: { money: rule.primary_residence_deduction_max },
            minDays: { number: minDays },
          },
          `primary residence deduction: ${formatCad(deduction)} (up to ${formatCad(rule.primary_residence_deduction_max)}, owned at least ${minDays} days)`,
        ),
      );
    }
  }
  const net = Math.max(0, roundCents(taxable - deduction));
  const netValues = { taxable: { money: taxable }, deduction: { money: deduction }, net: { money: net } };
  const span = rule.no_tax_from_days_held - rule.full_rate_max_days_held;
  breakdown.push(
    taxable - deduction < 0
      ? say(
          "flipping.net-loss",
          netValues,
          `net taxable income: ${formatCad(taxable)} − ${formatCad(deduction)} = ${formatCad(net)} (a loss counts as $0)`,
        )
      : say(
          "flipping.net",
          netValues,
          `net taxable income: ${formatCad(taxable)} − ${formatCad(deduction)} = ${formatCad(net)}`,
        ),
    days <= rule.full_rate_max_days_held
      ? say(
          "flipping.full-rate",
          { ...heldValues, rate: { rate: rule.full_rate }, ...source },
          `${held}: the full rate, ${formatPercent(rule.full_rate)} (${version})`,
        )
      : say(
          "flipping.declining-rate",
          {
            ...heldValues,
            fullRate: { rate: rule.full_rate },
            fullRateDays: { number: rule.full_rate_max_days_held },
            span: { number: span },
            rate: { rate },
            ...source,
          },
          `${held}: ${formatPercent(rule.full_rate)} × [1 − (${days} − ${rule.full_rate_max_days_held}) ÷ ${span}], rounded to the nearest one-thousandth: ${formatPercent(rate)} (${version})`,
        ),
  );
  const tax = roundCents(net * rate);
  breakdown.push(
    say(
      "flipping.tax",
      { rate: { rate }, net: { money: net }, tax: { money: tax } },
      `tax: ${formatPercent(rate)} of ${formatCad(net)} = ${formatCad(tax)}`,
    ),
    rule.filing_deadline_days
      ? say(
          "flipping.return-due-within",
          { days: { number: rule.filing_deadline_days } },
          `a BC home flipping tax return is due within ${rule.filing_deadline_days} days of the sale, even when no tax is owing`,
        )
      : say("flipping.return-due", {}, "a BC home flipping tax return is due, even when no tax is owing"),
  );
  return finished("flippingTax", {
    days_held: days,
    rate,
    taxable_income: taxable,
    deduction,
    net_taxable_income: net,
    tax,
    as_of: saleDate,
    ...breakdownFields(breakdown),
    citations: [used],
    ...assumptionFields([
      assume(
        "flipping-no-exemption",
        "no exemption applies (life circumstances such as death, illness, relocation or a change in the household; builders; sales between related persons)",
      ),
      assume("flipping-whole-property", "the seller held the whole property, bought on one date", "purchaseDate"),
      ...(read.primaryResidence === true
        ? [
            assume(
              "flipping-not-presale",
              "the property is a home, not a presale contract (which gets no primary residence deduction)",
              "primaryResidence",
            ),
          ]
        : []),
    ]),
  });
};
