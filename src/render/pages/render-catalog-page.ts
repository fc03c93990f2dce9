/**
 * The catalog page (`/index.html`): every fact by domain with its value in a row, the upcoming section, and the
 * search box's data.
 */

import { SERVICE, type Urls } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { readableDate, shortDate } from "../../lib/format.ts";
import { latestRetrieved } from "../../model/facts.ts";
import type { Domain, Fact } from "../../schemas/index.ts";
import { DOMAINS, expectedStatus } from "../../schemas/index.ts";
import { UPCOMING_WINDOW_DAYS, upcomingItems } from "../feeds/upcoming.ts";
import type { PageLanguage } from "../page-language.ts";
import { type SiteModel, sourceCounts } from "../site-model.ts";
import {
  DOMAIN_NAMES,
  describeKey,
  describeValue,
  domainSectionId,
  formatNumberFor,
  formatTextFor,
  type Html,
  html,
  isAnnouncedOnly,
  type KeyKind,
  sitePath,
} from "../text.ts";
import { renderDatasetJsonLd, renderPage } from "./page-layout.ts";

const count = (n: number): string => `${n} ${n === 1 ? "fact" : "facts"}`;

/** What a search for the affordability index may say: the page shows a link to it for these words, not a fact. */
const AFFORDABILITY_SEARCH_TEXT =
  "lower mainland affordability index vancouver special housing affordability carrying cost median household income benchmark price mls hpi greater vancouver fraser valley";

/**
 * `/index.html`: every fact as one row of its domain's table, the domains in the order the API lists its domain bundles
 * (docs/consumers/api.md). The search form ships `hidden` and the script reveals it, so a reader without JavaScript
 * sees every fact and no control that does nothing. Each row links the fact's own page, which has the full record.
 */
export const renderCatalogPage = (model: SiteModel, lang: PageLanguage): string => {
  const domains = DOMAINS.map((domain) => ({
    domain,
    facts: model.facts.filter((fact) => fact.domain === domain),
  })).filter((group) => group.facts.length > 0);
  const main = html`<h1>${SERVICE.name}</h1>
<form class="search" id="fact-search" role="search" aria-label="Search the facts" hidden data-index="${sitePath(model.urls, model.urls.searchIndex)}" data-places="${sitePath(model.urls, model.urls.placesIndex)}" data-place-page="${sitePath(model.urls, model.urls.placePage("{id}"))}">
<div class="field"><label for="search-query">Search facts</label>
<input type="search" id="search-query" name="q" autocomplete="off" spellcheck="false" aria-describedby="search-hint"></div>
<div class="field"><label for="search-domain">Domain</label>
<select id="search-domain" name="domain">
<option value="">All domains</option>
${domains.map(({ domain }) => html`<option value="${domain}">${DOMAIN_NAMES[domain]}</option>`)}
</select></div>
<p id="search-hint" class="hint" data-search-aside>Words, abbreviations or a town, for example “transfer tax”, “PTT”, “notary” or “Burnaby”.</p>
<p id="search-status" class="status" role="status" aria-live="polite"></p>
<p class="search-also" hidden data-search-text="${AFFORDABILITY_SEARCH_TEXT}">Looking for the affordability index? <a href="${sitePath(model.urls, model.urls.affordabilityPage)}">The Lower Mainland affordability index</a> has its own page.</p>
<div class="search-places" id="search-places" hidden><p>What applies by area, place by place (<a href="${sitePath(model.urls, model.urls.placesPage)}">every place</a>):</p><ul id="search-places-list"></ul></div>
</form>
${renderSearchResults()}<p class="lead" data-search-aside>${count(model.facts.length)} about British Columbia residential real estate: tax, mortgage, legal, foreign-buyer, strata and rental rules.
Each row gives a fact's value in short, when it took effect, when it was last checked against its sources and what is scheduled; its own page has the full value, quotes each source and lists every earlier version recorded.
Data as of ${readableDate(model.generatedAt.slice(0, 10))}.</p>
<nav class="toc catalog-toc" aria-labelledby="toc-title" data-search-aside>
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
${renderDomainFeedLinks(model.urls, domain)}
${renderCatalogRows(facts, model.urls, model.today, `${DOMAIN_NAMES[domain]}: ${count(facts.length)}`)}</section>
`,
)}`;
  return renderPage(
    model,
    {
      path: "/",
      name: "catalog",
      dated: { by: "catalog" },
      title: `${SERVICE.name}: catalog of verified rules`,
      description: `${count(model.facts.length)} about British Columbia residential real estate, each with citations to primary sources and a version history.`,
      canonical: model.urls.catalogPage,
      head: html`${DOMAINS.map((domain) => renderDomainFeedHead(model.urls, domain))}${renderDatasetJsonLd(model)}`,
      script: "assets/search.js",
      wide: true,
      main,
    },
    lang,
  );
};

/**
 * Where the search shows the matching rows while a query is active, directly under the box, best match first: an
 * empty table the script fills with the rows themselves (moved from their domain's table, and put back when the query
 * is cleared). `hidden` until then, so a reader without JavaScript never sees it.
 */
const renderSearchResults =
  (): Html => html`<section class="search-results" id="search-results" aria-labelledby="search-results-title" hidden>
