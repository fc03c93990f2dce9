import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * What a reader of a GitHub comment sees, as far as a test can tell without GitHub: the body rendered as GitHub
 * Flavored Markdown (tables, autolinked addresses, strikethrough) with raw HTML passed through as GitHub passes the
 * tags it allows, then the text GitHub itself would turn into links (@mentions, #references, bare addresses) found in
 * the rendered text outside code, as GitHub finds them.
 */
export interface ReaderView {
  html: string;
  /** The names of every element in the rendered HTML, e.g. `p`, `table`, `a`. */
  tags: Set<string>;
  /**
   * The rendered text outside `code` and `pre`, where GitHub looks for links: entities decoded, zero-width spaces kept.
   */
  text: string;
  /**
   * All the rendered text as a reader reads it: code included, entities decoded, zero-width spaces removed, white space
   * runs as one space.
   */
  visible: string;
  /** Every cell count of the rendered table rows, in order. */
  rowCells: number[];
  /** What GitHub would link in `text`: mentions, issue references and bare addresses. */
  linked: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return ENTITIES[name] ?? String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/**
 * GitHub's patterns, simplified: a mention is `@` and a name after a non-word character (html-pipeline's
 * MentionFilter), a reference is `#` and digits or `GH-` and digits, an address starts with a scheme and `//` or with
 * `www.`.
 */
const LINKED = [
  /(?:^|[^\w`])@[a-z0-9][a-z0-9-]*/gi,
  /(?:^|[^\w/&])#\d+/g,
  /\bGH-\d+/gi,
  /\b[a-z][a-z0-9+.-]*:\/\//gi,
  /\bwww\./gi,
];

export const readAsGitHub = (markdown: string): ReaderView => {
  const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });
  const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
  // GitHub looks for links in each text node: a tag between two words separates them.
  const textOf = (part: string, between: string) =>
    decode(part.replace(/<!--[\s\S]*?-->/g, between).replace(/<[^>]*>/g, between));
  const text = textOf(html.replace(/<pre[\s>][\s\S]*?<\/pre>/g, " ").replace(/<code>[\s\S]*?<\/code>/g, " "), " ");
  const rowCells = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
    (row) => (row[1]!.match(/<t[dh][\s>]/g) ?? []).length,
  );
  return {
    html,
    tags,
    text,
    visible: textOf(html, "").replaceAll("\u200B", "").replace(/\s+/g, " "),
    rowCells,
    linked: LINKED.flatMap((pattern) => text.match(pattern) ?? []),
  };
};
