// The calculators page's words: the page carries, for its language, the messages this script writes with (`calc.*`)
// and its locale, so one script serves every language; every text it writes and every figure it formats comes from
// here.

import { isLocaleCode, localeOf } from "../../src/i18n/locales.ts";
import { makeWords, type Words } from "../../src/i18n/words.ts";

let read: Words | undefined;

/** The page's words, read once from its `#calculator-words` element. */
export const words = (): Words => {
  if (read !== undefined) return read;
  const carried = document.getElementById("calculator-words")?.textContent;
  if (carried === undefined || carried === null) throw new Error("the page has no #calculator-words");
  const { locale, messages } = JSON.parse(carried) as { locale: string; messages: Record<string, string> };
  if (!isLocaleCode(locale)) throw new Error(`the page's words are in an unknown language, "${locale}"`);
  read = makeWords(localeOf(locale), messages);
  return read;
};

/** Whether the page is in English: what the calculators return in English needs no marking there. */
export const inEnglish = (): boolean => words().locale.code === "en";

/** English as the calculators write it, for their own sentences, which stay English on every page. */
export const english: Words = makeWords(localeOf("en"), {});
