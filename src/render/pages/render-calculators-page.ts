import { periodAnchor, SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Words } from "../../i18n/words.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html, rich, trustedHtml } from "../text.ts";
import { pageLinker, renderPage, scriptJson } from "./page-layout.ts";
import { summaryIn } from "./render-fact.ts";

/** The facts each calculator reads, in the order the page lists them; the page links each one that is published. */
export const CALCULATOR_FACTS = {
  ptt: [
    "bc.ptt.brackets",
    "bc.ptt.fthb_exemption",
    "bc.ptt.newly_built_exemption",
    "bc.ptt.foreign_buyer_additional",
    "bc.foreign_buyer_specified_areas",
    "ca.foreign_buyer_ban",
    "ca.gst.new_housing_rebate",
    "ca.gst.fthb_new_home_rebate",
  ],
  purchase: [
    "cmhc.insurance_cap",
    "cmhc.mortgage_insurance_premiums",
    "cmhc.amortization_30yr_eligibility",
    "osfi.b20.stress_test",
    "cmhc.debt_service_limits",
    "bc.ptt.brackets",
    "bc.ptt.fthb_exemption",
    "bc.ptt.newly_built_exemption",
    "ca.gst.new_housing_rebate",
    "ca.gst.fthb_new_home_rebate",
  ],
  grant: ["bc.home_owner_grant.threshold"],
  deposit: ["bc.rta.deposit_interest", "bc.rta.deposit_return"],
  notice: ["bc.rta.notice_service", "bc.rta.notices_to_end_tenancy", "bc.rta.landlord_use_compensation"],
  capex: ["bc.rtr.capital_expenditure_increase"],
  credit: ["bc.renters_tax_credit"],
  rent: [],
} as const;

/** A calculator that reads every member of a yearly series: the page lists the members published. */
const CALCULATOR_SERIES: Partial<Record<keyof typeof CALCULATOR_FACTS, string>> = { rent: "bc.rent_cap" };

/** Each calculator's title, in the page's order: its heading and its "Jump to" link. */
const calculatorTitles = (w: Words): Record<keyof typeof CALCULATOR_FACTS, string> => ({
  ptt: w.text("calculators.title.ptt"),
  purchase: w.text("calculators.title.purchase"),
  grant: w.text("calculators.title.grant"),
  deposit: w.text("calculators.title.deposit"),
  notice: w.text("calculators.title.notice"),
  rent: w.text("calculators.title.rent"),
  capex: w.text("calculators.title.capex"),
  credit: w.text("calculators.title.credit"),
});

/** The script that runs the calculators, built from the client's own code (src/build/bundle-scripts.ts). */
export const CALCULATORS_SCRIPT = "assets/calculators.js";

/** The messages the script writes with (`calc.*`), which the page carries for its language (see calculatorWords). */
const SCRIPT_WORDS = "calc.";

/** The messages of the rules by place, which the script words a place's answer with (src/render/place-reasons.ts). */
const PLACE_WORDS = ["place.why.", "places.kind.", "places.name-separator"];

/**
 * The script's words for the page's language: its locale, the `calc.*` messages and those of the rules by place, and
 * the facts' labels the language has (the script names a fact in its working by its label), in the element the script
 * reads them from (site/calculators/words.ts), so one script serves every language.
 */
const calculatorWords = (model: SiteModel, lang: PageLanguage): Html =>
  trustedHtml(
    `<script type="application/json" id="calculator-words">\n${scriptJson({
      locale: lang.locale.code,
      messages: Object.fromEntries(
        Object.entries(lang.messages).filter(
          ([key]) => key.startsWith(SCRIPT_WORDS) || PLACE_WORDS.some((prefix) => key.startsWith(prefix)),
        ),
      ),
      factLabels: Object.fromEntries(
        model.facts.flatMap((fact) => {
          const label = lang.translatedFactLabel(fact);
          return label === undefined ? [] : [[fact.id, label]];
        }),
      ),
      summaries: lang.english ? {} : periodSummaries(model, lang),
    })}\n</script>`,
  );

/**
 * Each period's value in one line in the page's language, by fact and by the period's anchor (`v2`, `earlier-…`):
 * an answer lists the facts it used with the period in force on its date, which may be any of them. English pages use
 * the summaries the facts carry.
 */
