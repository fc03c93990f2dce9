/**
 * One fact as HTML, on its own page and in the catalog: its value (with bracket tables), its sources, when the next
 * announcement is expected, its scheduled changes and its history.
 */

import { periodAnchor } from "../../../packages/client/src/index.ts";
import type { CommitInfo } from "../../derive/fact-history.ts";
import { noteCorrectionOf, versionNote } from "../../derive/fact-history.ts";
import type { Urls } from "../../lib/config.ts";
import { formatCad, formatPercent, isIsoDate, readableDate } from "../../lib/format.ts";
import { cadenceTagsOf, latestRetrieved } from "../../model/facts.ts";
import type { Bracket, Citation, Fact, FactDiff, HistoryEntry, NoteCorrection } from "../../schemas/index.ts";
import { CADENCE_DAYS, expectedStatus } from "../../schemas/index.ts";
import { badgeEmbedHtml } from "../feeds/badges.ts";
import { sourceCounts } from "../site-model.ts";
import {
  correctionWords,
  describeKey,
  type FactLinks,
  formatNumberFor,
  formatNumberWithUnit,
  formatTextFor,
  type Html,
  hasGlossaryEntry,
  html,
  isAnnouncedOnly,
  isBracketArray,
  nullWords,
  sitePath,
  trustedHtml,
  withFactLinks,
} from "../text.ts";

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

/** A date as a `<time>`; "unknown" where a history entry has none. */
const date = (isoDate: string | undefined): Html =>
  isoDate ? html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>` : html`unknown`;

const cadenceText = (fact: Fact): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined ? undefined : `every ${CADENCE_DAYS[tag]} days (${tag.replace(/^cadence:/, "")} rule)`;
};

/** A section heading inside the fact: under the page's h1 on the fact's page, under the domain's h2 in the catalog. */
const subheading = (context: Pick<FactContext, "detail">, text: string): Html =>
  context.detail === "full" ? html`<h2>${text}</h2>` : html`<h4>${text}</h4>`;

const diffLinks = (context: FactContext): Html => {
  if (context.diffs.length === 0) return html``;
  return html`<li>Diffs: ${context.diffs.map(
    (diff, index) =>
      html`${index === 0 ? "" : ", "}<a href="${sitePath(context.urls, diff.canonical_url)}">version ${diff.from} to ${diff.to}</a>`,
  )}</li>`;
};

/**
 * What a reader must know before the value: that the rule is only announced (so "effective" is the announced date,
 * not law), or that no official text of it is cited (every source is secondary). Nothing for a rule in force that
 * cites an official source.
 */
const renderStanding = (fact: Fact): Html => {
  const notes: string[] = [];
  if (isAnnouncedOnly(fact.value))
    notes.push(
      "Announced, not confirmed enacted: the effective date below is the one announced, and this catalog has not confirmed that the rule became law.",
    );
  if (fact.citations.length > 0 && fact.citations.every((citation) => citation.kind === "secondary"))
    notes.push("Every source cited here is secondary: no government or regulator text of this rule is cited.");
  return notes.length === 0
    ? html``
    : html`<p class="fact-standing">${notes.join(" ")}</p>
`;
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
${renderStanding(fact)}<dl class="fact-meta">
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
<div class="current-period" id="${periodAnchor(fact)}"><p class="history-head"><strong>Version ${fact.version}</strong> (current): ${isAnnouncedOnly(fact.value) ? "announced to apply from" : "in force from"} ${date(fact.effective_iso)}${context.introduced ? html`; recorded on <time datetime="${context.introduced.committed_at}">${readableDate(context.introduced.committed_at.slice(0, 10))}</time>` : ""}.</p>
${fact.summary ? html`<p class="summary">${fact.summary}</p>` : ""}
${context.introduced ? html`<p class="current-note">Note${correctedOn(noteCorrectionOf(fact.version, context.introduced))}: <span class="note">${versionNote(fact.version, context.introduced)}</span></p>${firstPublished(noteCorrectionOf(fact.version, context.introduced))}` : ""}</div>
${renderFactHistory(fact, context.diffs, context.urls, { open: true, links: context.links })}`
    : ""
}
<ul class="fact-links">
${
  context.detail === "brief"
    ? html`<li><a href="${sitePath(context.urls, context.urls.factPage(fact.id))}">Full record: sources quoted${(fact.history?.length ?? 0) > 0 ? `, ${historyCount(fact.history)}` : ""}</a></li>
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
${
  // Beside the list, not in it: the embed code is one long word, which a paragraph wraps on a phone and a list item of
  // the links' flex row would not.
  context.detail === "full"
    ? html`<p class="badge-embed">Badge: <a href="${sitePath(context.urls, context.urls.badge(fact.id))}">the value in force, as a Shields badge (JSON)</a>; to show it on your page, embed <code>${badgeEmbedHtml(fact, context.urls)}</code></p>
`
    : ""
}</article>
`;
};

