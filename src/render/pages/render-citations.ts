import type { Citation } from "../../schemas/citation.ts";
import { readableDate } from "./format-date.ts";
import { html, type Html } from "./html.ts";

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

/** A fact's sources: organisation, linked title, when it was checked (and published), and the verifier's notes. */
export const renderCitations = (citations: readonly Citation[]): Html => html`<ul class="citations">
${citations.map(
  (citation) => html`<li><span class="org">${citation.org}</span>: <a href="${citation.url}"><cite>${citation.title ?? citation.url}</cite></a>.
<span class="dates">Retrieved ${date(citation.retrieved_iso)}${citation.source_published_iso ? html`; published ${date(citation.source_published_iso)}` : ""}.</span>
${citation.notes ? html`<p class="note">${citation.notes}</p>` : ""}</li>
`,
)}</ul>`;
