/**
 * The pages of places: the index of every place with what applies there now, and one page per place ("What applies
 * in Kamloops") with each rule now, since when (and until when, where an end is recorded), and every period before,
 * each linking the fact it was read from.
 *
 * They show no build date: what they say changes only when a rule's period begins or ends or a fact's areas are
 * revised, so a daily build leaves them byte for byte as they were (docs/maintainers/decisions.md, "Static files on a
 * CDN"). Each answer carries its own dates instead: since when it holds, and until when where that is recorded.
 */
import { PLACE_PROGRAMMES, type PlaceProgramme, periodOn, SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Words } from "../../i18n/words.ts";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import type { PlaceRecord, PlaceRulePeriod } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import {
  namesList,
  placeKindSentence,
  placeKindWords,
  placeReasonWords,
  programmeName,
  programmeShortName,
} from "../place-reasons.ts";
import type { SiteFiles, SiteModel } from "../site-model.ts";
import { type Html, html, rich } from "../text.ts";
import { pageLinker, renderPage } from "./page-layout.ts";
import { citationKindWords } from "./render-pages.ts";

const PROGRAMME_NAMES = Object.keys(PLACE_PROGRAMMES) as PlaceProgramme[];

const answerWords = (w: Words, applies: boolean | null): string =>
  applies === true
    ? w.text("place.answer.applies")
    : applies === false
      ? w.text("place.answer.does-not-apply")
      : w.text("place.answer.not-recorded");

const answerClass = (applies: boolean | null): string =>
  applies === true ? "applies" : applies === false ? "does-not-apply" : "not-recorded";

/**
 * The first day of the run of periods, ending with the one in force on `today`, that give the same answer: "since"
 * counts from when the answer last changed, not from the newest version of the fact.
 */
const answerSince = (periods: readonly PlaceRulePeriod[], today: PlaceRulePeriod): string => {
  let since = today.from_iso;
  for (let index = periods.indexOf(today) - 1; index >= 0; index--) {
    const earlier = periods[index]!;
    if (earlier.applies !== today.applies || earlier.until_iso !== since) break;
    since = earlier.from_iso;
  }
  return since;
};

const periodSpan = (w: Words, period: PlaceRulePeriod): string =>
  period.until_iso === null
    ? w.text("place.period.from", { from: w.date(period.from_iso) })
    : w.text("place.period.between", { from: w.date(period.from_iso), until: w.date(period.until_iso) });

const periodSource = (w: Words, period: PlaceRulePeriod): string =>
  period.version === null
    ? w.text("place.source.earlier", { fact: period.fact_id })
    : w.text("place.source.version", { fact: period.fact_id, version: period.version });

/**
 * Since when the answer in force holds, and its recorded end in words (its last day: a period's `until_iso` is the
 * first day it no longer holds) where one is recorded.
 */
const answerDates = (w: Words, periods: readonly PlaceRulePeriod[], now: PlaceRulePeriod): string =>
  w.text("place.since", {
    since: w.date(answerSince(periods, now)),
    hasUntil: now.until_iso === null ? "no" : "yes",
    until: now.until_iso === null ? "" : w.date(addDays(now.until_iso, -1)),
  });

/** A place's name by its id, as the register writes it: what a reason names a regional district by. */
type NameOf = (id: string) => string;

const placeNames = (model: SiteModel): NameOf => {
  const names = new Map(model.places.map((place) => [place.id, place.name]));
  return (id) => names.get(id) ?? id;
};

/** What a place's page says of one rule: the answer now and since when, then every period, oldest first. */
const ruleSection = (
  model: SiteModel,
  lang: PageLanguage,
  link: (absolute: string) => string,
  nameOf: NameOf,
  place: PlaceRecord,
  programme: PlaceProgramme,
): Html => {
  const { w } = lang;
  const why = (period: PlaceRulePeriod) => placeReasonWords(w, programme, place, period.reason, nameOf);
  const periods = place.rules[programme] ?? [];
  const today = periodOn(periods, model.today);
  const fact = model.facts.find((each) => each.id === periods[0]?.fact_id);
  const strong = (chunks: (string | Html)[]) => html`<strong>${chunks}</strong>`;
  return html`<section class="place-rule" id="${programme}" aria-labelledby="${programme}-heading">
<h2 id="${programme}-heading">${programmeName(w, programme)}</h2>
${
  today === undefined
    ? html`<p>${w.text("place.no-period-now", { hasPeriods: periods.length === 0 ? "no" : "yes", first: periods.length === 0 ? "" : w.date(periods[0]!.from_iso) })}</p>`
    : html`<p class="place-answer ${answerClass(today.applies)}">${rich(w, "place.now", { answer: answerWords(w, today.applies), since: answerDates(w, periods, today), why: why(today), strong })}</p>`
}
${fact === undefined ? "" : html`<p>${rich(w, "place.read-from", { fact: html`<a href="${link(model.urls.factPage(fact.id))}">${lang.factLabelHtml(fact)}</a>` })}</p>`}
${
  periods.length === 0
    ? ""
    : html`<details${periods.length > 1 ? "" : " open"}>
<summary>${w.text("place.every-period", { count: periods.length })}</summary>
<ol class="place-periods">
${periods.map(
  (period) =>
    html`<li>${rich(w, "place.period", {
      span: html`<span class="period-span">${periodSpan(w, period)}</span>`,
      strong,
      answer: answerWords(w, period.applies),
      why: why(period),
      source: html`<a href="${link(period.period_url)}">${periodSource(w, period)}</a>`,
    })}</li>`,
)}
</ol>
</details>`
}
</section>`;
};

