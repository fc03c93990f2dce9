/**
 * Every HTML page and asset of the human catalog, and the smaller pages: each fact's own page, the sources page and the
 * 404 page.
 */

import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Words } from "../../i18n/words.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import type { CitationKind, Fact, Organisation, PublishedCitation } from "../../schemas/index.ts";
import { ORGANISATION_KINDS, type OrganisationKind } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import { factChangedAt, type SiteEntry, type SiteModel, sourceCounts, sourcesSummary } from "../site-model.ts";
import { domainName, domainSectionId, factLinks, html, organisationKindWord, rich } from "../text.ts";
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
  // What every fact page links by, made once: each page links the ids its text names to their pages.
  const pages = factPageContext(model);
  for (const lang of model.languages) {
    yield [lang.path("/sources.html"), renderSourcesPage(model, lang)];
    yield [lang.path(SITE_PATHS.notFoundPage), renderNotFoundPage(model, lang)];
    yield [lang.path("/changelog.html"), renderChangelogPage(model, lang)];
    yield [lang.path("/affordability.html"), renderAffordabilityPage(model, lang)];
    yield [lang.path("/methodology.html"), renderMethodologyPage(model, lang)];
    yield [lang.path("/transparency.html"), renderTransparencyPage(model, lang)];
    yield [lang.path("/index.html"), renderCatalogPage(model, lang)];
    yield [lang.path("/calculators.html"), renderCalculatorsPage(model, lang)];
    for (const fact of model.facts) yield [lang.path(`/${fact.id}.html`), renderFactPage(model, fact, lang, pages)];
  }
  yield ["/assets/calculators.js", model.calculatorsScript];
  yield ["/assets/search.js", model.searchScript];
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
  lang: PageLanguage,
  context: FactPageContext = factPageContext(model),
): string => {
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  const label = lang.factLabel(fact);
  const main = html`<p class="breadcrumb"><a href="${link(model.urls.catalogPage)}#${domainSectionId(fact.domain)}">${domainName(w, fact.domain)}</a> ›
<a href="${link(model.urls.factAnchor(fact.id))}">${w.text("fact-page.in-catalog", { label })}</a></p>
${renderFact(fact, {
  urls: model.urls,
  link,
  lang,
  detail: "full",
  diffs: context.diffsOf(fact.id),
  introduced: model.timelines.get(fact.id)?.versions.at(-1)?.introduced,
  summaryKeys: model.timelines.get(fact.id)?.versions.at(-1)?.state.summary_keys,
  today: model.today,
  links: context.links,
})}
${renderReportLinks(model, fact, lang)}`;
  return renderPage(
    model,
    {
      name: "fact",
      path: `/${fact.id}.html`,
      dated: { by: "fact", changedAt: factChangedAt(model, fact.id) },
      title: w.text("page.title", { page: label, site: SERVICE.name }),
      description: lang.factDescription(fact),
      canonical: model.urls.factPage(fact.id),
      head: html`<link rel="alternate" type="application/json" title="${w.text("fact-page.json-title", { label })}" href="${link(model.urls.factById(fact.id))}">
<link rel="alternate" type="application/atom+xml" title="${w.text("fact-page.feed-title", { label })}" href="${link(model.urls.factFeed(fact.id))}">`,
      main,
    },
    lang,
  );
};

/** The sources page's heading of each kind of organisation. */
const KIND_HEADINGS = (w: Words): Record<OrganisationKind, string> => ({
  government: w.text("sources.kind.government"),
  intergovernmental: w.text("sources.kind.intergovernmental"),
  regulator: w.text("sources.kind.regulator"),
  court: w.text("sources.kind.court"),
  "crown-agency": w.text("sources.kind.crown-agency"),
  "statutory-authority": w.text("sources.kind.statutory-authority"),
  "industry-body": w.text("sources.kind.industry-body"),
  news: w.text("sources.kind.news"),
  firm: w.text("sources.kind.firm"),
  "non-profit": w.text("sources.kind.non-profit"),
  other: w.text("sources.kind.other"),
});

/** What a citation's kind is called, in words: "official copy". */
export const citationKindWords = (w: Words, kind: CitationKind): string =>
  kind === "official"
    ? w.text("citation-kind.official")
    : kind === "official-copy"
      ? w.text("citation-kind.official-copy")
      : w.text("citation-kind.secondary");

/** The host a copy was read on, so "official copy" says where: the organisation is the one whose text it is. */
const hostOf = (url: string): string => new URL(url).hostname;

/**
 * `/sources.html`: every organisation the catalog cites, as the registry names it (name, kind, home page), grouped by
 * kind in the index, with its documents and the facts that rely on each.
 */