type Scalar = string | number | boolean | null;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar =>
  value === null || ["string", "number", "boolean"].includes(typeof value);
const isFlat = (value: unknown): boolean => isScalar(value) || (Array.isArray(value) && value.every(isScalar));

const NONE = html`<span class="none">none</span>`;

/** A key's label; a key the glossary lacks (which the check refuses) shows as code, never as words made from it. */
const labelOf = (key: string): Html =>
  hasGlossaryEntry(key) ? html`${describeKey(key).label}` : html`<code>${key}</code>`;

const renderText = (key: string, text: string, links: FactLinks | undefined): Html => {
  const words = formatTextFor(key, text);
  if (words !== text)
    return isIsoDate(text) ? html`<time datetime="${text}">${readableDate(text)}</time>` : html`${words}`;
  if (/^https:\/\/\S+$/.test(text)) return html`<a href="${text}">${text}</a>`;
  return withFactLinks(text, links);
};

const renderScalar = (key: string, value: Scalar, links: FactLinks | undefined): Html => {
  if (value === null) return html`<span class="none">${nullWords(key)}</span>`;
  if (typeof value === "boolean") return html`${value ? "Yes" : "No"}`;
  if (typeof value === "number") return html`${formatNumberFor(key, value)}`;
  return renderText(key, value, links);
};

/**
 * Rows of like objects ("density tiers", "catch-up deadlines") read best as a table with one column per key. Wide
 * ones scroll inside a focusable, labelled box, so keyboard users can scroll them on narrow screens.
 */
const renderObjectTable = (rows: readonly JsonObject[], caption: string, links: FactLinks | undefined): Html => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return html`<div class="table-scroll" role="group" aria-label="${caption}" tabindex="0"><table class="records">
<caption>${caption}</caption>
<thead><tr>${keys.map((key) => html`<th scope="col">${labelOf(key)}</th>`)}</tr></thead>
<tbody>
${rows.map(
  (
    row,
  ) => html`<tr>${keys.map((key) => html`<td>${key in row ? renderField(key, row[key], caption, links) : NONE}</td>`)}</tr>
`,
)}</tbody>
</table></div>`;
};

const renderArray = (key: string, items: readonly unknown[], caption: string, links: FactLinks | undefined): Html => {
  if (items.length === 0) return NONE;
  if (isBracketArray(items)) return renderBracketTable(items, caption);
  if (items.every(isScalar))
    return html`<ul class="value-list">${items.map((item) => html`<li>${renderScalar(key, item, links)}</li>`)}</ul>`;
  if (items.every((item) => isObject(item) && Object.values(item).every(isFlat)))
    return renderObjectTable(items as JsonObject[], caption, links);
  return html`<ol class="value-list">${items.map((item) => html`<li>${renderField(key, item, caption, links)}</li>`)}</ol>`;
};

const renderObject = (object: JsonObject, links: FactLinks | undefined): Html => {
  const entries = Object.entries(object);
  if (entries.length === 0) return NONE;
  return html`<dl class="value-fields">
${entries.map(
  ([
    key,
    item,
  ]) => html`<div><dt>${labelOf(key)}</dt><dd>${renderField(key, item, describeKey(key).label, links)}</dd></div>
`,
)}</dl>`;
};

/** One field of a value, written by its key's glossary entry (reference/glossary.json, CONTRIBUTING.md). */
export const renderField = (key: string, value: unknown, caption: string, links?: FactLinks): Html => {
  if (Array.isArray(value)) return renderArray(key, value, caption, links);
  if (isObject(value)) return renderObject(value, links);
  if (isScalar(value)) return renderScalar(key, value, links);
  return html`${String(value)}`;
};

/**
 * A fact's value for people: bracket schedules as tables, objects as definition lists with the glossary's labels,
 * rates as percentages, money in dollars, dates spelled out, enumeration members in words, fact ids linked to their
 * pages (given `links`). `caption` names tables for screen readers.
 */
