import { z } from "zod";
import { PLACE_KINDS, PlaceKind, PlaceProgramme, PlaceReason, type PlaceRecord } from "../places.ts";

// Every sentence a calculator writes for people (a line of its working, a reason, what a tenant may do) comes with the
// same sentence as a code and its values, so that a program (the calculators page, in five languages) says it in its
// own words with its own way of writing money and dates, without reading the English. The English stays, for programs
// and assistants that show it as it is.

/** A place of the register as a sentence names it: its name, its kind and its regional district. */
const SaidPlace = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: PlaceKind,
  regional_district_name: z.string().nullable(),
});
type SaidPlace = z.infer<typeof SaidPlace>;

/** A place record as a value of a sentence. */
export const saidPlace = ({ id, name, kind, regional_district_name }: PlaceRecord): SaidPlace => ({
  id,
  name,
  kind,
  regional_district_name,
});

/** A place as the English names it: "Kamloops (city, Thompson-Nicola Regional District)". */
export const placeInEnglish = ({ name, kind, regional_district_name }: SaidPlace): string =>
  `${name} (${PLACE_KINDS[kind].toLowerCase()}${regional_district_name === null ? "" : `, ${regional_district_name}`})`;

/**
 * A value a sentence rests on, by its kind, so that a program writes each as its language writes it:
 * - `money`: an amount in CAD;
 * - `rate`: a fraction (0.2 for 20%), shown as a percentage;
 * - `number`: a count or a plain number (days, months, payments, an interest period);
 * - `date`: a day, YYYY-MM-DD;
 * - `fact`: a fact's id, named by its label;
 * - `name`: a name written as its source writes it (a place, an area), never translated;
 * - `choice`: which of its wordings the sentence takes (a key such as `claimed`), never shown itself;
 * - `place`: a place of the register, named with its kind and regional district;
 * - `place_reason`: why a rule by area answers as it does at a place (the place record's `reason`).
 */
export const SaidValue = z.union([
  z.strictObject({ money: z.number() }),
  z.strictObject({ rate: z.number() }),
  z.strictObject({ number: z.number() }),
  z.strictObject({ date: z.iso.date() }),
  z.strictObject({ fact: z.string() }),
  z.strictObject({ name: z.string() }),
  z.strictObject({ choice: z.string() }),
  z.strictObject({ place: SaidPlace }),
  z.strictObject({
    place_reason: z.strictObject({ programme: PlaceProgramme, place: SaidPlace, reason: PlaceReason }),
  }),
]);
export type SaidValue = z.infer<typeof SaidValue>;

// The codes of every sentence a calculator writes, by calculator. A code stays when its English is reworded; a code
// whose meaning changes is a new code.

/** flipping-tax.ts */
const FLIPPING = [
  "flipping.deduction",
  "flipping.declining-rate",
  "flipping.full-rate",
  "flipping.income",
  "flipping.net",
  "flipping.net-loss",
  "flipping.no-deduction",
  "flipping.no-tax-before-first",
  "flipping.no-tax-before-start",
  "flipping.no-tax-held-long",
  "flipping.return-due",
  "flipping.return-due-within",
  "flipping.tax",
] as const;

/**
 * bc-taxes.ts and gst-on-new-home.ts: the property transfer tax, the home owner grant, the GST on a new home.
 */
