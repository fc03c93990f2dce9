import { z } from "zod";
import { Assumed, type Assumption, assume, assumptionFields, assumptionsOf } from "./assumptions.ts";
import { propertyTransferTax } from "./bc-taxes.ts";
import { CalculatorError, type FactSource, type FactUsed, formatCad, roundCents } from "./calculator-common.ts";
import {
  AmortizationYearsOption,
  AmountOption,
  AsOfOption,
  Breakdown,
  Citations,
  DateOption,
  FlagOption,
  finished,
  PositiveAmountOption,
  parseOptions,
} from "./calculator-options.ts";
import {
  downPaymentNote,
  gstNote,
  LABELS,
  lineSentence,
  ownLabel,
  ownNote,
  premiumNote,
  totalSentence,
  transferTaxNote,
} from "./cash-to-close-sentences.ts";
import { gstOnNewHome } from "./gst-on-new-home.ts";
import {
  type MinimumDownPaymentResult,
  minimumDownPayment,
  mortgageInsurancePremium,
} from "./mortgage-insurance-premium.ts";
import { breakdownFields, Said, SaidList, type SaidValue, type Sentence, saidOf } from "./said.ts";

// The cash a buyer needs on the day of closing: the down payment, the property transfer tax, the GST net of its
// rebates on a newly built home and the buyer's own lines, each from its calculator; the mortgage insurance premium
// is shown but not counted, since it is added to the loan.

/** A buyer's own line: legal fees, an inspection, adjustments. At most this many, each with a short label. */
const MAX_EXTRA_LINES = 50;

export const CashToCloseOptions = z.strictObject({
  price: PositiveAmountOption.describe("The purchase price (fair market value), in dollars, before GST."),
  downPayment: AmountOption.describe("The down payment, in dollars."),
  firstTimeBuyer: FlagOption.optional().describe(
    "The buyers meet the conditions of the first-time buyers' exemption and rebate (bc.ptt.fthb_exemption, ca.gst.fthb_new_home_rebate).",
  ),
  newlyBuilt: FlagOption.optional().describe(
    "A newly built home bought from its builder: the newly built home exemption applies and GST is due, less its rebates.",
  ),
  foreignBuyer: FlagOption.optional().describe(
    "The buyer is a foreign national, foreign corporation or taxable trustee (the additional tax for foreign buyers).",
  ),
  inSpecifiedArea: FlagOption.optional().describe(
    "For a foreign buyer: the property is in an area where the additional tax applies. Absent, the additional tax is not counted and the result says what it would be.",
  ),
  amortizationYears: AmortizationYearsOption.optional().describe(
    "The mortgage's amortization, for the insurance premium; default 25.",
  ),
  agreementDate: DateOption.optional().describe(
    "The day the agreement of purchase and sale was entered into, YYYY-MM-DD, on or before asOf: for a newly built home, the first-time home buyers' GST rebate is for agreements in its window (gstOnNewHome's agreementDate); for a foreign buyer, it decides the transitional rule of the additional tax (propertyTransferTax's agreementDate).",
  ),
  extra: z
    .array(
      z.strictObject({
        label: z
          .string({ error: "must be a short text" })
          .min(1, { error: "must be a short text" })
          .max(200, { error: "must be at most 200 characters" }),
        amount: AmountOption,
      }),
      { error: "must be a list of { label, amount }" },
    )
    .max(MAX_EXTRA_LINES, { error: `must have at most ${MAX_EXTRA_LINES} lines` })
    .optional()
    .describe("The buyer's own costs to add, each with a label: legal fees, an inspection, adjustments."),
  asOf: AsOfOption.describe("The day of closing, YYYY-MM-DD, whose rules apply; default today in British Columbia."),
});
export type CashToCloseOptions = z.input<typeof CashToCloseOptions>;

export const CashToCloseLine = z.object({
  item: z.enum(["down-payment", "transfer-tax", "gst", "insurance-premium", "extra"]),
  label: z.string(),
  label_said: Said.describe("The label as a code and its values; a buyer's own line's label is a name, as given."),
  amount: z.number(),
  /** False for the insurance premium: it is added to the loan, not paid in cash. */
  in_total: z.boolean().describe("Whether the line is paid in cash at closing (the insurance premium is not)."),
  fact_ids: z.array(z.string()).describe("The facts the line was computed from; none for the buyer's own lines."),
  note: z.string().describe("Why the amount is what it is, in one line."),
  note_said: Said.describe("The note as a code and its values."),
});
export type CashToCloseLine = z.infer<typeof CashToCloseLine>;