/** English text of the data (a source's title and notes) as a translated page shows it: marked as English. */
const englishText = (lang: PageLanguage, text: string): Html =>
  lang.english ? html`${text}` : html`<span lang="en-CA">${text}</span>`;

/** `/places/{id}.html`: what applies at one place, today and on every date recorded. */
const renderPlacePage = (model: SiteModel, place: PlaceRecord, lang: PageLanguage, nameOf: NameOf): string => {
  // The page sits one folder down (`/places/`), so its links are paths from the site's root.
  const link = pageLinker(model, true, lang);
  const { w } = lang;
  const heading = w.text("place.heading", { place: place.name });
  const lead = rich(w, "place.lead", {
    place: place.official_name ?? place.name,
    kind: placeKindSentence(w, place.kind),
    where: place.regional_district === null ? (place.kind === "regional-district" ? "other" : "none") : "in",
    districtName: place.regional_district_name ?? "",
    district: (chunks) =>
      place.regional_district === null
        ? html`${chunks}`
        : html`<a href="${link(model.urls.placePage(place.regional_district))}">${chunks}</a>`,
  });
  const formerly = place.former_names?.length
    ? w.text("place.formerly", {
        names: namesList(
          w,
          place.former_names.map((former) =>
            w.text("place.former-name", { name: former.name, date: w.date(former.until_iso) }),
          ),
        ),
      })
    : undefined;
  const dissolved =
    place.dissolved_iso === undefined ? undefined : w.text("place.dissolved", { date: w.date(place.dissolved_iso) });
  const main = html`<p class="breadcrumb"><a href="${link(model.urls.placesPage)}">${w.text("places.title")}</a> › ${place.name}</p>
<h1>${heading}</h1>
<p class="lead">${lead}${formerly === undefined ? "" : ` ${formerly}`}${dissolved === undefined ? "" : ` ${dissolved}`}</p>
<p>${w.text("place.intro")}</p>
<table class="place-summary">
<caption>${w.text("place.now.caption")}</caption>
<thead><tr><th scope="col">${w.text("place.now.rule")}</th><th scope="col">${w.text("place.now.here")}</th><th scope="col">${w.text("place.now.since")}</th></tr></thead>
<tbody>
${PROGRAMME_NAMES.map((programme) => {
  const periods = place.rules[programme] ?? [];
  const today = periodOn(periods, model.today);
  return html`<tr><th scope="row"><a href="#${programme}">${programmeName(w, programme)}</a></th>
<td class="${answerClass(today?.applies ?? null)}">${today === undefined ? w.text("place.now.no-period") : answerWords(w, today.applies)}</td>
<td>${today === undefined ? "" : answerDates(w, periods, today)}</td></tr>`;
})}
</tbody>
</table>
${PROGRAMME_NAMES.map((programme) => ruleSection(model, lang, link, nameOf, place, programme))}
<section aria-labelledby="place-sources">
<h2 id="place-sources">${w.text("place.sources")}</h2>
<ul class="place-sources">
${place.sources.map(
  (source) =>
    html`<li>${rich(w, "place.source", {
      link: html`<a href="${source.url}"${source.title === undefined || lang.english ? "" : html` lang="en-CA"`}>${source.title ?? source.url}</a>`,
      org: source.org,
      kind: source.kind === undefined ? w.text("place.source.kind-unknown") : citationKindWords(w, source.kind),
      date: w.date(source.retrieved_iso),
      hasNotes: source.notes === undefined ? "no" : "yes",
      notes: source.notes === undefined ? "" : englishText(lang, source.notes),
    })}</li>`,
)}
</ul>
<p>${rich(w, "place.json", { link: html`<a href="${link(model.urls.place(place.id))}">${SITE_PATHS.place(place.id)}</a>` })}</p>
</section>`;
  return renderPage(
    model,
    {
      name: "place",
      path: SITE_PATHS.placePage(place.id),
      title: w.text("page.title", { page: heading, site: SERVICE.name }),
      description: w.text("place.description", { place: place.name, kind: placeKindWords(w, place.kind) }),
      canonical: model.urls.placePage(place.id),
      head: html`<link rel="alternate" type="application/json" title="${w.text("place.json-title", { place: place.name })}" href="${link(model.urls.place(place.id))}">`,
      main,
      anywhere: true,
    },
    lang,
  );
};

