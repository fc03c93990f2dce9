import { SERVICE } from "../../lib/config.ts";
import type { SiteModel } from "../site-model.ts";
import { citationsByOrg, renderPage } from "./parts/index.ts";
import { html, readableDate, sitePath } from "./text/index.ts";

/** `/sources.html`: every organisation the catalog cites, with its documents and the facts that rely on each. */
export const renderSourcesPage = (model: SiteModel): string => {
  const orgs = citationsByOrg(model.facts);
  const citationCount = model.facts.reduce((total, fact) => total + fact.citations.length, 0);
  const main = html`<h1>Sources</h1>
<p class="lead">The ${citationCount} citations of the ${model.facts.length} facts, from ${orgs.length} organisations, grouped by organisation.
Each document lists the facts that cite it and the date it was last checked for each of them.</p>
<nav class="toc" aria-labelledby="org-index-title">
<h2 id="org-index-title">Organisations</h2>
<ul class="columns">
${orgs.map((org) => html`<li><a href="#${org.anchor}">${org.org}</a> (${org.sources.length})</li>`)}
</ul>
</nav>
${orgs.map(
  (org) => html`<section class="org" id="${org.anchor}" aria-labelledby="${org.anchor}-title">
<h2 id="${org.anchor}-title">${org.org}</h2>
<ul class="sources">
${org.sources.map(
  (source) => html`<li><a href="${source.url}"><cite>${source.title ?? source.url}</cite></a>
<span class="url">${source.url}</span>
<ul class="cited-by">
${source.citedBy.map(
  ({
    fact,
    citation,
  }) => html`<li>Cited by <a href="${sitePath(model.urls, model.urls.factAnchor(fact.id))}">${fact.label}</a> (<code>${fact.id}</code>), retrieved <time datetime="${citation.retrieved_iso}">${readableDate(citation.retrieved_iso)}</time>${citation.source_published_iso ? html`, published <time datetime="${citation.source_published_iso}">${readableDate(citation.source_published_iso)}</time>` : ""}.</li>
`,
)}</ul>
</li>
`,
)}</ul>
</section>
`,
)}`;
  return renderPage(model, {
    name: "sources",
    title: `Sources: ${SERVICE.name}`,
    description: `The organisations and documents cited by the ${model.facts.length} facts of ${SERVICE.name}.`,
    canonical: model.urls.sourcesPage,
    main,
  });
};
