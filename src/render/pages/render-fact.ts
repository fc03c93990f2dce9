/**
 * One fact as HTML, on its own page and in the catalog, in the page's language: its value (with bracket tables), its
 * sources, when the next announcement is expected, its scheduled changes and its history. What the data says in its
 * own words (quotes, citation titles and notes, version notes, free text values) stays English, marked as English.
 */

import { periodAnchor } from "../../../packages/client/src/index.ts";
import type { CommitInfo } from "../../derive/fact-history.ts";
import { noteCorrectionOf, versionNote } from "../../derive/fact-history.ts";
import { ENGLISH } from "../../i18n/locales.ts";
import type { Words } from "../../i18n/words.ts";
import type { Urls } from "../../lib/config.ts";
import { isIsoDate } from "../../lib/format.ts";
import { cadenceTagsOf, latestRetrieved } from "../../model/facts.ts";
import type {
  Bracket,
  Citation,
  CitationKind,
  Fact,
  FactDiff,
  HistoryEntry,
  NoteCorrection,
  ScheduledChange,
} from "../../schemas/index.ts";
import { CADENCE_DAYS, expectedStatus } from "../../schemas/index.ts";
import { badgeEmbedHtml } from "../feeds/badges.ts";
import type { PageLanguage } from "../page-language.ts";
import { sourceCounts } from "../site-model.ts";
import {
  correctionWords,
  type FactLinks,
  type Html,
  type HtmlSlot,
  hasGlossaryEntry,
  html,
  isAnnouncedOnly,
  isBracketArray,
  rich,
  trustedHtml,
  withFactLinks,
} from "../text.ts";

export interface FactContext {
  urls: Urls;
  /** How the page links a published URL (see pageLinker): a translated page links its language's pages. */
  link: (absolute: string) => string;
  lang: PageLanguage;
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
  /** The fields the fact's file names for its summary line (`summary_keys`), so a translation says the same fields. */
  summaryKeys?: readonly string[] | undefined;
  /** The build date: whether an expected announcement is past due is judged on it. */
  today: string;
  /** Fact ids in the text (description, value, notes) link to their pages. */
  links?: FactLinks;
}

/** ` lang="en-CA"` on a translated page, for an element whose text stays English (a quote, a note); nothing in English. */
export const englishLang = (lang: PageLanguage): Html => (lang.english ? html`` : html` lang="${ENGLISH.tag}"`);

/** Text that stays English inside a translated sentence, marked so a reader's voice reads it as English. */
export const inEnglish = (lang: PageLanguage, content: HtmlSlot): Html =>
  lang.english ? html`${content}` : html`<span lang="${ENGLISH.tag}">${content}</span>`;

/** A date as a `<time>`; "unknown" where a history entry has none. */
const date = (w: Words, isoDate: string | undefined): Html =>
  isoDate ? html`<time datetime="${isoDate}">${w.date(isoDate)}</time>` : html`${w.text("fact.unknown-date")}`;

const cadenceText = (w: Words, fact: Fact): string | undefined => {
  const [tag] = cadenceTagsOf(fact);
  return tag === undefined
    ? undefined
    : w.text("fact.cadence", { days: CADENCE_DAYS[tag], cadence: tag.replace(/^cadence:/, "") });
};

/** A section heading inside the fact: under the page's h1 on the fact's page, under the domain's h2 in the catalog. */
const subheading = (detail: FactContext["detail"], text: string): Html =>
  detail === "full" ? html`<h2>${text}</h2>` : html`<h4>${text}</h4>`;

const diffLinks = (context: FactContext): Html => {
  if (context.diffs.length === 0) return html``;
  const { w } = context.lang;
  const links = context.diffs.map(
    (diff, index) =>
      html`${index === 0 ? "" : w.text("fact.link-separator")}<a href="${context.link(diff.canonical_url)}">${w.text("fact.diff-link", { from: diff.from, to: diff.to })}</a>`,
  );
  return html`<li>${rich(w, "fact.diffs", { links: html`${links}` })}</li>`;
};

