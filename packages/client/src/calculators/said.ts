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
 * - `name`: a name written as its source writes it (a place, an area, a published rate), never translated;
 * - `text`: words of a fact's value, or of a calculator's message, in English as they are written (the basis of a rent
 *   cap, the conditions of a capital expenditure): the data's values are not translated;
 * - `choice`: which of its wordings the sentence takes (a key such as `claimed`), never shown itself;
 * - `place`: a place of the register, named with its kind and regional district;
 * - `place_reason`: why a rule by area answers as it does at a place (the place record's `reason`);
 * - `said`: a sentence within the sentence (a clause its calculator words apart, or another calculator's reason that
 *   it repeats), as its own code and values, which a program says with that code's words.
 */
export const SaidValue = z.union([
  z.strictObject({ money: z.number() }),
  z.strictObject({ rate: z.number() }),
  z.strictObject({ number: z.number() }),
  z.strictObject({ date: z.iso.date() }),
  z.strictObject({ fact: z.string() }),
  z.strictObject({ name: z.string() }),
  z.strictObject({ text: z.string() }),
  z.strictObject({ choice: z.string() }),
  z.strictObject({ place: SaidPlace }),
  z.strictObject({
    place_reason: z.strictObject({ programme: PlaceProgramme, place: SaidPlace, reason: PlaceReason }),
  }),
  z.strictObject({
    get said() {
      return Said;
    },
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
const INSURANCE_AND_PAYMENT = [
  "insurance.added-to-loan",
  "insurance.allowed-first-time",
  "insurance.allowed-first-time-new-home",
  "insurance.allowed-new-home",
  "insurance.band-rate",
  "insurance.band-rate-first",
  "insurance.loan",
  "insurance.no-sales-tax",
  "insurance.non-traditional-no-rate",
  "insurance.non-traditional-rate",
  "insurance.not-insurable-above-band",
  "insurance.not-insurable-below-minimum",
  "insurance.not-insurable-cap",
  "insurance.not-insurable-longer-not-yet",
  "insurance.not-insurable-no-surcharge-rate",
  "insurance.not-insurable-only-first-time",
  "insurance.not-insurable-only-first-time-new-home",
  "insurance.not-insurable-only-first-time-or-new-home",
  "insurance.not-insurable-only-new-home",
  "insurance.not-insurable-over-max",
  "insurance.not-required",
  "insurance.optional-rate",
  "insurance.paid-separately",
  "insurance.premium",
  "insurance.refused-above-band",
  "insurance.refused-below-minimum",
  "insurance.refused-cap",
  "insurance.refused-longer-not-yet",
  "insurance.refused-no-surcharge-rate",
  "insurance.refused-only-first-time",
  "insurance.refused-only-first-time-new-home",
  "insurance.refused-only-first-time-or-new-home",
  "insurance.refused-only-new-home",
  "insurance.refused-over-max",
  "insurance.sales-tax",
  "insurance.surcharge",
  "minimum-down.bracket",
  "minimum-down.needs-uninsured-cap",
  "minimum-down.needs-uninsured-longer-not-yet",
  "minimum-down.needs-uninsured-no-surcharge-rate",
  "minimum-down.needs-uninsured-only-first-time",
  "minimum-down.needs-uninsured-only-first-time-new-home",
  "minimum-down.needs-uninsured-only-first-time-or-new-home",
  "minimum-down.needs-uninsured-only-new-home",
  "minimum-down.needs-uninsured-over-max",
  "minimum-down.whole-price-cap",
  "minimum-down.whole-price-longer-not-yet",
  "minimum-down.whole-price-no-surcharge-rate",
  "minimum-down.whole-price-only-first-time",
  "minimum-down.whole-price-only-first-time-new-home",
  "minimum-down.whole-price-only-first-time-or-new-home",
  "minimum-down.whole-price-only-new-home",
  "minimum-down.whole-price-over-max",
  "payment.accelerated-biweekly",
  "payment.accelerated-weekly",
  "payment.equal-payments",
  "payment.max-principal",
  "payment.max-principal-accelerated-biweekly",
  "payment.max-principal-accelerated-weekly",
  "payment.periodic-rate",
  "payment.repaid-after",
  "payment.term",
  "payment.too-small",
  "qualifying-rate.benchmark-applies",
  "qualifying-rate.benchmark-lower",
  "qualifying-rate.contract-plus-buffer",
  "qualifying-rate.contract-plus-buffer-insured",
  "qualifying-rate.contract-plus-buffer-uninsured",
  "qualifying-rate.floor-applies",
  "qualifying-rate.floor-lower",
  "qualifying-rate.no-buffer",
  "qualifying-rate.no-buffer-insured",
  "qualifying-rate.terms-not-covered",
  "qualifying-rate.terms-not-covered-benchmark",
  "qualifying-rate.uninsured-not-covered",
  "qualifying-rate.uninsured-not-covered-benchmark",
] as const;

/** affordability.ts and cash-to-close.ts: the largest price and the cash to close. */
const AFFORDABILITY_AND_CLOSING = [
  "affordability.at-price-given",
  "affordability.at-price-minimum",
  "affordability.below-minimum",
  "affordability.fails-both",
  "affordability.fails-both-besides",
  "affordability.fails-gds",
  "affordability.fails-gds-besides",
  "affordability.fails-tds",
  "affordability.fails-tds-besides",
  "affordability.found-by-halving",
  "affordability.gds-above",
  "affordability.gds-room",
  "affordability.gds-within",
  "affordability.housing",
  "affordability.housing-no-heating",
  "affordability.income",
  "affordability.largest-loan",
  "affordability.largest-loan-insured",
  "affordability.largest-loan-uninsured",
  "affordability.largest-payment-gds",
  "affordability.largest-payment-tds",
  "affordability.largest-price",
  "affordability.limits-on",
  "affordability.limits-on-for",
  "affordability.loan-premium-added",
  "affordability.loan-premium-apart",
  "affordability.needs-uninsured-minimum",
  "affordability.no-payment-gds",
  "affordability.no-payment-tds",
  "affordability.no-price-counted",
  "affordability.no-price-fits",
  "affordability.no-price-fits-down",
  "affordability.no-price-fits-down-insurable",
  "affordability.no-price-fits-insurable",
  "affordability.no-uninsured-rate",
  "affordability.not-allowed",
  "affordability.not-assessed",
  "affordability.not-insurable",
  "affordability.others-below-ceiling",
  "affordability.others-lower",
  "affordability.passes",
  "affordability.payment",
  "affordability.qualifying-rate",
  "affordability.qualifying-rate-insured",
  "affordability.qualifying-rate-uninsured",
  "affordability.rate-too-high",
  "affordability.rule-contract",
  "affordability.rule-contract-buffer",
  "affordability.rule-floor",
  "affordability.rule-floor-buffer",
  "affordability.searched-above-cap",
  "affordability.searched-below-cap",
  "affordability.searched-below-cap-not-counted",
  "affordability.searched-down",
  "affordability.tds-above",
  "affordability.tds-room",
  "affordability.tds-within",
  "affordability.uninsured-minimum",
  "closing.label-down-payment",
  "closing.label-gst",
  "closing.label-own",
  "closing.label-premium",
  "closing.label-transfer-tax",
  "closing.line",
  "closing.note-below-minimum",
  "closing.note-below-minimum-because",
  "closing.note-gst",
  "closing.note-minimum",
  "closing.note-minimum-because",
  "closing.note-not-insurable",
  "closing.note-own-line",
  "closing.note-premium-added",
  "closing.note-premium-not-required",
  "closing.note-tax",
  "closing.note-tax-exemption",
  "closing.note-tax-foreign",
  "closing.note-tax-no-exemption",
  "closing.plus",
  "closing.total",
] as const;

/** rent-increase.ts, capital-expenditure-increase.ts and renters-tax-credit.ts. */
const RENT = [
  "capex.formula",
  "capex.formula-period",
  "capex.left-over",
  "capex.note-error",
  "capex.note-limit",
  "capex.note-no-cap",
  "capex.note-not-recorded",
  "capex.note-rest",
  "capex.per-unit",
  "capex.phase-error",
  "capex.phase-limit",
  "capex.phase-no-cap",
  "capex.phase-not-recorded",
  "capex.phase-rest",
  "capex.phases",
  "credit.band",
  "credit.band-period",
  "credit.full",
  "credit.reduced",
  "rent.above-cap-agreement",
  "rent.above-cap-owes-cap",
  "rent.above-cap-recover",
  "rent.after-last-increase",
  "rent.cap",
  "rent.cap-basis",
  "rent.cap-basis-period",
  "rent.cap-not-recorded",
  "rent.cap-not-recorded-period",
  "rent.cap-period",
  "rent.max-increase",
  "rent.no-cap-on-date",
  "rent.notice-by",
  "rent.notice-received",
  "rent.once-in-12-months",
  "rent.proposed-above",
  "rent.proposed-unchecked",
  "rent.proposed-within",
  "rent.too-early",
] as const;

/** deposit-interest.ts, deposit-return.ts, notice-received.ts and tenancy-notice.ts. */
const DEPOSIT_AND_NOTICE = [
  "deposit-interest.compounded",
  "deposit-interest.held",
  "deposit-interest.returned-before-received",
  "deposit-interest.simple",
  "deposit-interest.year",
  "deposit-return.address-too-late",
  "deposit-return.address-too-late-period",
  "deposit-return.deadline",
  "deposit-return.if-missed",
  "deposit-return.no-right",
  "deposit-return.runs-from-address",
  "deposit-return.runs-from-address-period",
  "deposit-return.runs-from-end",
  "deposit-return.runs-from-end-period",
  "notice-received.email-not-allowed",
  "notice-received.later",
  "notice-received.later-period",
  "notice-received.same-day",
  "notice-received.same-day-period",
  "tenancy-notice.before-due-day",
  "tenancy-notice.compensation",
  "tenancy-notice.compensation-not-recorded",
  "tenancy-notice.compensation-period",
  "tenancy-notice.dispute",
  "tenancy-notice.dispute-or-pay",
  "tenancy-notice.earlier-date",
  "tenancy-notice.fixed-term",
  "tenancy-notice.fixed-term-no-delay",
  "tenancy-notice.if-not-used",
  "tenancy-notice.if-not-used-not-recorded",
  "tenancy-notice.if-not-used-required",
  "tenancy-notice.received-days",
  "tenancy-notice.received-days-period",
  "tenancy-notice.received-months",
  "tenancy-notice.received-months-period",
] as const;

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

/**
 * Every assumption a calculator can make (assumptions.ts), beside the sentences' codes: the codes of all a calculator
 * says to a reader are here, by a code that stays when its sentence is reworded: a program (the calculators
 * page, which says each in its own words with its fields' labels) acts on the code, never on the English sentence.
 */
export const ASSUMPTION_CODES = [
  "registered-on-date",
  "fair-market-value-taxed",
  "property-in-place",
  "eligible-share-whole",
  "eligible-share-given",
  "land-half-hectare-or-less",
  "land-over-half-hectare-given",
  "in-specified-area-as-given",
  "specified-area-unknown",
  "agreement-after-transitional-date",
  "foreign-buyer-whole-interest",
  "gst-price-whole-consideration",
  "gst-rebate-condition",
  "gst-agreement-in-window-assumed",
  "gst-agreement-in-window-given",
  "gst-first-time-buyer-condition",
  "gross-income",
  "debt-service-limits-on-date",
  "payment-monthly-at-qualifying-rate",
  "rules-on-application-date",
  "lender-rules",
  "loan-to-income-not-applied",
  "closing-costs-apart",
  "specified-area-adds",
  "gst-price-before-gst",
  "resale-no-gst",
  "premium-on-application-date",
  "deposit-interest-accrues",
  "deposit-interest-day-count",
  "forwarding-address-not-earlier",
  "no-agreement-to-keep-deposit",
  "interest-on-top",
  "calendar-days",
  "received-not-earlier",
  "email-service-condition",
  "approved-notice-form",
  "rent-due-day",
  "month-to-month",
  "unpaid-rent-not-deductible",
  "tenancy-under-rent-cap",
  "no-increase-in-last-12-months",
  "rent-due-day-first",
  "rent-due-day-of-increase",
  "capex-eligible",
  "capex-granted",
  "capex-notice-only",
  "capex-first-phase",
  "capex-first-phase-on-application",
  "renter-eligible",
  "one-claim-per-couple",
  "flipping-no-exemption",
  "flipping-whole-property",
  "flipping-not-presale",
] as const;

export type AssumptionCode = (typeof ASSUMPTION_CODES)[number];

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

/** An option's value as a `choice` (`in-person` as `in_person`): a message selects by a key, which has no hyphen. */
export const choiceKey = (option: string): string => option.replaceAll("-", "_");

/** A sentence's code and values, without its English. */
export const saidOf = ({ code, values }: Sentence): Said => ({ code, values });

/** A sentence said within another, as a value of the other. */
export const within = (sentence: Sentence): SaidValue => ({ said: saidOf(sentence) });
