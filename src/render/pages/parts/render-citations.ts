import type { Citation } from "../../../schemas/citation.ts";
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
  ) => html`<li><span class="org">${citation.org}</span>: <a href="${citation.url}"><cite>${citation.title ?? citation.url}</cite></a>${citation.kind ? html` <span class="kind kind-${citation.kind}">(${KIND_TEXT[citation.kind]})</span>` : ""}.
<span class="dates">Retrieved ${date(citation.retrieved_iso)}${citation.source_published_iso ? html`; published ${date(citation.source_published_iso)}` : ""}.</span>
${citation.quote ? html`<blockquote class="quote" cite="${citation.url}"><p>${citation.quote}</p></blockquote>` : ""}
${citation.notes ? html`<p class="note">${withFactLinks(citation.notes, links)}</p>` : ""}</li>
`,
)}</ul>`;

const KIND_PLURAL = { official: "official sources", "official-copy": "copies of an official text", secondary: "secondary sources" } as const;

/** A fact's sources as the catalog counts them, by kind: the fact's own page names, links and quotes each one. */
export const renderSourceCounts = (citations: readonly Citation[]): Html => {
  const counts = (["official", "official-copy", "secondary"] as const)
    .map((kind) => [kind, citations.filter((citation) => citation.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${count === 1 ? KIND_TEXT[kind] : KIND_PLURAL[kind]}`);
  return html`<p class="citations-brief">${citations.length} ${citations.length === 1 ? "source" : "sources"}${counts.length > 0 ? `: ${counts.join(", ")}` : ""}.</p>`;
};