const periodSummaries = (model: SiteModel, lang: PageLanguage): Record<string, Record<string, string>> =>
  Object.fromEntries(
    model.facts.map((fact) => {
      const keys = model.timelines.get(fact.id)?.versions.at(-1)?.state.summary_keys;
      const periods = [{ version: fact.version, value: fact.value, unit: fact.unit }, ...fact.history];
      return [
        fact.id,
        Object.fromEntries(
          periods.map((period) => [
            periodAnchor(period),
            summaryIn(lang, { value: period.value, unit: period.unit ?? fact.unit }, "", keys),
          ]),
        ),
      ];
    }),
  );

/**
 * Each fact a calculator reads: a link to its current version's section of its page, with its version, effective date
 * and summary, or that it is not published.
 */
const factList = (model: SiteModel, lang: PageLanguage, ids: readonly string[]): Html => {
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  return html`<ul class="calc-facts">${ids.map((id) => {
    const fact = model.facts.find((each) => each.id === id);
    return fact
      ? html`<li>${rich(w, "calculators.fact", {
          fact: html`<a href="${link(model.urls.factPage(id))}#v${fact.version}">${lang.factLabelHtml(fact)}</a>`,
          id: html`<code>${id}</code>`,
          version: String(fact.version),
          date: w.date(fact.effective_iso),
          summary: summaryIn(
            lang,
            fact,
            fact.summary ?? "",
            model.timelines.get(id)?.versions.at(-1)?.state.summary_keys,
          ),
          hasSummary: fact.summary ? "yes" : "no",
        })}</li>`
      : html`<li>${rich(w, "calculators.fact-unpublished", { id: html`<code>${id}</code>` })}</li>`;
  })}</ul>`;
};

/** What a field holds, for the printed inputs to write it as the page writes figures (`data-kind`). */
type FieldKind = "money" | "percent" | "money-or-percent";

const money = (id: string, label: string, hint?: string, kind: FieldKind = "money"): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" inputmode="decimal" autocomplete="off" data-kind="${kind}"${hint ? html` aria-describedby="${id}-hint"` : ""}>${hint ? html`<span class="hint" id="${id}-hint">${hint}</span>` : ""}</div>`;

const percentField = (id: string, label: string, hint: string, value = ""): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" inputmode="decimal" autocomplete="off" data-kind="percent"${value === "" ? "" : html` value="${value}"`} aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;

/**
 * The day the agreement of purchase and sale was signed: shown by the script only where it changes an answer (a newly
 * built home's GST rebate, a foreign buyer's transitional rule), as `hint` says.
 */
const agreementField = (w: Words, id: string, hint: string): Html =>
  html`<div class="field" id="${id}-field"><label for="${id}">${w.text("calculators.field.agreement")}</label>
<input type="date" id="${id}" name="${id}" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;

const checkbox = (id: string, label: string): Html =>
  html`<div class="field check"><input type="checkbox" id="${id}" name="${id}"><label for="${id}">${label}</label></div>`;

/**
 * Where the property is: a name typed or chosen from the register's list (the `places-list` datalist), whose own
 * periods then answer the question the reader cannot ("in a specified area?"); the script reads the place's file.
 */
const placeField = (w: Words, id: string, hint: string): Html =>
  html`<div class="field"><label for="${id}">${w.text("calculators.field.place")}</label>
<input type="text" id="${id}" name="${id}" list="places-list" autocomplete="off" spellcheck="false" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;

/**
 * The register's places as the place fields offer them: each place's name, with its kind where two places share a
 * name ("North Vancouver (City)"), and its id for the script to fetch its file. Place names are the register's, in
 * every language.
 */
const placesList = (model: SiteModel): Html => {
  const shared = new Set(
    model.places.map((place) => place.name).filter((name, index, names) => names.indexOf(name) !== index),
  );
  return html`<datalist id="places-list">${[...model.places]
    .sort((a, b) => a.name.localeCompare(b.name, "en-CA"))
    .map(
      (place) =>
        html`<option value="${shared.has(place.name) ? `${place.name} (${place.kind_label})` : place.name}" data-id="${place.id}" data-name="${place.name}"></option>`,
    )}</datalist>`;
};

const dateField = (w: Words, id: string, label: string): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="date" id="${id}" name="${id}" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${w.text("calculators.hint.rules-date")}</span></div>`;

/** A date field of its own words, with a hint when `hint` is given. */
const dayField = (id: string, label: string, hint?: string): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="date" id="${id}" name="${id}"${hint ? html` aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span>` : html`>`}</div>`;

