import type { Urls } from "../../../lib/config.ts";
import type { Fact, FactDiff, HistoryEntry } from "../../../schemas/index.ts";
import { type Html, html, readableDate, sitePath } from "../text/index.ts";
import { renderValue } from "./render-value.ts";

const date = (isoDate: string | undefined): Html => (isoDate ? html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>` : html`unknown`);

const renderEntry = (fact: Fact, entry: HistoryEntry, next: number, diffs: readonly FactDiff[], urls: Urls): Html => {
  const diff = diffs.find((candidate) => candidate.from === entry.version && candidate.to === next);
  return html`<li class="history-entry">
<p class="history-head"><strong>Version ${entry.version ?? "?"}</strong>: effective ${date(entry.effective_iso)}, superseded ${date(entry.superseded_iso)}.</p>
<div class="value">${renderValue(entry.value, entry.unit, `${fact.label}, version ${entry.version ?? ""}`)}</div>
${entry.note ? html`<p class="note">Note: ${entry.note}</p>` : ""}
${diff ? html`<p><a href="${sitePath(urls, diff.canonical_url)}">Changes from version ${diff.from} to ${diff.to} (diff JSON)</a></p>` : ""}
</li>
`;
};

/**
 * Earlier versions, newest first, inside a native `<details>`: folded to keep the catalog short, and still
 * readable without JavaScript. `diffs` are this fact's transitions, so each entry links the one that replaced it.
 */
export const renderFactHistory = (fact: Fact, diffs: readonly FactDiff[], urls: Urls): Html => {
  const history = fact.history ?? [];
  if (history.length === 0) return html`<p class="history-none">No earlier versions: this is the first version of this fact.</p>`;
  return html`<details class="history">
<summary>${history.length} earlier ${history.length === 1 ? "version" : "versions"}</summary>
<ol>
${history.map((entry, index) => renderEntry(fact, entry, index === 0 ? fact.version : (history[index - 1]!.version ?? fact.version), diffs, urls))}</ol>
</details>`;
};