/** An event's status in words: "enacted", "announced". */
export const statusWord = (w: Words, status: ScheduledChange["status"]): string =>
  status === "enacted" ? w.text("fact.status-enacted") : w.text("fact.status-announced");

/**
 * What a reader must know before the value: that the rule is only announced (so "effective" is the announced date,
 * not law), or that no official text of it is cited (every source is secondary). Nothing for a rule in force that
 * cites an official source.
 */
const renderStanding = (w: Words, fact: Fact): Html => {
  const notes: string[] = [];
  if (isAnnouncedOnly(fact.value)) notes.push(w.text("fact.standing-announced"));
  if (fact.citations.length > 0 && fact.citations.every((citation) => citation.kind === "secondary"))
    notes.push(w.text("fact.standing-secondary"));
  return notes.length === 0
    ? html``
    : html`<p class="fact-standing">${notes.join(" ")}</p>
`;
};

/** The fact's description in the page's language, marked as English where the translation has none for today's. */
const renderDescription = (fact: Fact, lang: PageLanguage, links: FactLinks | undefined): Html => {
  const description = lang.factDescription(fact);
  const english = !lang.english && description === fact.description;
  return html`<p class="description"${english ? html` lang="${ENGLISH.tag}"` : ""}>${withFactLinks(description, links)}</p>`;
};

/**
 * One fact as an `<article id="<fact id>">`: the feed, the webhooks and search results link to `/#<fact id>`, where
 * the catalog shows it briefly and links its own page, `/<fact id>.html`, with every source quoted and the history.
 * Everything is in the markup, so the pages read the same with JavaScript off.
 */
export const renderFact = (fact: Fact, context: FactContext): Html => {
  const { lang } = context;
  const { w } = lang;
  const titleId = `${fact.id}-title`;
  const cadence = cadenceText(w, fact);
  const topics = (fact.tags ?? []).filter((tag) => !tag.startsWith("cadence:"));
  const label = lang.factLabel(fact);
  return html`<article class="fact" id="${fact.id}" data-domain="${fact.domain}" aria-labelledby="${titleId}">
${context.detail === "full" ? html`<h1 id="${titleId}">${lang.factLabelHtml(fact)}</h1>` : html`<h3 id="${titleId}">${lang.factLabelHtml(fact)}</h3>`}
<p class="fact-id"><code>${fact.id}</code></p>
${renderDescription(fact, lang, context.links)}
${renderStanding(w, fact)}<dl class="fact-meta">
<div><dt>${w.text("fact.meta-version")}</dt><dd>${w.number(fact.version)}</dd></div>
<div><dt>${w.text("fact.meta-effective")}</dt><dd>${date(w, fact.effective_iso)}</dd></div>
<div><dt>${w.text("fact.meta-verified")}</dt><dd>${date(w, latestRetrieved(fact))}</dd></div>
<div><dt>${w.text("fact.meta-reverify")}</dt><dd>${date(w, fact.expires_iso)}</dd></div>
${context.detail === "full" && cadence ? html`<div><dt>${w.text("fact.meta-checked")}</dt><dd>${cadence}</dd></div>` : ""}
</dl>
${subheading(context.detail, w.text("fact.value"))}
<div class="value">${renderValue(fact.value, fact.unit, label, lang, context.links)}</div>
${context.detail === "full" && topics.length > 0 ? html`<p class="topics">${rich(w, "fact.topics", { topics: inEnglish(lang, topics.join(", ")) })}</p>` : ""}
${subheading(context.detail, w.text("fact.sources"))}
${renderSourceCounts(fact.citations, w)}${context.detail === "full" ? renderCitations(fact.citations, lang, context.links) : ""}
${renderScheduled(fact, context.detail, lang, context.links)}${renderExpected(fact, context.today, context.detail, lang)}${
  context.detail === "full" ? renderCurrentPeriod(fact, context) : ""
}
<ul class="fact-links">
${
  context.detail === "brief"
    ? html`<li><a href="${context.link(context.urls.factPage(fact.id))}">${w.text("fact.full-record", {
        hasHistory: (fact.history?.length ?? 0) > 0 ? "yes" : "no",
        history: historyCount(fact.history, w),
      })}</a></li>
<li><a href="${context.link(context.urls.factById(fact.id))}">JSON</a></li>`
    : html`<li><a href="${context.link(context.urls.factById(fact.id))}">${w.text("fact.json-for", { id: fact.id })}</a></li>
<li><a href="${context.link(context.urls.factFeed(fact.id))}" type="application/atom+xml">${w.text("fact.atom-for", { id: fact.id })}</a></li>
${
  fact.series === undefined
    ? ""
    : html`<li><a href="${context.link(context.urls.series(fact.series))}">${w.text("fact.series-json", { series: fact.series })}</a></li>
`
}${diffLinks(context)}`
}
</ul>
${
  // Beside the list, not in it: the embed code is one long word, which a paragraph wraps on a phone and a list item of
  // the links' flex row would not.
  context.detail === "full"
    ? html`<p class="badge-embed">${rich(w, "fact.badge", {
        link: (chunks) => html`<a href="${context.link(context.urls.badge(fact.id))}">${chunks}</a>`,
        code: html`<code>${badgeEmbedHtml(fact, context.urls)}</code>`,
      })}</p>
`
    : ""
}</article>
`;
};

