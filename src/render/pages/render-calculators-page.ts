import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { readableDate } from "../../lib/format.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html, sitePath } from "../text.ts";
import { renderPage } from "./page-layout.ts";

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
const CALCULATOR_TITLES: Record<keyof typeof CALCULATOR_FACTS, string> = {
  ptt: "Property transfer tax",
  purchase: "A purchase with a mortgage",
  grant: "Home owner grant",
  deposit: "Deposits: interest, and when they must come back",
  notice: "Notice to end a tenancy",
  rent: "Rent increase",
  capex: "Rent increase for a capital expenditure",
  credit: "Renter's tax credit",
};

/** The script that runs the calculators, built from the client's own code (src/build/bundle-scripts.ts). */
export const CALCULATORS_SCRIPT = "assets/calculators.js";

/**
 * Each fact a calculator reads: a link to its current version's section of its page, with its version, effective date
 * and summary, or that it is not published.
 */
const factList = (model: SiteModel, ids: readonly string[]): Html =>
  html`<ul class="calc-facts">${ids.map((id) => {
    const fact = model.facts.find((each) => each.id === id);
    return fact
      ? html`<li><a href="${sitePath(model.urls, model.urls.factPage(id))}#v${fact.version}">${fact.label}</a> (<code>${id}</code>), version ${fact.version}, in effect from ${readableDate(fact.effective_iso)}${fact.summary ? `: ${fact.summary}` : ""}</li>`
      : html`<li><code>${id}</code> is not published yet: what depends on it cannot be computed.</li>`;
  })}</ul>`;

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
const agreementField = (id: string, hint: string): Html =>
  html`<div class="field" id="${id}-field"><label for="${id}">Agreement signed on</label>
<input type="date" id="${id}" name="${id}" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;

const checkbox = (id: string, label: string): Html =>
  html`<div class="field check"><input type="checkbox" id="${id}" name="${id}"><label for="${id}">${label}</label></div>`;

/**
 * Where the property is: a name typed or chosen from the register's list (the `places-list` datalist), whose own
 * periods then answer the question the reader cannot ("in a specified area?"); the script reads the place's file.
 */
const placeField = (id: string, hint: string): Html =>
  html`<div class="field"><label for="${id}">Municipality or area</label>
<input type="text" id="${id}" name="${id}" list="places-list" autocomplete="off" spellcheck="false" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">${hint}</span></div>`;

/**
 * The register's places as the place fields offer them: each place's name, with its kind where two places share a
 * name ("North Vancouver (City)"), and its id for the script to fetch its file.
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

const dateField = (id: string, label: string): Html =>
  html`<div class="field"><label for="${id}">${label}</label>
<input type="date" id="${id}" name="${id}" aria-describedby="${id}-hint"><span class="hint" id="${id}-hint">The rules in force on this date apply; empty means today.</span></div>`;

/**
 * One calculator: its form (hidden until the script has the catalog), where errors and results appear, and its facts
 * as in force today, folded: open for a reader without the script, whose only answer they are; the script folds them
 * under a result dated another day, and leaves them out under one dated today, whose own facts say the same.
 */
const calculator = (
  model: SiteModel,
  key: keyof typeof CALCULATOR_FACTS,
  intro: string,
  fields: Html,
  level: 2 | 3 = 2,
): Html =>
  html`<section class="calculator" id="${key}" aria-labelledby="${key}-title">
<h${level} id="${key}-title">${CALCULATOR_TITLES[key]}</h${level}>
<p>${intro}</p>
<form class="calc-form" id="${key}-form" hidden novalidate>
${fields}
</form>
<p class="visually-hidden" id="${key}-summary" aria-live="polite"></p>
<div class="calc-output" id="${key}-output"></div>
<details class="calc-today" id="${key}-today" open>
<summary id="${key}-facts-title">Facts this calculator uses</summary>
${factList(model, [
  ...CALCULATOR_FACTS[key],
  ...model.facts
    .filter((fact) => fact.series !== undefined && fact.series === CALCULATOR_SERIES[key])
    .map((fact) => fact.id),
])}
</details>
</section>`;

/**
 * `/calculators.html`: property transfer tax, a purchase and the home owner grant, computed in the browser by the
 * client's calculators on the published facts, each read from its `by-id` file (`data-fact`) when a calculation first
 * needs it (a series' members through its series file, `data-series`; a place's rules through its file, `data-place`).
 * The forms ship `hidden` and the script reveals them, so a reader without JavaScript sees what the page needs and the
 * facts it would use, and no dead control.
 */
