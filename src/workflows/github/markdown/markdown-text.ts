/**
 * Markdown building blocks for text that comes from a pull request (untrusted): it is shown literally, never as
 * markup, links, HTML or @mentions.
 */

/** Escapes every ASCII punctuation character CommonMark may treat as markup, and `<`/`>`/`&` for the HTML layer. */
export const escapeMarkdown = (text: string): string =>
  text
    .replace(/[\\`*_{}[\]()#+\-.!|~@$=:"']/g, (character) => `\\${character}`)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/\r?\n/g, " ");

const longestRun = (text: string, character: string): number => {
  let longest = 0;
  let current = 0;
  for (const each of text) {
    current = each === character ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
};

/** An inline code span that no backtick inside `text` can close early. */
export const codeSpan = (text: string): string => {
  const single = text.replace(/\r?\n/g, " ");
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

/** A fenced code block that no line inside `text` can close early. */
export const codeBlock = (text: string, language = ""): string => {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return `${fence}${language}\n${text}\n${fence}`;
};

/** At most `max` characters, marked when cut. */
export const truncate = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