/** The History section's head: the current version, when it took effect and was recorded, its summary and its note. */
const renderCurrentPeriod = (fact: Fact, context: FactContext): Html => {
  const { lang } = context;
  const { w } = lang;
  const introduced = context.introduced;
  const correction = introduced ? noteCorrectionOf(fact.version, introduced) : undefined;
  return html`${subheading(context.detail, w.text("fact.history"))}
<div class="current-period" id="${periodAnchor(fact)}"><p class="history-head">${rich(w, "fact.current-head", {
    strong: (chunks) => html`<strong>${chunks}</strong>`,
    version: fact.version,
    announced: isAnnouncedOnly(fact.value) ? "yes" : "no",
    effective: date(w, fact.effective_iso),
    recorded: introduced ? "yes" : "no",
    recordedOn: introduced
      ? html`<time datetime="${introduced.committed_at}">${w.date(introduced.committed_at.slice(0, 10))}</time>`
      : "",
  })}</p>
${fact.summary ? html`<p class="summary">${summaryIn(lang, fact, fact.summary, context.summaryKeys)}</p>` : ""}
${introduced ? html`<p class="current-note">${noteWords(lang, correction, html`<span class="note"${englishLang(lang)}>${versionNote(fact.version, introduced)}</span>`)}</p>${firstPublished(lang, correction)}` : ""}</div>
${renderFactHistory(fact, context.diffs, context.link, lang, { open: true, links: context.links, summaryKeys: context.summaryKeys })}`;
};

/**
 * A period's summary line in the page's language: the build's English line (`summary`), or the same fields of the same
 * value in the language's words.
 */
export const summaryIn = (
  lang: PageLanguage,
  period: { value?: unknown; unit?: string | undefined },
  summary: string,
  keys: readonly string[] | undefined,
): string => (lang.english ? summary : lang.values.summarizeValue(period.value, period.unit, keys));

type Scalar = string | number | boolean | null;
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar =>
  value === null || ["string", "number", "boolean"].includes(typeof value);
const isFlat = (value: unknown): boolean => isScalar(value) || (Array.isArray(value) && value.every(isScalar));

const none = (w: Words): Html => html`<span class="none">${w.text("fact.none")}</span>`;

/** A key's label; a key the glossary lacks (which the check refuses) shows as code, never as words made from it. */
const labelOf = (key: string, lang: PageLanguage): Html =>
  hasGlossaryEntry(key) ? html`${lang.values.describeKey(key).label}` : html`<code>${key}</code>`;

