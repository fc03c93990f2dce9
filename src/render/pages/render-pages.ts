/**
 * Every HTML page and asset of the human catalog, and the smaller pages: each fact's own page, the sources page and the
 * 404 page.
 */

import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { readableDate } from "../../lib/format.ts";
import { compareText } from "../../lib/text.ts";
import type { CitationKind, Fact, Organisation, PublishedCitation } from "../../schemas/index.ts";
import { ORGANISATION_KIND_WORDS, ORGANISATION_KINDS } from "../../schemas/index.ts";
import { factChangedAt, type SiteEntry, type SiteModel, sourceCounts, sourcesSummary } from "../site-model.ts";
import { DOMAIN_NAMES, domainSectionId, factLinks, html, sitePath } from "../text.ts";
import { pageLinker, renderPage, renderReportLinks, siteAssets } from "./page-layout.ts";
import { renderAffordabilityPage } from "./render-affordability-page.ts";
import { renderCalculatorsPage } from "./render-calculators-page.ts";
import { renderCatalogPage } from "./render-catalog-page.ts";
import { renderChangelogPage } from "./render-changelog-page.ts";
import { renderFact } from "./render-fact.ts";
import { renderMethodologyPage } from "./render-methodology-page.ts";
import { renderTransparencyPage } from "./render-transparency-page.ts";

/**
 * The human catalog: static HTML readable without JavaScript (a page per fact beside it), plus its stylesheet and
 * search script.
 */
export function* renderPages(model: SiteModel): Generator<SiteEntry> {
  yield ["/index.html", renderCatalogPage(model)];
  yield ["/sources.html", renderSourcesPage(model)];
  yield ["/changelog.html", renderChangelogPage(model)];
  yield ["/methodology.html", renderMethodologyPage(model)];
  yield ["/transparency.html", renderTransparencyPage(model)];
  yield ["/affordability.html", renderAffordabilityPage(model)];
  yield [SITE_PATHS.notFoundPage, renderNotFoundPage(model)];
  yield ["/calculators.html", renderCalculatorsPage(model)];
  yield ["/assets/calculators.js", model.calculatorsScript];
  yield ["/assets/search.js", model.searchScript];
  // What every fact page links by, made once: each page links the ids its text names to their pages.
  const pages = factPageContext(model);
  for (const fact of model.facts) yield [`/${fact.id}.html`, renderFactPage(model, fact, pages)];
  yield* siteAssets();
}

/** What every fact page shares: the links of fact ids to their pages, and each fact's diffs. */
interface FactPageContext {
  links: ReturnType<typeof factLinks>;
  diffsOf: (id: string) => SiteModel["diffs"];
}

/** The fact pages' shared context, made once per build rather than once per page. */
const factPageContext = (model: SiteModel): FactPageContext => {
  const diffs = new Map<string, SiteModel["diffs"]>();
  for (const diff of model.diffs) {
    const own = diffs.get(diff.fact_id);
    if (own) own.push(diff);
    else diffs.set(diff.fact_id, [diff]);
  }
  return {
    links: factLinks(
      model.urls,
      model.facts.map((other) => other.id),
    ),
    diffsOf: (id) => diffs.get(id) ?? [],
  };
};

/**
 * `/<fact id>.html`: one fact's full record: the value, every source with its dates, quoted passage and notes, what
 * is scheduled, the note of the current version and every earlier version with its diff. It sits at the root of
 * the tree beside the other pages, so their relative links hold.
 */
export const renderFactPage = (
  model: SiteModel,
  fact: Fact,
  context: FactPageContext = factPageContext(model),
): string => {
  const main = html`<p class="breadcrumb"><a href="${sitePath(model.urls, model.urls.catalogPage)}#${domainSectionId(fact.domain)}">${DOMAIN_NAMES[fact.domain]}</a> ›
<a href="${sitePath(model.urls, model.urls.factAnchor(fact.id))}">${fact.label} in the catalog</a></p>
${renderFact(fact, {
  urls: model.urls,
  detail: "full",
  diffs: context.diffsOf(fact.id),
  introduced: model.timelines.get(fact.id)?.versions.at(-1)?.introduced,
  today: model.today,
  links: context.links,
})}
${renderReportLinks(model, fact)}`;
  return renderPage(model, {
    name: "fact",
    dated: { by: "fact", changedAt: factChangedAt(model, fact.id) },
    title: `${fact.label}: ${SERVICE.name}`,
    description: fact.description,
    canonical: model.urls.factPage(fact.id),
    head: html`<link rel="alternate" type="application/json" title="${fact.label} (JSON)" href="${sitePath(model.urls, model.urls.factById(fact.id))}">
<link rel="alternate" type="application/atom+xml" title="${fact.label}: revisions and scheduled changes" href="${sitePath(model.urls, model.urls.factFeed(fact.id))}">`,
    main,
  });
};

