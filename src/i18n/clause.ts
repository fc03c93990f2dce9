// A sentence said within another, and a sentence said on its own. A calculator's sentence may carry another as a value
// (packages/client/src/calculators/said.ts: a clause it words apart, or another calculator's reason it repeats): there
// it reads as a clause, without the full stop that ends it on its own and without a capital, unless it opens the
// sentence that carries it. The calculators page and the tests that hold its English to the client's apply the same
// two rules.

/** A capital that starts a sentence's first word ("Needs", "A"), not an acronym's ("GDS", "B.C.") nor a number. */
const CAPITALISED_WORD = /^\p{Lu}(?![\p{Lu}.])/u;

/** The full stop that ends a sentence in the languages of the site: ".", "。" (Chinese), "।" (Punjabi). */
const FULL_STOP = /[.。।]$/u;

/** The text that opens a clause: its first word without its capital (an acronym keeps its capitals). */
export const clauseStart = (text: string): string =>
  CAPITALISED_WORD.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;

/** The text that ends a clause: without a final full stop. */
export const clauseEnd = (text: string): string => text.replace(FULL_STOP, "");

/** The text that opens a sentence: its first letter a capital (a language without capitals is unchanged). */
export const sentenceStart = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
