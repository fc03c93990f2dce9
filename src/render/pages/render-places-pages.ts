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
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { readableDate } from "../../lib/format.ts";
import type { PlaceRecord, PlaceRulePeriod } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteFiles, SiteModel } from "../site-model.ts";
import { type Html, html } from "../text.ts";
import { pageLinker, renderPage } from "./page-layout.ts";

const PROGRAMME_NAMES = Object.keys(PLACE_PROGRAMMES) as PlaceProgramme[];

const answerWords = (applies: boolean | null): string =>
  applies === true ? "Applies" : applies === false ? "Does not apply" : "Not recorded";

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

const periodSpan = (period: PlaceRulePeriod): string =>
  period.until_iso === null
    ? `From ${readableDate(period.from_iso)}`
    : `${readableDate(period.from_iso)} to ${readableDate(period.until_iso)} (not included)`;

const periodSource = (period: PlaceRulePeriod): string =>
  period.version === null
    ? `${period.fact_id}, the period recorded before its first version`
    : `${period.fact_id}, version ${period.version}`;

/**
 * The recorded end of the answer in force, in words (its last day: a period's `until_iso` is the first day it no
 * longer holds), or nothing while it holds with no end recorded.
 */
const answerUntil = (now: PlaceRulePeriod): string =>
  now.until_iso === null ? "" : `; last day ${readableDate(addDays(now.until_iso, -1))}`;

/** What a place's page says of one rule: the answer now and since when, then every period, oldest first. */
const ruleSection = (
  model: SiteModel,
  link: (absolute: string) => string,
  place: PlaceRecord,
  programme: PlaceProgramme,
): Html => {
  const periods = place.rules[programme] ?? [];
  const today = periodOn(periods, model.today);
  const fact = model.facts.find((each) => each.id === periods[0]?.fact_id);
  return html`<section class="place-rule" id="${programme}" aria-labelledby="${programme}-heading">
<h2 id="${programme}-heading">${PLACE_PROGRAMMES[programme]}</h2>
${
  today === undefined
    ? html`<p>No period of this rule in force now is recorded here${periods.length === 0 ? "" : html`: the periods recorded began on ${readableDate(periods[0]!.from_iso)}`}.</p>`
    : html`<p class="place-answer ${answerClass(today.applies)}"><strong>${answerWords(today.applies)}</strong> now, since ${readableDate(answerSince(periods, today))}${answerUntil(today)}: ${today.why}.</p>`
}
${fact === undefined ? "" : html`<p>Read from <a href="${link(model.urls.factPage(fact.id))}">${fact.label}</a>.</p>`}
${
  periods.length === 0
    ? ""
    : html`<details${periods.length > 1 ? "" : " open"}>
<summary>Every period (${periods.length})</summary>
<ol class="place-periods">
${periods.map(
  (period) =>
    html`<li><span class="period-span">${periodSpan(period)}</span>: <strong>${answerWords(period.applies)}</strong>. ${period.why}. <a href="${link(period.period_url)}">${periodSource(period)}</a></li>`,
)}
</ol>
</details>`
}
</section>`;
};

/** `/places/{id}.html`: what applies at one place, today and on every date recorded. */
const renderPlacePage = (model: SiteModel, place: PlaceRecord, lang: PageLanguage): string => {
  // The page sits one folder down (`/places/`), so its links are paths from the site's root.
  const link = pageLinker(model, true, lang);
  const district =
    place.regional_district === null
      ? place.kind === "regional-district"
        ? ""
        : " It is in no regional district."
      : html` in the <a href="${link(model.urls.placePage(place.regional_district))}">${place.regional_district_name}</a>.`;
  const main = html`<p class="breadcrumb"><a href="${link(model.urls.placesPage)}">Places</a> › ${place.name}</p>
<h1>What applies in ${place.name}</h1>
<p class="lead">${place.official_name ?? place.name} is a ${place.kind_label.toLowerCase()}${district}
${place.former_names?.length ? html` Formerly ${place.former_names.map((former, index) => html`${index === 0 ? "" : ", "}${former.name} (until ${readableDate(former.until_iso)})`)}.` : ""}
${place.dissolved_iso === undefined ? "" : html` It was dissolved on ${readableDate(place.dissolved_iso)}.`}</p>
<p>Each rule below is read from the fact that lists where it applies, for every period the fact records: the answer for a past date is the rule then in force.
The rules apply to a property by where it is; a rule may have exceptions for the owner or the property, which each fact's page gives.</p>
<table class="place-summary">
<caption>In force now</caption>
<thead><tr><th scope="col">Rule</th><th scope="col">Here</th><th scope="col">Since</th></tr></thead>
<tbody>
${PROGRAMME_NAMES.map((programme) => {
  const periods = place.rules[programme] ?? [];
  const today = periodOn(periods, model.today);
  return html`<tr><th scope="row"><a href="#${programme}">${PLACE_PROGRAMMES[programme]}</a></th>
<td class="${answerClass(today?.applies ?? null)}">${today === undefined ? "No period recorded" : answerWords(today.applies)}</td>
<td>${today === undefined ? "" : `${readableDate(answerSince(periods, today))}${answerUntil(today)}`}</td></tr>`;
})}
</tbody>
</table>
${PROGRAMME_NAMES.map((programme) => ruleSection(model, link, place, programme))}
<section aria-labelledby="place-sources">
<h2 id="place-sources">Where this place was read</h2>
<ul class="place-sources">
${place.sources.map(
  (source) =>
    html`<li><a href="${source.url}">${source.title ?? source.url}</a> (${source.org}, ${source.kind ?? "source"}, read ${readableDate(source.retrieved_iso)})${source.notes === undefined ? "" : html`: ${source.notes}`}</li>`,
)}
</ul>
<p>This place as JSON: <a href="${link(model.urls.place(place.id))}">${SITE_PATHS.place(place.id)}</a>.</p>
</section>`;
  return renderPage(
    model,
    {
      name: "place",
      path: SITE_PATHS.placePage(place.id),
      title: `What applies in ${place.name}: ${SERVICE.name}`,
      description: `The regional rules of British Columbia real estate in ${place.name} (${place.kind_label.toLowerCase()}), today and on any date since each began, each from its cited fact.`,
      canonical: model.urls.placePage(place.id),
      head: html`<link rel="alternate" type="application/json" title="${place.name} (JSON)" href="${link(model.urls.place(place.id))}">`,
      main,
      anywhere: true,
    },
    lang,
  );
};

