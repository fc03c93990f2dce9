import { versionNote } from "../../derive/fact-history.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import type { SiteModel } from "../site-model.ts";
import { renderPage } from "./parts/index.ts";
import { type Html, html, readableDate, readableDateTime, sitePath } from "./text/index.ts";

const dateCell = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;
const commitCell = (isoDateTime: string): Html => html`<time datetime="${isoDateTime}">${readableDateTime(isoDateTime)}</time>`;

/**
 * `/changelog.html`: every revision recorded in git, newest first (the diff index's order), then the commit that
 * first published each fact. Each revision links its diff JSON.
 */
export const renderChangelogPage = (model: SiteModel): string => {
  const labels = new Map([...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact.label]));
  const withdrawn = new Set(model.withdrawn.map(({ fact }) => fact.id));
  // A withdrawn fact has no place in the catalog page: its link goes to its tombstone, the single-fact JSON.
  const factLink = (id: string): Html =>
    withdrawn.has(id)
      ? html`<a href="${sitePath(model.urls, model.urls.factById(id))}">${labels.get(id) ?? id}</a> <code>${id}</code> (withdrawn)`
      : html`<a href="${sitePath(model.urls, model.urls.factPage(id))}">${labels.get(id) ?? id}</a> <code>${id}</code>`;
  const revisions = model.diffIndex.diffs.filter((entry) => entry.to === entry.from + 1);
  const added = [...model.timelines.values()]
    .map((timeline) => ({ id: timeline.id, first: timeline.versions[0] }))
    .filter((item): item is { id: string; first: NonNullable<typeof item.first> } => item.first !== undefined)
    .sort(
      (a, b) =>
        compareText(b.first.introduced.committed_at, a.first.introduced.committed_at) ||
        compareText(b.first.state.effective_iso, a.first.state.effective_iso) ||
        compareText(a.id, b.id),
    );

  const main = html`<h1>Change log</h1>
<p class="lead">${revisions.length} revisions of ${new Set(revisions.map((entry) => entry.fact_id)).size} facts, derived from the git history of the catalog, newest first.
A revision changes a fact's value, unit or effective date and raises its version; re-verifications that only confirm a fact are not listed.
The same list is published as <a href="${sitePath(model.urls, model.urls.diffIndex)}">the diff index (JSON)</a> and followed by <a href="${sitePath(model.urls, model.urls.feed)}">the RSS feed</a>.</p>
<section aria-labelledby="revisions-title">
<h2 id="revisions-title">Revisions</h2>
<div class="table-scroll" role="group" aria-labelledby="revisions-title" tabindex="0">
<table class="changelog">
<caption class="visually-hidden">Revisions, newest first</caption>
<thead><tr><th scope="col">Committed</th><th scope="col">Fact</th><th scope="col">Versions</th><th scope="col">Effective</th><th scope="col">Summary</th><th scope="col">Diff</th></tr></thead>
<tbody>
${revisions.map(
  (
    entry,
  ) => html`<tr><td>${commitCell(entry.committed_at)}</td><td>${factLink(entry.fact_id)}</td><td>${entry.from} to ${entry.to}</td><td>${dateCell(entry.effective_iso)}</td><td>${entry.summary}</td><td><a href="${sitePath(model.urls, entry.url)}">v${entry.from}-to-v${entry.to}.json</a></td></tr>
`,
)}</tbody>
</table>
</div>
</section>
<section aria-labelledby="added-title">
<h2 id="added-title">Facts added</h2>
<div class="table-scroll" role="group" aria-labelledby="added-title" tabindex="0">
<table class="changelog">
<caption class="visually-hidden">First version of each fact, newest first</caption>
<thead><tr><th scope="col">Committed</th><th scope="col">Fact</th><th scope="col">Version</th><th scope="col">Effective</th><th scope="col">Summary</th><th scope="col">Data</th></tr></thead>
<tbody>
${added.map(
  ({
    id,
    first,
  }) => html`<tr><td>${commitCell(first.introduced.committed_at)}</td><td>${factLink(id)}</td><td>${first.version}</td><td>${dateCell(first.state.effective_iso)}</td><td>${versionNote(first.version, first.introduced)}</td><td><a href="${sitePath(model.urls, model.urls.factById(id))}">JSON<span class="visually-hidden"> for ${id}</span></a></td></tr>
`,
)}</tbody>
</table>
</div>
</section>`;
  return renderPage(model, {
    name: "changelog",
    title: `Change log: ${SERVICE.name}`,
    description: `Every revision of the ${model.facts.length} facts of ${SERVICE.name}, from git, newest first, with links to each diff.`,
    canonical: model.urls.changelogPage,
    main,
  });
};
