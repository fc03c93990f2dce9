import { readFile } from "node:fs/promises";
import path from "node:path";
import { Parser } from "htmlparser2";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

/** Elements whose text runs on into its neighbours' words, where any other element starts a new word. */
const INLINE = new Set(["a", "abbr", "b", "cite", "code", "em", "i", "kbd", "small", "span", "strong", "time"]);

export interface VisibleTextOptions {
  /** The attributes whose words a reader also sees or hears. */
  attributes?: readonly string[];
  /** True: text in inline elements runs on, as a reader reads it; false: every element starts a new word. */
  inlineRunsOn?: boolean;
}

/** The words a reader sees on a page: its text outside scripts and styles, and the alt, title and aria-label texts. */
export const visibleText = (
  markup: string,
  { attributes = ["alt", "title", "aria-label"], inlineRunsOn = true }: VisibleTextOptions = {},
): string => {
  const parts: string[] = [];
  let hidden = 0;
  const breaks = (name: string) => !inlineRunsOn || !INLINE.has(name);
  const parser = new Parser({
    onopentag(name, elementAttributes) {
      if (name === "script" || name === "style") hidden += 1;
      if (breaks(name)) parts.push(" ");
      for (const attribute of attributes)
        if (elementAttributes[attribute] !== undefined) parts.push(` ${elementAttributes[attribute]} `);
    },
    onclosetag(name) {
      if (name === "script" || name === "style") hidden -= 1;
      if (breaks(name)) parts.push(" ");
    },
    ontext(text) {
      if (hidden === 0) parts.push(text);
    },
  });
  parser.write(markup);
  parser.end();
  return parts.join("").replace(/\s+/g, " ");
};

/** Every message key of the English words file: a page that shows one shows a key, not words. */
export const englishMessageKeys = async (): Promise<Set<string>> => {
  const { pages } = JSON.parse(await readFile(path.join(PROJECT_ROOT, "site/words/en.json"), "utf8")) as {
    pages: Record<string, string>;
  };
  return new Set(Object.keys(pages));
};
