// The assumptions of an answer as the page says them. The client writes each for programs too, and some name the
// option that would change it ("eligibleShare gives a smaller share"); the page says those in its own words (in its
// language), from the assumption's code, with the label of the field that changes it, or what the reader can do where
// there is none. The others are the calculator's English, marked as such.

import type { Assumed, AssumptionCode } from "../../packages/client/src/index.ts";
import type { Words } from "../../src/i18n/words.ts";
import { type Assumption, forReaders, sentence } from "./answer-view.ts";
import { labelOf } from "./dom.ts";
import { OPTION_FIELDS } from "./fields.ts";
import { words } from "./words.ts";

/** The page's sentence for an assumption, given the label of the field of its option (undefined: no such field). */
type PageWords = (w: Words, field: string | undefined) => string;

const PAGE_WORDS: Partial<Record<AssumptionCode, PageWords>> = {
  "eligible-share-whole": (w, field) =>
    field === undefined
      ? w.text("calc.assumed.eligible-share-whole")
      : w.text("calc.assumed.eligible-share-whole-field", { field }),
  "land-half-hectare-or-less": (w) => w.text("calc.assumed.land-half-hectare"),
  "agreement-after-transitional-date": (w, field) =>
    field === undefined
      ? w.text("calc.assumed.agreement-after-transitional")
      : w.text("calc.assumed.agreement-after-transitional-field", { field }),
  "gst-agreement-in-window-assumed": (w, field) =>
    field === undefined
      ? w.text("calc.assumed.gst-agreement-in-window")
      : w.text("calc.assumed.gst-agreement-in-window-field", { field }),
  "gross-income": (w, field) =>
    field === undefined ? w.text("calc.assumed.gross-income") : w.text("calc.assumed.gross-income-field", { field }),
  "gst-price-before-gst": (w) => w.text("calc.assumed.gst-price-before-gst"),
  "premium-on-application-date": (w, field) =>
    field === undefined
      ? w.text("calc.assumed.premium-on-application-date")
      : w.text("calc.assumed.premium-on-application-date-field", { field }),
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
): Assumption[] =>
  result.assumed.map((each, index) => {
    const said = PAGE_WORDS[each.code];
    return said === undefined
      ? { words: sentence(forReaders(result.assumptions[index] ?? "")), english: true }
      : { words: said(words(), fieldLabel(calculator, each.option)), english: false };
  });
