/**
 * The frame every HTML page shares: the layout with its navigation and footer, the report-an-error and edit links, the
 * static assets, and the schema.org Dataset JSON-LD of the catalog and the affordability page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { DEFAULT_BRANCH, SERVICE } from "../../lib/config.ts";
import { readableDate, readableDateTime } from "../../lib/format.ts";
import type { Fact } from "../../schemas/index.ts";
import type { SiteFiles, SiteModel } from "../site-model.ts";
import { type Html, html, sitePath, trustedHtml } from "../text.ts";

export type PageName =
  | "catalog"
  | "sources"
  | "changelog"
  | "affordability"
  | "calculators"
  | "places"
  | "place"
  | "methodology"
  | "transparency"
  | "fact"
  | "not-found";

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
  /**
   * What the footer dates the page by, so that a page changes only when what it says does: the newest change to the
   * data on a page that lists every fact (`catalog`), with the build day its in-effect and upcoming lists count from;
   * the fact's own last change on a fact's page (`fact`); the index inputs' on the affordability index's page
   * (`index`); no date on a page of other content (a calculator, a place, the 404 page), whose words say what they
   * are dated by.
   */
  dated?: { by: "catalog" } | { by: "fact"; changedAt: string } | { by: "index"; changedAt: string };
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
  ["places", "Places", (model) => model.urls.placesPage],
];

/** The footer's dates of the page's content (see {@link Page.dated}); nothing for a page not dated by the data. */
const dataDates = (model: SiteModel, page: Page): Html => {
  const at = (iso: string) => html`<time datetime="${iso}">${readableDateTime(iso)}</time>`;
  switch (page.dated?.by) {
    case "catalog":
      return html`<p class="data-dates">The data last changed on ${at(model.generatedAt)}, when the newest change to the facts or to the affordability index's inputs was recorded.
This copy of the site was built on <time datetime="${model.today}">${readableDate(model.today)}</time>; what is in effect and what is upcoming are counted from that day.</p>`;
    case "fact":
      return html`<p class="data-dates">This fact last changed on ${at(page.dated.changedAt)}, when its newest revision or re-verification was recorded.</p>`;
    case "index":
      return html`<p class="data-dates">The index's inputs last changed on ${at(page.dated.changedAt)}, when the newest month or revision of them was recorded.</p>`;
    default:
      return html``;
  }
};

/**
 * The frame every page shares: landmarks (banner, navigation, main, contentinfo), a skip link, the icon, and a footer
 * with the disclaimer, the date of the page's content (see {@link Page.dated}), the licence and the machine-readable
 * files.
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
${dataDates(model, page)}
<p>Content licensed <a href="${SERVICE.license}" rel="license">${SERVICE.licenseName}</a>. When you reuse a fact, cite its page, or in data the permanent address its JSON gives for it.
Found a mistake? Each fact's page has a link to report it; or <a href="${issueChooserUrl(model.repository)}">open an issue on GitHub</a>.
<a href="${link(model.urls.methodologyPage)}">How the facts are checked</a>, and <a href="${link(model.urls.transparencyPage)}">when each was last verified</a>.</p>
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

/**
 * The issue form of `.github/ISSUE_TEMPLATE/`, and the ids of its fields that the "Report an error" link fills in:
 * GitHub fills an issue form's field from the query parameter named by the field's `id`. The test of the form reads
 * the YAML and checks these ids against it.
 */
export const REPORT_ERROR_TEMPLATE = "report-error.yml";
export const REPORT_ERROR_FIELDS = { factId: "fact_id", version: "version", page: "page" } as const;

const GITHUB = "https://github.com";

/** The page where a reader picks one of the repository's issue forms. */
export const issueChooserUrl = (repository: string): string => `${GITHUB}/${repository}/issues/new/choose`;

/**
 * A new issue from the report-error form, with the fact's id, version and page filled in and a title naming the fact.
 */
