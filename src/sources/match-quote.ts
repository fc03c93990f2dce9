import { createHash } from "node:crypto";

/**
 * Text as compared: Unicode compatibility forms, typographic quotes, dashes and spaces made plain, runs of white space
 * collapsed. Case is kept; matching is case-insensitive on top of it. Pages retype apostrophes and dashes without
 * changing what they say, and a quote should survive that.
 */
export const normalizeText = (text: string): string =>
  text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** A fingerprint of a page's text, so the next check can say whether the page changed. */
export const textFingerprint = (text: string): string => createHash("sha256").update(normalizeText(text)).digest("hex");

/** A quote may join passages of one page with an ellipsis; each passage must be found, in order. */
const passagesOf = (quote: string): string[] =>
  normalizeText(quote)
    .split(/\s*(?:\u2026|\.\.\.)\s*/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

export interface QuoteMatch {
  found: boolean;
  /** When not found: the passage of the page most like the quote, and how alike they are (0 to 1). */
  closest?: { passage: string; similarity: number };
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}$%.,']+/gu) ?? [];

/** Dice coefficient of two bags of words: 1 when they hold the same words, 0 when none is shared. */
const similarity = (a: readonly string[], counts: Map<string, number>, size: number): number => {
  const remaining = new Map(counts);
  let shared = 0;
  for (const word of a) {
    const left = remaining.get(word) ?? 0;
    if (left > 0) {
      shared++;
      remaining.set(word, left - 1);
    }
  }
  return (2 * shared) / (a.length + size);
};

/** The window of the page, as long as the quote, that shares the most words with it. */
const closestPassage = (page: string, quote: string): { passage: string; similarity: number } => {
  const pageWords = normalizeText(page).split(" ");
  const quoteWords = words(quote);
  const counts = new Map<string, number>();
  for (const word of quoteWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const width = Math.max(1, Math.min(pageWords.length, normalizeText(quote).split(" ").length));
  let best = { start: 0, score: -1 };
  for (let start = 0; start + width <= pageWords.length; start++) {
    const window = pageWords.slice(start, start + width).flatMap((word) => words(word));
    const score = similarity(window, counts, quoteWords.length);
    if (score > best.score) best = { start, score };
  }
  return { passage: pageWords.slice(best.start, best.start + width).join(" "), similarity: Math.round(Math.max(0, best.score) * 100) / 100 };
};

/** Whether the page's text still contains the quote (every passage, in order, case-insensitively), and if not, what is closest. */
export const matchQuote = (pageText: string, quote: string): QuoteMatch => {
  const page = normalizeText(pageText).toLowerCase();
  let from = 0;
  for (const passage of passagesOf(quote)) {
    const at = page.indexOf(passage.toLowerCase(), from);
    if (at === -1) return { found: false, closest: closestPassage(pageText, quote) };
    from = at + passage.length;
  }
  return { found: true };
};
