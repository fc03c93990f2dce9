import { formatCad } from "./calculator-common.ts";
import { type SaidValue, type Sentence, say, within } from "./said.ts";

// The sentences of the cash to close, each in English and as a code with its values (said.ts): each line's label and
// note, the line as its working says it, and the total. The calculator (cash-to-close.ts) computes; these only say
// what it found.

const money = (amount: number): SaidValue => ({ money: amount });

/** The label of each line the calculator makes; a buyer's own line is labelled by the buyer. */
export const LABELS = {
  "down-payment": say("closing.label-down-payment", {}, "Down payment"),
  "transfer-tax": say("closing.label-transfer-tax", {}, "Property transfer tax"),
  gst: say("closing.label-gst", {}, "GST, less its rebates"),
  "insurance-premium": say("closing.label-premium", {}, "Mortgage insurance premium (added to the loan)"),
} as const;

export const ownLabel = (label: string): Sentence => say("closing.label-own", { label: { name: label } }, label);

export const ownNote = (): Sentence => say("closing.note-own-line", {}, "your own line");

/** The down payment against the minimum for the price, with why the minimum is 20% where it is (`reason`). */
export const downPaymentNote = (
  minimum: number,
  below: boolean,
  reason: { text: string; value: SaidValue } | undefined,
): Sentence => {
  const values = { minimum: money(minimum), ...(reason === undefined ? {} : { reason: reason.value }) };
  const why = reason === undefined ? "" : ` (${reason.text})`;
  if (below)
    return say(
      reason === undefined ? "closing.note-below-minimum" : "closing.note-below-minimum-because",
      values,
      `below the minimum of ${formatCad(minimum)} for this price${why}: no lender may accept it`,
    );
  return say(
    reason === undefined ? "closing.note-minimum" : "closing.note-minimum-because",
    values,
    `the minimum for this price is ${formatCad(minimum)}${why}`,
  );
};

/**
 * The transfer tax: the general tax, less the exemption where one was asked for (`exemption`, 0 where the price gets
 * none), or plus the additional tax for foreign buyers where it is counted: propertyTransferTax refuses the exemptions
 * to a foreign buyer, so a note names the one or the other.
 */
export const transferTaxNote = (tax: {
  general: number;
  exemption: number;
  exemptionAsked: boolean;
  additional: number;
}): Sentence => {
  const general = `general tax ${formatCad(tax.general)}`;
  if (tax.additional > 0)
    return say(
      "closing.note-tax-foreign",
      { general: money(tax.general), additional: money(tax.additional) },
      `${general}, plus ${formatCad(tax.additional)} additional tax for foreign buyers`,
    );
  if (tax.exemption > 0)
    return say(
      "closing.note-tax-exemption",
      { general: money(tax.general), exemption: money(tax.exemption) },
      `${general}, less the ${formatCad(tax.exemption)} exemption`,
    );
  return tax.exemptionAsked
    ? say("closing.note-tax-no-exemption", { general: money(tax.general) }, `${general}, no exemption at this price`)
    : say("closing.note-tax", { general: money(tax.general) }, general);
};

export const gstNote = (gst: { gst: number; rebate: number; newHousing: number; firstTime: number }): Sentence =>
  say(
    "closing.note-gst",
    {
      gst: money(gst.gst),
      rebate: money(gst.rebate),
      newHousing: money(gst.newHousing),
      firstTime: money(gst.firstTime),
    },
    `${formatCad(gst.gst)} of GST less ${formatCad(gst.rebate)} of rebates (new housing ${formatCad(gst.newHousing)}, first-time buyers ${formatCad(gst.firstTime)})`,
  );

/** The insurance premium: not insurable (`reason`), added to the loan, or not required. */
export const premiumNote = (
  premium:
    | { kind: "not-insurable"; reason: { text: string; value: SaidValue } }
    | { kind: "added"; premium: number }
    | { kind: "not-required" },
): Sentence => {
  if (premium.kind === "not-insurable")
    return say("closing.note-not-insurable", { reason: premium.reason.value }, `not insurable: ${premium.reason.text}`);
  if (premium.kind === "added")
    return say(
      "closing.note-premium-added",
      { premium: money(premium.premium) },
      `${formatCad(premium.premium)} added to the loan, not paid in cash`,
    );
  return say("closing.note-premium-not-required", {}, "not required: the loan is 80% of the price or less");
};

/** A line as the working says it: its label, its amount and its note. */
export const lineSentence = (label: Sentence, amount: number, note: Sentence): Sentence =>
  say(
    "closing.line",
    { label: within(label), amount: money(amount), note: within(note) },
    `${label.text}: ${formatCad(amount)}; ${note.text}`,
  );

/** Amounts added up, "a + b + c": each amount, then the sum of the rest, so a program says any number of them. */
const sumOf = (amounts: readonly number[]): { text: string; value: SaidValue } => {
  const [first = 0, ...rest] = amounts;
  if (rest.length === 0) return { text: formatCad(first), value: money(first) };
  const others = sumOf(rest);
  const text = `${formatCad(first)} + ${others.text}`;
  return { text, value: within(say("closing.plus", { amount: money(first), rest: others.value }, text)) };
};

/** The cash to close: the lines paid in cash at closing, added up. */
export const totalSentence = (amounts: readonly number[], total: number): Sentence => {
  const sum = sumOf(amounts);
  return say(
    "closing.total",
    { sum: sum.value, total: money(total) },
    `cash to close: ${sum.text} = ${formatCad(total)}`,
  );
};