/** What applies at a place today, in one line: the rules that apply, then those whose answer is not recorded. */
const todayLine = (model: SiteModel, w: Words, place: PlaceRecord): string => {
  const answers = PROGRAMME_NAMES.map((programme) => ({
    programme,
    applies: periodOn(place.rules[programme] ?? [], model.today)?.applies,
  }));
  const named = (wanted: boolean | null) =>
    answers.filter(({ applies }) => applies === wanted).map(({ programme }) => programmeShortName(w, programme));
  const applies = named(true);
  const unknown = named(null);
  return w.text("places.today", {
    hasApplies: applies.length === 0 ? "no" : "yes",
    applies: namesList(w, applies),
    hasUnknown: unknown.length === 0 ? "no" : "yes",
    unknown: namesList(w, unknown),
  });
};

/**
 * `/places.html`: every place, grouped by regional district (the district first, then its places), each with what
 * applies there now in one line; a list rather than a wide table, so it reads the same on a phone.
 */
const renderPlacesIndexPage = (model: SiteModel, lang: PageLanguage): string => {
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  // Sorted by the names as the register writes them, the same in every language.
  const byName = (a: PlaceRecord, b: PlaceRecord) => a.name.localeCompare(b.name, "en-CA");
  const districts = model.places.filter((place) => place.kind === "regional-district").sort(byName);
  const outside = model.places.filter(
    (place) => place.kind !== "regional-district" && place.regional_district === null,
  );
  const entry = (place: PlaceRecord) =>
    html`<li id="${place.id}"><a href="${link(model.urls.placePage(place.id))}">${place.name}</a> <span class="place-kind">${place.dissolved_iso === undefined ? placeKindWords(w, place.kind) : w.text("places.kind-dissolved", { kind: placeKindWords(w, place.kind), date: w.date(place.dissolved_iso) })}</span><br><span class="place-today">${todayLine(model, w, place)}</span></li>`;
  const main = html`<h1>${w.text("places.title")}</h1>
<p class="lead">${w.text("places.lead")}</p>
<nav class="toc" aria-labelledby="districts-title"><h2 id="districts-title">${w.text("places.districts")}</h2>
<ul>${districts.map((district) => html`<li><a href="#district-${district.id}">${district.name}</a></li>`)}${outside.length === 0 ? "" : html`<li><a href="#district-none">${w.text("places.no-district")}</a></li>`}</ul></nav>
${districts.map((district) => {
  const members = model.places.filter((place) => place.regional_district === district.id).sort(byName);
  return html`<section class="place-group" id="district-${district.id}" aria-labelledby="district-${district.id}-title">
<h2 id="district-${district.id}-title">${district.name}</h2>
<ul class="place-list">${entry(district)}${members.map(entry)}</ul>
</section>`;
})}
${
  outside.length === 0
    ? ""
    : html`<section class="place-group" id="district-none" aria-labelledby="district-none-title">
<h2 id="district-none-title">${w.text("places.no-district")}</h2>
<ul class="place-list">${outside.sort(byName).map(entry)}</ul>
</section>`
}
<p>${rich(w, "places.json", {
    index: html`<a href="${link(model.urls.placesIndex)}">${SITE_PATHS.placesIndex}</a>`,
    pattern: html`<code>${SITE_PATHS.place("{id}")}</code>`,
  })}</p>`;
  return renderPage(
    model,
    {
      name: "places",
      path: SITE_PATHS.placesPage,
      title: w.text("page.title", { page: w.text("places.title"), site: SERVICE.name }),
      description: w.text("places.description"),
      canonical: model.urls.placesPage,
      main,
    },
    lang,
  );
};

export const renderPlacePages = (model: SiteModel, lang: PageLanguage): SiteFiles => {
  const nameOf = placeNames(model);
  return new Map([
    [lang.path(SITE_PATHS.placesPage), renderPlacesIndexPage(model, lang)],
    ...model.places.map((place): [string, string] => [
      lang.path(SITE_PATHS.placePage(place.id)),
      renderPlacePage(model, place, lang, nameOf),
    ]),
  ]);
};