<h2 id="search-results-title" class="visually-hidden">Matching facts, best match first</h2>
<table class="catalog">
<caption class="visually-hidden">The facts that have every word searched for, best match first</caption>
${CATALOG_HEAD}
<tbody id="search-results-rows"></tbody>
</table>
</section>
`;

/** The catalog tables' column headings: each domain's table and the search results have the same columns. */
const CATALOG_HEAD = html`<thead><tr><th scope="col">Fact</th><th scope="col">Value</th><th scope="col">Effective</th><th scope="col">Last verified</th><th scope="col">Scheduled</th><th scope="col">Sources</th></tr></thead>`;

/**
 * The line under a domain's heading that links its rule changes (`/api/v1/facts/{domain}.atom` and `.ics`): each link's
 * accessible name says whose changes it carries, and begins with the words it shows.
 */
const renderDomainFeedLinks = (urls: Urls, domain: Domain): Html => {
  const name = DOMAIN_NAMES[domain];
  return html`<p class="domain-feeds">${name} changes: <a href="${sitePath(urls, urls.domainFeed(domain))}" type="application/atom+xml" aria-label="Atom feed of ${name.toLowerCase()} changes">Atom feed</a>, <a href="${sitePath(urls, urls.domainCalendar(domain))}" type="text/calendar" aria-label="calendar of ${name.toLowerCase()} changes (iCalendar)">calendar</a></p>`;
};

/** A domain's two feeds as `<link rel="alternate">` in the catalog page's head, beside the global ones. */
const renderDomainFeedHead = (urls: Urls, domain: Domain): Html => {
  const name = DOMAIN_NAMES[domain];
  return html`<link rel="alternate" type="application/atom+xml" title="${SERVICE.name}: ${name} rule changes" href="${sitePath(urls, urls.domainFeed(domain))}">
