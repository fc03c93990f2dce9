// The assumptions of an answer as the page says them: each from its code, in the page's language, with the values it
// names (packages/client/src/calculators/assumptions.ts). The client's sentence names the option that would change
// some of them ("eligibleShare gives a smaller share"); the page names the field instead, by its label, where the form
// shows it, and says what the reader can do where it does not.

import type { Assumed, AssumptionCode } from "../../packages/client/src/index.ts";
import type { Words } from "../../src/i18n/words.ts";
import type { Assumption } from "./answer-view.ts";
import { labelOf } from "./dom.ts";
import { OPTION_FIELDS } from "./fields.ts";
import { assumedParts } from "./said-words.ts";
import { words } from "./words.ts";

/** The page's sentence for an assumption that a field of the form changes, given that field's label. */
const WITH_FIELD: Partial<Record<AssumptionCode, (w: Words, field: string) => string>> = {
  "eligible-share-whole": (w, field) => w.text("calc.assumed.eligible-share-whole-field", { field }),
  "agreement-after-transitional-date": (w, field) =>
    w.text("calc.assumed.agreement-after-transitional-field", { field }),
  "gst-agreement-in-window-assumed": (w, field) => w.text("calc.assumed.gst-agreement-in-window-field", { field }),
  "gross-income": (w, field) => w.text("calc.assumed.gross-income-field", { field }),
  "premium-on-application-date": (w, field) => w.text("calc.assumed.premium-on-application-date-field", { field }),
};

/** The label of the field of `option` in `calculator`'s form, when the form shows one. */
const fieldLabel = (calculator: string, option: string | undefined): string | undefined => {
  const field = option === undefined ? undefined : OPTION_FIELDS[calculator]?.[option];
  const input = field === undefined ? null : document.getElementById(field);
  return input === null || input.closest("[hidden]") !== null ? undefined : labelOf(input.id);
};

/** An answer's assumptions as the page says them, in the answer's order. */
export const assumptionWords = (calculator: string, result: { assumed: Assumed }): Assumption[] =>
  result.assumed.map((each) => {
    const field = fieldLabel(calculator, each.option);
    const withField = WITH_FIELD[each.code];
    return {
      words: field !== undefined && withField !== undefined ? [withField(words(), field)] : assumedParts(each),
      key: JSON.stringify([each.code, each.values ?? {}]),
    };
  });
