import { SERVICE } from "../../lib/config.ts";
import type { CitationKind } from "../../schemas/index.ts";
import { ORGANISATION_KIND_WORDS, ORGANISATION_KINDS } from "../../schemas/index.ts";
import type { SiteModel } from "../site-model.ts";
import { sourceCounts, sourcesSummary } from "../source-counts.ts";
import { citationsByOrg, renderPage } from "./parts/index.ts";
import { html, readableDate, sitePath } from "./text/index.ts";

const KIND_HEADINGS = {
  government: "Government",
  regulator: "Regulators",
  court: "Courts",
  "crown-agency": "Crown agencies",
  "industry-body": "Industry bodies",
  news: "News",
  firm: "Firms",
  "non-profit": "Non-profits",
  other: "Other publishers",
} as const;

const CITATION_KIND_TEXT: Record<CitationKind, string> = { official: "official", "official-copy": "official copy", secondary: "secondary" };

/** The host a copy was read on, so "official copy" says where: the organisation is the one whose text it is. */
const hostOf = (url: string): string => new URL(url).hostname;

/**
 * `/sources.html`: every organisation the catalog cites, as the registry names it (name, kind, home page), grouped by
 * kind in the index, with its documents and the facts that rely on each.
 */
export const renderSourcesPage = (model: SiteModel): string => {
  const orgs = citationsByOrg(model.facts, model.organisations);
  const kinds = ORGANISATION_KINDS.map((kind) => ({ kind, orgs: orgs.filter((org) => org.organisation.kind === kind) })).filter(
    (group) => group.orgs.length > 0,
  );
  const main = html`<h1>Sources</h1>
<p class="lead">${sourcesSummary(model.facts)}</p>
<p>Each organisation is named once, from the project's registry of organisations. An official source is the organisation's own
publication; an official copy is its text read on another site (named beside it); a secondary source is anyone else's account.
Each document lists the facts that cite it and the date it was last checked for each of them.</p>
<nav class="toc" aria-labelledby="org-index-title">
<h2 id="org-index-title">Organisations</h2>
${kinds.map(
  (group) => html`<h3 class="org-kind">${KIND_HEADINGS[group.kind]} (${group.orgs.length})</h3>
<ul class="columns">
${group.orgs.map((org) => html`<li><a href="#${org.anchor}">${org.organisation.name}</a> (${org.sources.length})</li>`)}
</ul>
`,
)}</nav>
${orgs.map((org) => {
  const counts = sourceCounts({ citations: org.sources.flatMap((source) => source.citedBy.map(({ citation }) => citation)) });
  return html`<section class="org" id="${org.anchor}" aria-labelledby="${org.anchor}-title">
<h2 id="${org.anchor}-title">${org.organisation.name}</h2>
<p class="org-facts"><span class="org-kind-word">${ORGANISATION_KIND_WORDS[org.organisation.kind]}</span>${org.organisation.home_page === null ? "" : html` · <a href="${org.organisation.home_page}">home page</a>`} · ${org.sources.length} ${org.sources.length === 1 ? "document" : "documents"}, cited ${counts.total} ${counts.total === 1 ? "time" : "times"}: ${counts.kinds}</p>
<ul class="sources">
${org.sources.map(
  (source) => html`<li><a href="${source.url}"><cite>${source.title ?? source.url}</cite></a>
<span class="url">${source.url}</span>
<ul class="cited-by">
${source.citedBy.map(
  ({
    fact,
    citation,
  }) => html`<li>Cited by <a href="${sitePath(model.urls, model.urls.factPage(fact.id))}">${fact.label}</a> (<code>${fact.id}</code>)${citation.kind ? html`, as <span class="kind kind-${citation.kind}">${CITATION_KIND_TEXT[citation.kind]}${citation.kind === "official-copy" ? ` read on ${hostOf(citation.url)}` : ""}</span>` : ""}, retrieved <time datetime="${citation.retrieved_iso}">${readableDate(citation.retrieved_iso)}</time>${citation.source_published_iso ? html`, published <time datetime="${citation.source_published_iso}">${readableDate(citation.source_published_iso)}</time>` : ""}.</li>
`,
)}</ul>
</li>
`,
)}</ul>
</section>
`;
})}`;
  return renderPage(model, {
    name: "sources",
    title: `Sources: ${SERVICE.name}`,
    description: `The ${orgs.length} organisations and the documents cited by the ${model.facts.length} facts of ${SERVICE.name}.`,
    canonical: model.urls.sourcesPage,
    main,
  });
};