export const reportErrorUrl = (model: SiteModel, fact: Fact): string => {
  const query = new URLSearchParams({
    template: REPORT_ERROR_TEMPLATE,
    title: `Error in ${fact.id} (version ${fact.version})`,
    [REPORT_ERROR_FIELDS.factId]: fact.id,
    [REPORT_ERROR_FIELDS.version]: String(fact.version),
    [REPORT_ERROR_FIELDS.page]: model.urls.factPage(fact.id),
  });
  return `${GITHUB}/${model.repository}/issues/new?${query}`;
};

/**
 * GitHub's editor for the fact's file on the default branch: a reader with an account can propose the correction as
 * a pull request, which the checks then validate like any other. The path is the file the build read the fact from.
 */
export const editOnGitHubUrl = (model: SiteModel, fact: Fact): string | undefined => {
  const file = model.timelines.get(fact.id)?.path;
  return file === undefined
    ? undefined
    : `${GITHUB}/${model.repository}/edit/${DEFAULT_BRANCH}/${file.split("/").map(encodeURIComponent).join("/")}`;
};

/** The heading of CONTRIBUTING.md that gives the steps to run before a pull request, as GitHub anchors it. */
export const CONTRIBUTING_CHECKS_ANCHOR = "before-you-open-a-pull-request";

/** CONTRIBUTING.md on the default branch, at the steps that run the checks locally (`npm run fix`, `npm run check`). */
export const contributingChecksUrl = (repository: string): string =>
  `${GITHUB}/${repository}/blob/${DEFAULT_BRANCH}/CONTRIBUTING.md#${CONTRIBUTING_CHECKS_ANCHOR}`;

/**
 * The fact page's way to a correction: report the error (anyone with a GitHub account) or edit the file. GitHub's
 * web editor runs none of the checks, so the edit link is described by a line saying so, which links to the steps
 * that run them locally: a change proposed without them fails the pull request's check.
 */
