import { z } from "zod";
import {
  CalculatorError,
  type FactSource,
  formatCad,
  formatPercent,
  readableDate,
  readFactAsOf,
} from "./calculator-common.ts";
import {
  AsOfResult,
  Breakdown,
  Citations,
  DateOption,
  finished,
  PositiveAmountOption,
  parseOptions,
} from "./calculator-options.ts";

// The additional rent increase a B.C. landlord may apply to the Residential Tenancy Branch for, to recover an eligible
// capital expenditure (Residential Tenancy Regulation, Part 4, from July 1, 2021): the expenditure divided by the
// units it serves and spread over the months the rule sets.

const FACT = "bc.rtr.capital_expenditure_increase";

const UNITS = "must be a whole number of units from 1 to 100,000";

export const CapitalExpenditureIncreaseOptions = z.strictObject({
  expenditure: PositiveAmountOption.describe("The eligible capital expenditure, in dollars."),
  units: z
    .int({ error: UNITS })
    .min(1, { error: UNITS })
    .max(100_000, { error: UNITS })
    .describe("The number of units the expenditure serves (dwelling units, rented or not)."),
  currentRent: PositiveAmountOption.describe("A unit's monthly rent now, in dollars."),
  asOf: DateOption.describe("The day the landlord applies, YYYY-MM-DD: the rule in force that day applies."),
});
export type CapitalExpenditureIncreaseOptions = z.input<typeof CapitalExpenditureIncreaseOptions>;

export const CapitalExpenditureIncreaseResult = z.object({
  as_of: AsOfResult,
  per_unit_monthly: z
    .number()
    .describe(
      "The additional increase for each unit, in dollars a month, to the cent below: expenditure ÷ units ÷ months.",
    ),
  share_of_rent: z.number().describe("per_unit_monthly as a fraction of currentRent (0.05 for 5%)."),
  amortization_months: z.int().describe("The months the expenditure is spread over."),
  phases: z
    .array(z.object({ amount: z.number(), share_of_rent: z.number(), note: z.string() }))
    .nullable()
    .describe(
      "How the increase may be imposed year by year; null where the facts do not record the Regulation's yearly limit on imposing it, so no phasing is computed.",
    ),
  application_required: z
    .boolean()
    .describe(
      "Whether the landlord must apply to the Residential Tenancy Branch (or have each tenant's written agreement).",
    ),
  breakdown: Breakdown,
  citations: Citations,
  assumptions: z.array(z.string()),
});
export type CapitalExpenditureIncreaseResult = z.infer<typeof CapitalExpenditureIncreaseResult>;

const ExpenditureRule = z.object({
  in_force_iso: z.iso.date(),
  amortization_months: z.int().min(1).max(1_200),
  formula: z.string(),
  eligible_if: z.array(z.string()),
  application_required: z.boolean(),
});

/** An amount to the cent below: a rent increase is never rounded up. */
const centsBelow = (amount: number): number => Math.floor(Math.round(amount * 1e8) / 1e6) / 100;

/**
 * The additional rent increase for a capital expenditure on `asOf`: the expenditure divided by the units it serves
 * and by the rule's months (120: ten years), to the cent below. Before the rule began there was no such increase, and
 * the calculator says so rather than computing one. The Regulation limits how much of it may be imposed in a year;
 * where the facts do not record that limit, `phases` is null and the answer says why.
 */
export const capitalExpenditureIncrease = (
  facts: FactSource,
  options: CapitalExpenditureIncreaseOptions,
): CapitalExpenditureIncreaseResult => {
  const { expenditure, units, currentRent, asOf } = parseOptions(
    "capitalExpenditureIncrease",
    CapitalExpenditureIncreaseOptions,
    options,
  );
  const read = readFactAsOf(facts, FACT, ExpenditureRule, asOf);
  if (read.value === undefined)
    throw new CalculatorError(
      `asOf ${asOf}: the additional rent increase for capital expenditures began on ${read.first_iso} (${FACT}); before it, a landlord could not apply for one`,
      { reason: "no-rule-on-date", fact_id: FACT, date: asOf, first_iso: read.first_iso },
    );
  const { value: rule, used } = read;
  const perUnit = centsBelow(expenditure / units / rule.amortization_months);
  const share = Math.round((perUnit / currentRent) * 1e6) / 1e6;
  const version = used.version === undefined ? `the period from ${used.effective_iso}` : `version ${used.version}`;
  return finished("capitalExpenditureIncrease", {
    as_of: asOf,
    per_unit_monthly: perUnit,
    share_of_rent: share,
    amortization_months: rule.amortization_months,
    phases: null,
    application_required: rule.application_required,
    breakdown: [
      `${rule.formula} (${FACT}, ${version}, in force on ${readableDate(asOf)})`,
      `${formatCad(expenditure)} ÷ ${units} unit${units === 1 ? "" : "s"} ÷ ${rule.amortization_months} months = ${formatCad(perUnit)} a month for each unit, to the cent below: ${formatPercent(share)} of a rent of ${formatCad(currentRent)}`,
      "how much of it may be imposed in one year, and so its phases, is set by the Regulation and not recorded here: no phasing is computed",
    ],
    citations: [used],
    assumptions: [
      `the expenditure is eligible: ${rule.eligible_if.join("; ")}`,
      rule.application_required
        ? "the Residential Tenancy Branch grants the increase on the landlord's application (or each tenant agrees to it in writing); it takes effect with a Notice of Rent Increase, given as for any increase"
        : "the increase takes effect with a Notice of Rent Increase, given as for any increase",
    ],
  });
};