/** The rules by area in a few words, for the index's lists. */
const SHORT_NAMES: Record<PlaceProgramme, string> = {
  foreign_buyer_specified_area: "foreign buyers' tax",
  speculation_vacancy_tax: "speculation and vacancy tax",
  str_principal_residence_requirement: "short-term rental principal residence rule",
  home_owner_grant_northern_rural: "northern and rural home owner grant",
};

/** What applies at a place today, in one line: the rules that apply, then those whose answer is not recorded. */
const todayLine = (model: SiteModel, place: PlaceRecord): string => {
  const answers = PROGRAMME_NAMES.map((programme) => ({
    programme,
    applies: periodOn(place.rules[programme] ?? [], model.today)?.applies,
  }));
  const named = (wanted: boolean | null) =>
    answers.filter(({ applies }) => applies === wanted).map(({ programme }) => SHORT_NAMES[programme]);
  const applies = named(true);
  const unknown = named(null);
  return [
    applies.length === 0 ? "None of these rules applies" : `Applies: ${applies.join(", ")}`,
    ...(unknown.length === 0 ? [] : [`not recorded: ${unknown.join(", ")}`]),
  ].join("; ");
};

/**
 * `/places.html`: every place, grouped by regional district (the district first, then its places), each with what
 * applies there now in one line; a list rather than a wide table, so it reads the same on a phone.
 */
const renderPlacesIndexPage = (model: SiteModel, lang: PageLanguage): string => {
  const link = pageLinker(model, false, lang);
  const byName = (a: PlaceRecord, b: PlaceRecord) => a.name.localeCompare(b.name, "en-CA");
  const districts = model.places.filter((place) => place.kind === "regional-district").sort(byName);
  const outside = model.places.filter(
    (place) => place.kind !== "regional-district" && place.regional_district === null,
  );
  const entry = (place: PlaceRecord) =>
    html`<li id="${place.id}"><a href="${link(model.urls.placePage(place.id))}">${place.name}</a> <span class="place-kind">${place.kind_label.toLowerCase()}${place.dissolved_iso === undefined ? "" : `, dissolved ${readableDate(place.dissolved_iso)}`}</span><br><span class="place-today">${todayLine(model, place)}.</span></li>`;
  const main = html`<h1>Places</h1>
<p class="lead">Every municipality and regional district of British Columbia, and the other areas a rule names, with the rules that apply there by area now: the additional property transfer tax for foreign buyers, the speculation and vacancy tax, the short-term rental principal residence requirement and the home owner grant's northern and rural amount.
Open a place for since when, every earlier period, and the fact each answer is read from.</p>
<nav class="toc" aria-labelledby="districts-title"><h2 id="districts-title">Regional districts</h2>
<ul>${districts.map((district) => html`<li><a href="#district-${district.id}">${district.name}</a></li>`)}${outside.length === 0 ? "" : html`<li><a href="#district-none">In no regional district</a></li>`}</ul></nav>
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
<h2 id="district-none-title">In no regional district</h2>
<ul class="place-list">${outside.sort(byName).map(entry)}</ul>
</section>`
}
<p>As JSON: <a href="${link(model.urls.placesIndex)}">${SITE_PATHS.placesIndex}</a>, and each place at <code>${SITE_PATHS.place("{id}")}</code>.</p>`;
  return renderPage(
    model,
    {
      name: "places",
      path: SITE_PATHS.placesPage,
      title: `Places: ${SERVICE.name}`,
      description:
        "Every municipality and regional district of British Columbia with the real estate rules that apply there by area: the foreign buyers' tax, the speculation and vacancy tax, the short-term rental rule and the home owner grant.",
      canonical: model.urls.placesPage,
      main,
    },
    lang,
  );
};

export const renderPlacePages = (model: SiteModel, lang: PageLanguage): SiteFiles =>
  new Map([
    [lang.path(SITE_PATHS.placesPage), renderPlacesIndexPage(model, lang)],
    ...model.places.map((place): [string, string] => [
      lang.path(SITE_PATHS.placePage(place.id)),
      renderPlacePage(model, place, lang),
    ]),
  ]);