export const renderCalculatorsPage = (model: SiteModel, lang: PageLanguage): string => {
  const catalog = sitePath(model.urls, `${model.urls.base}${SITE_PATHS.catalog}`);
  const main = html`<h1>Calculators</h1>
<nav class="calc-jump" aria-labelledby="calc-jump-title">
<p id="calc-jump-title">Jump to</p>
<ul>${Object.entries(CALCULATOR_TITLES).map(([key, title]) => html`<li><a href="#${key}">${title}</a></li>`)}</ul>
</nav>
<p class="lead">Property transfer tax, a purchase with a mortgage (whether it passes the stress test, and the cash needed to close), the home owner grant, and for a tenancy the deposits, notices, rent increases and the renter's credit, computed from the published facts.
Each result shows how it was reached and names every fact it used, with its version and the date it took effect.</p>
<p class="disclaimer"><strong>General information, not advice.</strong> These calculators give general information only, not legal, tax or financial advice.
They cover the common case and state what they assume; your lawyer, notary, lender or the Province decides what you actually pay.</p>
<div class="calc-needs-js" id="calc-needs-js">
<p>The calculators run in your browser: they need JavaScript, and they read from this site the published facts each calculation uses (JSON, one <a href="${catalog}">fact of the catalog</a> at a time). Nothing you type is sent anywhere.
Without JavaScript, each calculator below lists the facts it uses; each fact's page states its rule, its sources and its earlier versions.</p>
</div>
<p class="calc-status" id="calc-status" role="status" data-fact="${sitePath(model.urls, model.urls.factById("{id}"))}" data-series="${sitePath(model.urls, model.urls.series("{id}"))}" data-place="${sitePath(model.urls, model.urls.place("{id}"))}"></p>
${placesList(model)}
${calculator(
  model,
  "ptt",
  "The tax on registering a transfer of B.C. property: the general rates, the first time home buyers' or newly built home exemption (both asked for: the larger is claimed), and the additional tax for foreign buyers; for a newly built home, the GST and its rebates too.",
  html`${money("ptt-price", "Purchase price", "Fair market value, in dollars.")}
${percentField("ptt-residential", "Residential share, in percent", "The part of the value that is residential.", "100")}
${checkbox("ptt-first-time", "First-time home buyer")}
${percentField("ptt-eligible-share", "Share bought by first-time buyers, in percent", "With a co-buyer who does not qualify: the share the first-time buyers acquire.", "100")}
${checkbox("ptt-newly-built", "Newly built home")}
${checkbox("ptt-foreign", "Foreign buyer")}
${placeField("ptt-place", "Where the property is, for example Surrey or Kamloops: its rules decide whether the foreign buyers' tax applies there.")}
<div class="field"><label for="ptt-specified-area">For a place not in the list: in an area where the foreign buyers' tax applies?</label>
<select id="ptt-specified-area" name="ptt-specified-area" aria-describedby="ptt-specified-area-hint">
<option value="">Not sure</option>
<option value="yes">Yes</option>
<option value="no">No</option>
</select><span class="hint" id="ptt-specified-area-hint">Asked of foreign buyers only, when no municipality or area is given; the answer lists the areas in force.</span></div>
${dateField("ptt-date", "Registration date")}
${agreementField("ptt-agreement-date", "Optional. For a newly built home, the first-time buyers' GST rebate is only for agreements signed in its window. For a foreign buyer: in the four districts added to the foreign buyers' tax on February 21, 2018, an agreement made by February 20 spared a transfer registered by May 18, 2018.")}`,
)}
${calculator(
  model,
  "purchase",
  "Whether the purchase passes the stress test and the largest price that does, the cash needed to close (down payment, transfer tax, GST and its rebates on a newly built home), the minimum down payment, the mortgage default insurance premium, the payment and what is left to pay after the term.",
  html`${money("buy-price", "Purchase price")}
<div class="field"><label for="buy-down">Down payment</label>
<input type="text" id="buy-down" name="buy-down" inputmode="decimal" autocomplete="off" data-kind="money-or-percent" aria-describedby="buy-down-hint buy-down-amount"><span class="hint" id="buy-down-hint">In dollars, or in percent of the price (10%).</span><span class="calc-derived" id="buy-down-amount"></span></div>
<div class="field"><label for="buy-amortization">Amortization, in years</label>
<input type="text" id="buy-amortization" name="buy-amortization" inputmode="numeric" autocomplete="off" value="25"></div>
${percentField("buy-rate", "Interest rate, in percent", "The contract rate, for example 4.5.")}
<div class="field"><label for="buy-frequency">Payment frequency</label>
<select id="buy-frequency" name="buy-frequency">
<option value="monthly">Monthly</option>
<option value="semi-monthly">Semi-monthly</option>
<option value="biweekly">Biweekly</option>
<option value="weekly">Weekly</option>
<option value="accelerated-biweekly">Accelerated biweekly</option>
<option value="accelerated-weekly">Accelerated weekly</option>
</select></div>
<div class="field"><label for="buy-term">Term, in years</label>
<input type="text" id="buy-term" name="buy-term" inputmode="numeric" autocomplete="off" value="5"></div>
${checkbox("buy-first-time", "First-time home buyer")}
${checkbox("buy-newly-built", "Newly built home")}
${dateField("buy-date", "Purchase date")}
${agreementField("buy-agreement-date", "Optional, for a newly built home: the first-time buyers' GST rebate is only for agreements signed in its window.")}
<fieldset class="field-group"><legend>Can you afford it? The stress test's debt service ratios</legend>
${money("buy-income", "Annual household income", "Gross income of everyone on the mortgage, before tax.")}
${money("buy-debts", "Monthly debt payments", "Car loans, credit cards, lines of credit, student loans.")}
${money("buy-property-tax", "Annual property tax")}
${money("buy-heating", "Monthly heating")}
${money("buy-strata", "Monthly strata fee", "Half of it counts, as lenders count condominium fees.")}
</fieldset>
<fieldset class="field-group"><legend>Cash to close</legend>
${money("buy-other-costs", "Other closing costs", "Optional: legal fees, inspection, adjustments, moving.")}
</fieldset>`,
)}
${calculator(
  model,
  "grant",
  "The grant that reduces the property tax on a principal residence, with its phase-out above the threshold.",
  html`${money("grant-value", "Assessed value")}
${checkbox("grant-additional", "Additional grant (senior, veteran, or a person with a disability)")}
${placeField("grant-place", "Where the home is: its rules decide whether the northern and rural amount applies.")}
${checkbox("grant-northern", "For a place not in the list: outside the Capital, Metro Vancouver and Fraser Valley regional districts (northern and rural area)")}
${money("grant-tax", "Property tax before the grant", "Optional, in dollars: to see the tax left after the grant.")}
${dateField("grant-date", "Date")}`,
)}
<section class="calc-group" id="tenancy" aria-labelledby="tenancy-title">
<h2 id="tenancy-title">Tenancy</h2>
<p>For landlords and tenants of a residential tenancy in B.C.: the deposits, when a notice counts as received, and rent increases, each as the Residential Tenancy Act stood on the date given.</p>
${calculator(
  model,
  "deposit",
  "The interest owed on the security and pet damage deposits, each year at its own rate, and the last day a landlord may return them or claim against them, with what is owed if that day passes.",
  html`${money("deposit-amount", "Deposits paid", "The security deposit and the pet damage deposit together, in dollars.")}
<div class="field"><label for="deposit-received">Day the landlord received the deposit</label>
<input type="date" id="deposit-received" name="deposit-received"></div>
<div class="field"><label for="deposit-end">Day the tenancy ended</label>
<input type="date" id="deposit-end" name="deposit-end"></div>
<div class="field"><label for="deposit-address">Day the landlord received the forwarding address in writing</label>
<input type="date" id="deposit-address" name="deposit-address" aria-describedby="deposit-address-hint"><span class="hint" id="deposit-address-hint">It may be before the tenancy ended.</span></div>
<div class="field"><label for="deposit-returned">Day the deposits are returned</label>
<input type="date" id="deposit-returned" name="deposit-returned" aria-describedby="deposit-returned-hint"><span class="hint" id="deposit-returned-hint">Optional: the interest is counted to this day; when empty, to the last day to return them.</span></div>`,
  3,
)}
${calculator(
  model,
  "notice",
  "When a notice counts as received, the earliest date it can end the tenancy, the last day to dispute it, and for a notice for the landlord's use of the property, the compensation owed: each as the Residential Tenancy Act stood on the day it was received.",
  html`<div class="field"><label for="notice-kind">Which notice</label>
<select id="notice-kind" name="notice-kind">
<option value="">Another document: only when it counts as received</option>
<option value="tenant">The tenant's notice to move out</option>
<option value="non-payment">Landlord's notice for unpaid rent (10 days)</option>
<option value="cause">Landlord's notice for cause (one month)</option>
<option value="landlord-use">Landlord's notice: the landlord or close family will live there</option>
<option value="purchaser-use">Landlord's notice: a buyer or their close family will live there</option>
<option value="demolition">Landlord's notice: demolition or conversion</option>
</select></div>
<div class="field"><label for="notice-method">How it was served</label>
<select id="notice-method" name="notice-method">
<option value="in-person">Handed to the person</option>
<option value="mail">By mail (ordinary or registered)</option>
<option value="door">Attached to the door</option>
<option value="mailbox">Left in the mailbox or mail slot</option>
<option value="fax">By fax</option>
<option value="email">By email, to an address given for service</option>
</select></div>
<div class="field"><label for="notice-served">Day it was served</label>
<input type="date" id="notice-served" name="notice-served" aria-describedby="notice-served-hint"><span class="hint" id="notice-served-hint">The day it was handed over, mailed, attached, left, faxed or emailed.</span></div>
<div class="field"><label for="notice-due-day">Day of the month the rent is due</label>
<input type="text" id="notice-due-day" name="notice-due-day" inputmode="numeric" autocomplete="off" value="1"></div>
<div class="field"><label for="notice-term-end">End of the fixed term</label>
<input type="date" id="notice-term-end" name="notice-term-end" aria-describedby="notice-term-end-hint"><span class="hint" id="notice-term-end-hint">Optional: only for a fixed-term tenancy.</span></div>
${money("notice-rent", "Monthly rent", "Optional: for the compensation a notice for the landlord's use of the property brings.")}`,
  3,
)}
${calculator(
  model,
  "rent",
  "The largest rent increase the annual limit allows, the new rent, the day by which the notice must reach the tenant, and the earliest day an increase can take effect; a proposed increase is checked against the limit.",
  html`${money("rent-current", "Current monthly rent")}
<div class="field"><label for="rent-received">Day the tenant received the notice of rent increase</label>
<input type="date" id="rent-received" name="rent-received" aria-describedby="rent-received-hint"><span class="hint" id="rent-received-hint">Optional: gives the earliest date the increase can take effect. For a notice mailed or left at the door, “Notice to end a tenancy” above gives the day it counts as received.</span></div>
<div class="field"><label for="rent-date">Date of the increase</label>
<input type="date" id="rent-date" name="rent-date" aria-describedby="rent-date-hint"><span class="hint" id="rent-date-hint">The day the new rent takes effect: the limit in force for that day applies. Leave it empty to take the earliest date the notice allows.</span></div>
<div class="field"><label for="rent-last">Day the last increase took effect</label>
<input type="date" id="rent-last" name="rent-last" aria-describedby="rent-last-hint"><span class="hint" id="rent-last-hint">Optional: or the day the rent was first payable, if it was never increased. An increase can take effect only 12 months after it.</span></div>
<div class="field"><label for="rent-due-day">Day of the month the rent is due</label>
<input type="text" id="rent-due-day" name="rent-due-day" inputmode="numeric" autocomplete="off" aria-describedby="rent-due-day-hint"><span class="hint" id="rent-due-day-hint">Optional: 1 to 31; the 1st, or the day of the increase, when empty.</span></div>
${money("rent-proposed", "Increase the landlord proposes", "Optional: in dollars (75) or in percent (5%).", "money-or-percent")}`,
  3,
)}
${calculator(
  model,
  "capex",
  "The additional rent increase a landlord may apply to the Residential Tenancy Branch for, to recover a major repair or replacement (a roof, an elevator, a boiler): the cost spread over the units it serves and over the months the rule sets, and the phases it is imposed in, with each year's annual increase.",
  html`${money("capex-cost", "Eligible capital expenditure", "The cost, in dollars.")}
<div class="field"><label for="capex-units">Units it serves</label>
<input type="text" id="capex-units" name="capex-units" inputmode="numeric" autocomplete="off"></div>
${money("capex-rent", "A unit's monthly rent")}
${dateField("capex-date", "Date of the application")}
<div class="field"><label for="capex-first">First increase takes effect on</label>
<input type="date" id="capex-first" name="capex-first" aria-describedby="capex-first-hint"><span class="hint" id="capex-first-hint">Optional: the day the first phase's increase takes effect with the annual increase; the day of the application when empty.</span></div>`,
  3,
)}
${calculator(
  model,
  "credit",
  "B.C.'s renter's tax credit for a tax year, paid even to a renter who owes no tax, from the adjusted income.",
  html`${money("credit-income", "Adjusted income", "The renter's, with a spouse's or common-law partner's added.")}
<div class="field"><label for="credit-year">Tax year</label>
<input type="text" id="credit-year" name="credit-year" inputmode="numeric" autocomplete="off" aria-describedby="credit-year-hint"><span class="hint" id="credit-year-hint">For example 2024.</span></div>`,
  3,
)}
</section>
`;
  return renderPage(
    model,
    {
      path: "/calculators.html",
      name: "calculators",
      title: "Calculators: property transfer tax, a purchase, the home owner grant, a tenancy",
      description:
        "Property transfer tax, whether a purchase passes the stress test, the cash to close, mortgage insurance, payments, the home owner grant, and a tenancy's deposits, notices, rent increases and renter's credit, computed in your browser from the published facts.",
      canonical: model.urls.calculatorsPage,
      head: html`<link rel="stylesheet" href="assets/calculators.css">`,
      script: CALCULATORS_SCRIPT,
      main,
    },
    lang,
  );
};
