import type { CommitInfo } from "../../../derive/history/index.ts";
import type { Urls } from "../../../lib/config.ts";
import { cadenceTagsOf, latestRetrieved } from "../../../model/index.ts";
import type { FactDiff } from "../../../schemas/diff.ts";
import type { Fact } from "../../../schemas/fact.ts";
import { CADENCE_DAYS } from "../../../schemas/fact-file.ts";
import { type Html, html, readableDate, sitePath } from "../text/index.ts";
import { renderCitations } from "./render-citations.ts";
import { renderFactHistory } from "./render-fact-history.ts";
import { renderScheduled } from "./render-scheduled.ts";
import { renderValue } from "./render-value.ts";

export interface FactContext {
  urls: Urls;
  /** This fact's diffs, consecutive transitions first, then the cumulative one. */
  diffs: readonly FactDiff[];
  /** The commit that introduced the current version: its message is the revision note. */
  introduced: CommitInfo | undefined;
}

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

const cadenceText = (fact: Fact): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : `every ${CADENCE_DAYS[tag]} days (${tag.replace(/^cadence:/, "")} rule)`;
};

const diffLinks = (context: FactContext): Html => {
  if (context.diffs.length === 0) return html``;
  return html`<li>Diffs: ${context.diffs.map(
    (diff, index) => html`${index === 0 ? "" : ", "}<a href="${sitePath(context.urls, diff.canonical_url)}">version ${diff.from} to ${diff.to}</a>`,
  )}</li>`;
};

/**
 * One fact as an `<article id="<fact id>">`: the feed, the webhooks and search results link to `/#<fact id>`.
 * Everything is in the markup, so the page reads the same with JavaScript off.
 */
export const renderFact = (fact: Fact, context: FactContext): Html => {
  const titleId = `${fact.id}-title`;
  const cadence = cadenceText(fact);
  const topics = (fact.tags ?? []).filter((tag) => !tag.startsWith("cadence:"));
  return html`<article class="fact" id="${fact.id}" data-domain="${fact.domain}" aria-labelledby="${titleId}">
<h3 id="${titleId}">${fact.label}</h3>
<p class="fact-id"><code>${fact.id}</code></p>
<p class="description">${fact.description}</p>
<dl class="fact-meta">
<div><dt>Version</dt><dd>${fact.version}</dd></div>
<div><dt>Effective</dt><dd>${date(fact.effective_iso)}</dd></div>
<div><dt>Last verified</dt><dd>${date(latestRetrieved(fact))}</dd></div>
<div><dt>Re-verify by</dt><dd>${date(fact.expires_iso)}</dd></div>
${fact.unit === undefined ? "" : html`<div><dt>Unit</dt><dd><code>${fact.unit}</code></dd></div>`}
${cadence ? html`<div><dt>Checked</dt><dd>${cadence}</dd></div>` : ""}
</dl>
<h4>Value</h4>
<div class="value">${renderValue(fact.value, fact.unit, fact.label)}</div>
${topics.length > 0 ? html`<p class="topics">Topics: ${topics.join(", ")}</p>` : ""}
<h4>Sources</h4>
${renderCitations(fact.citations)}
${renderScheduled(fact)}<h4>History</h4>
${context.introduced ? html`<p class="current-note">Version ${fact.version} recorded <time datetime="${context.introduced.committed_at}">${readableDate(context.introduced.committed_at.slice(0, 10))}</time>: <span class="note">${context.introduced.message}</span></p>` : ""}
${renderFactHistory(fact, context.diffs, context.urls)}
<ul class="fact-links">
<li><a href="${sitePath(context.urls, context.urls.factById(fact.id))}">JSON for ${fact.id}</a></li>
<li><a href="${sitePath(context.urls, context.urls.factFeed(fact.id))}" type="application/atom+xml">Atom feed of ${fact.id}</a></li>
${diffLinks(context)}
</ul>
</article>
`;
};