export const renderReportLinks = (model: SiteModel, fact: Fact): Html => {
  const edit = editOnGitHubUrl(model, fact);
  return html`<section class="report" aria-labelledby="report-title">
<h2 id="report-title">Something wrong?</h2>
<p>If this fact is wrong or out of date, tell us which source shows it: the form fills in this fact, its version and this page for you.
With a GitHub account you can also propose the correction to the fact's file yourself.</p>
<ul class="report-links">
<li><a href="${reportErrorUrl(model, fact)}">Report an error in this fact</a></li>
${edit === undefined ? "" : html`<li><a href="${edit}" aria-describedby="edit-note">Edit on GitHub</a></li>`}
</ul>
${
  edit === undefined
    ? ""
    : html`<p class="report-note" id="edit-note">GitHub's web editor cannot run the checks: <a href="${contributingChecksUrl(model.repository)}">run <code>npm run fix</code> and <code>npm run check</code> locally</a> before proposing a change.</p>`
}
</section>
`;
};

const SITE = path.resolve(import.meta.dirname, "../../../site");

/**
 * The stylesheets, published as written in `site/assets/` (no build step). The scripts are bundled by the build
 * (src/build/bundle-scripts.ts).
 */
export const ASSET_FILES = ["site.css", "calculators.css"] as const;

/** The site's icon, published as written in `site/` at `SITE_PATHS.favicon`, the root, where browsers look for one. */
const FAVICON = SITE_PATHS.favicon;

/**
 * Reads the assets once, when the module loads: they are part of the source tree like the code itself, so the
 * renderers stay functions of the model alone.
 */
const contents: ReadonlyMap<string, string> = new Map([
  ...ASSET_FILES.map((name): [string, string] => [
    `/assets/${name}`,
    readFileSync(path.join(SITE, "assets", name), "utf8"),
  ]),
  [FAVICON, readFileSync(path.join(SITE, FAVICON.slice(1)), "utf8")],
]);

export const siteAssets = (): SiteFiles => new Map(contents);

/** JSON inside `<script>`: `<` is escaped so no text in the data can close the element early. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value, null, 2)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const AFFORDABILITY_CSV = (model: SiteModel) => ({
  "@type": "DataDownload",
  name: "Affordability index by board and month (CSV)",
  encodingFormat: "text/csv",
  contentUrl: model.urls.affordabilitySeriesCsv,
});

/** The Frictionless Data Package: the CSV files' column types, licence and sources. */
const DATA_PACKAGE = (model: SiteModel) => ({
  "@type": "DataDownload",
  name: "Frictionless Data Package describing the CSV files (JSON)",
  encodingFormat: "application/json",
  contentUrl: model.urls.dataPackage,
});

/** The schema.org `Dataset` of the catalog, so search engines list the data and its downloads. */
export const datasetJsonLd = (model: SiteModel): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "Dataset",
  name: SERVICE.name,
  description: `Verified facts about British Columbia residential real estate (tax, mortgage, legal, foreign-buyer, strata and rental rules), each with its value, effective date, citations to primary sources and version history. ${model.facts.length} facts.`,
  url: model.urls.catalogPage,
  license: SERVICE.license,
  dateModified: model.generatedAt,
  inLanguage: "en-CA",
  isAccessibleForFree: true,
  keywords: [
    "British Columbia",
    "real estate",
    "property transfer tax",
    "mortgage",
    "strata",
    "tenancy",
    "foreign buyers",
  ],
  spatialCoverage: { "@type": "Place", name: "British Columbia, Canada" },
  creator: { "@type": "Organization", name: SERVICE.name, email: SERVICE.contactEmail, url: model.urls.catalogPage },
  distribution: [
    {
      "@type": "DataDownload",
      name: "Full catalog with history (JSON)",
      encodingFormat: "application/json",
      contentUrl: model.urls.catalog,
    },
    {
      "@type": "DataDownload",
      name: "Every fact's full record with quotes, notes, history and scheduled changes (JSON)",
      encodingFormat: "application/json",
      contentUrl: model.urls.factsAll,
    },
    {
      "@type": "DataDownload",
      name: "Every version of every value, long format (CSV)",
      encodingFormat: "text/csv",
      contentUrl: model.urls.factValuesCsv,
    },
    AFFORDABILITY_CSV(model),
    DATA_PACKAGE(model),
    {
      "@type": "DataDownload",
      name: "Revisions feed (RSS 2.0)",
      encodingFormat: "application/rss+xml",
      contentUrl: model.urls.feed,
    },
    {
      "@type": "DataDownload",
      name: "LLM catalog (JSON)",
      encodingFormat: "application/json",
      contentUrl: model.urls.llms,
    },
  ],
});

/** The schema.org `Dataset` of the affordability index, on its page. */
export const affordabilityDatasetJsonLd = (model: SiteModel): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "Dataset",
  name: `${SERVICE.name}: Lower Mainland affordability index`,
  description:
    "Monthly affordability index for Greater Vancouver and the Fraser Valley: median household income over the annual cost of carrying the MLS® HPI composite benchmark home, with every input's source and its kind.",
  url: model.urls.affordabilityPage,
  license: SERVICE.license,
  dateModified: model.indexChangedAt,
  inLanguage: "en-CA",
  isAccessibleForFree: true,
  keywords: ["British Columbia", "housing affordability", "Greater Vancouver", "Fraser Valley", "MLS® HPI"],
  spatialCoverage: { "@type": "Place", name: "Greater Vancouver and the Fraser Valley, British Columbia, Canada" },
  ...(model.index.period ? { temporalCoverage: `${model.index.period.from}/${model.index.period.to}` } : {}),
  creator: { "@type": "Organization", name: SERVICE.name, email: SERVICE.contactEmail, url: model.urls.catalogPage },
  distribution: [
    {
      "@type": "DataDownload",
      name: "Series with methodology (JSON)",
      encodingFormat: "application/json",
      contentUrl: model.urls.affordabilityIndex,
    },
    AFFORDABILITY_CSV(model),
    DATA_PACKAGE(model),
  ],
});

const jsonLdScript = (value: unknown): Html =>
  trustedHtml(`<script type="application/ld+json">\n${scriptJson(value)}\n</script>`);

export const renderDatasetJsonLd = (model: SiteModel): Html => jsonLdScript(datasetJsonLd(model));

export const renderAffordabilityDatasetJsonLd = (model: SiteModel): Html =>
  jsonLdScript(affordabilityDatasetJsonLd(model));