<link rel="alternate" type="text/calendar" title="${SERVICE.name}: ${name} rule changes (calendar)" href="${sitePath(urls, urls.domainCalendar(domain))}">
`;
};

/** The most a catalog row says of a value before it leaves the rest to the fact's page. */
const VALUE_FIELDS = 3;
const VALUE_CHARACTERS = 100;
/** Text longer than this is a sentence for the fact's page, not a catalog row. */
const SHORT_TEXT = 60;

/** Which fields a row shows first: amounts and rates are what most readers come for, then measures, then dates. */
const RANK: Record<KeyKind, number> = {
  money: 0,
  rate: 0,
  measure: 1,
  count: 1,
  year: 2,
  date: 3,
  boolean: 4,
  text: 5,
  list: 9,
  group: 9,
};

interface Field {
  key: string;
  value: string | number | boolean;
  rank: number;
  order: number;
}

/** The scalar fields of an object value and of its groups one level down, ranked; long text and nulls are left out. */
const fieldsOf = (value: unknown): Field[] => {
  const fields: Field[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return;
    for (const [key, item] of Object.entries(node)) {
      if (typeof item === "object" && item !== null) {
        if (depth === 0) visit(item, depth + 1);
        continue;
      }
      if (item === null || (typeof item === "string" && formatTextFor(key, item).length > SHORT_TEXT)) continue;
      fields.push({ key, value: item, rank: RANK[describeKey(key).kind] + depth, order: fields.length });
    }
  };
  visit(value, 0);
  return fields;
};

/**
 * A list of rate bands, records of a `rate` and the one bound it applies up to, in words, a band a part ("0.6% up to
 * 65%", "1.7% up to 75%"); undefined for any other list.
 */
const rateBands = (key: string, list: unknown): string[] | undefined => {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const bands: string[] = [];
  for (const record of list) {
    if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
    const entries = Object.entries(record as Record<string, unknown>);
    const rate = (record as Record<string, unknown>).rate;
    const bound = entries.find(([name]) => name !== "rate");
    if (entries.length !== 2 || typeof rate !== "number" || bound === undefined) return undefined;
    const [boundKey, boundValue] = bound;
    if (boundValue === null) bands.push(`${formatNumberFor("rate", rate)} above`);
    else if (typeof boundValue === "number")
      bands.push(`${formatNumberFor("rate", rate)} up to ${formatNumberFor(boundKey, boundValue)}`);
    else return undefined;
  }
  return [`${describeKey(key).label}: ${bands[0]}`, ...bands.slice(1)];
};

/**
 * The value in a line of words: a schedule as a schedule, an object by its summary (the fields its `summary_keys`
 * name, the rule first), cut at a field boundary when long; a value with no summary by its most telling fields
 * (amounts and rates first, in the order the fact gives them). The fact's page has it all.
 */
export const valueLine = (fact: Pick<Fact, "value" | "unit" | "summary">): string => {
  if (typeof fact.value !== "object" || fact.value === null || Array.isArray(fact.value))
    return cut(describeValue(fact.value, fact.unit).split("; "));
  // A value that leads with a schedule of rate bands (a premium schedule) is that schedule, as a bracket array is.
  const [leadKey, lead] = Object.entries(fact.value)[0] ?? [];
  const bands = leadKey === undefined ? undefined : rateBands(leadKey, lead);
  if (bands !== undefined) return cut(bands);
  if (fact.summary) {
    // An announced rule says so before its numbers, as its badge and its page do.
    return cut([
      ...(isAnnouncedOnly(fact.value) ? ["Announced, not confirmed enacted"] : []),
      ...fact.summary.split("; "),
    ]);
  }
  const chosen = fieldsOf(fact.value)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, VALUE_FIELDS)
    .sort((a, b) => a.order - b.order);
  return cut(chosen.map(({ key, value }) => describeValue({ [key]: value })));
};

const cut = (parts: readonly string[]): string => {
  if (parts.length === 0) return "";
  // A first part longer than the line (a record's fields in one part) is cut at a word.
  const first = parts[0]!;
  if (first.length > VALUE_CHARACTERS) return `${first.slice(0, VALUE_CHARACTERS - 1).replace(/\s+\S*$/, "")}…`;
  let line = first;
  for (const part of parts.slice(1)) {
    if (line.length + part.length + 2 > VALUE_CHARACTERS) return `${line}; …`;
    line = `${line}; ${part}`;
  }
  return line;
};

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${shortDate(isoDate)}</time>`;

/**
 * What is scheduled for the fact, in a few words: the next change's date and status, and how many follow; with none,
 * an expected announcement past its date that is not recorded here yet, with the official page to check, since the
 * value shown may then be last period's.
 */
const scheduledCell = (fact: Fact, today: string): Html => {
  const [next, ...later] = fact.scheduled ?? [];
  const expected = fact.next_expected;
  if (next === undefined && expected !== undefined && expectedStatus(fact, today) === "past-due") {
    return html`<span class="status status-past-due">next value not recorded here yet</span> (expected by ${date(expected.by_iso)}); check <a href="${expected.where.url}">${expected.where.org}</a>`;
  }
  if (next === undefined) return html`<span class="none">nothing</span>`;
  return html`${date(next.effective_iso)} <span class="status status-${next.status}">${next.status}</span>${later.length > 0 ? ` and ${later.length} more` : ""}`;
};

/** How many of the fact's sources are official, official copies and secondary; its page names and quotes them. */
const sourcesCell = (fact: Fact): Html => {
  const counts = sourceCounts(fact);
  return html`${counts.kinds}`;
};

/**
 * One domain's facts as a table a reader can scan: each row names the fact (a link to its page), its value in one
 * line of words, when it took effect, when it was last verified, what is scheduled and how many sources it cites.
 * Each row keeps the fact's id as its own, so links to `/#<fact id>` land on it; the search script hides rows.
 */
export const renderCatalogRows = (
  facts: readonly Fact[],
  urls: Urls,
  today: string,
  caption: string,
): Html => html`<table class="catalog">
<caption class="visually-hidden">${caption}</caption>
${CATALOG_HEAD}
<tbody>
${facts.map(
  (fact) => html`<tr class="fact-row" id="${fact.id}" data-domain="${fact.domain}">
