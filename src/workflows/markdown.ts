/**
 * Markdown building blocks for text that comes from a pull request (untrusted): it is shown literally, never as
 * markup, links, images, HTML, @mentions or issue references. Every such text goes through `escapeMarkdown` (free
 * text) or into a code span or block (`codeSpan`, `tableCode`, `codeBlock`); text with a known shape (a month, a fact
 * id, a date) is first checked against it (`shaped`).
 */

/**
 * A zero-width space. GitHub finds @mentions, #123 references and bare addresses in the rendered text itself, after
 * Markdown escapes are gone, so a backslash cannot stop them; a zero-width space inside each can, and readers do not
 * see it.
 */
const BREAK = "\u200B";

/**
 * Characters a comment must not carry as they are: controls (a carriage return ends a line in Markdown, so it could
 * end a table row or a code span) and line and paragraph separators become spaces; format characters (bidirectional
 * overrides reorder what a reader sees, zero-width ones hide text) are dropped; a lone surrogate, which is not text at
 * all, becomes the replacement character.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const plainCharacters = (text: string): string =>
  text.replace(UNPRINTABLE, (character) =>
    /\p{Cf}/u.test(character) ? "" : /\p{Cs}/u.test(character) ? "\uFFFD" : " ",
  );

/**
 * The characters that can start inline markup anywhere in a line: code spans, emphasis and strikethrough, links and
 * images (`[`, `]`, `(`, `)`), table pipes, GitHub's `$` math, backslash escapes themselves, HTML tags and entities,
 * and what GitHub turns into links (`@`, `#`, `:`, `.` and `-`, handled by `linkable`). Other punctuation (`-`, `.`,
 * `,`, `%`, `/`) is plain text in the middle of a line and stays as written, so months and amounts read as they are.
 */
const INLINE = /[\\`*_~[\]()|$<>&@#:.-]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const BACKSLASHED = new Set(["\\", "`", "*", "_", "~", "[", "]", "(", ")", "|", "$", "@", "#"]);

/** Whether GitHub could read the punctuation at `offset` as part of a mention, a reference or an address. */
const linkable = (text: string, offset: number): boolean => {
  const character = text[offset];
  if (character === "@" || character === "#") return /\w/.test(text[offset + 1] ?? "");
  if (character === ":") return text.startsWith("//", offset + 1);
  if (character === ".") return text.slice(Math.max(0, offset - 3), offset).toLowerCase() === "www";
  if (character === "-")
    return text.slice(Math.max(0, offset - 2), offset).toLowerCase() === "gh" && /\d/.test(text[offset + 1] ?? "");
  return false;
};

/**
 * What could start a block when the text begins a line: a list item (`-`, `+`, `1.`), a thematic break or setext
 * underline (`-`, `=`); the other block markers (`#`, `>`, `*`, `_`, `` ` ``, `~`, `|`) are escaped wherever they
 * stand.
 */
const BLOCK_START = /^([-+=]|\d{1,9}\.(?= |$))/;

/**
 * Free text from a pull request as plain Markdown text on one line, shown literally wherever it is placed (a
 * paragraph, a list item, a table cell, the start of a line); runs of white space are shown as one space and the ends
 * trimmed. In one pass `&`, `<` and `>` become entities, so no HTML tag or entity survives; every character that can
 * start inline markup is backslash-escaped (CommonMark shows `\` followed by ASCII punctuation as that character); and
 * a zero-width space breaks each `@name`, `#123`, `GH-123`, `://` and `www.`, so GitHub links no user, team, issue or
 * address.
 */
export const escapeMarkdown = (text: string): string => {
  const single = plainCharacters(text).replace(/\s+/g, " ").trim();
  const escaped = single.replace(INLINE, (character, offset: number, whole: string) => {
    const plain = ENTITIES[character] ?? (BACKSLASHED.has(character) ? `\\${character}` : character);
    if (!linkable(whole, offset)) return plain;
    // After `@`, `#` and `:` the break follows the character; `www.` and `GH-` break before it.
    return character === "." || character === "-" ? `${BREAK}${plain}` : `${plain}${BREAK}`;
  });
  const start = BLOCK_START.exec(escaped)?.[0];
  return start === undefined ? escaped : `${start.slice(0, -1)}\\${escaped.slice(start.length - 1)}`;
};

/** What `shaped` checks a text against: a zod schema such as a month or a fact id. */
export interface Shape {
  safeParse(value: unknown): { success: boolean };
}

/**
 * `text` when it has the expected `shape` (a month, a fact id, a date), else a neutral placeholder naming what was
 * expected: a value of the wrong shape is never shown, so it cannot smuggle anything in. A value of the right shape
 * still goes through the one escaper.
 */
export const shaped = (text: unknown, shape: Shape, what: string): string =>
  typeof text === "string" && shape.safeParse(text).success ? escapeMarkdown(text) : `(not ${what})`;

const longestRun = (text: string, character: string): number => {
  let longest = 0;
  let current = 0;
  for (const each of text) {
    current = each === character ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
};

/** An inline code span on one line that no backtick inside `text` can close early and no line ending can break. */
export const codeSpan = (text: string): string => {
  const single = plainCharacters(text);
  const fence = "`".repeat(longestRun(single, "`") + 1);
  const pad = single.startsWith("`") || single.endsWith("`") || single.startsWith(" ") ? " " : "";
  return `${fence}${pad}${single}${pad}${fence}`;
};

/**
 * A cell of a GitHub table: the table is split at every `|` before any inline markup is read, even inside a code span,
 * so each pipe in the cell's Markdown is escaped. Give it text escaped with escapeMarkdown (whose `\|` already is) or a
 * code span, never both.
 */
export const tableCode = (text: string): string => codeSpan(text).replaceAll("|", "\\|");

/**
 * A fenced code block that no line inside `text` can close early. Its lines keep their breaks; within each line the
 * characters are filtered as in a code span, so no bidirectional override or zero-width character reaches the reader.
 */
export const codeBlock = (text: string, language = ""): string => {
  const lines = text.split("\n").map(plainCharacters).join("\n");
  const fence = "`".repeat(Math.max(3, longestRun(lines, "`") + 1));
  return `${fence}${language}\n${lines}\n${fence}`;
};

/** At most `max` characters (UTF-16 units), marked when cut; never cut between the two halves of a character. */
export const truncate = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let end = max - 1;
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
  return `${text.slice(0, end)}…`;
};

/**
 * `items` joined with `separator` up to `max` characters in all (at least the first item), found by adding lengths as
 * it goes, so each item is looked at once; the items left out are counted in a closing `more(count)`.
 */
export const joinWithin = (
  items: readonly string[],
  separator: string,
  max: number,
  more: (count: number) => string = (count) => `and ${count} more`,
): string => {
  let length = 0;
  let count = 0;
  for (const item of items) {
    const added = (count === 0 ? 0 : separator.length) + item.length;
    if (count > 0 && length + added > max) break;
    length += added;
    count += 1;
  }
  const shown = items.slice(0, count).join(separator);
  return count === items.length ? shown : `${shown}${separator}${more(items.length - count)}`;
};