export const renderValue = (value: unknown, unit: string | undefined, caption: string, links?: FactLinks): Html => {
  if (isBracketArray(value)) return renderBracketTable(value, caption);
  if (typeof value === "number") return html`<p class="value-scalar">${formatNumberWithUnit(value, unit)}</p>`;
  if (typeof value === "string") return html`<p class="value-scalar">${renderText("", value, links)}</p>`;
  return renderField("", value, caption, links);
};

/**
 * The range a bracket covers, from the previous bracket's upper bound: "Up to $200,000", "$200,000 to $2,000,000",
 * "Over $3,000,000".
 */
export const bracketRange = (brackets: readonly Bracket[], index: number): string => {
  const lower = index === 0 ? null : brackets[index - 1]!.upper;
  const upper = brackets[index]!.upper;
  if (lower === null && upper === null) return "Any amount";
  if (lower === null) return `Up to ${formatCad(upper!)}`;
  if (upper === null) return `Over ${formatCad(lower)}`;
  return `${formatCad(lower)} to ${formatCad(upper)}`;
};

/**
 * A `CAD-bracket-array` (docs/consumers/api.md#values-and-units) as a table of ranges and rates, the way the Ministry
 * of Finance prints it.
 */
export const renderBracketTable = (brackets: readonly Bracket[], caption: string): Html => html`<table class="brackets">
<caption>${caption}</caption>
<thead><tr><th scope="col">Range</th><th scope="col">Rate</th></tr></thead>
<tbody>
${brackets.map(
  (
    bracket,
    index,
  ) => html`<tr><th scope="row">${bracketRange(brackets, index)}</th><td>${formatPercent(bracket.rate)}</td></tr>
`,
)}</tbody>
</table>`;

const KIND_TEXT = {
  official: "official source",
  "official-copy": "copy of an official text",
  secondary: "secondary source",
} as const;

/**
 * A fact's sources: organisation, linked title, what kind of source it is, when it was checked (and published), the
 * passage it is quoted for, and the notes.
 */
export const renderCitations = (citations: readonly Citation[], links?: FactLinks): Html => html`<ul class="citations">
${citations.map(
  (
    citation,
  ) => html`<li><span class="org">${citation.org}</span>: <a href="${citation.url}"><cite>${citation.title ?? citation.url}</cite></a>${citation.kind ? html` <span class="kind kind-${citation.kind}">(${KIND_TEXT[citation.kind]}${citation.kind === "official-copy" ? `, read on ${new URL(citation.url).hostname}` : ""})</span>` : ""}.
<span class="dates">Retrieved ${date(citation.retrieved_iso)}${citation.source_published_iso ? html`; published ${date(citation.source_published_iso)}` : ""}.</span>
${citation.quote ? html`<blockquote class="quote" cite="${citation.url}"><p>${citation.quote}</p></blockquote>` : ""}
${citation.notes ? html`<p class="note">${withFactLinks(citation.notes, links)}</p>` : ""}</li>
`,
)}</ul>`;

/**
 * A fact's sources counted by kind (official, official copies, secondary): the catalog's row and the top of the fact's
 * sources.
 */
export const renderSourceCounts = (citations: readonly Citation[]): Html =>
  html`<p class="citations-brief">${sourceCounts({ citations }).text}.</p>`;

/**
 * A fact's next expected announcement: what is expected, by when, where it will be published and, once `by_iso` has
 * passed with no new value recorded, that it is not recorded here yet, with the official page to check, so a reader
 * does not take the current value for the next period's. The service knows only what it has recorded: whether the
 * announcement came is for that page to say.
 */
export const renderExpected = (fact: Fact, today: string, detail: "brief" | "full"): Html => {
  const expected = fact.next_expected;
  const status = expectedStatus(fact, today);
  // Once the newer value is recorded, the Scheduled section or the value itself says it; nothing is awaited.
  if (expected === undefined || status === undefined || status === "recorded") return html``;
  const pastDue = status === "past-due";
  const by = html`<time datetime="${expected.by_iso}">${readableDate(expected.by_iso)}</time>`;
  return html`${detail === "full" ? html`<h2>Next expected</h2>` : html`<h4>Next expected</h4>`}
<div class="expected${pastDue ? " past-due" : ""}" data-expected-status="${status}">
<p>${expected.what}.</p>
<p>${
    pastDue
      ? html`<strong class="status status-past-due">Not recorded here yet</strong>: it was expected by ${by}, and no newer value is recorded here. It may have been announced since: check <a href="${expected.where.url}">${expected.where.org}</a> before relying on the value above for the next period.`
      : html`Normally announced by ${by}. Where: <a href="${expected.where.url}">${expected.where.org}</a>.`
  }</p>
</div>
`;
};

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