export const CashToCloseResult = z.object({
  total: z.number().describe("The cash needed at closing: the lines with in_total."),
  lines: z.array(CashToCloseLine),
  loan: z.number().describe("Price less down payment."),
  loan_with_premium: z.number().describe("The loan with the insurance premium added, when one is due."),
  as_of: z.string(),
  breakdown: Breakdown,
  breakdown_said: SaidList,
  citations: Citations,
  assumptions: z.array(z.string()),
  assumed: Assumed,
});
export type CashToCloseResult = z.infer<typeof CashToCloseResult>;

/** Each period used once, in the order first used. */
const distinct = (used: readonly FactUsed[]): FactUsed[] => {
  const seen = new Map<string, FactUsed>();
  for (const each of used) {
    const key = `${each.fact_id} ${each.anchor}`;
    if (!seen.has(key)) seen.set(key, each);
  }
  return [...seen.values()];
};

/** Another calculator's reason, repeated within a note of this one: its English, and its value in the note's code. */
const reasonWords = (result: {
  reason: string | null;
  reason_said: Said | null;
}): { text: string; value: SaidValue } => ({
  text: result.reason ?? "",
  value: result.reason_said === null ? { name: result.reason ?? "" } : { said: result.reason_said },
});

/** The GST calculator's working, repeated in this one's: its sentences, each with its own code. */
const gstSteps = (gst: { breakdown: readonly string[]; breakdown_said: readonly Said[] }): Sentence[] =>
  gst.breakdown_said.map((said, index) => ({ ...said, text: gst.breakdown[index] ?? "" }));

/**
 * The cash needed to close a purchase in B.C. on `asOf`, one cited line each: the down payment (checked against the
 * minimum), the property transfer tax with the exemptions asked for, the GST less the new housing and first-time
 * buyers' rebates on a newly built home, the mortgage default insurance premium (shown, not counted: it is added to
 * the loan) and the buyer's own lines. $1,150,000 for a newly built condo, 10% down, a first-time buyer: $115,000,
 * the transfer tax of $21,000 and $57,500 of GST less a $35,000 rebate, $158,500 in all.
 */
