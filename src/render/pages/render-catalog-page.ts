/**
 * The catalog page (`/index.html`, and `/{lang}/index.html`): every fact by domain with its value in a row, the
 * upcoming section, and the search box's data and words.
 */

import type { Words } from "../../i18n/words.ts";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { latestRetrieved } from "../../model/facts.ts";
import type { Domain, Fact, UpcomingItem } from "../../schemas/index.ts";
import { DOMAINS, expectedStatus } from "../../schemas/index.ts";
import { UPCOMING_WINDOW_DAYS, upcomingItems } from "../feeds/upcoming.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import {
  domainName,
  domainSectionId,
  type Html,
  html,
  isAnnouncedOnly,
  type KeyKind,
  rich,
  trustedHtml,
} from "../text.ts";
import { pageLinker, renderDatasetJsonLd, renderPage, scriptJson } from "./page-layout.ts";
import { englishLang, inEnglish, sourceKinds, statusWord, summaryIn } from "./render-fact.ts";

/** How the catalog links a published URL: see pageLinker. */
type Link = (absolute: string) => string;

const count = (w: Words, n: number): string => w.text("catalog.count", { count: n });

/** What a search for the affordability index may say: the page shows a link to it for these words, not a fact. */
const AFFORDABILITY_SEARCH_TEXT =
  "lower mainland affordability index vancouver special housing affordability carrying cost median household income benchmark price mls hpi greater vancouver fraser valley";

/**
 * The messages the search script words its status and its places with (site/search/search-page.ts), for the page's
 * language: the script formats them in the browser with the same `makeWords` the pages use.
 */
const searchWords = (lang: PageLanguage): Html => {
  const messages = Object.fromEntries(Object.entries(lang.messages).filter(([key]) => key.startsWith("search.")));
  return trustedHtml(
    `<script type="application/json" id="search-words">${scriptJson({ locale: lang.locale.code, messages })}</script>`,
  );
};

/**
 * `/index.html`: every fact as one row of its domain's table, the domains in the order the API lists its domain bundles
 * (docs/consumers/api.md). The search form ships `hidden` and the script reveals it, so a reader without JavaScript
 * sees every fact and no control that does nothing. Each row links the fact's own page, which has the full record.
 */
