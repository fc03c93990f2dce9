import { SERVICE } from "../../lib/config.ts";
import { DOMAINS } from "../../schemas/index.ts";
import type { SiteModel } from "../site-model.ts";
import { renderDatasetJsonLd, renderPage, renderUpcomingSection } from "./parts/index.ts";
import { renderCatalogRows } from "./parts/render-catalog-rows.ts";
import { DOMAIN_NAMES, domainSectionId, html, readableDate, sitePath } from "./text/index.ts";

const count = (n: number): string => `${n} ${n === 1 ? "fact" : "facts"}`;

/** What a search for the affordability index may say: the page shows a link to it for these words, not a fact. */
const AFFORDABILITY_SEARCH_TEXT =
  "lower mainland affordability index vancouver special housing affordability carrying cost median household income benchmark price mls hpi greater vancouver fraser valley";

/**
 * `/index.html`: every fact as one row of its domain's table, the domains in the order the API lists its domain
 * bundles (docs/consumers/api.md). The search form ships `hidden` and the script reveals it, so a reader without
 * JavaScript sees every fact and no control that does nothing. Each row links the fact's own page, which has the full record.
 */
export const renderCatalogPage = (model: SiteModel): string => {
  const domains = DOMAINS.map((domain) => ({ domain, facts: model.facts.filter((fact) => fact.domain === domain) })).filter((group) => group.facts.length > 0);
  const main = html`<h1>${SERVICE.name}</h1>
<p class="lead">${count(model.facts.length)} about British Columbia residential real estate: tax, mortgage, legal, foreign-buyer, strata and rental rules.
Each row gives a fact's value in short, when it took effect, when it was last checked against its sources and what is scheduled; its own page has the full value, quotes each source and lists every earlier version recorded in git.
Data as of ${readableDate(model.generatedAt.slice(0, 10))}.</p>
<form class="search" id="fact-search" role="search" aria-label="Search the facts" hidden data-index="${sitePath(model.urls, model.urls.searchIndex)}">
<div class="field"><label for="search-query">Search facts</label>
<input type="search" id="search-query" name="q" autocomplete="off" spellcheck="false" aria-describedby="search-hint"></div>
<div class="field"><label for="search-domain">Domain</label>
<select id="search-domain" name="domain">
<option value="">All domains</option>
${domains.map(({ domain }) => html`<option value="${domain}">${DOMAIN_NAMES[domain]}</option>`)}
</select></div>
<p id="search-hint" class="hint">Words or abbreviations, for example “transfer tax”, “PTT” or “rent increase”.</p>
<p id="search-status" class="status" role="status" aria-live="polite"></p>
<p class="search-also" hidden data-search-text="${AFFORDABILITY_SEARCH_TEXT}">Looking for the affordability index? <a href="${sitePath(model.urls, model.urls.affordabilityPage)}">The Lower Mainland affordability index</a> has its own page.</p>
</form>
<nav class="toc catalog-toc" aria-labelledby="toc-title">
<h2 id="toc-title">Domains</h2>
<ul>
<li><a href="#upcoming">Upcoming</a></li>
${domains.map(({ domain, facts }) => html`<li><a href="#${domainSectionId(domain)}">${DOMAIN_NAMES[domain]}</a> (${count(facts.length)})</li>`)}
</ul>
</nav>
${renderUpcomingSection(model)}${domains.map(
  ({
    domain,
    facts,
  }) => html`<section class="domain" id="${domainSectionId(domain)}" data-domain="${domain}" aria-labelledby="${domainSectionId(domain)}-title">
<h2 id="${domainSectionId(domain)}-title">${DOMAIN_NAMES[domain]} <span class="count">(${count(facts.length)})</span></h2>
${renderCatalogRows(facts, model.urls, model.today, `${DOMAIN_NAMES[domain]}: ${count(facts.length)}`)}</section>
`,
)}`;
  return renderPage(model, {
    name: "catalog",
    title: `${SERVICE.name}: catalog of verified rules`,
    description: `${count(model.facts.length)} about British Columbia residential real estate, each with citations to primary sources and a version history.`,
    canonical: model.urls.catalogPage,
    head: renderDatasetJsonLd(model),
    script: "assets/search.js",
    wide: true,
    main,
  });
};
