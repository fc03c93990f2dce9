/**
 * Which characters the text of the catalog may hold: the one rule behind the check of every data file and the escaping
 * of every report that quotes one.
 */

/**
 * The fields whose text may span lines: prose written in sentences (a fact's or a source's description, a citation's
 * notes, and a quote copied from a source that may break its lines). Everything else (ids, labels, titles,
 * organisations, URLs, tags, dates, keys, and every string inside a fact's `value`) is one line, since it is shown
 * in a heading, a table cell, a feed title or a calendar summary.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(["description", "notes", "quote"]);

const hex = (codePoint: number): string => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * Why a character may not appear in the text of a data file, or undefined when it may. The rule is that every text
 * can be carried by every output the catalog writes (JSON, HTML, XML feeds, iCalendar, Markdown) and reads the same
 * in each:
 * - control characters (C0, DEL, C1) other than tab and newline: XML 1.0 cannot carry most of them, and the rest
 *   are invisible or move the cursor in a terminal; a newline only where the field spans lines;
 * - the line and paragraph separators U+2028 and U+2029: some readers show a line break, others nothing;
 * - noncharacters (U+FDD0–U+FDEF and the last two code points of every plane): reserved for a program's own use,
 *   never for interchange, and U+FFFE and U+FFFF are not XML characters;
 * - lone surrogates: half of a UTF-16 pair, not a character at all; UTF-8 and XML cannot carry them;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text display in
 *   another order than it is stored, and the implicit direction marks U+200E, U+200F and U+061C: invisible, and
 *   enough to reorder digits and punctuation around them, so a number could read differently from what the file
 *   says. The catalog is written in English and needs none of them.
 */
export const forbiddenCharacter = (codePoint: number, multiline: boolean): string | undefined => {
  if (codePoint === 0x0a) {
    return multiline
      ? undefined
      : `a line break in a one-line field: only ${[...MULTILINE_FIELDS].join(", ")} may span lines`;
  }
  if (codePoint === 0x09) return undefined;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) {
    return `${hex(codePoint)} is a control character: text may hold a tab, and a newline where the field spans lines, but no other`;
  }
  if (codePoint === 0x2028 || codePoint === 0x2029) {
    return `${hex(codePoint)} is a ${codePoint === 0x2028 ? "line" : "paragraph"} separator, which readers show differently: write a newline where the field spans lines`;
  }
  if ((codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe) {
    return `${hex(codePoint)} is a Unicode noncharacter, reserved for a program's own use and never exchanged`;
  }
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
    return `${hex(codePoint)} is a lone surrogate: half of a UTF-16 pair, not a character, which neither UTF-8 nor XML can carry`;
  }
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) {
    return `${hex(codePoint)} is a bidirectional control: it makes text display in another order than it is written`;
  }
  if (codePoint === 0x200e || codePoint === 0x200f || codePoint === 0x061c) {
    return `${hex(codePoint)} is an invisible direction mark: it can reorder the digits and punctuation around it`;
  }
  return undefined;
};

/**
 * A text as it may be printed in a report (a terminal, a log, an annotation): every character {@link
 * forbiddenCharacter} refuses, newline included, written as a JSON escape (`\u001b`), so a report never carries one
 * raw.
 */
export const printableText = (text: string): string => {
  let printable = "";
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint !== 0x09 && forbiddenCharacter(codePoint, false)) {
      for (let index = 0; index < character.length; index++)
        printable += `\\u${character.charCodeAt(index).toString(16).padStart(4, "0")}`;
    } else printable += character;
  }
  return printable;
};

/**
 * Orders strings by UTF-16 code units, the same on every machine: ids, ISO 8601 instants and JSON Pointers sort as
 * they should, and unlike localeCompare nothing depends on the locale or ICU data of the machine running it.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML element content and quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/**
 * Text made safe to place in HTML element content only (never in an attribute): `&`, `<` and `>` are escaped and
 * quotes are left as they are, so a reader that shows the text without reading it as HTML sees no entity for an
 * apostrophe.
 */
export const escapeHtmlText = (text: string): string => text.replace(/[&<>]/g, (character) => ENTITIES[character]!);

/** RFC 6901: `~` becomes `~0` and `/` becomes `~1` inside a segment. */
export const toJsonPointer = (path: readonly PropertyKey[]): string =>
  path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

export const fromJsonPointer = (pointer: string): string[] =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
