import type { create } from "xmlbuilder2";
import { forbiddenCharacter, printableText } from "../../lib/text.ts";

/**
 * `text` unchanged when every character of it may be published; otherwise an error naming `where` (the feed, the
 * fact or entry, and the element) and the character. The characters refused are the data's text rule (see
 * src/lib/text-characters.ts, newlines allowed), which takes in every character XML 1.0 cannot carry: a feed with one
 * of those is not well-formed, so every reader of it would fail, not only for one fact. It is refused rather than
 * written or silently replaced. The check refuses these characters in the data first; this holds for any path it
 * does not see.
 */
export const xmlCharacters = (text: string, where: string): string => {
  let index = 0;
  for (const character of text) {
    index++;
    const problem = forbiddenCharacter(character.codePointAt(0)!, true);
    if (problem) throw new Error(`${printableText(where)}: character ${index}: ${problem}; the feed is not written`);
  }
  return text;
};

/**
 * Text for xmlbuilder2's `txt()`, refused when XML cannot carry it (see {@link xmlCharacters}). `txt()` escapes `<`
 * and `>` but leaves an `&` that already looks like an entity alone: "&lt;" in a fact's text would be written as is
 * and read back as "<". Escaping every `&` first makes the builder write exactly the text it is given.
 */
export const xmlText = (text: string, where: string): string => xmlCharacters(text, where).replaceAll("&", "&amp;");

/**
 * The document as text, with xmlbuilder2's well-formedness check on: whatever text reached it without passing
 * {@link xmlCharacters} still cannot produce a feed that is not XML.
 */
export const xmlDocument = (root: ReturnType<typeof create>): string => `${root.end({ prettyPrint: true, wellFormed: true })}\n`;