export const renderSourcesPage = (model: SiteModel, lang: PageLanguage): string => {
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  const headings = KIND_HEADINGS(w);
  const orgs = citationsByOrg(model.facts, model.organisations);
  const kinds = ORGANISATION_KINDS.map((kind) => ({
    kind,
    orgs: orgs.filter((org) => org.organisation.kind === kind),
  })).filter((group) => group.orgs.length > 0);
  const totals = sourceCounts({ citations: model.facts.flatMap((fact) => fact.citations) });
  const main = html`<h1>${w.text("sources.title")}</h1>
<p class="lead">${lang.english ? sourcesSummary(model.facts) : w.text("sources.summary", { facts: model.facts.length, citations: totals.total, official: totals.official, copies: totals.official_copy, secondary: totals.secondary })}</p>
<p>${w.text("sources.intro")}</p>
<nav class="toc" aria-labelledby="org-index-title">
<h2 id="org-index-title">${w.text("sources.organisations")}</h2>
${kinds.map(
  (group) => html`<h3 class="org-kind">${headings[group.kind]} (${w.number(group.orgs.length)})</h3>
<ul class="columns">
${group.orgs.map((org) => html`<li><a href="#${org.anchor}">${org.organisation.name}</a> (${w.number(org.sources.length)})</li>`)}
</ul>
`,
)}</nav>
${orgs.map((org) => {
  const counts = sourceCounts({
    citations: org.sources.flatMap((source) => source.citedBy.map(({ citation }) => citation)),
  });
  return html`<section class="org" id="${org.anchor}" aria-labelledby="${org.anchor}-title">
<h2 id="${org.anchor}-title">${org.organisation.name}</h2>
<p class="org-facts"><span class="org-kind-word">${organisationKindWord(w, org.organisation.kind)}</span>${org.organisation.home_page === null ? "" : html` · <a href="${org.organisation.home_page}">${w.text("sources.home-page")}</a>`} · ${w.text("sources.org-counts", { documents: org.sources.length, cited: counts.total })}: ${lang.english ? counts.kinds : w.text("sources.kinds", { official: counts.official, copies: counts.official_copy, secondary: counts.secondary })}</p>
<ul class="sources">
${org.sources.map(
  (source) => html`<li><a href="${source.url}"><cite>${source.title ?? source.url}</cite></a>
<span class="url">${source.url}</span>
<ul class="cited-by">
${source.citedBy.map(
  ({ fact, citation }) => html`<li>${rich(w, "sources.cited-by", {
    fact: html`<a href="${link(model.urls.factPage(fact.id))}">${lang.factLabelHtml(fact)}</a> (<code>${fact.id}</code>)`,
    kind: citation.kind
      ? html`<span class="kind kind-${citation.kind}">${citation.kind === "official-copy" ? w.text("sources.official-copy-on", { host: hostOf(citation.url) }) : citationKindWords(w, citation.kind)}</span>`
      : "",
    hasKind: citation.kind ? "yes" : "no",
    retrieved: html`<time datetime="${citation.retrieved_iso}">${w.date(citation.retrieved_iso)}</time>`,
    published: citation.source_published_iso
      ? html`<time datetime="${citation.source_published_iso}">${w.date(citation.source_published_iso)}</time>`
      : "",
    hasPublished: citation.source_published_iso ? "yes" : "no",
  })}</li>
`,
)}</ul>
</li>
`,
)}</ul>
</section>
`;
})}`;
  return renderPage(
    model,
    {
      name: "sources",
      path: "/sources.html",
      dated: { by: "catalog" },
      title: w.text("page.title", { page: w.text("sources.title"), site: SERVICE.name }),
      description: w.text("sources.description", {
        organisations: orgs.length,
        facts: model.facts.length,
        site: SERVICE.name,
      }),
      canonical: model.urls.sourcesPage,
      main,
    },
    lang,
  );
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
export const renderNotFoundPage = (model: SiteModel, lang: PageLanguage): string => {
  const link = pageLinker(model, true, lang);
  const { w } = lang;
  const main = html`<h1>${w.text("not-found.title")}</h1>
<p class="lead">${w.text("not-found.lead")}</p>
<form class="search not-found-search" role="search" aria-label="${w.text("not-found.search")}" action="${link(model.urls.catalogPage)}" method="get">
<div class="field"><label for="not-found-query">${w.text("not-found.search")}</label>
<input type="search" id="not-found-query" name="q" autocomplete="off" spellcheck="false"></div>
<button type="submit">${w.text("not-found.search-button")}</button>
</form>
<ul>
<li><a href="${link(model.urls.catalogPage)}">${w.text("not-found.browse", { count: model.facts.length })}</a></li>
<li>${rich(w, "not-found.other-pages", {
    sources: (chunks) => html`<a href="${link(model.urls.sourcesPage)}">${chunks}</a>`,
    changelog: (chunks) => html`<a href="${link(model.urls.changelogPage)}">${chunks}</a>`,
    affordability: (chunks) => html`<a href="${link(model.urls.affordabilityPage)}">${chunks}</a>`,
    calculators: (chunks) => html`<a href="${link(model.urls.calculatorsPage)}">${chunks}</a>`,
  })}</li>
</ul>
<p>${rich(w, "not-found.api", {
    api: html`<code>/api/v1/</code>`,
    catalog: html`<a href="${link(model.urls.catalog)}"><code>${new URL(model.urls.catalog).pathname}</code></a>`,
  })}</p>`;
  return renderPage(
    model,
    {
      name: "not-found",
      path: SITE_PATHS.notFoundPage,
      title: w.text("page.title", { page: w.text("not-found.title"), site: SERVICE.name }),
      description: w.text("not-found.description", { site: SERVICE.name }),
      canonical: undefined,
      head: html`<meta name="robots" content="noindex">`,
      main,
      anywhere: true,
    },
    lang,
  );
};
