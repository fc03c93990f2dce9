import { distance } from "fastest-levenshtein";
import { compareText } from "./text.ts";

/** The words of a name or id, lowercase: `bc-govt` and "BC Govt" are both `bc`, `govt`. */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Two words match in part when one begins the other or they begin alike (`govt` and `government` share `gov`). */
const PARTIAL_PREFIX = 3;

const matchOf = (word: string, other: string): number => {
  if (word === other) return 2;
  if (word.startsWith(other) || other.startsWith(word)) return 1;
  let shared = 0;
  while (shared < word.length && word[shared] === other[shared]) shared++;
  return shared >= PARTIAL_PREFIX ? 1 : 0;
};

/** How much of `input`'s wording `candidate` shares: per word of the input, 2 for the same word, 1 for a shared start. */
const sharedWording = (input: readonly string[], candidate: readonly string[]): number =>
  input.reduce((sum, word) => sum + Math.max(0, ...candidate.map((other) => matchOf(word, other))), 0);

/**
 * The candidate to suggest for a name that is none of them: one the input begins (by prefix), then the one sharing
 * the most of its words or their starts, and only then the nearest by edit distance, so `bc-govt` suggests
 * `bc-government` (which shares `bc` and begins like `govt`) rather than `bcfsa` (fewer edits away, no word shared).
 * Undefined when there is no candidate. The one suggestion every "did you mean" of the project makes.
 */
export const nearestName = (input: string, candidates: readonly string[]): string | undefined => {
  const lower = input.trim().toLowerCase();
  const words = wordsOf(lower);
  const ranked = candidates.map((candidate) => ({
    candidate,
    prefix: lower !== "" && candidate.toLowerCase().startsWith(lower) ? 1 : 0,
    shared: sharedWording(words, wordsOf(candidate)),
    edits: distance(lower, candidate.toLowerCase()),
  }));
  ranked.sort(
    (a, b) => b.prefix - a.prefix || b.shared - a.shared || a.edits - b.edits || compareText(a.candidate, b.candidate),
  );
  return ranked[0]?.candidate;
};