const KIND_HEADINGS = {
  government: "Government",
  intergovernmental: "Intergovernmental bodies",
  regulator: "Regulators",
  court: "Courts",
  "crown-agency": "Crown agencies",
  "statutory-authority": "Statutory authorities",
  "industry-body": "Industry bodies",
  news: "News",
  firm: "Firms",
  "non-profit": "Non-profits",
  other: "Other publishers",
} as const;

const CITATION_KIND_TEXT: Record<CitationKind, string> = {
  official: "official",
  "official-copy": "official copy",
  secondary: "secondary",
};

/** The host a copy was read on, so "official copy" says where: the organisation is the one whose text it is. */
const hostOf = (url: string): string => new URL(url).hostname;

/**
 * `/sources.html`: every organisation the catalog cites, as the registry names it (name, kind, home page), grouped by
 * kind in the index, with its documents and the facts that rely on each.
 */
export const renderSourcesPage = (model: SiteModel): string => {
  const orgs = citationsByOrg(model.facts, model.organisations);
  const kinds = ORGANISATION_KINDS.map((kind) => ({
    kind,
    orgs: orgs.filter((org) => org.organisation.kind === kind),
  })).filter((group) => group.orgs.length > 0);
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
  const counts = sourceCounts({
    citations: org.sources.flatMap((source) => source.citedBy.map(({ citation }) => citation)),
  });
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
    dated: { by: "catalog" },
    title: `Sources: ${SERVICE.name}`,
    description: `The ${orgs.length} organisations and the documents cited by the ${model.facts.length} facts of ${SERVICE.name}.`,
    canonical: model.urls.sourcesPage,
    main,
  });
};

export interface CitingFact {
  fact: Fact;
  citation: PublishedCitation;
}

export interface CitedSource {
  url: string;
  title: string | undefined;
  citedBy: CitingFact[];
}

export interface SourceOrg {
  /** The organisation as the registry has it: its name, kind and home page. */
  organisation: Organisation;
  /** A fragment id for the organisation: its registry id, so a link to it stays while the facts change. */
  anchor: string;
  sources: CitedSource[];
}

/**
 * Every current citation grouped by the registry's organisation (by `org_id`), then by source URL, each with the facts
 * that cite it. Sorted by name so the page stays put when facts are reordered.
 */
export const citationsByOrg = (facts: readonly Fact[], organisations: readonly Organisation[]): SourceOrg[] => {
  const registry = new Map(organisations.map((organisation) => [organisation.id, organisation]));
  const orgs = new Map<string, Map<string, CitedSource>>();
  for (const fact of facts) {
    for (const citation of fact.citations) {
      const sources = orgs.get(citation.org_id) ?? new Map<string, CitedSource>();
      orgs.set(citation.org_id, sources);
      const source = sources.get(citation.url) ?? { url: citation.url, title: citation.title, citedBy: [] };
      source.title ??= citation.title;
      source.citedBy.push({ fact, citation });
      sources.set(citation.url, source);
    }
  }
  const byName = (a: string, b: string): number =>
    a.localeCompare(b, "en", { sensitivity: "base" }) || compareText(a, b);
  return [...orgs.entries()]
    .map(([id, sources]) => {
      const organisation = registry.get(id);
      // The build publishes every citation through the registry, so its organisation is there.
      if (organisation === undefined)
        throw new Error(`a citation names the organisation "${id}", which the registry does not hold`);
      const sorted = [...sources.values()].sort(
        (a, b) => byName(a.title ?? a.url, b.title ?? b.url) || byName(a.url, b.url),
      );
      return { organisation, anchor: `org-${id}`, sources: sorted };
    })
    .sort((a, b) => byName(a.organisation.name, b.organisation.name));
};

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
