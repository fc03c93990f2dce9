import { z } from "zod";
import { SaidValue } from "./said.ts";

/**
 * Every assumption a calculator can make, by a code that stays when its sentence is reworded: a program (the calculators
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

/**
 * One assumption of a result in a form a program can act on, at the same position as its sentence in `assumptions`:
 * what is assumed (`code`) and the option that, given, would replace it or that it is about (`option`), if any.
 */
export const Assumed = z
  .array(
    z.strictObject({
      code: z.enum(ASSUMPTION_CODES).describe("What is assumed, stable whatever the wording of its sentence."),
      option: z
        .string()
        .optional()
        .describe("The option this assumption stands in for or is about; absent when no option bears on it."),
      values: z
        .record(z.string(), SaidValue)
        .optional()
        .describe("The values its sentence names (a date, an amount, a fact), each by its kind; absent when none."),
    }),
  )
  .describe(
    "Each assumption of `assumptions`, in the same order, as a code, the option it concerns and the values it names.",
  );
export type Assumed = z.infer<typeof Assumed>;

/** An assumption as a calculator makes it: its code, its sentence, the option it concerns and the values it names. */
export interface Assumption {
  code: AssumptionCode;
  text: string;
  option?: string;
  values?: Record<string, SaidValue>;
}

export const assume = (
  code: AssumptionCode,
  text: string,
  option?: string,
  values?: Record<string, SaidValue>,
): Assumption => ({
  code,
  text,
  ...(option === undefined ? {} : { option }),
  ...(values === undefined ? {} : { values }),
});

/** A result's two forms of its assumptions: the sentences, and the codes in the same order. */
export const assumptionFields = (list: readonly Assumption[]): { assumptions: string[]; assumed: Assumed } => ({
  assumptions: list.map((each) => each.text),
  assumed: list.map(({ code, option, values }) => ({
    code,
    ...(option === undefined ? {} : { option }),
    ...(values === undefined ? {} : { values }),
  })),
});

/** A result's assumptions as a calculator makes them, for a calculator that combines it with others. */
export const assumptionsOf = (result: { assumptions: readonly string[]; assumed: Assumed }): Assumption[] =>
  result.assumed.map((each, index) => ({ ...each, text: result.assumptions[index] ?? "" }));