const TAXES = [
  "grant.capped-by-tax",
  "grant.error.place-no-period",
  "grant.error.place-not-recorded",
  "grant.full",
  "grant.max-additional",
  "grant.max-additional-elsewhere",
  "grant.max-basic",
  "grant.max-basic-elsewhere",
  "grant.place",
  "grant.reduced",
  "grant.reduced-to-none",
  "grant.tax-after",
  "gst.first-time-before",
  "gst.first-time-full",
  "gst.first-time-none",
  "gst.first-time-outside-window",
  "gst.first-time-phase",
  "gst.gst",
  "gst.net",
  "gst.new-housing-full",
  "gst.new-housing-none",
  "gst.new-housing-phase",
  "ptt.error.agreement-after-registration",
  "ptt.error.exemption-partly-residential",
  "ptt.error.foreign-buyer-exemption",
  "ptt.error.newly-built-partial",
  "ptt.federal-ban-applies",
  "ptt.federal-ban-applies-until",
  "ptt.federal-ban-before",
  "ptt.federal-ban-not-answered",
  "ptt.federal-ban-not-in-force",
  "ptt.federal-ban-not-in-force-until",
  "ptt.first-time-none-above",
  "ptt.first-time-phase",
  "ptt.first-time-phase-capped",
  "ptt.foreign-in-area-given",
  "ptt.foreign-in-area-place",
  "ptt.foreign-none-before",
  "ptt.foreign-not-added",
  "ptt.foreign-not-added-no-period",
  "ptt.foreign-not-added-not-recorded",
  "ptt.foreign-not-in-area-given",
  "ptt.foreign-not-in-area-place",
  "ptt.foreign-not-spared-agreement-after",
  "ptt.foreign-not-spared-no-agreement",
  "ptt.foreign-spared",
  "ptt.further-tax",
  "ptt.general-rate",
  "ptt.general-rate-above",
  "ptt.newly-built-none-above",
  "ptt.newly-built-none-before",
  "ptt.newly-built-phase",
] as const;

/** mortgage-insurance-premium.ts and mortgage-payment.ts: the minimum down payment, the premium, the payment. */
const INSURANCE_AND_PAYMENT = [] as const;

/** affordability.ts and cash-to-close.ts: the largest price and the cash to close. */
const AFFORDABILITY_AND_CLOSING = [] as const;

/** rent-increase.ts, capital-expenditure-increase.ts and renters-tax-credit.ts. */
const RENT = [] as const;

/** deposit-interest.ts, deposit-return.ts, notice-received.ts and tenancy-notice.ts. */
const DEPOSIT_AND_NOTICE = [] as const;

/** calculator-options.ts: an option refused for its bounds, said to a reader at the field that holds it. */
const OPTIONS = ["option.amount", "option.date", "option.rate", "option.share", "option.whole-years"] as const;

/** Every sentence code, stable whatever the wording of its English. */
export const SAID_CODES = [
  ...FLIPPING,
  ...TAXES,
  ...INSURANCE_AND_PAYMENT,
  ...AFFORDABILITY_AND_CLOSING,
  ...RENT,
  ...DEPOSIT_AND_NOTICE,
  ...OPTIONS,
] as const;
export type SaidCode = (typeof SAID_CODES)[number];

export const Said = z
  .strictObject({
    code: z.enum(SAID_CODES).describe("What the sentence says, stable whatever its English wording."),
    values: z.record(z.string(), SaidValue).describe("The values the sentence names, each by its kind."),
  })
  .describe("The same sentence as a code and its values, for a program that says it in its own words.");
export type Said = z.infer<typeof Said>;

/** A sentence as a calculator writes it: its English, and its code and values. */
export interface Sentence extends Said {
  text: string;
}

export const say = (code: SaidCode, values: Record<string, SaidValue>, text: string): Sentence => ({
  code,
  values,
  text,
});

/** A list of sentences in its two forms: the English, and the codes and values in the same order. */
export const SaidList = z
  .array(Said)
  .describe("Each sentence of the list beside it, in the same order, as a code and its values.");

/** A result's breakdown in its two forms: `breakdown`, the English, and `breakdown_said`, the codes in the same order. */
export const breakdownFields = (sentences: readonly Sentence[]): { breakdown: string[]; breakdown_said: Said[] } => ({
  breakdown: sentences.map((each) => each.text),
  breakdown_said: sentences.map(saidOf),
});

/** A sentence's code and values, without its English. */
export const saidOf = ({ code, values }: Sentence): Said => ({ code, values });
