import type { Fact } from "../../../schemas/index.ts";
import { type FactLinks, type Html, html, readableDate, withFactLinks } from "../text/index.ts";
import { renderCitations } from "./render-citations.ts";
import { renderValue } from "./render-value.ts";

const STATUS_TEXT = {
  enacted: "Enacted: published as the current value on this date.",
  announced: "Announced, not yet enacted: published once its enactment is confirmed.",
} as const;

/**
 * What is scheduled for one fact: each change with its date and status and, in `full` (the fact's own page), its new
 * value and sources, which the catalog leaves to that page.
 */
export const renderScheduled = (fact: Fact, detail: "brief" | "full", links?: FactLinks): Html => {
  const scheduled = fact.scheduled ?? [];
  if (scheduled.length === 0) return html``;
  return html`${detail === "full" ? html`<h2>Scheduled</h2>` : html`<h4>Scheduled</h4>`}
<ol class="scheduled">
${scheduled.map(
  (change) => html`<li class="scheduled-change">
<p><strong>From <time datetime="${change.effective_iso}">${readableDate(change.effective_iso)}</time></strong> <span class="status status-${change.status}">${change.status}</span>: ${withFactLinks(change.note, links)}</p>
<p class="hint">${STATUS_TEXT[change.status]}</p>
${
  detail === "full"
    ? html`<div class="value">${renderValue(change.value, change.unit, `${fact.label}, from ${change.effective_iso}`, links)}</div>
${renderCitations(change.citations, links)}`
    : ""
}
</li>
`,
)}</ol>
`;
};
