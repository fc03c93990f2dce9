// The calculators page's words: the page carries, for its language, the messages this script writes with (`calc.*`)
// and its locale, so one script serves every language; every text it writes and every figure it formats comes from
// here.

import { isLocaleCode, localeOf } from "../../src/i18n/locales.ts";
import { makeWords, type Words } from "../../src/i18n/words.ts";

let read:
  | {
      words: Words;
      factLabels: Readonly<Record<string, string>>;
      summaries: Readonly<Record<string, Readonly<Record<string, string>>>>;
    }
  | undefined;

const carried = (): NonNullable<typeof read> => {
  if (read !== undefined) return read;
  const text = document.getElementById("calculator-words")?.textContent;
  if (text === undefined || text === null) throw new Error("the page has no #calculator-words");
  const { locale, messages, factLabels, summaries } = JSON.parse(text) as {
    locale: string;
    messages: Record<string, string>;
    factLabels?: Record<string, string>;
    summaries?: Record<string, Record<string, string>>;
  };
  if (!isLocaleCode(locale)) throw new Error(`the page's words are in an unknown language, "${locale}"`);
  read = { words: makeWords(localeOf(locale), messages), factLabels: factLabels ?? {}, summaries: summaries ?? {} };
  return read;
};

/** The page's words, read once from its `#calculator-words` element. */
export const words = (): Words => carried().words;

/** A fact's label in the page's language, when it has one (undefined: its English label stands in). */
export const translatedFactLabel = (id: string): string | undefined =>
  Object.hasOwn(carried().factLabels, id) ? carried().factLabels[id] : undefined;

/** Whether the page is in English: what the calculators return in English needs no marking there. */
export const inEnglish = (): boolean => words().locale.code === "en";

/** The value of a fact's period (by its anchor: `v2`, `earlier-…`) in one line in the page's language, when it has it. */
export const translatedSummary = (id: string, anchor: string): string | undefined => {
  const periods = Object.hasOwn(carried().summaries, id) ? carried().summaries[id] : undefined;
  return periods !== undefined && Object.hasOwn(periods, anchor) ? periods[anchor] : undefined;
};
