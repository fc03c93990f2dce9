import { z } from "zod";
import { Assumed, assume, assumptionFields } from "./assumptions.ts";
import {
  CalculatorError,
  centsBelow,
  type FactSource,
  type FactUsed,
  Fraction,
  formatCad,
  formatPercent,
  readableDate,
  readFactAsOf,
  roundCents,
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
import { addMonths } from "./calendar-days.ts";
import { periodSaid } from "./period-said.ts";
import { rentIncrease } from "./rent-increase.ts";
import { breakdownFields, Said, type SaidCode, SaidList, type Sentence, saidOf, say } from "./said.ts";

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
  firstIncreaseDate: DateOption.optional().describe(
    "The day the first phase's increase takes effect, with the annual increase, YYYY-MM-DD; default asOf. Each later phase starts 12 months after the one before.",
  ),
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
    .array(
      z.object({
        phase: z.int(),
        from_iso: z.string().describe("The day the phase's increases take effect."),
        rent_before: z.number().describe("The monthly rent payable before the phase's increases."),
        annual_increase: z
          .number()
          .nullable()
          .describe(
            "The annual increase the cap allows in the phase, to the cent below; null where its cap is not recorded.",
          ),
        limit: z
          .number()
          .nullable()
          .describe(
            "The most the additional increase may be in the phase: the share of the rent plus the annual increase.",
          ),
        amount: z
          .number()
          .nullable()
          .describe("The additional increase imposed in the phase, a month; null where not computed."),
        note: z.string(),
        note_said: Said,
      }),
    )
    .describe("How the additional increase may be imposed, phase by phase, with the annual increase of each phase."),
  not_imposable_monthly: z
    .number()
    .nullable()
    .describe(
      "What is left of per_unit_monthly after the last phase, which may not be imposed; null where a phase was not computed.",
    ),
  application_required: z
    .boolean()
    .describe(
      "Whether the landlord must apply to the Residential Tenancy Branch (or have each tenant's written agreement).",
    ),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type CapitalExpenditureIncreaseResult = z.infer<typeof CapitalExpenditureIncreaseResult>;

const ExpenditureRule = z.object({
  in_force_iso: z.iso.date(),
  amortization_months: z.int().min(1).max(1_200),
  formula: z.string(),
  eligible_if: z.array(z.string()),
  application_required: z.boolean(),
  phase_max_share_of_rent: Fraction,
  phase_rent_base: z.string(),
  max_phases: z.int().min(1).max(10),
  phase_months: z.int().min(1).max(60),
});

/** A phase as it is computed, its note in both forms (the result's `note` and `note_said`). */
type Phase = Omit<CapitalExpenditureIncreaseResult["phases"][number], "note" | "note_said"> & { note: Sentence };

/** A phase whose annual increase is not known, so neither its limit nor its amount. */
const notComputed = (phase: number, from: string, rent: number, note: Sentence): Phase => ({
  phase,
  from_iso: from,
  rent_before: rent,
  annual_increase: null,
  limit: null,
  amount: null,
  note,
});

/** The line of working of a phase whose note has each code: "phase 2, from January 1, 2025: " and the note. */
const PHASE_LINE = {
  "capex.note-limit": "capex.phase-limit",
  "capex.note-rest": "capex.phase-rest",
  "capex.note-not-recorded": "capex.phase-not-recorded",
  "capex.note-no-cap": "capex.phase-no-cap",
  "capex.note-error": "capex.phase-error",
} as const satisfies Partial<Record<SaidCode, SaidCode>>;

const phaseLine = ({ phase, from_iso, note }: Phase): Sentence =>
  say(
    PHASE_LINE[note.code as keyof typeof PHASE_LINE],
    { phase: { number: phase }, from: { date: from_iso }, ...note.values },
    `phase ${phase}, from ${readableDate(from_iso)}: ${note.text}`,
  );

/** Why a phase's annual increase cannot be computed: the reason the rent increase calculator gave. */
const cannotCompute = (error: CalculatorError): Sentence => {
  const text = `the annual increase for this phase cannot be computed: ${error.message}`;
  return error.said?.code === "rent.no-cap-on-date"
    ? say("capex.note-no-cap", error.said.values, text)
    : say("capex.note-error", { error: { text: error.message } }, text);
};

/** A count as the calculators write it, grouped ("120,000"), as the page's messages write their plurals. */
const counted = new Intl.NumberFormat("en-CA");

/** "1 unit", "120,000 units". */
const countOf = (count: number, one: string, other: string): string =>
  `${counted.format(count)} ${count === 1 ? one : other}`;

/**
 * The additional rent increase for a capital expenditure on `asOf`: the expenditure divided by the units it serves
 * and by the rule's months (120: ten years), to the cent, as the Branch's own dispute system computes it; and its
 * phases: imposed with each year's annual increase, each phase at most the rule's share (3%) of the rent payable plus
 * that annual increase, for at most the rule's number of phases. Before the rule began there was no such increase,
 * and the calculator says so rather than computing one. A phase whose year's cap is not recorded is not computed.
 */
export const capitalExpenditureIncrease = (
  facts: FactSource,
  options: CapitalExpenditureIncreaseOptions,
): CapitalExpenditureIncreaseResult => {
  const { expenditure, units, currentRent, asOf, firstIncreaseDate } = parseOptions(
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
  // The Branch's own dispute system divides the cost by 120 and by the units and rounds to the cent.
  const perUnit = roundCents(expenditure / units / rule.amortization_months);
  const share = Math.round((perUnit / currentRent) * 1e6) / 1e6;
  const source = periodSaid(used);
  const citations: FactUsed[] = [used];

  // Phase by phase: each with the annual increase of its date, the additional increase at most the rule's share of
  // the rent payable plus that annual increase, until the eligible amount is used or the phases run out.
  const first = firstIncreaseDate ?? asOf;
  const phases: Phase[] = [];
  let rent = currentRent;
  let left = perUnit;
  for (let phase = 1; phase <= rule.max_phases && left > 0; phase++) {
    const from = addMonths(first, rule.phase_months * (phase - 1));
    let annual: ReturnType<typeof rentIncrease>;
    try {
      annual = rentIncrease(facts, { currentRent: rent, increaseDate: from });
    } catch (error) {
      // The phase's annual increase cannot be known (no cap recorded for its date): the phase is not computed. A fact
      // not passed in is the caller's to fetch (the page and the MCP server read facts as a calculation asks).
      if (!(error instanceof CalculatorError) || error.reason === "missing-fact") throw error;
      phases.push(notComputed(phase, from, rent, cannotCompute(error)));
      break;
    }
    if (
      !citations.some(
        (each) =>
          each.fact_id === annual.citations[0]!.fact_id && each.effective_iso === annual.citations[0]!.effective_iso,
      )
    )
      citations.push(...annual.citations);
    if (annual.max_increase === null) {
      phases.push(
        notComputed(
          phase,
          from,
          rent,
          say(
            "capex.note-not-recorded",
            { year: { number: annual.rent_year } },
            `the annual limit for increases in ${annual.rent_year} is not recorded here yet, so this phase and the next cannot be computed`,
          ),
        ),
      );
      break;
    }
    const limit = centsBelow(rule.phase_max_share_of_rent * (rent + annual.max_increase));
    const amount = roundCents(Math.min(left, limit));
    const all = amount >= left;
    phases.push({
      phase,
      from_iso: from,
      rent_before: rent,
      annual_increase: annual.max_increase,
      limit,
      amount,
      note: say(
        all ? "capex.note-rest" : "capex.note-limit",
        {
          share: { rate: rule.phase_max_share_of_rent },
          rent: { money: rent },
          annual: { money: annual.max_increase },
          limit: { money: limit },
          amount: { money: amount },
        },
        `${formatPercent(rule.phase_max_share_of_rent)} of ${formatCad(rent)} plus the annual increase of ${formatCad(annual.max_increase)} is ${formatCad(limit)}: ${all ? "the rest of the eligible amount" : "the limit"}, ${formatCad(amount)} a month`,
      ),
    });
    left = roundCents(left - amount);
    rent = roundCents(rent + annual.max_increase + amount);
  }
  const computed = phases.every((each) => each.amount !== null);
  const notImposable = computed ? left : null;
  const months = rule.amortization_months;
  const breakdown: Sentence[] = [
    say(
      source.versioned ? "capex.formula" : "capex.formula-period",
      { formula: { text: rule.formula }, fact: { fact: FACT }, ...source.values, date: { date: asOf } },
      `${rule.formula} (${FACT}, ${source.words}, in force on ${readableDate(asOf)})`,
    ),
    say(
      "capex.per-unit",
      {
        expenditure: { money: expenditure },
        units: { number: units },
        months: { number: months },
        perUnit: { money: perUnit },
        share: { rate: share },
        rent: { money: currentRent },
      },
      `${formatCad(expenditure)} ÷ ${countOf(units, "unit", "units")} ÷ ${countOf(months, "month", "months")} = ${formatCad(perUnit)} a month for each unit, to the cent: ${formatPercent(share)} of a rent of ${formatCad(currentRent)}`,
    ),
    say(
      "capex.phases",
      {
        phases: { number: rule.max_phases },
        months: { number: rule.phase_months },
        share: { rate: rule.phase_max_share_of_rent },
        base: { text: rule.phase_rent_base },
      },
      `imposed with the annual increase, in up to ${countOf(rule.max_phases, "phase", "phases")} of ${countOf(rule.phase_months, "month", "months")}, each at most ${formatPercent(rule.phase_max_share_of_rent)} of ${rule.phase_rent_base}`,
    ),
    ...phases.map(phaseLine),
  ];
  if (notImposable !== null && notImposable > 0)
    breakdown.push(
      say(
        "capex.left-over",
        { left: { money: notImposable } },
        `${formatCad(notImposable)} a month is left after the last phase, and may not be imposed`,
      ),
    );
  const firstDay = { date: { date: first } };
  return finished("capitalExpenditureIncrease", {
    as_of: asOf,
    per_unit_monthly: perUnit,
    share_of_rent: share,
    amortization_months: months,
    phases: phases.map(({ note, ...phase }) => ({ ...phase, note: note.text, note_said: saidOf(note) })),
    not_imposable_monthly: notImposable,
    application_required: rule.application_required,
    ...breakdownFields(breakdown),
    citations,
    ...assumptionFields([
      assume("capex-eligible", `the expenditure is eligible: ${rule.eligible_if.join("; ")}`, "expenditure", {
        conditions: { text: rule.eligible_if.join("; ") },
      }),
      rule.application_required
        ? assume(
            "capex-granted",
            "the Residential Tenancy Branch grants the whole eligible amount on the landlord's application (or each tenant agrees to it in writing); it takes effect with a Notice of Rent Increase, given as for any increase",
          )
        : assume(
            "capex-notice-only",
            "the increase takes effect with a Notice of Rent Increase, given as for any increase",
          ),
      firstIncreaseDate === undefined
        ? assume(
            "capex-first-phase-on-application",
            `the first phase starts on ${readableDate(first)} (the day of the application, as no other day was given), and each phase the landlord also imposes the whole annual increase the cap allows`,
            "firstIncreaseDate",
            firstDay,
          )
        : assume(
            "capex-first-phase",
            `the first phase starts on ${readableDate(first)}, and each phase the landlord also imposes the whole annual increase the cap allows`,
            "firstIncreaseDate",
            firstDay,
          ),
    ]),
  });
};
