import type { PublishedCitation } from "../schemas/index.ts";

/**
 * One citation as a list item of a text answer: who, what, what kind of source and when it was last checked, then
 * its URL; with `quote`, the passage of the source that states the point on the next line.
 */
export const citationText = (citation: PublishedCitation, options: { quote: boolean }): string => {
  const title = citation.title === undefined ? "" : `, "${citation.title}"`;
  const details = [citation.kind, `retrieved ${citation.retrieved_iso}`].filter((detail) => detail !== undefined).join(", ");
  const quote = options.quote && citation.quote !== undefined ? `\n  quote: "${citation.quote}"` : "";
  return `- ${citation.org}${title} (${details}): ${citation.url}${quote}`;
};

/** Every line of `text` indented by `prefix`, to nest a list under an item. */
export const indented = (text: string, prefix = "  "): string =>
  text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
