// How the calculators page names a fact (by its label in the page's language, linked to its page) and marks words that
// stay English on a translated page, for every part of the page that shows them.

import { make } from "./dom.ts";
import { factFiles } from "./loading.ts";
import { inEnglish, translatedFactLabel } from "./words.ts";

/** A fact's label in English, from its file (its id until the file is read). */
export const englishFactLabel = (id: string): string => factFiles.get(id)?.label ?? id;

/**
 * A link to a fact's page (to its section `anchor`), named by its label in the page's language, or by its English
 * label (`english`, else its file's), marked English, where the language has none.
 */
export const factLink = (id: string, english: string = englishFactLabel(id), anchor?: string): HTMLAnchorElement => {
  const translated = translatedFactLabel(id);
  const link = translated === undefined ? englishElement(make("a", english)) : make("a", translated);
  link.href = `${id}.html${anchor === undefined ? "" : `#${anchor}`}`;
  return link;
};

/**
 * An element whose words are English whatever the page's language (a sentence of the calculators', a fact's label
 * from its file): marked so on a translated page, so that a reader's voice reads it as English.
 */
export const englishElement = <T extends HTMLElement>(node: T): T => {
  if (!inEnglish()) node.lang = "en-CA";
  return node;
};