const renderText = (key: string, text: string, lang: PageLanguage, links: FactLinks | undefined): Html => {
  const words = lang.values.formatTextFor(key, text);
  if (words !== text)
    return isIsoDate(text) ? html`<time datetime="${text}">${lang.w.date(text)}</time>` : html`${words}`;
  if (/^https:\/\/\S+$/.test(text)) return html`<a href="${text}">${text}</a>`;
  // Free text of the data: written in English, and said so on a translated page.
  return inEnglish(lang, withFactLinks(text, links));
};

const renderScalar = (key: string, value: Scalar, lang: PageLanguage, links: FactLinks | undefined): Html => {
  if (value === null) return html`<span class="none">${lang.values.nullWords(key)}</span>`;
  if (typeof value === "boolean") return html`${value ? lang.w.text("fact.yes") : lang.w.text("fact.no")}`;
  if (typeof value === "number") return html`${lang.values.formatNumberFor(key, value)}`;
  return renderText(key, value, lang, links);
};

/**
 * Rows of like objects ("density tiers", "catch-up deadlines") read best as a table with one column per key. Wide
 * ones scroll inside a focusable, labelled box, so keyboard users can scroll them on narrow screens.
 */
const renderObjectTable = (
  rows: readonly JsonObject[],
  caption: string,
  lang: PageLanguage,
  links: FactLinks | undefined,
): Html => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return html`<div class="table-scroll" role="group" aria-label="${caption}" tabindex="0"><table class="records">
<caption>${caption}</caption>
<thead><tr>${keys.map((key) => html`<th scope="col">${labelOf(key, lang)}</th>`)}</tr></thead>
<tbody>
${rows.map(
  (row) =>
    html`<tr>${keys.map((key) => html`<td>${key in row ? renderField(key, row[key], caption, lang, links) : none(lang.w)}</td>`)}</tr>
`,
)}</tbody>
</table></div>`;
};

const renderArray = (
  key: string,
  items: readonly unknown[],
  caption: string,
  lang: PageLanguage,
  links: FactLinks | undefined,
): Html => {
  if (items.length === 0) return none(lang.w);
  if (isBracketArray(items)) return renderBracketTable(items, caption, lang.w);
  if (items.every(isScalar))
    return html`<ul class="value-list">${items.map((item) => html`<li>${renderScalar(key, item, lang, links)}</li>`)}</ul>`;
  if (items.every((item) => isObject(item) && Object.values(item).every(isFlat)))
    return renderObjectTable(items as JsonObject[], caption, lang, links);
  return html`<ol class="value-list">${items.map((item) => html`<li>${renderField(key, item, caption, lang, links)}</li>`)}</ol>`;
};

const renderObject = (object: JsonObject, lang: PageLanguage, links: FactLinks | undefined): Html => {
  const entries = Object.entries(object);
  if (entries.length === 0) return none(lang.w);
  return html`<dl class="value-fields">
${entries.map(
  ([key, item]) =>
    html`<div><dt>${labelOf(key, lang)}</dt><dd>${renderField(key, item, lang.values.describeKey(key).label, lang, links)}</dd></div>
`,
)}</dl>`;
};

/** One field of a value, written by its key's glossary entry (reference/glossary.json, CONTRIBUTING.md). */
export const renderField = (
  key: string,
  value: unknown,
  caption: string,
  lang: PageLanguage,
  links?: FactLinks,
): Html => {
  if (Array.isArray(value)) return renderArray(key, value, caption, lang, links);
  if (isObject(value)) return renderObject(value, lang, links);
  if (isScalar(value)) return renderScalar(key, value, lang, links);
  return html`${String(value)}`;
};

/**
 * A fact's value for people: bracket schedules as tables, objects as definition lists with the glossary's labels,
 * rates as percentages, money in dollars, dates spelled out, enumeration members in words, fact ids linked to their
 * pages (given `links`), all in the page's language. `caption` names tables for screen readers.
 */
export const renderValue = (
  value: unknown,
  unit: string | undefined,
  caption: string,
  lang: PageLanguage,
  links?: FactLinks,
): Html => {
  if (isBracketArray(value)) return renderBracketTable(value, caption, lang.w);
  if (typeof value === "number")
    return html`<p class="value-scalar">${lang.values.formatNumberWithUnit(value, unit)}</p>`;
  if (typeof value === "string") return html`<p class="value-scalar">${renderText("", value, lang, links)}</p>`;
  return renderField("", value, caption, lang, links);
};

