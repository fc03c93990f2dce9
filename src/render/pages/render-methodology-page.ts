/**
 * `/methodology.html`: what a fact holds, which sources are cited and of what kind, how often each fact is checked
 * again, how errors are reported and corrected, and the catalog's figures, counted from the published facts.
 */

import type { Words } from "../../i18n/words.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import { CADENCE_TAGS, cadenceTagsOf } from "../../model/facts.ts";
import type { CadenceTag, Fact, OrganisationKind } from "../../schemas/index.ts";
import { CADENCE_DAYS, ORGANISATION_KINDS } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import { type SiteModel, type SourceCounts, sourceCounts } from "../site-model.ts";
import { type Html, html, organisationKindWord, rich } from "../text.ts";
import { issueChooserUrl, pageLinker, renderPage } from "./page-layout.ts";
import { DUE_SOON_DAYS } from "./render-transparency-page.ts";

/** How many organisations the page names by their count of citations; the sources page lists every one. */
const MOST_CITED_SHOWN = 10;

/** The figures the page states, each counted from the published facts. */
interface MethodologyFigures {
  facts: number;
  citations: SourceCounts;
  /** Citations that quote the passage of their source that states the point. */
  quoted: number;
  /** Facts whose every citation is secondary: their pages say no official text of the rule is cited. */
  secondaryOnly: number;
  /** The facts of each cadence. */
  cadences: { tag: CadenceTag; days: number; facts: number }[];
  /** Each kind of organisation cited, in the registry's order of kinds: how many organisations, how many citations. */
  organisationKinds: { kind: OrganisationKind; organisations: number; citations: number }[];
  organisations: number;
  /** The most cited organisations, most citations first, then by name. */
  mostCited: { id: string; name: string; citations: number }[];
  /** Every version of every fact: the current ones and the earlier ones in their histories. */
  versions: number;
  /** The versions published as corrected (`corrected_by`): a mistake in the record, never the rule in force. */
  corrected: number;
}

/** The page's figures, from the facts in force as published. */
const methodologyFigures = (facts: readonly Fact[]): MethodologyFigures => {
  const citations = facts.flatMap((fact) => fact.citations);
  const byOrganisation = new Map<string, { name: string; kind: OrganisationKind; citations: number }>();
  for (const citation of citations) {
    const organisation = byOrganisation.get(citation.org_id);
    if (organisation) organisation.citations += 1;
    else byOrganisation.set(citation.org_id, { name: citation.org, kind: citation.org_kind, citations: 1 });
  }
  const organisations = [...byOrganisation].map(([id, organisation]) => ({ id, ...organisation }));
  const history = facts.flatMap((fact) => fact.history);
  return {
    facts: facts.length,
    citations: sourceCounts({ citations }),
    quoted: citations.filter((citation) => citation.quote !== undefined).length,
    secondaryOnly: facts.filter((fact) => fact.citations.every((citation) => citation.kind === "secondary")).length,
    cadences: CADENCE_TAGS.map((tag) => ({
      tag,
      days: CADENCE_DAYS[tag],
      facts: facts.filter((fact) => cadenceTagsOf(fact).includes(tag)).length,
    })),
    organisationKinds: ORGANISATION_KINDS.map((kind) => {
      const ofKind = organisations.filter((organisation) => organisation.kind === kind);
      return {
        kind,
        organisations: ofKind.length,
        citations: ofKind.reduce((sum, organisation) => sum + organisation.citations, 0),
      };
    }).filter((row) => row.organisations > 0),
    organisations: organisations.length,
    mostCited: organisations
      .sort((a, b) => b.citations - a.citations || compareText(a.name, b.name))
      .slice(0, MOST_CITED_SHOWN)
      .map(({ id, name, citations: count }) => ({ id, name, citations: count })),
    versions: facts.length + history.filter((entry) => entry.version !== undefined).length,
    corrected: history.filter((entry) => entry.corrected_by !== undefined).length,
  };
};

/** A share of a whole as a whole percentage, for a table beside the counts it is read from. */
const share = (w: Words, part: number, whole: number): string =>
  w.percent(whole === 0 ? 0 : Math.round((part / whole) * 100) / 100);