export const cashToClose = (facts: FactSource, options: CashToCloseOptions): CashToCloseResult => {
  const read = parseOptions("cashToClose", CashToCloseOptions, options);
  const { price, downPayment } = read;
  if (downPayment > price)
    throw new CalculatorError(`downPayment (${downPayment}) must not be more than price (${price})`, {
      reason: "invalid-option",
      option: "downPayment",
    });
  const buyer = { firstTimeBuyer: read.firstTimeBuyer ?? false, newlyBuilt: read.newlyBuilt ?? false };
  const asOf = read.asOf;
  const lines: CashToCloseLine[] = [];
  const citations: FactUsed[] = [];
  const breakdown: Sentence[] = [];
  const assumptions: Assumption[] = [];
  const line = (
    item: CashToCloseLine["item"],
    label: Sentence,
    amount: number,
    fact_ids: string[],
    note: Sentence,
  ): CashToCloseLine => ({
    item,
    label: label.text,
    label_said: saidOf(label),
    amount,
    // The insurance premium is added to the loan, not paid in cash.
    in_total: item !== "insurance-premium",
    fact_ids,
    note: note.text,
    note_said: saidOf(note),
  });

  const dated = asOf === undefined ? {} : { asOf };
  // With the amortization, the minimum for this buyer: 20% where an insured loan may not be amortized that long for
  // them. On a date whose premium schedule is not recorded that cannot be told, and the minimum with insurance is
  // given, as before.
  let minimum: MinimumDownPaymentResult;
  try {
    minimum = minimumDownPayment(facts, price, {
      ...dated,
      ...(read.amortizationYears === undefined ? {} : { amortizationYears: read.amortizationYears, ...buyer }),
    });
  } catch (error) {
    // Facts passed in that lack the premium schedule are refused for want of it (missing-fact), as every calculator
    // refuses a fact it needs and lacks, so a caller that reads facts on demand (the calculators page, the MCP server)
    // reads it and runs again; only a schedule without a rule on the date falls back.
    if (
      !(
        error instanceof CalculatorError &&
        error.fact_id === "cmhc.mortgage_insurance_premiums" &&
        error.reason !== "missing-fact"
      )
    )
      throw error;
    minimum = minimumDownPayment(facts, price, dated);
  }
  citations.push(...minimum.citations);
  lines.push(
    line(
      "down-payment",
      LABELS["down-payment"],
      downPayment,
      minimum.citations.map((used) => used.fact_id),
      downPaymentNote(
        minimum.minimum,
        downPayment < minimum.minimum,
        minimum.reason === null ? undefined : reasonWords(minimum),
      ),
    ),
  );

  const tax = propertyTransferTax(facts, {
    price,
    ...buyer,
    ...(read.foreignBuyer === undefined ? {} : { foreignBuyer: read.foreignBuyer }),
    ...(read.inSpecifiedArea === undefined ? {} : { inSpecifiedArea: read.inSpecifiedArea }),
    ...(read.agreementDate === undefined || read.foreignBuyer !== true ? {} : { agreementDate: read.agreementDate }),
    ...(asOf === undefined ? {} : { asOf }),
  });
  citations.push(...tax.citations);
  lines.push(
    line(
      "transfer-tax",
      LABELS["transfer-tax"],
      tax.total,
      [...new Set(tax.breakdown.map((each) => each.fact_id))],
      transferTaxNote({
        general: tax.general,
        exemption: tax.exemption,
        exemptionAsked: buyer.firstTimeBuyer || buyer.newlyBuilt,
        additional: tax.additional,
      }),
    ),
  );
  if (tax.additional_if_in_specified_area !== undefined)
    assumptions.push(
      assume(
        "specified-area-adds",
        `whether the property is in a specified area was not said: if it is, the additional tax for foreign buyers adds ${formatCad(tax.additional_if_in_specified_area)}`,
        "inSpecifiedArea",
        { amount: { money: tax.additional_if_in_specified_area } },
      ),
    );
  assumptions.push(...assumptionsOf(tax));

  if (buyer.newlyBuilt) {
    const gst = gstOnNewHome(facts, {
      price,
      firstTimeBuyer: buyer.firstTimeBuyer,
      ...(read.agreementDate === undefined ? {} : { agreementDate: read.agreementDate }),
      ...(asOf === undefined ? {} : { asOf }),
    });
    citations.push(...gst.citations);
    lines.push(
      line(
        "gst",
        LABELS.gst,
        gst.net_gst,
        gst.citations.map((used) => used.fact_id),
        gstNote({
          gst: gst.gst,
          rebate: gst.rebate,
          newHousing: gst.new_housing_rebate,
          firstTime: gst.first_time_buyer_rebate,
        }),
      ),
    );
    breakdown.push(...gstSteps(gst));
    assumptions.push(
      assume(
        "gst-price-before-gst",
        "the price is before GST; where the builder's price includes GST with the rebates assigned to it, leave this line out",
        "price",
      ),
      ...assumptionsOf(gst),
    );
  } else {
    assumptions.push(assume("resale-no-gst", "a resale home: no GST is due on it", "newlyBuilt"));
  }

  const premium = mortgageInsurancePremium(facts, {
    price,
    downPayment,
    amortizationYears: read.amortizationYears ?? 25,
    ...buyer,
    ...(asOf === undefined ? {} : { asOf }),
  });
  citations.push(...premium.citations);
  if (premium.required)
    assumptions.push(
      assume(
        "premium-on-application-date",
        "the mortgage insurance premium is the one in force on the same date as the tax, taken as the day the insurance was applied for: CMHC applies a change of premiums to insurance requests submitted from its date, whatever the closing date, so where the application came before a change, give its date for the premium",
        "asOf",
      ),
    );
  lines.push(
    line(
      "insurance-premium",
      LABELS["insurance-premium"],
      premium.premium,
      [...new Set(premium.citations.map((used) => used.fact_id))],
      premiumNote(
        !premium.insurable
          ? { kind: "not-insurable", reason: reasonWords(premium) }
          : premium.required
            ? { kind: "added", premium: premium.premium }
            : { kind: "not-required" },
      ),
    ),
  );

  for (const each of read.extra ?? []) lines.push(line("extra", ownLabel(each.label), each.amount, [], ownNote()));

  const paid = lines.filter((each) => each.in_total).map((each) => each.amount);
  const total = roundCents(paid.reduce((sum, amount) => sum + amount, 0));
  breakdown.unshift(
    ...lines.map((each) =>
      lineSentence({ ...each.label_said, text: each.label }, each.amount, { ...each.note_said, text: each.note }),
    ),
    totalSentence(paid, total),
  );
  return finished("cashToClose", {
    total,
    lines,
    loan: premium.loan,
    loan_with_premium: premium.loan_with_premium,
    as_of: tax.as_of,
    ...breakdownFields(breakdown),
    citations: distinct(citations),
    ...assumptionFields(assumptions),
  });
};