/**
 * The range a bracket covers, from the previous bracket's upper bound: "Up to $200,000", "$200,000 to $2,000,000",
 * "Over $3,000,000".
 */
export const bracketRange = (brackets: readonly Bracket[], index: number, w: Words): string => {
  const lower = index === 0 ? null : brackets[index - 1]!.upper;
  const upper = brackets[index]!.upper;
  if (lower === null && upper === null) return w.text("fact.range-any");
  if (lower === null) return w.text("fact.range-up-to", { amount: w.money(upper!) });
  if (upper === null) return w.text("fact.range-over", { amount: w.money(lower) });
  return w.text("fact.range-between", { lower: w.money(lower), upper: w.money(upper) });
};

/**
 * A `CAD-bracket-array` (docs/consumers/api.md#values-and-units) as a table of ranges and rates, the way the Ministry
 * of Finance prints it.
 */
export const renderBracketTable = (
  brackets: readonly Bracket[],
  caption: string,
  w: Words,
): Html => html`<table class="brackets">
<caption>${caption}</caption>
<thead><tr><th scope="col">${w.text("fact.range")}</th><th scope="col">${w.text("fact.rate")}</th></tr></thead>
<tbody>
${brackets.map(
  (bracket, index) =>
    html`<tr><th scope="row">${bracketRange(brackets, index, w)}</th><td>${w.percent(bracket.rate)}</td></tr>
`,
)}</tbody>
</table>`;

/** What kind of source a citation is, in words, and for a copy the host it was read on. */
const citationKind = (w: Words, kind: CitationKind, url: string): string => {
  switch (kind) {
    case "official":
      return w.text("fact.kind-official");
    case "official-copy":
      return w.text("fact.kind-official-copy", { host: new URL(url).hostname });
    case "secondary":
      return w.text("fact.kind-secondary");
  }
};

/**
 * A fact's sources: organisation, linked title, what kind of source it is, when it was checked (and published), the
 * passage it is quoted for, and the notes. The organisation's name, the title, the quote and the notes are the
 * source's and the data's own words, in English.
 */
export const renderCitations = (
  citations: readonly Citation[],
  lang: PageLanguage,
  links?: FactLinks,
): Html => html`<ul class="citations">
${citations.map(
  (citation) =>
    html`<li>${rich(lang.w, "fact.citation", {
      org: html`<span class="org">${citation.org}</span>`,
      title: html`<a href="${citation.url}"><cite${englishLang(lang)}>${citation.title ?? citation.url}</cite></a>`,
      hasKind: citation.kind ? "yes" : "no",
      kind: (chunks) => html`<span class="kind kind-${citation.kind ?? ""}">${chunks}</span>`,
      kindWords: citation.kind ? citationKind(lang.w, citation.kind, citation.url) : "",
    })}
<span class="dates">${rich(lang.w, "fact.citation-dates", {
      retrieved: date(lang.w, citation.retrieved_iso),
      hasPublished: citation.source_published_iso ? "yes" : "no",
      published: citation.source_published_iso ? date(lang.w, citation.source_published_iso) : "",
    })}</span>
${citation.quote ? html`<blockquote class="quote" cite="${citation.url}"${englishLang(lang)}><p>${citation.quote}</p></blockquote>` : ""}
${citation.notes ? html`<p class="note"${englishLang(lang)}>${withFactLinks(citation.notes, links)}</p>` : ""}</li>
`,
)}</ul>`;

/** How many sources of each kind, in words: "1 official, 2 official copies" (a kind with none left out, but official). */
export const sourceKinds = (w: Words, citations: readonly Pick<Citation, "kind">[]): string => {
  const counts = sourceCounts({ citations });
  return w.text("fact.source-kinds", {
    official: counts.official,
    copies: counts.official_copy,
    secondary: counts.secondary,
  });
};