/** " (corrected on June 3, 2026: why)": a corrected note says so before its text, with the day and the reason. */
const correctedOn = (correction: NoteCorrection | undefined): Html =>
  correction === undefined
    ? html``
    : html` <span class="note-corrected">(corrected on ${date(correction.corrected_iso)}: ${correction.reason})</span>`;

/** The note as first published, kept under its correction. */
const firstPublished = (correction: NoteCorrection | undefined): Html =>
  correction === undefined ? html`` : html`<p class="note-original">First published as: ${correction.original}</p>`;

/** "recorded on June 3, 2026", when the entry says. */
const recordedOn = (entry: Pick<HistoryEntry, "recorded_iso">): Html =>
  entry.recorded_iso === undefined
    ? html``
    : html`<span class="recorded">recorded on <time datetime="${entry.recorded_iso}">${readableDate(entry.recorded_iso)}</time></span>`;

const renderEntry = (
  fact: Fact,
  entry: HistoryEntry,
  diffs: readonly FactDiff[],
  urls: Urls,
  links?: FactLinks,
): Html => {
  const diff =
    entry.version === undefined
      ? undefined
      : diffs.find((candidate) => candidate.from === entry.version && candidate.to === entry.version! + 1);
  const head =
    entry.version === undefined
      ? html`<strong>From ${date(entry.effective_iso)}</strong> (recorded from its sources): in force until superseded on ${date(entry.superseded_iso)}; ${recordedOn(entry)}.`
      : entry.corrected_by !== undefined
        ? html`<strong>Version ${entry.version}</strong>: ${correctionWords(fact, entry)}. This record of the rule from ${date(entry.effective_iso)} was replaced, and answers for no date; ${recordedOn(entry)}.`
        : html`<strong>Version ${entry.version}</strong>: in force from ${date(entry.effective_iso)} until superseded on ${date(entry.superseded_iso)}; ${recordedOn(entry)}.`;
  const label =
    entry.version === undefined
      ? `${fact.label}, from ${entry.effective_iso ?? ""}`
      : `${fact.label}, version ${entry.version}`;
  return html`<li class="history-entry${entry.corrected_by === undefined ? "" : " corrected"}" id="${periodAnchor(entry)}">
<p class="history-head">${head}</p>
${entry.summary ? html`<p class="summary">${entry.summary}</p>` : ""}
<div class="value">${renderValue(entry.value, entry.unit, label)}</div>
${entry.note ? html`<p class="note">Note${correctedOn(entry.note_correction)}: ${entry.note}</p>${firstPublished(entry.note_correction)}` : ""}
${entry.citations && entry.citations.length > 0 ? renderCitations(entry.citations, links) : ""}
${diff ? html`<p><a href="${sitePath(urls, diff.canonical_url)}">Changes from version ${diff.from} to ${diff.to} (diff JSON)</a></p>` : ""}
</li>
`;
};

/** "2 earlier versions and 3 periods before the first version": what a fact's history holds. */
export const historyCount = (history: readonly HistoryEntry[]): string => {
  const versions = history.filter((entry) => entry.version !== undefined).length;
  const periods = history.length - versions;
  return [
    versions > 0 ? `${versions} earlier ${versions === 1 ? "version" : "versions"}` : "",
    periods > 0 ? `${periods} ${periods === 1 ? "period" : "periods"} before the first version` : "",
  ]
    .filter(Boolean)
    .join(" and ");
};

/**
 * The fact's timeline before its current version, newest first by effective date, inside a native `<details>` (open
 * on the fact's own page): each earlier version, corrected ones said so, and each period recorded from sources before
 * the first version, with its sources. Each entry is a section with its own id (`#v{N}`, `#earlier-{date}`), which
 * calculators and feeds link. `diffs` are this fact's transitions, so each version links the one that followed it.
 */
export const renderFactHistory = (
  fact: Fact,
  diffs: readonly FactDiff[],
  urls: Urls,
  options: { open?: boolean; links?: FactLinks } = {},
): Html => {
  const history = fact.history ?? [];
  if (history.length === 0)
    return html`<p class="history-none">Nothing before this version is recorded: it is the first version of this fact.</p>`;
  return html`<details class="history"${options.open ? trustedHtml(" open") : ""}>
<summary>${historyCount(history)}</summary>
<ol>
${history.map((entry) => renderEntry(fact, entry, diffs, urls, options.links))}</ol>
</details>`;
};
