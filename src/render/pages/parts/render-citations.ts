import type { Citation } from "../../../schemas/index.ts";
import { sourceCounts } from "../../source-counts.ts";
import { type FactLinks, type Html, html, readableDate, withFactLinks } from "../text/index.ts";

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

const KIND_TEXT = { official: "official source", "official-copy": "copy of an official text", secondary: "secondary source" } as const;

/**
 * A fact's sources: organisation, linked title, what kind of source it is, when it was checked (and published), the
 * passage it is quoted for, and the notes.
 */
export const renderCitations = (citations: readonly Citation[], links?: FactLinks): Html => html`<ul class="citations">
${citations.map(
  (
    citation,
  ) => html`<li><span class="org">${citation.org}</span>: <a href="${citation.url}"><cite>${citation.title ?? citation.url}</cite></a>${citation.kind ? html` <span class="kind kind-${citation.kind}">(${KIND_TEXT[citation.kind]}${citation.kind === "official-copy" ? `, read on ${new URL(citation.url).hostname}` : ""})</span>` : ""}.
<span class="dates">Retrieved ${date(citation.retrieved_iso)}${citation.source_published_iso ? html`; published ${date(citation.source_published_iso)}` : ""}.</span>
${citation.quote ? html`<blockquote class="quote" cite="${citation.url}"><p>${citation.quote}</p></blockquote>` : ""}
${citation.notes ? html`<p class="note">${withFactLinks(citation.notes, links)}</p>` : ""}</li>
`,
)}</ul>`;

/** A fact's sources counted by kind (official, official copies, secondary): the catalog's row and the top of the fact's sources. */
export const renderSourceCounts = (citations: readonly Citation[]): Html => html`<p class="citations-brief">${sourceCounts({ citations }).text}.</p>`;