/**
 * A fact's sources counted by kind (official, official copies, secondary): the catalog's row and the top of the fact's
 * sources.
 */
export const renderSourceCounts = (citations: readonly Citation[], w: Words): Html =>
  html`<p class="citations-brief">${w.text("fact.sources-brief", { total: citations.length, kinds: sourceKinds(w, citations) })}</p>`;

/**
 * A fact's next expected announcement: what is expected, by when, where it will be published and, once `by_iso` has
 * passed with no new value recorded, that it is not recorded here yet, with the official page to check, so a reader
 * does not take the current value for the next period's. The service knows only what it has recorded: whether the
 * announcement came is for that page to say.
 */
export const renderExpected = (fact: Fact, today: string, detail: "brief" | "full", lang: PageLanguage): Html => {
  const expected = fact.next_expected;
  const status = expectedStatus(fact, today);
  // Once the newer value is recorded, the Scheduled section or the value itself says it; nothing is awaited.
  if (expected === undefined || status === undefined || status === "recorded") return html``;
  const { w } = lang;
  const pastDue = status === "past-due";
  const values = {
    by: html`<time datetime="${expected.by_iso}">${w.date(expected.by_iso)}</time>`,
    org: expected.where.org,
    where: (chunks: (string | Html)[]) => html`<a href="${expected.where.url}">${chunks}</a>`,
  };
  return html`${subheading(detail, w.text("fact.next-expected"))}
<div class="expected${pastDue ? " past-due" : ""}" data-expected-status="${status}">
<p${englishLang(lang)}>${expected.what}.</p>
<p>${
    pastDue
      ? rich(w, "fact.expected-past-due", {
          ...values,
          status: (chunks) => html`<strong class="status status-past-due">${chunks}</strong>`,
        })
      : rich(w, "fact.expected-by", values)
  }</p>
</div>
`;
};

/** What an event's status means for when it is published. */
const statusHint = (w: Words, status: ScheduledChange["status"]): string =>
  status === "enacted" ? w.text("fact.hint-enacted") : w.text("fact.hint-announced");

/**
 * What is scheduled for one fact: each change with its date and status and, in `full` (the fact's own page), its new
 * value and sources, which the catalog leaves to that page.
 */
export const renderScheduled = (fact: Fact, detail: "brief" | "full", lang: PageLanguage, links?: FactLinks): Html => {
  const scheduled = fact.scheduled ?? [];
  if (scheduled.length === 0) return html``;
  const { w } = lang;
  return html`${subheading(detail, w.text("fact.scheduled"))}
<ol class="scheduled">
${scheduled.map(
  (change) => html`<li class="scheduled-change">
<p>${rich(w, "fact.scheduled-from", {
    strong: (chunks) => html`<strong>${chunks}</strong>`,
    date: html`<time datetime="${change.effective_iso}">${w.date(change.effective_iso)}</time>`,
    status: html`<span class="status status-${change.status}">${statusWord(w, change.status)}</span>`,
    note: inEnglish(lang, withFactLinks(change.note, links)),
  })}</p>
<p class="hint">${statusHint(w, change.status)}</p>
${
  detail === "full"
    ? html`<div class="value">${renderValue(change.value, change.unit, w.text("fact.caption-from", { label: lang.factLabel(fact), date: change.effective_iso }), lang, links)}</div>
${renderCitations(change.citations, lang, links)}`
    : ""
}
</li>
`,
)}</ol>
`;
};

/**
 * "Note (corrected on June 3, 2026: why): …": a note, saying before its text when it was corrected and why. The note
 * and the reason are the record's own words.
 */
const noteWords = (lang: PageLanguage, correction: NoteCorrection | undefined, note: HtmlSlot): Html =>
  rich(lang.w, "fact.note", {
    corrected: correction === undefined ? "no" : "yes",
    correction:
      correction === undefined
        ? ""
        : html`<span class="note-corrected">${rich(lang.w, "fact.corrected-on", {
            date: date(lang.w, correction.corrected_iso),
            reason: inEnglish(lang, correction.reason),
          })}</span>`,
    note: html`${note}`,
  });

