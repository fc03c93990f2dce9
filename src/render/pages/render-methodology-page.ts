/**
 * `/methodology.html`: what a fact holds, which sources are cited and of what kind, how often each fact is checked
 * again, how errors are reported and corrected, and the catalog's figures, counted from the published facts.
 */

import { SERVICE } from "../../lib/config.ts";
import { formatNumber } from "../../lib/format.ts";
import { compareText } from "../../lib/text.ts";
import { CADENCE_TAGS, cadenceTagsOf } from "../../model/facts.ts";
import type { CadenceTag, Fact, OrganisationKind } from "../../schemas/index.ts";
import { CADENCE_DAYS, ORGANISATION_KIND_WORDS, ORGANISATION_KINDS } from "../../schemas/index.ts";
import type { PageLanguage } from "../page-language.ts";
import { type SiteModel, type SourceCounts, sourceCounts } from "../site-model.ts";
import { type Html, html } from "../text.ts";
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

const count = (n: number, one: string, many: string): string => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A share of a whole as a whole percentage, for a table beside the counts it is read from. */
const share = (part: number, whole: number): string => (whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`);

const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Which rules each cadence is for, in the words of CONTRIBUTING.md ("A fact file"). */
const CADENCE_RULES: Record<CadenceTag, string> = {
  "cadence:volatile": "Volatile rules (rent caps, special-tax rates, mortgage rates and rules)",
  "cadence:stable": "Stable rules (every other rule)",
};

const renderSourceTables = (
  model: SiteModel,
  figures: MethodologyFigures,
  link: (absolute: string) => string,
): Html => {
  const { citations } = figures;
  const kinds: readonly [string, number][] = [
    ["Official", citations.official],
    ["Official copy", citations.official_copy],
    ["Secondary", citations.secondary],
  ];
  return html`<table class="figures">
<caption>Citations by kind of source</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Citations</th><th scope="col">Share</th></tr></thead>
<tbody>
${kinds.map(([kind, n]) => html`<tr><th scope="row">${kind}</th><td>${formatNumber(n)}</td><td>${share(n, citations.total)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">All citations</th><td>${formatNumber(citations.total)}</td><td>100%</td></tr></tfoot>
</table>
<table class="figures">
<caption>Citations by kind of organisation</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Organisations</th><th scope="col">Citations</th></tr></thead>
<tbody>
${figures.organisationKinds.map((row) => html`<tr><th scope="row">${capitalised(ORGANISATION_KIND_WORDS[row.kind])}</th><td>${formatNumber(row.organisations)}</td><td>${formatNumber(row.citations)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">All organisations</th><td>${formatNumber(figures.organisations)}</td><td>${formatNumber(citations.total)}</td></tr></tfoot>
</table>
<table class="figures">
<caption>The ${figures.mostCited.length} most cited organisations</caption>
<thead><tr><th scope="col">Organisation</th><th scope="col">Citations</th></tr></thead>
<tbody>
${figures.mostCited.map((organisation) => html`<tr><th scope="row"><a href="${link(model.urls.sourcesPage)}#org-${organisation.id}">${organisation.name}</a></th><td>${formatNumber(organisation.citations)}</td></tr>`)}
</tbody>
</table>
`;
};

/**
 * `/methodology.html`. Not dated: its figures change only with the facts, so the page stays as it was while they do,
 * whatever the build day.
 */
export const renderMethodologyPage = (model: SiteModel, lang: PageLanguage): string => {
  const figures = methodologyFigures(model.facts);
  const link = pageLinker(model, false, lang);
  const main = html`<h1>How the facts are checked</h1>
<p class="lead">Each fact on this site is one rule of British Columbia residential real estate, taken from the sources it cites and checked again on a fixed cycle.
This page says what a fact holds, which sources we use, how often each fact is checked, and how mistakes are corrected.
Its figures are counted from the published facts each time the site is built.</p>
<nav class="toc" aria-labelledby="toc-title">
<h2 id="toc-title">On this page</h2>
<ul>
<li><a href="#what-a-fact-is">What a fact is</a></li>
<li><a href="#sources">Sources</a></li>
<li><a href="#checking">Checking again</a></li>
<li><a href="#corrections">Changes and corrections</a></li>
<li><a href="#report">Report an error</a></li>
</ul>
</nav>
<section aria-labelledby="what-a-fact-is">
<h2 id="what-a-fact-is">What a fact is</h2>
<p>A fact is one rule, such as the property transfer tax rates or the yearly limit on rent increases.
The site publishes ${count(figures.facts, "fact", "facts")}. Each has its own page, and each holds:</p>
<dl class="terms">
<div><dt>Value</dt><dd>The rule's figures, in a fixed structure: amounts in Canadian dollars, rates as percentages, periods in days, months or years.
A unit says how to read the value.</dd></div>
<div><dt>Effective date</dt><dd>The day the current value took effect.
A change announced for a later date is listed as scheduled until that day, and never shown as the rule in force before it.</dd></div>
<div><dt>Last verified and re-verify-by dates</dt><dd>When the sources were last checked, and the date by which they must be checked again.</dd></div>
<div><dt>Citations</dt><dd>At least one source, each with the day it was last checked.
Where the source's own text was read, the citation quotes the passage that states the point, word for word.</dd></div>
<div><dt>Version</dt><dd>A number that goes up by one each time the rule itself changes: its value, its unit or its effective date.
Checking a fact again, or rewording its description, keeps the version.</dd></div>
<div><dt>History</dt><dd>Every earlier version, and any period before the first version recorded from sources, each with its dates and its figures in one line.
Earlier values are never rewritten.</dd></div>
</dl>
<p>The ${count(figures.facts, "fact has", "facts have")} ${count(figures.versions, "version", "versions")} between them.
The <a href="${link(model.urls.changelogPage)}">change log</a> lists every one.</p>
</section>
<section aria-labelledby="sources">
<h2 id="sources">Sources</h2>
<p>We prefer official sources: the text of the government, regulator or court that issued the rule. Each citation says what kind of source it is:</p>
<ul>
<li><strong>Official</strong>: the issuing government, regulator, court or Crown agency's own publication, such as a statute or a ministry's page.</li>
<li><strong>Official copy</strong>: an official text read on another site, where the original could not be read. It stands until a later check reads the original.</li>
<li><strong>Secondary</strong>: anyone else's account, such as a law firm's guide or a news report. A fact that rests on secondary sources alone says so on its page.</li>
</ul>
<p>A citation's note says what the source is and how far it confirms the point; where only a secondary source confirms a point, its note says so.
Each organisation is named once, from the project's register of organisations.
The <a href="${link(model.urls.sourcesPage)}">sources page</a> lists every organisation with its documents and the facts that cite them.</p>
<p>The facts carry ${count(figures.citations.total, "citation", "citations")} of ${count(figures.organisations, "organisation", "organisations")}.
${formatNumber(figures.quoted)} of them quote the passage of the source that states the point.
${count(figures.secondaryOnly, "fact rests", "facts rest")} on secondary sources alone.</p>
${renderSourceTables(model, figures, link)}</section>
<section aria-labelledby="checking">
<h2 id="checking">Checking again</h2>
<p>Every fact is checked against its sources again on a fixed cycle, set by how often the rule changes:</p>
<ul>
${figures.cadences.map(
  (cadence) =>
    html`<li>${CADENCE_RULES[cadence.tag]}: every ${cadence.days} days (${count(cadence.facts, "fact", "facts")}).</li>
`,
)}</ul>
<p>To check a fact, a person opens each cited source, confirms that the value still holds, and records the day.
A fact's re-verify-by date is the last day any of its sources was checked, plus its cycle.
${DUE_SOON_DAYS} days before that date, an issue to check it opens in the project's tracker on GitHub.
Every day, each cited page is also read automatically, to confirm that its quoted passage is still there; a page or quote that is gone opens an issue too, whatever the date.</p>
<p>The site is rebuilt every day. A fact past its re-verify-by date stops publication: no new copy of the site goes out until the fact is checked again.
<a href="${link(model.urls.transparencyPage)}">Verification dates</a> lists every fact with the day it was last verified and the day it is next due.</p>
</section>
<section aria-labelledby="corrections">
<h2 id="corrections">Changes and corrections</h2>
<p>When a rule changes, its fact gets a new version, with the date the new rule took effect and a one-sentence note on who is affected and how.
The earlier version stays in the fact's history.</p>
<p>A value recorded wrongly is corrected the same way, with a new version.
The wrong version stays in the history, marked as corrected, and is never used to answer what applied on a date.
A version's note published with a mistake is corrected in place and marked as corrected, and the note first published is kept beside it.</p>
<p>${count(figures.corrected, "version", "versions")} of the ${formatNumber(figures.versions)} published so far ${figures.corrected === 1 ? "is" : "are"} marked as corrected.</p>
</section>
<section aria-labelledby="report">
<h2 id="report">Report an error</h2>
<p>Each fact's page has a link, “Report an error in this fact”.
It opens a form on GitHub with the fact and its version filled in, and asks what is wrong and which source shows it.
A fact is corrected when an official source shows the correct value.</p>
<p>With a GitHub account you can also propose the correction to the fact's file yourself. Every proposed change must pass the project's checks before it is published.
For anything else, <a href="${issueChooserUrl(model.repository)}">open an issue on GitHub</a>. Without a GitHub account, write to <a href="mailto:${SERVICE.contactEmail}">${SERVICE.contactEmail}</a>.</p>
</section>`;
  return renderPage(
    model,
    {
      path: "/methodology.html",
      name: "methodology",
      title: `How the facts are checked: ${SERVICE.name}`,
      description: `What each of the ${figures.facts} facts of ${SERVICE.name} holds, the kinds of source its ${figures.citations.total} citations are, how often each fact is checked again, and how errors are reported and corrected.`,
      canonical: model.urls.methodologyPage,
      main,
    },
    lang,
  );
};
