import { SERVICE } from "../../lib/config.ts";
import type { SiteModel } from "../site-model.ts";
import { pageLinker, renderPage } from "./parts/page-layout.ts";
import { html } from "./text/html.ts";

/**
 * `/404.html`: what a reader sees for a page that does not exist. Static hosts serve it in place of any missing path
 * (GitHub Pages at every depth), so it is rendered to be served `anywhere`: its links are paths from the site's root.
 * The search form asks the catalog, which reads its query from `?q=`; with JavaScript off the catalog lists every fact.
 */
export const renderNotFoundPage = (model: SiteModel): string => {
  const link = pageLinker(model, true);
  const main = html`<h1>Page not found</h1>
<p class="lead">There is no page at this address. It may have been mistyped, or the page may have moved.</p>
<form class="search not-found-search" role="search" aria-label="Search the facts" action="${link(model.urls.catalogPage)}" method="get">
<div class="field"><label for="not-found-query">Search the facts</label>
<input type="search" id="not-found-query" name="q" autocomplete="off" spellcheck="false"></div>
<button type="submit">Search</button>
</form>
<ul>
<li><a href="${link(model.urls.catalogPage)}">Browse the catalog of all ${model.facts.length} facts</a></li>
<li><a href="${link(model.urls.sourcesPage)}">Sources</a>, <a href="${link(model.urls.changelogPage)}">change log</a>, <a href="${link(model.urls.affordabilityPage)}">affordability index</a>, <a href="${link(model.urls.calculatorsPage)}">calculators</a></li>
</ul>
<p>A program looking for the API finds it under <code>/api/v1/</code>; the catalog is <a href="${link(model.urls.catalog)}"><code>${new URL(model.urls.catalog).pathname}</code></a>.</p>`;
  return renderPage(model, {
    name: "not-found",
    title: `Page not found: ${SERVICE.name}`,
    description: `No page of ${SERVICE.name} is published at this address.`,
    canonical: undefined,
    head: html`<meta name="robots" content="noindex">`,
    main,
    anywhere: true,
  });
};
