/**
 * `/changelog.html`: every version of every fact by the date it took effect, each saying when it was recorded here and
 * whether it is still the one in force.
 */

import { periodAnchor } from "../../../packages/client/src/index.ts";
import { noteCorrectionOf, versionNote } from "../../derive/fact-history.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText } from "../../lib/text.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { englishText, type Html, html, isAnnouncedOnly, rich } from "../text.ts";
import { pageLinker, renderPage } from "./page-layout.ts";

/** Why a version is no longer the one in force, and from when. */
type Ended =
  /** A later version took effect on `date`, or the rule was retired then (`superseded_by`). */
  | { kind: "superseded"; date: string }
  /** A later version, `by`, recorded on `date`, restated the same period: this one was corrected. */
  | { kind: "corrected"; date: string; by: number }
  /** The fact was withdrawn on `date`. */
  | { kind: "withdrawn"; date: string };

/** One period of one fact's timeline, as the change log lists it: a version, or a period recorded before the first. */
export interface ChangelogEntry {
  factId: string;
  /** The version; undefined for a period recorded from its sources before the fact's first version. */
  version: number | undefined;
  /** The version it replaced; undefined for the fact's first recorded version and for a period before it. */
  previous: number | undefined;
  /** When the period took effect: its state's `effective_iso`. */
  effectiveIso: string;
  /**
   * When it was recorded here: the date-time of the commit that introduced the version, or the day of the commit that
   * added the period to the fact's file.
   */
  recordedAt: string;
  /**
   * The period's rule: its value, read in one line with that period's own numbers by the fact's `summary_keys`, as the
   * history entry's `summary` is (each page says it in its own language).
   */
  rule: { value: unknown; unit: string | undefined; keys: readonly string[] | undefined };
  /**
   * The version's public note, as written when it was recorded (its commit's `Impact:` line), or the period's note
   * from the fact's file; undefined for a period recorded without one.
   */
  note: string | undefined;
  /** When the version's note was corrected and why (`note_corrections`); undefined for a note never corrected. */
  noteCorrection?: { corrected_iso: string; reason: string; original: string } | undefined;
  /** The diff from `previous`, when one is published. */
  diffUrl: string | undefined;
  /** Undefined while the period is the one in force. */
  ended: Ended | undefined;
  /** The version in force is a rule announced and not yet confirmed enacted (`legislative_status`). */
  announced: boolean;
}

/**
 * Every period of every fact's timeline, newest effective date first; on one date, the latest recorded first, then
 * by fact id. A version is no longer in force once a later version took effect after it (superseded), once a later
 * version restated its period (corrected), or, for a fact's last version, once the rule was retired on or before
 * `today` or the fact withdrawn. A period recorded from its sources before the first version ended when the next began.
 */
export const changelogEntries = (model: SiteModel): ChangelogEntry[] => {
  const diffs = new Map(model.diffs.map((diff) => [`${diff.fact_id} ${diff.from} ${diff.to}`, diff.canonical_url]));
  const withdrawn = new Map(model.withdrawn.map(({ fact, withdrawal }) => [fact.id, withdrawal.withdrawn_iso]));
  const retired = new Map(
    model.facts.flatMap((fact) =>
      fact.superseded_by != null && fact.superseded_by.effective_iso <= model.today
        ? [[fact.id, fact.superseded_by.effective_iso] as const]
        : [],
    ),
  );
  // Whether an earlier version was superseded or corrected, and each period's summary, are read from the published
  // fact (historyEntries), so the change log and the fact's own timeline always agree.
  const published = new Map(
    [...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact]),
  );
  // Every period of a fact is read by the keys its file names today, as its history's summaries are.
  const summaryKeys = (id: string) => model.timelines.get(id)?.versions.at(-1)?.state.summary_keys;
  const versions = [...model.timelines.values()].flatMap((timeline) =>
    timeline.versions.map((version, index): ChangelogEntry => {
      const previous = timeline.versions[index - 1]?.version;
      const effectiveIso = version.state.effective_iso;
      const endedOn = withdrawn.get(timeline.id);
      const retiredOn = retired.get(timeline.id);
      const fact = published.get(timeline.id);
      const entry = fact?.history.find((each) => each.version === version.version);
      const corrector = timeline.versions.find((each) => each.version === entry?.corrected_by);
      const last = index === timeline.versions.length - 1;
      const ended: Ended | undefined = !last
        ? corrector !== undefined
          ? { kind: "corrected", date: corrector.introduced.committed_at.slice(0, 10), by: corrector.version }
          : { kind: "superseded", date: entry?.superseded_iso ?? timeline.versions[index + 1]!.state.effective_iso }
        : endedOn !== undefined
          ? { kind: "withdrawn", date: endedOn }
          : retiredOn !== undefined
            ? { kind: "superseded", date: retiredOn }
            : undefined;
      return {
        factId: timeline.id,
        version: version.version,
        previous,
        effectiveIso,
        recordedAt: version.introduced.committed_at,
        rule: { value: version.state.value, unit: version.state.unit, keys: summaryKeys(timeline.id) },
        note: versionNote(version.version, version.introduced),
        noteCorrection: noteCorrectionOf(version.version, version.introduced),
        diffUrl: previous === undefined ? undefined : diffs.get(`${timeline.id} ${previous} ${version.version}`),
        ended,
        announced: last && ended === undefined && isAnnouncedOnly(version.state.value),
      };
    }),
  );
  const earlier = [...published.values()].flatMap((fact) =>
    fact.history.flatMap((entry): ChangelogEntry[] =>
      entry.version === undefined && entry.effective_iso !== undefined
        ? [
            {
              factId: fact.id,
              version: undefined,
              previous: undefined,
              effectiveIso: entry.effective_iso,
              recordedAt: entry.recorded_iso ?? "",
              rule: { value: entry.value, unit: entry.unit, keys: summaryKeys(fact.id) },
              note: entry.note,
              diffUrl: undefined,
              ended: { kind: "superseded", date: entry.superseded_iso ?? fact.effective_iso },
              announced: false,
            },
          ]
        : [],
    ),
  );
  return [...versions, ...earlier].sort(
    (a, b) =>
      compareText(b.effectiveIso, a.effectiveIso) ||
      compareText(b.recordedAt, a.recordedAt) ||
      compareText(a.factId, b.factId) ||
      (b.version ?? 0) - (a.version ?? 0),
  );
};