/** A whole number typed (years, a day of the month, units), with its starting value and hint when given. */
const wholeField = (id: string, label: string, value = "", hint?: string): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="text" id="${id}" name="${id}" inputmode="numeric" autocomplete="off"${value === "" ? "" : html` value="${value}"`}${hint ? html` aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span>` : html`>`}</div>`;

/**
 * One calculator: its form (hidden until the script has the catalog), where errors and results appear, and its facts
 * as in force today, folded: open for a reader without the script, whose only answer they are; the script folds them
 * under a result dated another day, and leaves them out under one dated today, whose own facts say the same.
 */
const calculator = (
  model: SiteModel,
  lang: PageLanguage,
  key: keyof typeof CALCULATOR_FACTS,
  intro: string,
  fields: Html,
  level: 2 | 3 = 2,
): Html =>
  html`<section class="calculator" id="${key}" aria-labelledby="${key}-title">
<h${level} id="${key}-title">${calculatorTitles(lang.w)[key]}</h${level}>
<p>${intro}</p>
<form class="calc-form" id="${key}-form" hidden novalidate>
${fields}
</form>
<p class="visually-hidden" id="${key}-summary" aria-live="polite"></p>
<div class="calc-output" id="${key}-output"></div>
<details class="calc-today" id="${key}-today" open>
<summary id="${key}-facts-title">${lang.w.text("calc.facts.uses")}</summary>
${factList(model, lang, [
  ...CALCULATOR_FACTS[key],
  ...model.facts
    .filter((fact) => fact.series !== undefined && fact.series === CALCULATOR_SERIES[key])
    .map((fact) => fact.id),
])}
</details>
</section>`;

const option = (value: string, words: string): Html => html`<option value="${value}">${words}</option>`;

/**
 * `/calculators.html`: property transfer tax, a purchase and the home owner grant, computed in the browser by the
 * client's calculators on the published facts, each read from its `by-id` file (`data-fact`) when a calculation first
 * needs it (a series' members through its series file, `data-series`; a place's rules through its file, `data-place`).
 * The forms ship `hidden` and the script reveals them, so a reader without JavaScript sees what the page needs and the
 * facts it would use, and no dead control. The script writes in the page's language, from the words the page carries.
 */
export const renderCalculatorsPage = (model: SiteModel, lang: PageLanguage): string => {
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  const catalog = link(`${model.urls.base}${SITE_PATHS.catalog}`);
  const main = html`<h1>${w.text("calculators.heading")}</h1>