/** A word that heads a table row: its first letter upper case, as the language writes it ("Crown agency"). */
const capitalised = (w: Words, text: string): string =>
  `${text.charAt(0).toLocaleUpperCase(w.locale.tag)}${text.slice(1)}`;

/** Which rules each cadence is for, in the words of CONTRIBUTING.md ("A fact file"). */
const cadenceRules = (w: Words, tag: CadenceTag): string =>
  tag === "cadence:volatile" ? w.text("methodology.cadence.volatile") : w.text("methodology.cadence.stable");

const renderSourceTables = (
  model: SiteModel,
  figures: MethodologyFigures,
  link: (absolute: string) => string,
  w: Words,
): Html => {
  const { citations } = figures;
  const kinds: readonly [string, number][] = [
    [w.text("methodology.kind.official"), citations.official],
    [w.text("methodology.kind.official-copy"), citations.official_copy],
    [w.text("methodology.kind.secondary"), citations.secondary],
  ];
  return html`<table class="figures">
<caption>${w.text("methodology.table.by-kind")}</caption>
<thead><tr><th scope="col">${w.text("methodology.table.kind")}</th><th scope="col">${w.text("methodology.table.citations")}</th><th scope="col">${w.text("methodology.table.share")}</th></tr></thead>
<tbody>
${kinds.map(([kind, n]) => html`<tr><th scope="row">${kind}</th><td>${w.number(n)}</td><td>${share(w, n, citations.total)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">${w.text("methodology.table.all-citations")}</th><td>${w.number(citations.total)}</td><td>${w.percent(1)}</td></tr></tfoot>
</table>
<table class="figures">
<caption>${w.text("methodology.table.by-organisation-kind")}</caption>
<thead><tr><th scope="col">${w.text("methodology.table.kind")}</th><th scope="col">${w.text("methodology.table.organisations")}</th><th scope="col">${w.text("methodology.table.citations")}</th></tr></thead>
<tbody>
${figures.organisationKinds.map((row) => html`<tr><th scope="row">${capitalised(w, organisationKindWord(w, row.kind))}</th><td>${w.number(row.organisations)}</td><td>${w.number(row.citations)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">${w.text("methodology.table.all-organisations")}</th><td>${w.number(figures.organisations)}</td><td>${w.number(citations.total)}</td></tr></tfoot>
</table>
<table class="figures">
<caption>${w.text("methodology.table.most-cited", { count: figures.mostCited.length })}</caption>
<thead><tr><th scope="col">${w.text("methodology.table.organisation")}</th><th scope="col">${w.text("methodology.table.citations")}</th></tr></thead>
<tbody>
${figures.mostCited.map((organisation) => html`<tr><th scope="row"><a href="${link(model.urls.sourcesPage)}#org-${organisation.id}">${organisation.name}</a></th><td>${w.number(organisation.citations)}</td></tr>`)}
</tbody>
</table>
`;
};

/**
 * `/methodology.html`, in the page's language. Not dated: its figures change only with the facts, so the page stays as
 * it was while they do, whatever the build day.
 */
export const renderMethodologyPage = (model: SiteModel, lang: PageLanguage): string => {
  const figures = methodologyFigures(model.facts);
  const link = pageLinker(model, false, lang);
  const { w } = lang;
  const linkTo =
    (absolute: string) =>
    (chunks: (string | Html)[]): Html =>
      html`<a href="${link(absolute)}">${chunks}</a>`;
  const term = (dt: string, dd: string): Html => html`<div><dt>${dt}</dt><dd>${dd}</dd></div>`;
  const strong = (chunks: (string | Html)[]): Html => html`<strong>${chunks}</strong>`;
  const main = html`<h1>${w.text("methodology.title")}</h1>
<p class="lead">${w.text("methodology.lead")}</p>
<nav class="toc" aria-labelledby="toc-title">
<h2 id="toc-title">${w.text("methodology.toc")}</h2>
<ul>
<li><a href="#what-a-fact-is">${w.text("methodology.fact.title")}</a></li>
<li><a href="#sources">${w.text("methodology.sources.title")}</a></li>
<li><a href="#checking">${w.text("methodology.checking.title")}</a></li>
<li><a href="#corrections">${w.text("methodology.corrections.title")}</a></li>
<li><a href="#report">${w.text("methodology.report.title")}</a></li>
</ul>
</nav>
<section aria-labelledby="what-a-fact-is">
<h2 id="what-a-fact-is">${w.text("methodology.fact.title")}</h2>
<p>${w.text("methodology.fact.intro", { facts: figures.facts })}</p>
<dl class="terms">
${term(w.text("methodology.fact.value"), w.text("methodology.fact.value-text"))}
${term(w.text("methodology.fact.effective"), w.text("methodology.fact.effective-text"))}
${term(w.text("methodology.fact.dates"), w.text("methodology.fact.dates-text"))}
${term(w.text("methodology.fact.citations"), w.text("methodology.fact.citations-text"))}
${term(w.text("methodology.fact.version"), w.text("methodology.fact.version-text"))}
${term(w.text("methodology.fact.history"), w.text("methodology.fact.history-text"))}
</dl>
<p>${rich(w, "methodology.fact.versions", { facts: figures.facts, versions: figures.versions, changelog: linkTo(model.urls.changelogPage) })}</p>
</section>
<section aria-labelledby="sources">
<h2 id="sources">${w.text("methodology.sources.title")}</h2>
<p>${w.text("methodology.sources.intro")}</p>
<ul>
<li>${rich(w, "methodology.sources.official", { strong })}</li>
<li>${rich(w, "methodology.sources.official-copy", { strong })}</li>
<li>${rich(w, "methodology.sources.secondary", { strong })}</li>
</ul>
<p>${rich(w, "methodology.sources.notes", { sources: linkTo(model.urls.sourcesPage) })}</p>
<p>${w.text("methodology.sources.figures", { citations: figures.citations.total, organisations: figures.organisations, quoted: figures.quoted, secondaryOnly: figures.secondaryOnly })}</p>
${renderSourceTables(model, figures, link, w)}</section>
<section aria-labelledby="checking">
<h2 id="checking">${w.text("methodology.checking.title")}</h2>
<p>${w.text("methodology.checking.intro")}</p>
<ul>
${figures.cadences.map(
  (cadence) =>
    html`<li>${w.text("methodology.checking.cadence", { rules: cadenceRules(w, cadence.tag), days: cadence.days, facts: cadence.facts })}</li>
`,
)}</ul>
<p>${w.text("methodology.checking.how", { days: DUE_SOON_DAYS })}</p>
<p>${rich(w, "methodology.checking.publication", { transparency: linkTo(model.urls.transparencyPage) })}</p>
</section>
<section aria-labelledby="corrections">
<h2 id="corrections">${w.text("methodology.corrections.title")}</h2>
<p>${w.text("methodology.corrections.new-version")}</p>
<p>${w.text("methodology.corrections.wrong-value")}</p>
<p>${w.text("methodology.corrections.count", { corrected: figures.corrected, versions: figures.versions })}</p>
</section>
<section aria-labelledby="report">
<h2 id="report">${w.text("methodology.report.title")}</h2>
<p>${w.text("methodology.report.form", { report: w.text("report.report") })}</p>
<p>${rich(w, "methodology.report.other", {
    issue: (chunks) => html`<a href="${issueChooserUrl(model.repository)}">${chunks}</a>`,
    email: html`<a href="mailto:${SERVICE.contactEmail}">${SERVICE.contactEmail}</a>`,
  })}</p>
</section>`;
  return renderPage(
    model,
    {
      path: "/methodology.html",
      name: "methodology",
      title: w.text("page.title", { page: w.text("methodology.title"), site: SERVICE.name }),
      description: w.text("methodology.description", {
        facts: figures.facts,
        citations: figures.citations.total,
        site: SERVICE.name,
      }),
      canonical: model.urls.methodologyPage,
      main,
    },
    lang,
  );
};
