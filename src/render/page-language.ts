/**
 * One language of the pages: its words (messages, numbers, money, dates), its reading of values, its translation of
 * each fact's label and description, and where its pages sit. English is authoritative; a translation that lacks a
 * fact's words, or has them only for older English, shows the English, marked as English.
 */
import { ENGLISH, LOCALES, type Locale, localePath } from "../i18n/locales.ts";
import { makeWords, type Words } from "../i18n/words.ts";
import type { Translated, TranslationWords, WordsReading } from "../i18n/words-files.ts";
import { type Html, html } from "./text.ts";
import { type ValueWords, valueWords } from "./value-words.ts";

export interface PageLanguage {
  readonly locale: Locale;
  readonly w: Words;
  /** The language's page messages as written (key to ICU message), for a page that hands some to its script. */
  readonly messages: Readonly<Record<string, string>>;
  readonly values: ValueWords;
  /** The fact's label in this language, or its English label when the translation has none made from today's. */
  factLabel(fact: { id: string; label: string }): string;
  /** The same, as markup: an English fallback carries `lang` so a reader's voice reads it as English. */
  factLabelHtml(fact: { id: string; label: string }): Html;
  /** The fact's label in this language, made from today's English; undefined where the English stands in. */
  translatedFactLabel(fact: { id: string; label: string }): string | undefined;
  factDescription(fact: { id: string; description: string }): string;
  /** Whether the fact's label and description are this language's, made from today's English. */
  factTranslated(fact: { id: string; label: string; description: string }): boolean;
  /** The translation's words for the data (glossary, units), when this is a translation. */
  readonly data: TranslationWords | undefined;
  /** Whether this is the authoritative English. */
  readonly english: boolean;
  /** A root-relative page path ("/sources.html") as this language publishes it ("/fr-CA/sources.html"). */
  path(page: string): string;
}

const current = (translated: Translated | undefined, english: string): string | undefined =>
  translated !== undefined && translated.en === english ? translated.text : undefined;

export const pageLanguage = (
  locale: Locale,
  messages: Record<string, string>,
  data?: TranslationWords,
): PageLanguage => {
  const w = makeWords(locale, messages);
  const label = (fact: { id: string; label: string }): string | undefined =>
    current(data?.facts[fact.id]?.label, fact.label);
  return {
    locale,
    w,
    messages,
    values: valueWords(w, data),
    factLabel: (fact) => label(fact) ?? fact.label,
    factLabelHtml: (fact) => {
      const translated = label(fact);
      return translated !== undefined || locale === ENGLISH
        ? html`${translated ?? fact.label}`
        : html`<span lang="${ENGLISH.tag}">${fact.label}</span>`;
    },
    translatedFactLabel: (fact) => (locale === ENGLISH ? undefined : label(fact)),
    factDescription: (fact) => current(data?.facts[fact.id]?.description, fact.description) ?? fact.description,
    factTranslated: (fact) =>
      locale === ENGLISH ||
      (label(fact) !== undefined && current(data?.facts[fact.id]?.description, fact.description) !== undefined),
    data,
    english: locale === ENGLISH,
    path: (page) => localePath(locale, page),
  };
};

/** Every language the words were read for, English first. */
export const pageLanguages = (reading: WordsReading): PageLanguage[] =>
  LOCALES.map((locale) => {
    const messages = reading.messages[locale.code];
    if (messages === undefined) throw new Error(`the words of ${locale.code} could not be read`);
    return pageLanguage(locale, messages, reading.data[locale.code]);
  });