<th scope="row"><a href="${sitePath(urls, urls.factPage(fact.id))}">${fact.label}</a></th>
<td class="value-line" data-label="Value">${valueLine(fact)}</td>
<td class="date" data-label="Effective">${date(fact.effective_iso)}</td>
<td class="date" data-label="Last verified">${date(latestRetrieved(fact))}</td>
<td class="scheduled-cell" data-label="Scheduled">${scheduledCell(fact, today)}</td>
<td class="sources-cell" data-label="Sources">${sourcesCell(fact)}</td>
</tr>
`,
)}</tbody>
</table>
`;

/** The page lists only the lapses of the next two months; the calendar, feed and JSON carry the whole year. */
const LAPSES_SHOWN_DAYS = 60;

const KIND_TEXT = {
  "scheduled-change": "takes effect",
  "verification-lapse": "re-verify by",
  "expected-announcement": "expected by",
} as const;

/**
 * The catalog's "Upcoming" section: scheduled changes first (what will change), then expected announcements (past
 * due ones first, saying so), then the verification lapses of the next 60 days, with the calendar and the Atom feed
 * that carry the whole window.
 */
export const renderUpcomingSection = (model: SiteModel) => {
  const items = upcomingItems(model.facts, model.urls, model.today);
  const changes = items.filter((item) => item.kind === "scheduled-change");
  const soon = addDays(model.today, LAPSES_SHOWN_DAYS);
  const lapses = items.filter((item) => item.kind === "verification-lapse" && item.date <= soon);
  const expected = items.filter((item) => item.kind === "expected-announcement");
  const link = (absolute: string) => sitePath(model.urls, absolute);
  const row = (item: (typeof items)[number]) =>
    html`<li><time datetime="${item.date}">${readableDate(item.date)}</time> ${KIND_TEXT[item.kind]}: <a href="${link(model.urls.factPage(item.fact_id))}">${item.label}</a>${item.status ? html` <span class="status status-${item.status}">${item.status}</span>` : ""}${item.note ? html`<br><span class="note">${item.note}</span>` : ""}</li>
`;
  // An announcement past its date with nothing newer recorded leads with that, since its date alone reads like an
  // event already over; the service knows only that it has not recorded it, and names the page to check.
  const expectedRow = (item: (typeof items)[number]) =>
    html`<li${item.past_due ? html` class="past-due"` : ""}>${item.past_due ? html`<strong class="status status-past-due">Not recorded here yet</strong>, expected by <time datetime="${item.date}">${readableDate(item.date)}</time>: ` : html`expected by <time datetime="${item.date}">${readableDate(item.date)}</time>: `}<a href="${link(model.urls.factPage(item.fact_id))}">${item.label}</a>${item.expected ? html`<br><span class="note">${item.expected.what} (${item.past_due ? "check " : ""}<a href="${item.expected.where.url}">${item.expected.where.org}</a>)</span>` : ""}</li>
`;
  return html`<section class="upcoming" id="upcoming" aria-labelledby="upcoming-title" data-search-aside>
<h2 id="upcoming-title">Upcoming</h2>
<p>Rules announced or enacted for a later date, published on the day they take effect, and the dates by which yearly values are normally announced (as of ${readableDate(model.today)}).
Follow the rule changes (these, and each revision when it is published) in a calendar (<a href="${link(model.urls.changesCalendar)}">iCalendar</a>) or a feed reader (<a href="${link(model.urls.changesFeed)}">Atom</a>).
The upcoming files (<a href="${link(model.urls.upcomingCalendar)}">iCalendar</a>, <a href="${link(model.urls.upcomingFeed)}">Atom</a>, <a href="${link(model.urls.upcoming)}">JSON</a>) cover the next ${UPCOMING_WINDOW_DAYS} days and add the dates by which each fact is checked again against its sources.</p>
<h3>Scheduled changes</h3>
${
  changes.length === 0
    ? html`<p>None scheduled in the next ${UPCOMING_WINDOW_DAYS} days.</p>`
    : html`<ul class="upcoming-list">
${changes.map(row)}</ul>`
}
<h3>Expected announcements</h3>
${
  expected.length === 0
    ? html`<p>None expected in the next ${UPCOMING_WINDOW_DAYS} days.</p>`
    : html`<ul class="upcoming-list">
${expected.map(expectedRow)}</ul>`
}
<h3>Verification lapses in the next ${LAPSES_SHOWN_DAYS} days</h3>
${
  lapses.length === 0
    ? html`<p>None.</p>`
    : html`<ul class="upcoming-list">
${lapses.map(row)}</ul>`
}
</section>
`;
};