<nav class="calc-jump" aria-labelledby="calc-jump-title">
<p id="calc-jump-title">${w.text("calculators.jump")}</p>
<ul>${Object.entries(calculatorTitles(w)).map(([key, title]) => html`<li><a href="#${key}">${title}</a></li>`)}</ul>
</nav>
<p class="lead">${w.text("calculators.lead")}
${w.text("calculators.lead-how")}</p>
<p class="disclaimer"><strong>${w.text("calculators.disclaimer-title")}</strong> ${w.text("calculators.disclaimer")}
${w.text("calculators.disclaimer-who")}</p>
<div class="calc-needs-js" id="calc-needs-js">
<p>${rich(w, "calculators.needs-js", { catalog: (chunks) => html`<a href="${catalog}">${chunks}</a>` })}
${w.text("calculators.needs-js-without")}</p>
</div>
<p class="calc-status" id="calc-status" role="status" data-fact="${link(model.urls.factById("{id}"))}" data-series="${link(model.urls.series("{id}"))}" data-place="${link(model.urls.place("{id}"))}"></p>
${placesList(model)}
${calculator(
  model,
  lang,
  "ptt",
  w.text("calculators.intro.ptt"),
  html`${money("ptt-price", w.text("calculators.field.price"), w.text("calculators.hint.price"))}
${percentField("ptt-residential", w.text("calculators.field.residential"), w.text("calculators.hint.residential"), "100")}
${checkbox("ptt-first-time", w.text("calculators.field.first-time"))}
${percentField("ptt-eligible-share", w.text("calculators.field.eligible-share"), w.text("calculators.hint.eligible-share"), "100")}
${checkbox("ptt-newly-built", w.text("calculators.field.newly-built"))}
${checkbox("ptt-foreign", w.text("calculators.field.foreign"))}
${placeField(w, "ptt-place", w.text("calculators.hint.ptt-place"))}
<div class="field"><label for="ptt-specified-area">${w.text("calculators.field.specified-area")}</label>
<select id="ptt-specified-area" name="ptt-specified-area" aria-describedby="ptt-specified-area-hint">
${option("", w.text("calculators.option.not-sure"))}
${option("yes", w.text("calculators.option.yes"))}
${option("no", w.text("calculators.option.no"))}
</select><span class="hint" id="ptt-specified-area-hint">${w.text("calculators.hint.specified-area")}</span></div>
${dateField(w, "ptt-date", w.text("calculators.field.registration-date"))}
${agreementField(w, "ptt-agreement-date", w.text("calculators.hint.ptt-agreement"))}`,
)}
${calculator(
  model,
  lang,
  "purchase",
  w.text("calculators.intro.purchase"),
  html`${money("buy-price", w.text("calculators.field.price"))}
<div class="field"><label for="buy-down">${w.text("calculators.field.down")}</label>
<input type="text" id="buy-down" name="buy-down" inputmode="decimal" autocomplete="off" data-kind="money-or-percent" aria-describedby="buy-down-hint buy-down-amount"><span class="hint" id="buy-down-hint">${w.text("calculators.hint.down")}</span><span class="calc-derived" id="buy-down-amount"></span></div>
${wholeField("buy-amortization", w.text("calculators.field.amortization"), "25")}
${percentField("buy-rate", w.text("calculators.field.rate"), w.text("calculators.hint.rate"))}
<div class="field"><label for="buy-frequency">${w.text("calculators.field.frequency")}</label>
<select id="buy-frequency" name="buy-frequency">
${option("monthly", w.text("calculators.option.monthly"))}
${option("semi-monthly", w.text("calculators.option.semi-monthly"))}
${option("biweekly", w.text("calculators.option.biweekly"))}
${option("weekly", w.text("calculators.option.weekly"))}
${option("accelerated-biweekly", w.text("calculators.option.accelerated-biweekly"))}
${option("accelerated-weekly", w.text("calculators.option.accelerated-weekly"))}
</select></div>
${wholeField("buy-term", w.text("calculators.field.term"), "5")}
${checkbox("buy-first-time", w.text("calculators.field.first-time"))}
${checkbox("buy-newly-built", w.text("calculators.field.newly-built"))}
${dateField(w, "buy-date", w.text("calculators.field.purchase-date"))}
${agreementField(w, "buy-agreement-date", w.text("calculators.hint.buy-agreement"))}
<fieldset class="field-group"><legend>${w.text("calculators.group.afford")}</legend>
${money("buy-income", w.text("calculators.field.income"), w.text("calculators.hint.income"))}
${money("buy-debts", w.text("calculators.field.debts"), w.text("calculators.hint.debts"))}
${money("buy-property-tax", w.text("calculators.field.property-tax"))}
${money("buy-heating", w.text("calculators.field.heating"))}
${money("buy-strata", w.text("calculators.field.strata"), w.text("calculators.hint.strata"))}
</fieldset>
<fieldset class="field-group"><legend>${w.text("calculators.group.cash")}</legend>
${money("buy-other-costs", w.text("calculators.field.other-costs"), w.text("calculators.hint.other-costs"))}
</fieldset>`,
)}
${calculator(
  model,
  lang,
  "grant",
  w.text("calculators.intro.grant"),
  html`${money("grant-value", w.text("calculators.field.assessed"))}
${checkbox("grant-additional", w.text("calculators.field.additional-grant"))}
${placeField(w, "grant-place", w.text("calculators.hint.grant-place"))}
${checkbox("grant-northern", w.text("calculators.field.northern"))}
${money("grant-tax", w.text("calculators.field.tax-before-grant"), w.text("calculators.hint.tax-before-grant"))}
${dateField(w, "grant-date", w.text("calculators.field.date"))}`,
)}
<section class="calc-group" id="tenancy" aria-labelledby="tenancy-title">
<h2 id="tenancy-title">${w.text("calculators.tenancy.title")}</h2>
<p>${w.text("calculators.tenancy.intro")}</p>
${calculator(
  model,
  lang,
  "deposit",
  w.text("calculators.intro.deposit"),
  html`${money("deposit-amount", w.text("calculators.field.deposits"), w.text("calculators.hint.deposits"))}
${dayField("deposit-received", w.text("calculators.field.deposit-received"))}
${dayField("deposit-end", w.text("calculators.field.tenancy-end"))}
${dayField("deposit-address", w.text("calculators.field.forwarding"), w.text("calculators.hint.forwarding"))}
${dayField("deposit-returned", w.text("calculators.field.returned"), w.text("calculators.hint.returned"))}`,
  3,
)}
${calculator(
  model,
  lang,
  "notice",
  w.text("calculators.intro.notice"),
  html`<div class="field"><label for="notice-kind">${w.text("calculators.field.notice-kind")}</label>
<select id="notice-kind" name="notice-kind">
${option("", w.text("calculators.option.other-document"))}
${option("tenant", w.text("calculators.option.tenant"))}
${option("non-payment", w.text("calculators.option.non-payment"))}
${option("cause", w.text("calculators.option.cause"))}
${option("landlord-use", w.text("calculators.option.landlord-use"))}
${option("purchaser-use", w.text("calculators.option.purchaser-use"))}
${option("demolition", w.text("calculators.option.demolition"))}
</select></div>
<div class="field"><label for="notice-method">${w.text("calculators.field.notice-method")}</label>
<select id="notice-method" name="notice-method">
${option("in-person", w.text("calculators.option.in-person"))}
${option("mail", w.text("calculators.option.mail"))}
${option("door", w.text("calculators.option.door"))}
${option("mailbox", w.text("calculators.option.mailbox"))}
${option("fax", w.text("calculators.option.fax"))}
${option("email", w.text("calculators.option.email"))}
</select></div>
${dayField("notice-served", w.text("calculators.field.served"), w.text("calculators.hint.served"))}
${wholeField("notice-due-day", w.text("calculators.field.due-day"), "1")}
${dayField("notice-term-end", w.text("calculators.field.term-end"), w.text("calculators.hint.term-end"))}
${money("notice-rent", w.text("calculators.field.monthly-rent"), w.text("calculators.hint.notice-rent"))}`,
  3,
)}
${calculator(
  model,
  lang,
  "rent",
  w.text("calculators.intro.rent"),
  html`${money("rent-current", w.text("calculators.field.current-rent"))}
${dayField("rent-received", w.text("calculators.field.rent-received"), w.text("calculators.hint.rent-received", { notice: calculatorTitles(w).notice }))}
${dayField("rent-date", w.text("calculators.field.rent-date"), w.text("calculators.hint.rent-date"))}
${dayField("rent-last", w.text("calculators.field.rent-last"), w.text("calculators.hint.rent-last"))}
${wholeField("rent-due-day", w.text("calculators.field.due-day"), "", w.text("calculators.hint.rent-due-day"))}
${money("rent-proposed", w.text("calculators.field.proposed"), w.text("calculators.hint.proposed"), "money-or-percent")}`,
  3,
)}
${calculator(
  model,
  lang,
  "capex",
  w.text("calculators.intro.capex"),
  html`${money("capex-cost", w.text("calculators.field.capex-cost"), w.text("calculators.hint.capex-cost"))}
${wholeField("capex-units", w.text("calculators.field.units"))}
${money("capex-rent", w.text("calculators.field.unit-rent"))}
${dateField(w, "capex-date", w.text("calculators.field.application-date"))}
${dayField("capex-first", w.text("calculators.field.capex-first"), w.text("calculators.hint.capex-first"))}`,
  3,
)}
${calculator(
  model,
  lang,
  "credit",
  w.text("calculators.intro.credit"),
  html`${money("credit-income", w.text("calculators.field.adjusted-income"), w.text("calculators.hint.adjusted-income"))}
${wholeField("credit-year", w.text("calculators.field.tax-year"), "", w.text("calculators.hint.tax-year", { year: "2024" }))}`,
  3,
)}
</section>
${calculatorWords(model, lang)}
`;
  return renderPage(
    model,
    {
      path: "/calculators.html",
      name: "calculators",
      title: w.text("calculators.title"),
      description: w.text("calculators.description"),
      canonical: model.urls.calculatorsPage,
      head: html`<link rel="stylesheet" href="${link(`${model.urls.base}/assets/calculators.css`)}">`,
      script: CALCULATORS_SCRIPT,
      main,
    },
    lang,
  );
};
