// The assumptions of an answer as the page says them. The client writes each for programs too, and some name the
// option that would change it ("eligibleShare gives a smaller share"); the page says those in its own words, from
// the assumption's code, with the label of the field that changes it, or what the reader can do where there is none.

import type { Assumed, AssumptionCode } from "../../packages/client/src/index.ts";
import { forReaders, sentence } from "./answer-view.ts";
import { labelOf } from "./dom.ts";
import { OPTION_FIELDS } from "./fields.ts";

/** The page's sentence for an assumption, given the label of the field of its option (undefined: no such field). */
type Words = (field: string | undefined) => string;

const PAGE_WORDS: Partial<Record<AssumptionCode, Words>> = {
  "eligible-share-whole": (field) =>
    field === undefined
      ? "Every buyer is taken to qualify for the first-time home buyers' exemption. With a co-buyer who does not, the property transfer tax calculator takes the share the first-time buyers acquire."
      : `Every buyer is taken to qualify for the first-time home buyers' exemption. With a co-buyer who does not, enter the share the first-time buyers acquire in “${field}”.`,
  "land-half-hectare-or-less": () =>
    "The land is taken to be 0.5 hectares or smaller. On a larger parcel the exemption is smaller, which this page does not compute; the exemption's page says how it is reduced.",
  "agreement-after-transitional-date": (field) =>
    field === undefined
      ? "The purchase agreement is taken to be signed after the last day of the transitional rule described in how the tax is computed: one signed by then spared the transfer the additional tax."
      : `The purchase agreement is taken to be signed after the last day of the transitional rule described in how the tax is computed: one signed by then spared the transfer the additional tax. Enter the day it was signed in “${field}”.`,
  "gst-agreement-in-window-assumed": (field) =>
    field === undefined
      ? "The agreement of purchase and sale is taken to be signed within the first-time home buyers' GST rebate's window; one signed outside it gets no such rebate."
      : `The agreement of purchase and sale is taken to be signed within the first-time home buyers' GST rebate's window; one signed outside it gets no such rebate. Enter the day it was signed in “${field}” to check.`,
  "gross-income": (field) =>
    field === undefined
      ? "The income is the gross income, before tax, of everyone on the mortgage together."
      : `“${field}” is the gross income, before tax, of everyone on the mortgage together.`,
  "gst-price-before-gst": () =>
    "The price is taken to be before GST. If the builder's price already includes the GST, with the rebates assigned to the builder, no GST is paid at closing: the cash to close is then the one given without GST.",
  "premium-on-application-date": (field) =>
    field === undefined
      ? "The mortgage insurance premium is the one in force on the day the rules are taken from, as if the insurance was applied for that day: a change of premiums applies to applications made from its date."
      : `The mortgage insurance premium is the one in force on the “${field}”, as if the insurance was applied for that day: a change of premiums applies to applications made from its date, so for an application made before a change, enter the day of the application there to see its premium.`,
};

/** The label of the field of `option` in `calculator`'s form, when the form shows one. */
const fieldLabel = (calculator: string, option: string | undefined): string | undefined => {
  const field = option === undefined ? undefined : OPTION_FIELDS[calculator]?.[option];
  const input = field === undefined ? null : document.getElementById(field);
  return input === null || input.closest("[hidden]") !== null ? undefined : labelOf(input.id);
};

/** An answer's assumptions as the page says them, in the answer's order. */
export const assumptionWords = (
  calculator: string,
  result: { assumptions: readonly string[]; assumed: Assumed },
): string[] =>
  result.assumed.map((each, index) => {
    const words = PAGE_WORDS[each.code];
    return words === undefined
      ? sentence(forReaders(result.assumptions[index] ?? ""))
      : words(fieldLabel(calculator, each.option));
  });
