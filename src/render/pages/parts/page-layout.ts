import { SITE_PATHS } from "../../../../packages/client/src/index.ts";
import { SERVICE } from "../../../lib/config.ts";
import type { SiteModel } from "../../site-model.ts";
import { type Html, html, readableDate, readableDateTime, sitePath } from "../text/index.ts";
import { issueChooserUrl } from "./report-links.ts";

export type PageName = "catalog" | "sources" | "changelog" | "affordability" | "calculators" | "fact" | "not-found";

export interface Page {
  name: PageName;
  /** The `<title>`; the page's own `<h1>` is part of `main`. */
  title: string;
  description: string;
  /** The page's own address; none for a page served in place of others (the 404 page). */
  canonical: string | undefined;
  main: Html;
  head?: Html;
  script?: string;
  /** A page of tables to scan (the catalog): the frame may use the width of a wide screen. */
  wide?: boolean;
  /**
   * The page may be served at any path (the 404 page, which hosts serve in place of whatever was asked for), so its
   * links are paths from the site's root (`/assets/site.css`) rather than relative to the page (`assets/site.css`).
   */
  anywhere?: boolean;
}

/**
 * How a page links a published URL: relative to the page, which sits at the root of the tree, so the tree works from
 * any origin and folder; or, for a page served `anywhere`, as a path from the site's root (the base URL's path, `/`
 * or `/folder/`), kept origin-free for the same reason.
 */
export const pageLinker = (model: SiteModel, anywhere = false): ((absolute: string) => string) => {
  if (!anywhere) return (absolute) => sitePath(model.urls, absolute);
  const root = new URL(`${model.urls.base}/`).pathname;
  return (absolute) => {
    const relative = sitePath(model.urls, absolute);
    return relative === absolute ? absolute : `${root}${relative.replace(/^\.\//, "")}`;
  };
};

const NAV: ReadonlyArray<readonly [PageName, string, (model: SiteModel) => string]> = [
  ["catalog", "Catalog", (model) => model.urls.catalogPage],
  ["sources", "Sources", (model) => model.urls.sourcesPage],
  ["changelog", "Change log", (model) => model.urls.changelogPage],
  ["affordability", "Affordability index", (model) => model.urls.affordabilityPage],
  ["calculators", "Calculators", (model) => model.urls.calculatorsPage],
];

/**
 * The frame every page shares: landmarks (banner, navigation, main, contentinfo), a skip link, the icon, and a footer
 * with the disclaimer, the dates of the data and of the build, the licence and the machine-readable files.
 */
export const renderPage = (model: SiteModel, page: Page): string => {
  const link = pageLinker(model, page.anywhere);
  const document = html`<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
${page.canonical === undefined ? "" : html`<link rel="canonical" href="${page.canonical}">`}
<link rel="icon" href="${link(`${model.urls.base}${SITE_PATHS.favicon}`)}" type="image/svg+xml">
<link rel="stylesheet" href="${link(`${model.urls.base}/assets/site.css`)}">
<link rel="alternate" type="application/rss+xml" title="${SERVICE.name}: revisions" href="${link(model.urls.feed)}">
<link rel="alternate" type="application/atom+xml" title="${SERVICE.name}: rule changes" href="${link(model.urls.changesFeed)}">
<link rel="alternate" type="text/calendar" title="${SERVICE.name}: rule changes (calendar)" href="${link(model.urls.changesCalendar)}">
<link rel="alternate" type="application/atom+xml" title="${SERVICE.name}: upcoming changes and re-verify-by dates" href="${link(model.urls.upcomingFeed)}">
<link rel="alternate" type="text/calendar" title="${SERVICE.name}: upcoming changes and re-verify-by dates (calendar)" href="${link(model.urls.upcomingCalendar)}">
<link rel="alternate" type="application/json" title="${SERVICE.name}: catalog" href="${link(model.urls.catalog)}">
${page.head ?? ""}
${page.script ? html`<script src="${link(`${model.urls.base}/${page.script}`)}" defer></script>` : ""}
</head>
<body${page.wide ? html` class="wide"` : ""}>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<p class="site-name"><a href="${link(model.urls.catalogPage)}">${SERVICE.name}</a></p>
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
<p class="disclaimer"><strong>This site gives general information, not legal, tax or financial advice.</strong>
Rules change and have exceptions: check the official sources each fact cites, and ask a professional about your own situation.</p>
<p class="data-dates">The data last changed on <time datetime="${model.generatedAt}">${readableDateTime(model.generatedAt)}</time>, when the newest change to the facts or to the affordability index's inputs was recorded.
This copy of the site was built on <time datetime="${model.today}">${readableDate(model.today)}</time>; what is in effect and what is upcoming are counted from that day.</p>
<p>Content licensed <a href="${SERVICE.license}" rel="license">${SERVICE.licenseName}</a>. When you reuse a fact, cite its page, or in data its permanent address (the <code>canonical_url</code> of its JSON).
Found a mistake? Each fact's page has a link to report it; or <a href="${issueChooserUrl(model.repository)}">open an issue on GitHub</a>.</p>
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