/**
 * "No longer in force (superseded March 1, 2020)", or, for the version that is, "In force" or, for a rule only
 * announced, "Announced, not confirmed enacted".
 */
const statusOf = (entry: ChangelogEntry, lang: PageLanguage, date: (isoDate: string) => Html): Html => {
  const { w } = lang;
  const ended = entry.ended;
  if (ended === undefined)
    return entry.announced
      ? html`<span class="status status-announced">${w.text("changelog.status.announced")}</span>`
      : html`<span class="status status-in-force">${w.text("changelog.status.in-force")}</span>`;
  const status = (chunks: (string | Html)[]) => html`<span class="status status-ended">${chunks}</span>`;
  switch (ended.kind) {
    case "superseded":
      return rich(w, "changelog.status.superseded", { status, date: date(ended.date) });
    case "withdrawn":
      return rich(w, "changelog.status.withdrawn", { status, date: date(ended.date) });
    case "corrected":
      return rich(w, "changelog.status.corrected", { status, version: ended.by, date: date(ended.date) });
  }
};

/** What the summary line is called: the rule as it stands, as it stood, or as a corrected version wrongly had it. */
const ruleLabel = (entry: ChangelogEntry, lang: PageLanguage): string => {
  const { w } = lang;
  if (entry.ended === undefined)
    return entry.announced ? w.text("changelog.rule.announced") : w.text("changelog.rule.current");
  return entry.ended.kind === "corrected"
    ? w.text("changelog.rule.corrected", { version: entry.version ?? 0 })
    : w.text("changelog.rule.then");
};

/** When the period took effect: "From" while it is in force, "Took effect" once it is not. */
const whenOf = (entry: ChangelogEntry, lang: PageLanguage, date: Html): Html =>
  entry.ended !== undefined
    ? rich(lang.w, "changelog.when.took-effect", { date })
    : entry.announced
      ? rich(lang.w, "changelog.when.announced", { date })
      : rich(lang.w, "changelog.when.from", { date });

/**
 * The change log: one list of every period of every fact, grouped by the year it took effect, newest first, each a
 * block that reads on a phone as on a wide screen. The heading says when the period took effect ("From" while it is in
 * force, "Took effect" once it is not); the rule's summary gives that period's own figures, in the page's language; a
 * version's note is shown as the note recorded with it, in English, never reworded, and a period no longer in force
 * says so beside it, so a note written in the present ("now pay") is not read as today's rule.
 */
