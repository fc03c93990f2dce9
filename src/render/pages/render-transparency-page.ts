/**
 * `/transparency.html`: every fact with the day it was last verified, the day it is next due and its cadence, soonest
 * due first, each saying in words whether it is overdue or due soon on the build day.
 */

import type { Words } from "../../i18n/words.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import { cadenceTagsOf, latestRetrieved, verificationState } from "../../model/facts.ts";
import type { CadenceTag, Fact } from "../../schemas/index.ts";
import { CADENCE_DAYS } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html, rich } from "../text.ts";
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
  /** Its cadence and its days; undefined for a fact without a cadence tag, which `npm run check` refuses. */
  cadence: { tag: CadenceTag; days: number } | undefined;
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
        cadence: tag === undefined ? undefined : { tag, days: CADENCE_DAYS[tag] },
        ...verificationState(fact, today, DUE_SOON_DAYS),
      };
    })
    .sort((a, b) => compareText(a.fact.expires_iso, b.fact.expires_iso) || compareText(a.fact.id, b.fact.id));

/** A fact's cadence by name ("volatile"), in the page's language. */
const cadenceName = (w: Words, tag: CadenceTag): string =>
  tag === "cadence:volatile" ? w.text("transparency.cadence.volatile") : w.text("transparency.cadence.stable");

/** Where a fact stands, in words: the page never says it by colour alone. */
const statusWords = (w: Words, row: Pick<VerificationRow, "status" | "daysLeft">): string => {
  if (row.status === "expired") return w.text("transparency.status.overdue", { days: -row.daysLeft });
  if (row.status === "verified") return w.text("transparency.status.verified");
  return row.daysLeft === 0
    ? w.text("transparency.status.due-today")
    : w.text("transparency.status.due-in", { days: row.daysLeft });
};

/** `/transparency.html`, in the page's language; the facts' labels as that language has them. */
export const renderTransparencyPage = (model: SiteModel, lang: PageLanguage): string => {
  const rows = verificationRows(model.facts, model.today);
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${w.shortDate(isoDate)}</time>`;
  const counted = (status: VerificationRow["status"]) => rows.filter((row) => row.status === status).length;
  const column = {
    fact: w.text("transparency.column.fact"),
    cadence: w.text("transparency.column.cadence"),
    lastVerified: w.text("transparency.column.last-verified"),
    nextDue: w.text("transparency.column.next-due"),
    status: w.text("transparency.column.status"),
  };
  const main = html`<h1>${w.text("transparency.title")}</h1>
<p class="lead">${w.text("transparency.lead", { facts: rows.length })}</p>
<p>${rich(w, "transparency.intro", {
    methodology: (chunks) => html`<a href="${link(model.urls.methodologyPage)}">${chunks}</a>`,
    days: DUE_SOON_DAYS,
  })}</p>
<p class="due-summary">${rich(w, "transparency.summary", {
    date: html`<time datetime="${model.today}">${w.date(model.today)}</time>`,
    verified: counted("verified"),
    expiring: counted("expiring"),
    expired: counted("expired"),
  })}</p>
<table class="due-list">
<caption class="visually-hidden">${w.text("transparency.caption")}</caption>
<thead><tr><th scope="col">${column.fact}</th><th scope="col">${column.cadence}</th><th scope="col">${column.lastVerified}</th><th scope="col">${column.nextDue}</th><th scope="col">${column.status}</th></tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr class="due-row due-${row.status}" id="${row.fact.id}">
<th scope="row"><a href="${link(model.urls.factPage(row.fact.id))}">${lang.factLabelHtml(row.fact)}</a></th>
<td class="cadence" data-label="${column.cadence}">${row.cadence === undefined ? w.text("value.not-stated") : w.text("transparency.cadence", { days: row.cadence.days, name: cadenceName(w, row.cadence.tag) })}</td>
<td class="date" data-label="${column.lastVerified}">${date(row.lastVerified)}</td>
<td class="date" data-label="${column.nextDue}">${date(row.fact.expires_iso)}</td>
<td class="due-status" data-label="${column.status}">${statusWords(w, row)}</td>
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
      title: w.text("page.title", { page: w.text("transparency.title"), site: SERVICE.name }),
      description: w.text("transparency.description", { facts: rows.length, site: SERVICE.name }),
      canonical: model.urls.transparencyPage,
      main,
    },
    lang,
  );
};
