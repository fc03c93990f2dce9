import { SERVICE } from "../../../lib/config.ts";
import type { SiteModel } from "../../site-model.ts";
import { type Html, html, readableDateTime, sitePath } from "../text/index.ts";

export type PageName = "catalog" | "sources" | "changelog" | "affordability" | "calculators" | "fact";

export interface Page {
  name: PageName;
  /** The `<title>`; the page's own `<h1>` is part of `main`. */
  title: string;
  description: string;
  canonical: string;
  main: Html;
  head?: Html;
  script?: string;
}

const NAV: ReadonlyArray<readonly [PageName, string, (model: SiteModel) => string]> = [
  ["catalog", "Catalog", (model) => model.urls.catalogPage],
  ["sources", "Sources", (model) => model.urls.sourcesPage],
  ["changelog", "Change log", (model) => model.urls.changelogPage],
  ["affordability", "Affordability index", (model) => model.urls.affordabilityPage],
  ["calculators", "Calculators", (model) => model.urls.calculatorsPage],
];

/** The frame every page shares: landmarks (banner, navigation, main, contentinfo), a skip link and the licence. */
export const renderPage = (model: SiteModel, page: Page): string => {
  const link = (absolute: string): string => sitePath(model.urls, absolute);
  const document = html`<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<link rel="canonical" href="${page.canonical}">
<link rel="stylesheet" href="assets/site.css">
<link rel="alternate" type="application/rss+xml" title="${SERVICE.name}: revisions" href="${link(model.urls.feed)}">
<link rel="alternate" type="application/atom+xml" title="${SERVICE.name}: upcoming changes" href="${link(model.urls.upcomingFeed)}">
<link rel="alternate" type="text/calendar" title="${SERVICE.name}: upcoming changes (calendar)" href="${link(model.urls.upcomingCalendar)}">
<link rel="alternate" type="application/json" title="${SERVICE.name}: catalog" href="${link(model.urls.catalog)}">
${page.head ?? ""}
${page.script ? html`<script src="${page.script}" defer></script>` : ""}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<p class="site-name"><a href="./">${SERVICE.name}</a></p>
<nav aria-label="Site">
<ul>
${NAV.map(([name, label, url]) => html`<li><a href="${link(url(model))}"${name === page.name ? html` aria-current="page"` : ""}>${label}</a></li>`)}
</ul>
</nav>
</header>
<main id="main" tabindex="-1">
${page.main}
</main>
<footer class="site-footer">
<p>Content licensed <a href="${SERVICE.license}" rel="license">${SERVICE.licenseName}</a>. When you reuse a fact, cite its <code>canonical_url</code>.
Data as of <time datetime="${model.generatedAt}">${readableDateTime(model.generatedAt)}</time>.</p>
<p>Machine-readable: <a href="${link(model.urls.catalog)}">catalog JSON</a>, <a href="${link(model.urls.feed)}">RSS feed</a>,
<a href="${link(model.urls.factsAll)}">every fact in one file</a>, <a href="${link(model.urls.factValuesCsv)}">every value as CSV</a> (<a href="${link(model.urls.dataPackage)}">Data Package</a>),
<a href="${link(model.urls.upcoming)}">upcoming changes</a> (<a href="${link(model.urls.upcomingCalendar)}">iCalendar</a>, <a href="${link(model.urls.upcomingFeed)}">Atom</a>),
<a href="${link(model.urls.llms)}">llms.json</a>, <a href="${link(model.urls.searchIndex)}">search index</a>,
<a href="${link(model.urls.diffIndex)}">diff index</a>, <a href="${link(model.urls.openApi)}">OpenAPI description</a>.
Contact: <a href="mailto:${SERVICE.contactEmail}">${SERVICE.contactEmail}</a>.</p>
</footer>
</body>
</html>
`;
  return document.markup;
};
