import type { Urls } from "../../../lib/config.ts";
import { type Html, html } from "./html.ts";
import { sitePath } from "./site-path.ts";

/** The page of a fact id that exists, as a link from the pages; undefined for any other word. */
export type FactLinks = (id: string) => string | undefined;

/** Links to the pages of the facts in `ids`, relative like every link between the pages. */
export const factLinks = (urls: Urls, ids: Iterable<string>): FactLinks => {
  const known = new Set(ids);
  return (id) => (known.has(id) ? sitePath(urls, urls.factPage(id)) : undefined);
};

/** Something that may be a fact id: dotted lowercase words, "bc.ptt.brackets", "bc.rent_cap.2026". */
const CANDIDATE = /(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+/g;

/**
 * Text with every fact id in it that names a fact linked to that fact's page: "see osfi.b20.stress_test" reads with
 * a link. A candidate that is not an id loses its last dotted part until it is one ("bc.pds.html" links bc.pds) or
 * nothing is left, so a sentence's closing period or a file name around an id does not hide it.
 */
export const withFactLinks = (text: string, links: FactLinks | undefined): Html => {
  if (links === undefined) return html`${text}`;
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    let id = match[0];
    let href = links(id);
    while (href === undefined && id.includes(".")) {
      id = id.slice(0, id.lastIndexOf("."));
      href = links(id);
    }
    if (href === undefined) continue;
    parts.push(html`${text.slice(last, match.index)}<a href="${href}"><code>${id}</code></a>`);
    last = match.index + id.length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
};
