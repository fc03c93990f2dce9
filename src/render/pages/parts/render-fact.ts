import type { CommitInfo } from "../../../derive/history/index.ts";
import { versionNote } from "../../../derive/version-note.ts";
import type { Urls } from "../../../lib/config.ts";
import { cadenceTagsOf, latestRetrieved } from "../../../model/index.ts";
import type { Fact, FactDiff } from "../../../schemas/index.ts";
import { CADENCE_DAYS } from "../../../schemas/index.ts";
import { type FactLinks, type Html, html, readableDate, sitePath, withFactLinks } from "../text/index.ts";
import { renderCitations, renderSourceCounts } from "./render-citations.ts";
import { renderExpected } from "./render-expected.ts";
import { renderFactHistory } from "./render-fact-history.ts";
import { renderScheduled } from "./render-scheduled.ts";
import { renderValue } from "./render-value.ts";

export interface FactContext {
  urls: Urls;
  /**
   * `brief` (the catalog): how many sources of each kind, no unit, topics, quotes, notes or history, and a link to
   * the fact's own page; `full` (the fact's page): every source with its dates, quoted passage and notes, and the
   * history.
   */
  detail: "brief" | "full";
  /** This fact's diffs, consecutive transitions first, then the cumulative one. */
  diffs: readonly FactDiff[];
  /** The commit that introduced the current version: its `Impact:` line is the revision note (see versionNote). */
  introduced: CommitInfo | undefined;
  /** The build date: whether an expected announcement is past due is judged on it. */
  today: string;
  /** Fact ids in the text (description, value, notes) link to their pages. */
  links?: FactLinks;
}

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

const cadenceText = (fact: Fact): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : `every ${CADENCE_DAYS[tag]} days (${tag.replace(/^cadence:/, "")} rule)`;
};

/** A section heading inside the fact: under the page's h1 on the fact's page, under the domain's h2 in the catalog. */
const subheading = (context: Pick<FactContext, "detail">, text: string): Html => (context.detail === "full" ? html`<h2>${text}</h2>` : html`<h4>${text}</h4>`);

const diffLinks = (context: FactContext): Html => {
  if (context.diffs.length === 0) return html``;
  return html`<li>Diffs: ${context.diffs.map(
    (diff, index) => html`${index === 0 ? "" : ", "}<a href="${sitePath(context.urls, diff.canonical_url)}">version ${diff.from} to ${diff.to}</a>`,
  )}</li>`;
};

/**
 * One fact as an `<article id="<fact id>">`: the feed, the webhooks and search results link to `/#<fact id>`, where
 * the catalog shows it briefly and links its own page, `/<fact id>.html`, with every source quoted and the history.
 * Everything is in the markup, so the pages read the same with JavaScript off.
 */
export const renderFact = (fact: Fact, context: FactContext): Html => {
  const titleId = `${fact.id}-title`;
  const cadence = cadenceText(fact);
  const topics = (fact.tags ?? []).filter((tag) => !tag.startsWith("cadence:"));
  return html`<article class="fact" id="${fact.id}" data-domain="${fact.domain}" aria-labelledby="${titleId}">
${context.detail === "full" ? html`<h1 id="${titleId}">${fact.label}</h1>` : html`<h3 id="${titleId}">${fact.label}</h3>`}
<p class="fact-id"><code>${fact.id}</code></p>
<p class="description">${withFactLinks(fact.description, context.links)}</p>
<dl class="fact-meta">
<div><dt>Version</dt><dd>${fact.version}</dd></div>
<div><dt>Effective</dt><dd>${date(fact.effective_iso)}</dd></div>
<div><dt>Last verified</dt><dd>${date(latestRetrieved(fact))}</dd></div>
<div><dt>Re-verify by</dt><dd>${date(fact.expires_iso)}</dd></div>
${context.detail === "full" && cadence ? html`<div><dt>Checked</dt><dd>${cadence}</dd></div>` : ""}
</dl>
${subheading(context, "Value")}
<div class="value">${renderValue(fact.value, fact.unit, fact.label, context.links)}</div>
${context.detail === "full" && topics.length > 0 ? html`<p class="topics">Topics: ${topics.join(", ")}</p>` : ""}
${subheading(context, "Sources")}
${renderSourceCounts(fact.citations)}${context.detail === "full" ? renderCitations(fact.citations, context.links) : ""}
${renderScheduled(fact, context.detail, context.links)}${renderExpected(fact, context.today, context.detail)}${
  context.detail === "full"
    ? html`${subheading(context, "History")}
${context.introduced ? html`<p class="current-note">Version ${fact.version} recorded <time datetime="${context.introduced.committed_at}">${readableDate(context.introduced.committed_at.slice(0, 10))}</time>: <span class="note">${versionNote(fact.version, context.introduced)}</span></p>` : ""}
${renderFactHistory(fact, context.diffs, context.urls)}`
    : ""
}
<ul class="fact-links">
${
  context.detail === "brief"
    ? html`<li><a href="${sitePath(context.urls, context.urls.factPage(fact.id))}">Full record: sources quoted${(fact.history?.length ?? 0) > 0 ? `, ${fact.history!.length} earlier ${fact.history!.length === 1 ? "version" : "versions"}` : ""}</a></li>
<li><a href="${sitePath(context.urls, context.urls.factById(fact.id))}">JSON</a></li>`
    : html`<li><a href="${sitePath(context.urls, context.urls.factById(fact.id))}">JSON for ${fact.id}</a></li>
<li><a href="${sitePath(context.urls, context.urls.factFeed(fact.id))}" type="application/atom+xml">Atom feed of ${fact.id}</a></li>
${
  fact.series === undefined
    ? ""
    : html`<li><a href="${sitePath(context.urls, context.urls.series(fact.series))}">JSON for the year in force of the series ${fact.series}</a></li>
`
}${diffLinks(context)}`
}
</ul>
</article>
`;
};
