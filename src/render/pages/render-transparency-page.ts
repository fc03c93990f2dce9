/**
 * `/transparency.html`: every fact with the day it was last verified, the day it is next due and its cadence, soonest
 * due first, each saying in words whether it is overdue or due soon on the build day.
 */

import { SERVICE } from "../../lib/config.ts";
import { readableDate, shortDate } from "../../lib/format.ts";
import { compareText } from "../../lib/text.ts";
import { cadenceTagsOf, latestRetrieved, verificationState } from "../../model/facts.ts";
import type { Fact } from "../../schemas/index.ts";
import { CADENCE_DAYS } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html } from "../text.ts";
import { pageLinker, renderPage } from "./page-layout.ts";

/**
 * How many days before its re-verify-by date a fact is due soon: the window in which the re-verification workflow
 * (`.github/workflows/reverify.yml`, `within-days`) opens an issue to check it. A test holds the two equal.
 */
export const DUE_SOON_DAYS = 30;

/** One fact as the page lists it, with where it stands on the build day. */
interface VerificationRow {
  fact: Fact;
  /** The newest day any of its citations was checked. */
  lastVerified: string;
  /** Its cadence in days; undefined for a fact without a cadence tag, which `npm run check` refuses. */
  cadenceDays: number | undefined;
  cadenceName: string | undefined;
  daysLeft: number;
  status: "expired" | "expiring" | "verified";
}

/** Every fact, soonest due first, then by id, with where it stands on `today`. */
const verificationRows = (facts: readonly Fact[], today: string): VerificationRow[] =>
  facts
    .map((fact): VerificationRow => {
      const [tag] = cadenceTagsOf(fact);
      return {
        fact,
        lastVerified: latestRetrieved(fact),
        cadenceDays: tag === undefined ? undefined : CADENCE_DAYS[tag],
        cadenceName: tag?.replace(/^cadence:/, ""),
        ...verificationState(fact, today, DUE_SOON_DAYS),
      };
    })
    .sort((a, b) => compareText(a.fact.expires_iso, b.fact.expires_iso) || compareText(a.fact.id, b.fact.id));

const days = (n: number): string => `${n} ${n === 1 ? "day" : "days"}`;

/** Where a fact stands, in words: the page never says it by colour alone. */
const statusWords = (row: Pick<VerificationRow, "status" | "daysLeft">): string => {
  if (row.status === "expired") return `Overdue by ${days(-row.daysLeft)}`;
  if (row.status === "verified") return "Verified";
  return row.daysLeft === 0 ? "Due soon: today" : `Due soon: in ${days(row.daysLeft)}`;
};

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${shortDate(isoDate)}</time>`;

export const renderTransparencyPage = (model: SiteModel, lang: PageLanguage): string => {
  const rows = verificationRows(model.facts, model.today);
  const link = pageLinker(model, false, lang);
  const counted = (status: VerificationRow["status"]) => rows.filter((row) => row.status === status).length;
  const facts = (n: number) => `${n} ${n === 1 ? "fact" : "facts"}`;
  const main = html`<h1>Verification dates</h1>
<p class="lead">When each of the ${facts(rows.length)} was last checked against its sources, and when it is next due, soonest first.</p>
<p>Each fact is checked again on a fixed cycle, set by how often its rule changes; <a href="${link(model.urls.methodologyPage)}">how the facts are checked</a> says more.
A fact is due soon from ${days(DUE_SOON_DAYS)} before its date, when an issue to check it opens.
A fact past its date is overdue, and no new copy of the site is published until it is checked again.</p>
<p class="due-summary">On <time datetime="${model.today}">${readableDate(model.today)}</time>, the day this copy of the site was built: ${facts(counted("verified"))} verified, ${facts(counted("expiring"))} due soon, ${facts(counted("expired"))} overdue.</p>
<table class="due-list">
<caption class="visually-hidden">Every fact, soonest due first</caption>
<thead><tr><th scope="col">Fact</th><th scope="col">Checked every</th><th scope="col">Last verified</th><th scope="col">Next due</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr class="due-row due-${row.status}" id="${row.fact.id}">
<th scope="row"><a href="${link(model.urls.factPage(row.fact.id))}">${row.fact.label}</a></th>
<td class="cadence" data-label="Checked every">${row.cadenceDays === undefined ? "not stated" : `${days(row.cadenceDays)} (${row.cadenceName})`}</td>
<td class="date" data-label="Last verified">${date(row.lastVerified)}</td>
<td class="date" data-label="Next due">${date(row.fact.expires_iso)}</td>
<td class="due-status" data-label="Status">${statusWords(row)}</td>
</tr>
`,
)}</tbody>
</table>`;
  return renderPage(
    model,
    {
      path: "/transparency.html",
      name: "transparency",
      dated: { by: "catalog" },
      title: `Verification dates: ${SERVICE.name}`,
      description: `When each of the ${rows.length} facts of ${SERVICE.name} was last checked against its sources, and when it is next due.`,
      canonical: model.urls.transparencyPage,
      main,
    },
    lang,
  );
};