export const renderCatalogPage = (model: SiteModel, lang: PageLanguage): string => {
  const { w } = lang;
  const link = pageLinker(model, false, lang);
  const domains = DOMAINS.map((domain) => ({
    domain,
    facts: model.facts.filter((fact) => fact.domain === domain),
  })).filter((group) => group.facts.length > 0);
  // The affordability index is searched for by its English words, and by its name in the page's language.
  const affordabilityWords = lang.english
    ? AFFORDABILITY_SEARCH_TEXT
    : `${AFFORDABILITY_SEARCH_TEXT} ${w.text("nav.affordability").toLocaleLowerCase(lang.locale.tag)}`;
  const main = html`<h1>${SERVICE.name}</h1>
<form class="search" id="fact-search" role="search" aria-label="${w.text("catalog.search")}" hidden data-index="${link(model.urls.searchIndex)}" data-places="${link(model.urls.placesIndex)}" data-place-page="${link(model.urls.placePage("{id}"))}">
<div class="field"><label for="search-query">${w.text("catalog.search-label")}</label>
<input type="search" id="search-query" name="q" autocomplete="off" spellcheck="false" aria-describedby="search-hint"></div>
<div class="field"><label for="search-domain">${w.text("catalog.domain")}</label>
<select id="search-domain" name="domain">
<option value="">${w.text("catalog.all-domains")}</option>
${domains.map(({ domain }) => html`<option value="${domain}">${domainName(w, domain)}</option>`)}
</select></div>
<p id="search-hint" class="hint" data-search-aside>${w.text("catalog.search-hint")}</p>
<p id="search-status" class="status" role="status" aria-live="polite"></p>
<p class="search-also" hidden data-search-text="${affordabilityWords}">${rich(w, "catalog.search-also", {
    link: (chunks) => html`<a href="${link(model.urls.affordabilityPage)}">${chunks}</a>`,
  })}</p>
<div class="search-places" id="search-places" hidden><p>${rich(w, "catalog.search-places", {
    link: (chunks) => html`<a href="${link(model.urls.placesPage)}">${chunks}</a>`,
  })}</p><ul id="search-places-list"></ul></div>
</form>
${renderSearchResults(w)}<p class="lead" data-search-aside>${w.text("catalog.lead", { count: model.facts.length })}
${w.text("catalog.lead-rows")}
${w.text("catalog.data-as-of", { date: w.date(model.generatedAt.slice(0, 10)) })}</p>
<nav class="toc catalog-toc" aria-labelledby="toc-title" data-search-aside>
<h2 id="toc-title">${w.text("catalog.domains")}</h2>
<ul>
<li><a href="#upcoming">${w.text("catalog.upcoming")}</a></li>
${domains.map(({ domain, facts }) => html`<li><a href="#${domainSectionId(domain)}">${domainName(w, domain)}</a> (${count(w, facts.length)})</li>`)}
</ul>
</nav>
${renderUpcomingSection(model, lang)}${domains.map(
  ({
    domain,
    facts,
  }) => html`<section class="domain" id="${domainSectionId(domain)}" data-domain="${domain}" aria-labelledby="${domainSectionId(domain)}-title">
<h2 id="${domainSectionId(domain)}-title">${domainName(w, domain)} <span class="count">(${count(w, facts.length)})</span></h2>
${renderDomainFeedLinks(model, domain, lang, link)}
${renderCatalogRows(facts, model, lang, link, w.text("catalog.domain-caption", { domain: domainName(w, domain), count: facts.length }))}</section>
`,
)}`;
  return renderPage(
    model,
    {
      path: "/",
      name: "catalog",
      dated: { by: "catalog" },
      title: w.text("catalog.title", { site: SERVICE.name }),
      description: w.text("catalog.description", { count: model.facts.length }),
      canonical: model.urls.catalogPage,
      head: html`${DOMAINS.map((domain) => renderDomainFeedHead(model, domain, w, link))}${renderDatasetJsonLd(model)}
${searchWords(lang)}`,
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
const renderSearchResults = (
  w: Words,
): Html => html`<section class="search-results" id="search-results" aria-labelledby="search-results-title" hidden>
<h2 id="search-results-title" class="visually-hidden">${w.text("catalog.results-title")}</h2>
<table class="catalog">
<caption class="visually-hidden">${w.text("catalog.results-caption")}</caption>
${catalogHead(w)}
<tbody id="search-results-rows"></tbody>
</table>
</section>
`;

/** The catalog tables' column headings: each domain's table and the search results have the same columns. */
const catalogHead = (w: Words): Html =>
  html`<thead><tr><th scope="col">${w.text("catalog.column-fact")}</th><th scope="col">${w.text("catalog.column-value")}</th><th scope="col">${w.text("catalog.column-effective")}</th><th scope="col">${w.text("catalog.column-verified")}</th><th scope="col">${w.text("catalog.column-scheduled")}</th><th scope="col">${w.text("catalog.column-sources")}</th></tr></thead>`;

/**
 * The line under a domain's heading that links its rule changes (`/api/v1/facts/{domain}.atom` and `.ics`): each link's
 * accessible name says whose changes it carries, and begins with the words it shows.
 */
const renderDomainFeedLinks = (model: SiteModel, domain: Domain, lang: PageLanguage, link: Link): Html => {
  const { w } = lang;
  const name = domainName(w, domain);
  const lower = name.toLocaleLowerCase(lang.locale.tag);
  return html`<p class="domain-feeds">${rich(w, "catalog.domain-feeds", {
    domain: name,
    atom: (chunks) =>
      html`<a href="${link(model.urls.domainFeed(domain))}" type="application/atom+xml" aria-label="${w.text("catalog.domain-atom-label", { domain: lower })}">${chunks}</a>`,
    calendar: (chunks) =>
      html`<a href="${link(model.urls.domainCalendar(domain))}" type="text/calendar" aria-label="${w.text("catalog.domain-calendar-label", { domain: lower })}">${chunks}</a>`,
  })}</p>`;
};

/** A domain's two feeds as `<link rel="alternate">` in the catalog page's head, beside the global ones. */
const renderDomainFeedHead = (model: SiteModel, domain: Domain, w: Words, link: Link): Html => {
  const name = domainName(w, domain);
  return html`<link rel="alternate" type="application/atom+xml" title="${w.text("catalog.domain-atom-title", { site: SERVICE.name, domain: name })}" href="${link(model.urls.domainFeed(domain))}">
<link rel="alternate" type="text/calendar" title="${w.text("catalog.domain-calendar-title", { site: SERVICE.name, domain: name })}" href="${link(model.urls.domainCalendar(domain))}">
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
const fieldsOf = (value: unknown, lang: PageLanguage): Field[] => {
  const fields: Field[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return;
    for (const [key, item] of Object.entries(node)) {
      if (typeof item === "object" && item !== null) {
        if (depth === 0) visit(item, depth + 1);
        continue;
      }
      if (item === null || (typeof item === "string" && lang.values.formatTextFor(key, item).length > SHORT_TEXT))
        continue;
      fields.push({ key, value: item, rank: RANK[lang.values.describeKey(key).kind] + depth, order: fields.length });
    }
  };
  visit(value, 0);
  return fields;
};

/**
 * A list of rate bands, records of a `rate` and the one bound it applies up to, in words, a band a part ("0.6% up to
 * 65%", "1.7% up to 75%"); undefined for any other list.
 */
const rateBands = (key: string, list: unknown, lang: PageLanguage): string[] | undefined => {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const { w, values } = lang;
  const bands: string[] = [];
  for (const record of list) {
    if (typeof record !== "object" || record === null || Array.isArray(record)) return undefined;
    const entries = Object.entries(record as Record<string, unknown>);
    const rate = (record as Record<string, unknown>).rate;
    const bound = entries.find(([name]) => name !== "rate");
    if (entries.length !== 2 || typeof rate !== "number" || bound === undefined) return undefined;
    const [boundKey, boundValue] = bound;
    if (boundValue === null) bands.push(w.text("catalog.band-above", { rate: values.formatNumberFor("rate", rate) }));
    else if (typeof boundValue === "number")
      bands.push(
        w.text("catalog.band-up-to", {
          rate: values.formatNumberFor("rate", rate),
          bound: values.formatNumberFor(boundKey, boundValue),
        }),
      );
    else return undefined;
  }
  return [w.text("value.labelled", { label: values.describeKey(key).label, text: bands[0]! }), ...bands.slice(1)];
};

/**
 * The value in a line of words, in the page's language: a schedule as a schedule, an object by its summary (the fields
 * its `summary_keys` name, the rule first), cut at a field boundary when long; a value with no summary by its most
 * telling fields (amounts and rates first, in the order the fact gives them). The fact's page has it all.
 */
export const valueLine = (
  fact: Pick<Fact, "value" | "unit" | "summary">,
  lang: PageLanguage,
  summaryKeys?: readonly string[],
): string => {
  const separator = lang.w.text("value.separator");
  if (typeof fact.value !== "object" || fact.value === null || Array.isArray(fact.value))
    return cut(lang.values.describeValue(fact.value, fact.unit).split(separator), separator);
  // A value that leads with a schedule of rate bands (a premium schedule) is that schedule, as a bracket array is.
  const [leadKey, lead] = Object.entries(fact.value)[0] ?? [];
  const bands = leadKey === undefined ? undefined : rateBands(leadKey, lead, lang);
  if (bands !== undefined) return cut(bands, separator);
  if (fact.summary) {
    // An announced rule says so before its numbers, as its badge and its page do.
    return cut(
      [
        ...(isAnnouncedOnly(fact.value) ? [lang.w.text("catalog.announced")] : []),
        ...summaryIn(lang, fact, fact.summary, summaryKeys).split(separator),
      ],
      separator,
    );
  }
  const chosen = fieldsOf(fact.value, lang)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, VALUE_FIELDS)
    .sort((a, b) => a.order - b.order);
  return cut(
    chosen.map(({ key, value }) => lang.values.describeValue({ [key]: value })),
    separator,
  );
};

const cut = (parts: readonly string[], separator: string): string => {
  if (parts.length === 0) return "";
  // A first part longer than the line (a record's fields in one part) is cut at a word.
  const first = parts[0]!;
  if (first.length > VALUE_CHARACTERS) return `${first.slice(0, VALUE_CHARACTERS - 1).replace(/\s+\S*$/, "")}…`;
  let line = first;
  for (const part of parts.slice(1)) {
    if (line.length + part.length + separator.length > VALUE_CHARACTERS) return `${line}${separator}…`;
    line = `${line}${separator}${part}`;
  }
  return line;
};

const shortDate = (w: Words, isoDate: string): Html => html`<time datetime="${isoDate}">${w.shortDate(isoDate)}</time>`;

/**
 * What is scheduled for the fact, in a few words: the next change's date and status, and how many follow; with none,
 * an expected announcement past its date that is not recorded here yet, with the official page to check, since the
 * value shown may then be last period's.
 */
const scheduledCell = (fact: Fact, today: string, w: Words): Html => {
  const [next, ...later] = fact.scheduled ?? [];
  const expected = fact.next_expected;
  if (next === undefined && expected !== undefined && expectedStatus(fact, today) === "past-due") {
    return rich(w, "catalog.cell-past-due", {
      status: (chunks) => html`<span class="status status-past-due">${chunks}</span>`,
      date: shortDate(w, expected.by_iso),
      org: expected.where.org,
      where: (chunks) => html`<a href="${expected.where.url}">${chunks}</a>`,
    });
  }
  if (next === undefined) return html`<span class="none">${w.text("catalog.cell-nothing")}</span>`;
  return rich(w, "catalog.cell-scheduled", {
    date: shortDate(w, next.effective_iso),
    status: html`<span class="status status-${next.status}">${statusWord(w, next.status)}</span>`,
    more: later.length,
  });
};

/**
 * One domain's facts as a table a reader can scan: each row names the fact (a link to its page), its value in one
 * line of words, when it took effect, when it was last verified, what is scheduled and how many sources it cites
 * (official, official copies and secondary; its page names and quotes them). Each row keeps the fact's id as its own,
 * so links to `/#<fact id>` land on it; the search script hides rows.
 */
const renderCatalogRows = (
  facts: readonly Fact[],
  model: SiteModel,
  lang: PageLanguage,
  link: Link,
  caption: string,
): Html => {
  const { w } = lang;
  const column = {
    value: w.text("catalog.column-value"),
    effective: w.text("catalog.column-effective"),
    verified: w.text("catalog.column-verified"),
    scheduled: w.text("catalog.column-scheduled"),
    sources: w.text("catalog.column-sources"),
  };
  return html`<table class="catalog">
<caption class="visually-hidden">${caption}</caption>
${catalogHead(w)}
<tbody>
${facts.map(
  (fact) => html`<tr class="fact-row" id="${fact.id}" data-domain="${fact.domain}">
<th scope="row"><a href="${link(model.urls.factPage(fact.id))}">${lang.factLabelHtml(fact)}</a></th>
<td class="value-line" data-label="${column.value}">${valueLine(fact, lang, model.timelines.get(fact.id)?.versions.at(-1)?.state.summary_keys)}</td>
<td class="date" data-label="${column.effective}">${shortDate(w, fact.effective_iso)}</td>
<td class="date" data-label="${column.verified}">${shortDate(w, latestRetrieved(fact))}</td>
<td class="scheduled-cell" data-label="${column.scheduled}">${scheduledCell(fact, model.today, w)}</td>
<td class="sources-cell" data-label="${column.sources}">${sourceKinds(w, fact.citations)}</td>
</tr>
`,
)}</tbody>
</table>
`;
};

/** The page lists only the lapses of the next two months; the calendar, feed and JSON carry the whole year. */
const LAPSES_SHOWN_DAYS = 60;

/**
 * The catalog's "Upcoming" section: scheduled changes first (what will change), then expected announcements (past
 * due ones first, saying so), then the verification lapses of the next 60 days, with the calendar and the Atom feed
 * that carry the whole window.
 */
const renderUpcomingSection = (model: SiteModel, lang: PageLanguage): Html => {
  const { w } = lang;
  const link = pageLinker(model, false, lang);
  const items = upcomingItems(model.facts, model.urls, model.today);
  const changes = items.filter((item) => item.kind === "scheduled-change");
  const soon = addDays(model.today, LAPSES_SHOWN_DAYS);
  const lapses = items.filter((item) => item.kind === "verification-lapse" && item.date <= soon);
  const expected = items.filter((item) => item.kind === "expected-announcement");
  const when = (item: UpcomingItem) => html`<time datetime="${item.date}">${w.date(item.date)}</time>`;
  const factLink = (item: UpcomingItem) =>
    html`<a href="${link(model.urls.factPage(item.fact_id))}">${lang.factLabelHtml({ id: item.fact_id, label: item.label })}</a>`;
  const row = (item: UpcomingItem) =>
    html`<li>${rich(w, "catalog.upcoming-row", { date: when(item), kind: item.kind.replaceAll("-", "_"), fact: factLink(item) })}${item.status ? html` <span class="status status-${item.status}">${statusWord(w, item.status)}</span>` : ""}${item.note ? html`<br><span class="note"${englishLang(lang)}>${item.note}</span>` : ""}</li>
`;
  // An announcement past its date with nothing newer recorded leads with that, since its date alone reads like an
  // event already over; the service knows only that it has not recorded it, and names the page to check.
  const expectedRow = (item: UpcomingItem) =>
    html`<li${item.past_due ? html` class="past-due"` : ""}>${
      item.past_due
        ? rich(w, "catalog.upcoming-past-due", {
            status: (chunks) => html`<strong class="status status-past-due">${chunks}</strong>`,
            date: when(item),
            fact: factLink(item),
          })
        : rich(w, "catalog.upcoming-expected", { date: when(item), fact: factLink(item) })
    }${
      item.expected
        ? html`<br><span class="note">${rich(w, "catalog.upcoming-where", {
            what: inEnglish(lang, item.expected.what),
            pastDue: item.past_due ? "yes" : "no",
            org: item.expected.where.org,
            where: (chunks) => html`<a href="${item.expected!.where.url}">${chunks}</a>`,
          })}</span>`
        : ""
    }</li>
`;
  const list = (shown: readonly UpcomingItem[], render: (item: UpcomingItem) => Html, empty: string): Html =>
    shown.length === 0
      ? html`<p>${empty}</p>`
      : html`<ul class="upcoming-list">
${shown.map(render)}</ul>`;
  return html`<section class="upcoming" id="upcoming" aria-labelledby="upcoming-title" data-search-aside>
<h2 id="upcoming-title">${w.text("catalog.upcoming")}</h2>
<p>${w.text("catalog.upcoming-intro", { date: w.date(model.today) })}
${rich(w, "catalog.upcoming-follow", {
  ical: (chunks) => html`<a href="${link(model.urls.changesCalendar)}">${chunks}</a>`,
  atom: (chunks) => html`<a href="${link(model.urls.changesFeed)}">${chunks}</a>`,
})}
${rich(w, "catalog.upcoming-files", {
  ical: (chunks) => html`<a href="${link(model.urls.upcomingCalendar)}">${chunks}</a>`,
  atom: (chunks) => html`<a href="${link(model.urls.upcomingFeed)}">${chunks}</a>`,
  json: (chunks) => html`<a href="${link(model.urls.upcoming)}">${chunks}</a>`,
  days: UPCOMING_WINDOW_DAYS,
})}</p>
<h3>${w.text("catalog.scheduled-changes")}</h3>
${list(changes, row, w.text("catalog.none-scheduled", { days: UPCOMING_WINDOW_DAYS }))}
<h3>${w.text("catalog.expected-announcements")}</h3>
${list(expected, expectedRow, w.text("catalog.none-expected", { days: UPCOMING_WINDOW_DAYS }))}
<h3>${w.text("catalog.lapses", { days: LAPSES_SHOWN_DAYS })}</h3>
${list(lapses, row, w.text("catalog.none"))}
</section>
`;
};