export const renderChangelogPage = (model: SiteModel, lang: PageLanguage): string => {
  const { w } = lang;
  const facts = new Map(
    [...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact] as const),
  );
  const withdrawn = new Set(model.withdrawn.map(({ fact }) => fact.id));
  const link = pageLinker(model, false, lang);
  const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${w.date(isoDate)}</time>`;
  // A withdrawn fact has no place in the catalog page: its link goes to its tombstone, the single-fact JSON. A period
  // of a fact with a page links its own section there (#v3, #earlier-2016-01-01).
  const factLink = (entry: ChangelogEntry): Html => {
    const fact = facts.get(entry.factId);
    const label = fact === undefined ? html`${entry.factId}` : lang.factLabelHtml(fact);
    if (withdrawn.has(entry.factId))
      return rich(w, "changelog.fact-withdrawn", {
        fact: html`<a href="${link(model.urls.factById(entry.factId))}">${label}</a>`,
      });
    const anchor = periodAnchor({ version: entry.version, effective_iso: entry.effectiveIso });
    return html`<a href="${link(model.urls.factPage(entry.factId))}#${anchor}">${label}</a>`;
  };
  const entries = changelogEntries(model);
  const years = [...new Set(entries.map((entry) => entry.effectiveIso.slice(0, 4)))];
  const versions = entries.filter((entry) => entry.version !== undefined);
  const revisions = versions.filter((entry) => entry.previous !== undefined).length;
  const earlier = entries.length - versions.length;

  const recordedLine = (entry: ChangelogEntry): Html => {
    const recorded = date(entry.recordedAt.slice(0, 10));
    if (entry.version === undefined)
      return html`${rich(w, "changelog.recorded.earlier", { date: recorded })} · <code>${entry.factId}</code>`;
    return html`${rich(w, "changelog.recorded.version", { date: recorded })} · <code>${entry.factId}</code> ${
      entry.previous === undefined
        ? html`${w.text("changelog.recorded.first", { version: entry.version })} · <a href="${link(model.urls.factById(entry.factId))}">${rich(
            w,
            "changelog.json-link",
            {
              hidden: (chunks) => html`<span class="visually-hidden">${chunks}</span>`,
              id: entry.factId,
            },
          )}</a>`
        : html`${w.text("changelog.recorded.revision", { previous: entry.previous, version: entry.version })}${entry.diffUrl ? html` · <a href="${link(entry.diffUrl)}">v${entry.previous}-to-v${entry.version}.json</a>` : ""}`
    }`;
  };
  const noteLabel = (entry: ChangelogEntry): Html | string =>
    entry.version === undefined
      ? w.text("changelog.note.period")
      : entry.noteCorrection === undefined
        ? w.text("changelog.note.version", { version: entry.version })
        : rich(w, "changelog.note.corrected", {
            version: entry.version,
            date: date(entry.noteCorrection.corrected_iso),
            reason: englishText(lang, entry.noteCorrection.reason),
            original: englishText(lang, entry.noteCorrection.original),
          });

  const renderEntry = (entry: ChangelogEntry): Html => html`<li class="change${entry.ended ? " change-ended" : ""}">
<h3 class="change-head"><span class="change-when">${whenOf(entry, lang, date(entry.effectiveIso))}</span>
<span class="change-fact">${factLink(entry)}</span></h3>
<p class="change-status">${statusOf(entry, lang, date)}</p>
<p class="change-rule"><span class="change-note-label">${ruleLabel(entry, lang)}</span> ${lang.values.summarizeValue(entry.rule.value, entry.rule.unit, entry.rule.keys)}</p>
${entry.note === undefined ? "" : html`<p class="change-note"><span class="change-note-label">${noteLabel(entry)}</span> ${englishText(lang, entry.note)}</p>\n`}<p class="change-meta">${recordedLine(entry)}</p>
</li>
`;

  const main = html`<h1>${w.text("changelog.title")}</h1>
<p class="lead">${w.text("changelog.lead", { versions: versions.length, facts: new Set(versions.map((entry) => entry.factId)).size, revisions, earlier })}</p>
<p>${rich(w, "changelog.intro", {
    changes: (chunks) => html`<a href="${link(model.urls.changes)}">${chunks}</a>`,
    diffs: (chunks) => html`<a href="${link(model.urls.diffIndex)}">${chunks}</a>`,
    atom: (chunks) => html`<a href="${link(model.urls.changesFeed)}">${chunks}</a>`,
    rss: (chunks) => html`<a href="${link(model.urls.feed)}">${chunks}</a>`,
  })}</p>
<nav class="toc changelog-years" aria-labelledby="years-title">
<h2 id="years-title">${w.text("changelog.years")}</h2>
<ul>
${years.map((year) => html`<li><a href="#year-${year}">${year}</a></li>`)}</ul>
</nav>
${years.map(
  (year) => html`<section class="changelog-year" aria-labelledby="year-${year}">
<h2 id="year-${year}">${w.text("changelog.year", { year })}</h2>
<ol class="changes">
${entries.filter((entry) => entry.effectiveIso.startsWith(year)).map(renderEntry)}</ol>
</section>
`,
)}`;
  return renderPage(
    model,
    {
      path: "/changelog.html",
      name: "changelog",
      dated: { by: "catalog" },
      title: w.text("page.title", { page: w.text("changelog.title"), site: SERVICE.name }),
      description: w.text("changelog.description", { facts: model.facts.length, site: SERVICE.name }),
      canonical: model.urls.changelogPage,
      main,
    },
    lang,
  );
};
