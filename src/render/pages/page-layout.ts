/**
 * The frame every HTML page shares: the layout with its navigation and footer, the report-an-error and edit links, the
 * static assets, and the schema.org Dataset JSON-LD of the catalog and the affordability page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Words } from "../../i18n/words.ts";
import { DEFAULT_BRANCH, SERVICE } from "../../lib/config.ts";
import type { Fact } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteFiles, SiteModel } from "../site-model.ts";
import { type Html, html, rich, sitePath, trustedHtml } from "../text.ts";

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
  /** The page's own address, in English; none for a page served in place of others (the 404 page). */
  canonical: string | undefined;
  /**
   * The English page's path from the site's root ("/sources.html", "/" for the catalog): each language publishes the
   * page at the same path under its folder, and every page links its translations by it.
   */
  path: string;
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
 * How a page links a published URL: relative to the page, which sits at the root of the tree (or of its language's
 * folder), so the tree works from any origin and folder; or, for a page served `anywhere`, as a path from the site's
 * root (the base URL's path, `/` or `/folder/`), kept origin-free for the same reason. A translated page links the
 * pages of its own language, and everything else (the API, feeds, assets) where English links it.
 */
export const pageLinker = (model: SiteModel, anywhere = false, lang?: PageLanguage): ((absolute: string) => string) => {
  const root = new URL(`${model.urls.base}/`).pathname;
  const folder = lang === undefined || lang.english ? "" : `${lang.locale.folder}/`;
  return (absolute) => {
    const relative = sitePath(model.urls, absolute);
    if (relative === absolute) return absolute;
    const page = isPagePath(relative);
    if (anywhere) return `${root}${page ? folder : ""}${relative.replace(/^\.\//, "")}`;
    return page || folder === "" ? relative : `../${relative}`;
  };
};

/** A path relative to the root that is a page (the catalog, a fact's page, a place's), not a file of data. */
const isPagePath = (relative: string): boolean => /^\.\/(#.*)?$/.test(relative) || /\.html(#.*)?$/.test(relative);

/** The page's address in a language: `path` under the language's folder. */
const pageUrlIn = (model: SiteModel, lang: PageLanguage, path: string): string =>
  `${model.urls.base}${lang.path(path)}`;

const NAV: ReadonlyArray<readonly [PageName, (w: Words) => string, (model: SiteModel) => string]> = [
  ["catalog", (w) => w.text("nav.catalog"), (model) => model.urls.catalogPage],
  ["sources", (w) => w.text("nav.sources"), (model) => model.urls.sourcesPage],
  ["changelog", (w) => w.text("nav.changelog"), (model) => model.urls.changelogPage],
  ["affordability", (w) => w.text("nav.affordability"), (model) => model.urls.affordabilityPage],
  ["calculators", (w) => w.text("nav.calculators"), (model) => model.urls.calculatorsPage],
  ["places", (w) => w.text("nav.places"), (model) => model.urls.placesPage],
];

/** The footer's dates of the page's content (see {@link Page.dated}); nothing for a page not dated by the data. */
const dataDates = (model: SiteModel, page: Page, lang: PageLanguage): Html => {
  const { w } = lang;
  const at = (iso: string) => html`<time datetime="${iso}">${w.dateTime(iso)}</time>`;
  switch (page.dated?.by) {
    case "catalog":
      return html`<p class="data-dates">${rich(w, "footer.dated-catalog", { changed: at(model.generatedAt), built: html`<time datetime="${model.today}">${w.date(model.today)}</time>` })}</p>`;
    case "fact":
      return html`<p class="data-dates">${rich(w, "footer.dated-fact", { changed: at(page.dated.changedAt) })}</p>`;
    case "index":
      return html`<p class="data-dates">${rich(w, "footer.dated-index", { changed: at(page.dated.changedAt) })}</p>`;
    default:
      return html``;
  }
};

/** Every language's version of the page, as `<link rel="alternate" hreflang>`, English also as the default. */
const alternates = (model: SiteModel, page: Page): Html =>
  html`${model.languages.map(
    (other) => html`<link rel="alternate" hreflang="${other.locale.tag}" href="${pageUrlIn(model, other, page.path)}">
`,
  )}<link rel="alternate" hreflang="x-default" href="${pageUrlIn(model, model.languages[0]!, page.path)}">`;

/** The way to the page in every other language, each named in its own language. */
const languageSwitch = (model: SiteModel, page: Page, lang: PageLanguage): Html => {
  const root = new URL(`${model.urls.base}/`).pathname;
  const href = (other: PageLanguage): string => {
    const target = other.path(page.path);
    if (page.anywhere) return `${root}${target.replace(/^\//, "")}`;
    const up = page.path.split("/").length - 2 + (lang.english ? 0 : 1);
    const relative = target.replace(/^\//, "");
    return `${"../".repeat(up)}${relative === "" ? "./" : relative}`;
  };
  return html`<nav class="languages" aria-label="${lang.w.text("layout.languages")}">
<ul>
${model.languages.map((other) =>
  other === lang
    ? html`<li><span aria-current="page" lang="${other.locale.tag}">${other.locale.name}</span></li>`
    : html`<li><a href="${href(other)}" hreflang="${other.locale.tag}" lang="${other.locale.tag}">${other.locale.name}</a></li>`,
)}
</ul>
</nav>`;
};

/** On a translated page: that the English page is the authoritative text, with the way to it. */
const authoritativeNotice = (model: SiteModel, page: Page, lang: PageLanguage): Html => {
  if (lang.english) return html``;
  const english = model.languages[0]!;
  const root = new URL(`${model.urls.base}/`).pathname;
  const target = english.path(page.path).replace(/^\//, "");
  const href = page.anywhere
    ? `${root}${target}`
    : `${"../".repeat(page.path.split("/").length - 1)}${target === "" ? "./" : target}`;
  return html`<p class="translation-note">${rich(lang.w, "layout.authoritative", {
    english: (chunks) => html`<a href="${href}" hreflang="${english.locale.tag}">${chunks}</a>`,
  })}</p>`;
};

/**
 * The frame every page shares: landmarks (banner, navigation, main, contentinfo), a skip link, the icon, and a footer
 * with the disclaimer, the date of the page's content (see {@link Page.dated}), the licence and the machine-readable
 * files.
 */
export const renderPage = (model: SiteModel, page: Page, lang: PageLanguage): string => {
  const link = pageLinker(model, page.anywhere, lang);
  const { w } = lang;
  const document = html`<!doctype html>
<html lang="${lang.locale.tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
${page.canonical === undefined ? "" : html`<link rel="canonical" href="${pageUrlIn(model, lang, page.path)}">`}
${alternates(model, page)}
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
<a class="skip-link" href="#main">${w.text("layout.skip")}</a>
<header class="site-header">
<p class="site-name"><a href="${link(model.urls.catalogPage)}">${SERVICE.name}</a></p>
<nav aria-label="${w.text("layout.site-navigation")}">
<ul>
${NAV.map(([name, label, url]) => html`<li><a href="${link(url(model))}"${name === page.name ? html` aria-current="page"` : ""}>${label(w)}</a></li>`)}
</ul>
</nav>
${languageSwitch(model, page, lang)}
</header>
<main id="main" tabindex="-1">
${authoritativeNotice(model, page, lang)}
${page.main}
</main>
<footer class="site-footer">
<p class="disclaimer">${rich(w, "footer.disclaimer", { strong: (chunks) => html`<strong>${chunks}</strong>` })}</p>
${dataDates(model, page, lang)}
<p>${rich(w, "footer.licence", {
    licence: html`<a href="${SERVICE.license}" rel="license">${SERVICE.licenseName}</a>`,
    issue: (chunks) => html`<a href="${issueChooserUrl(model.repository)}">${chunks}</a>`,
  })}
${rich(w, "footer.trust", {
  methodology: (chunks) => html`<a href="${link(model.urls.methodologyPage)}">${chunks}</a>`,
  transparency: (chunks) => html`<a href="${link(model.urls.transparencyPage)}">${chunks}</a>`,
})}</p>
<p>${rich(w, "footer.machine-readable", {
    catalog: (chunks) => html`<a href="${link(model.urls.catalog)}">${chunks}</a>`,
    feed: (chunks) => html`<a href="${link(model.urls.feed)}">${chunks}</a>`,
    all: (chunks) => html`<a href="${link(model.urls.factsAll)}">${chunks}</a>`,
    csv: (chunks) => html`<a href="${link(model.urls.factValuesCsv)}">${chunks}</a>`,
    package: (chunks) => html`<a href="${link(model.urls.dataPackage)}">${chunks}</a>`,
    upcoming: (chunks) => html`<a href="${link(model.urls.upcoming)}">${chunks}</a>`,
    ical: (chunks) => html`<a href="${link(model.urls.upcomingCalendar)}">${chunks}</a>`,
    atom: (chunks) => html`<a href="${link(model.urls.upcomingFeed)}">${chunks}</a>`,
    llms: (chunks) => html`<a href="${link(model.urls.llms)}">${chunks}</a>`,
    search: (chunks) => html`<a href="${link(model.urls.searchIndex)}">${chunks}</a>`,
    diffs: (chunks) => html`<a href="${link(model.urls.diffIndex)}">${chunks}</a>`,
    openapi: (chunks) => html`<a href="${link(model.urls.openApi)}">${chunks}</a>`,
    email: html`<a href="mailto:${SERVICE.contactEmail}">${SERVICE.contactEmail}</a>`,
  })}</p>
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
export const renderReportLinks = (model: SiteModel, fact: Fact, lang: PageLanguage): Html => {
  const { w } = lang;
  const edit = editOnGitHubUrl(model, fact);
  return html`<section class="report" aria-labelledby="report-title">
<h2 id="report-title">${w.text("report.title")}</h2>
<p>${w.text("report.lead")}</p>
<ul class="report-links">
<li><a href="${reportErrorUrl(model, fact)}">${w.text("report.report")}</a></li>
${edit === undefined ? "" : html`<li><a href="${edit}" aria-describedby="edit-note">${w.text("report.edit")}</a></li>`}
</ul>
${
  edit === undefined
    ? ""
    : html`<p class="report-note" id="edit-note">${rich(w, "report.edit-note", {
        checks: (chunks) => html`<a href="${contributingChecksUrl(model.repository)}">${chunks}</a>`,
        fix: html`<code>npm run fix</code>`,
        check: html`<code>npm run check</code>`,
      })}</p>`
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

/**
 * The schema.org `Dataset` of the affordability index, on its page at `path` in `lang`: named and described in that
 * language, which it gives as its `inLanguage`.
 */
export const affordabilityDatasetJsonLd = (
  model: SiteModel,
  lang: PageLanguage,
  path: string,
): Record<string, unknown> => ({
  "@context": "https://schema.org",
  "@type": "Dataset",
  name: `${SERVICE.name}: ${lang.w.text("affordability.title")}`,
  description: lang.w.text("affordability.dataset-description"),
  url: pageUrlIn(model, lang, path),
  license: SERVICE.license,
  dateModified: model.indexChangedAt,
  inLanguage: lang.locale.tag,
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

export const renderAffordabilityDatasetJsonLd = (model: SiteModel, lang: PageLanguage, path: string): Html =>
  jsonLdScript(affordabilityDatasetJsonLd(model, lang, path));