/** The note as first published, kept under its correction. */
const firstPublished = (lang: PageLanguage, correction: NoteCorrection | undefined): Html =>
  correction === undefined
    ? html``
    : html`<p class="note-original">${rich(lang.w, "fact.first-published", { original: inEnglish(lang, correction.original) })}</p>`;

/** "recorded on June 3, 2026", when the entry says. */
const recordedOn = (w: Words, entry: Pick<HistoryEntry, "recorded_iso">): Html =>
  entry.recorded_iso === undefined
    ? html``
    : html`<span class="recorded">${rich(w, "fact.recorded-on", {
        date: html`<time datetime="${entry.recorded_iso}">${w.date(entry.recorded_iso)}</time>`,
      })}</span>`;

const renderEntry = (
  fact: Fact,
  entry: HistoryEntry,
  diffs: readonly FactDiff[],
  link: FactContext["link"],
  lang: PageLanguage,
  options: { links?: FactLinks | undefined; summaryKeys?: readonly string[] | undefined },
): Html => {
  const { w } = lang;
  const diff =
    entry.version === undefined
      ? undefined
      : diffs.find((candidate) => candidate.from === entry.version && candidate.to === entry.version! + 1);
  const strong = (chunks: (string | Html)[]) => html`<strong>${chunks}</strong>`;
  const dates = {
    strong,
    effective: date(w, entry.effective_iso),
    superseded: date(w, entry.superseded_iso),
    recorded: recordedOn(w, entry),
  };
  const head =
    entry.version === undefined
      ? rich(w, "fact.entry-earlier", dates)
      : entry.corrected_by !== undefined
        ? rich(w, "fact.entry-corrected", {
            ...dates,
            version: entry.version,
            correction: correctionWords(fact, entry, w),
          })
        : rich(w, "fact.entry-version", { ...dates, version: entry.version });
  const label =
    entry.version === undefined
      ? w.text("fact.caption-from", { label: lang.factLabel(fact), date: entry.effective_iso ?? "" })
      : w.text("fact.caption-version", { label: lang.factLabel(fact), version: entry.version });
  return html`<li class="history-entry${entry.corrected_by === undefined ? "" : " corrected"}" id="${periodAnchor(entry)}">
<p class="history-head">${head}</p>
${entry.summary ? html`<p class="summary">${summaryIn(lang, entry, entry.summary, options.summaryKeys)}</p>` : ""}
<div class="value">${renderValue(entry.value, entry.unit, label, lang)}</div>
${entry.note ? html`<p class="note">${noteWords(lang, entry.note_correction, inEnglish(lang, entry.note))}</p>${firstPublished(lang, entry.note_correction)}` : ""}
${entry.citations && entry.citations.length > 0 ? renderCitations(entry.citations, lang, options.links) : ""}
${diff ? html`<p><a href="${link(diff.canonical_url)}">${w.text("fact.diff-changes", { from: diff.from, to: diff.to })}</a></p>` : ""}
</li>
`;
};

/** "2 earlier versions and 3 periods before the first version": what a fact's history holds. */
export const historyCount = (history: readonly HistoryEntry[], w: Words): string => {
  const versions = history.filter((entry) => entry.version !== undefined).length;
  const periods = history.length - versions;
  return w.text("fact.history-count", { versions, periods, both: versions > 0 && periods > 0 ? "yes" : "no" });
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
  link: FactContext["link"],
  lang: PageLanguage,
  options: { open?: boolean; links?: FactLinks | undefined; summaryKeys?: readonly string[] | undefined } = {},
): Html => {
  const history = fact.history ?? [];
  if (history.length === 0) return html`<p class="history-none">${lang.w.text("fact.history-none")}</p>`;
  return html`<details class="history"${options.open ? trustedHtml(" open") : ""}>
<summary>${historyCount(history, lang.w)}</summary>
<ol>
${history.map((entry) => renderEntry(fact, entry, diffs, link, lang, options))}</ol>
</details>`;
};
