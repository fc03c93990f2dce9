/**
 * `/changelog.html`: every version of every fact by the date it took effect, each saying when it was recorded here and
 * whether it is still the one in force.
 */

import { periodAnchor } from "../../../packages/client/src/index.ts";
import { noteCorrectionOf, versionNote } from "../../derive/fact-history.ts";
import { SERVICE } from "../../lib/config.ts";
import { readableDate } from "../../lib/format.ts";
import { compareText } from "../../lib/text.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html, isAnnouncedOnly, sitePath } from "../text.ts";
import { renderPage } from "./page-layout.ts";

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
  /** The period's rule in one line, with that period's own numbers (the history entry's `summary`). */
  summary: string;
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
        summary: (last ? fact?.summary : entry?.summary) ?? "",
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
              summary: entry.summary ?? "",
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

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

/**
 * "No longer in force (superseded March 1, 2020)", or, for the version that is, "In force" or, for a rule only
 * announced, "Announced, not confirmed enacted".
 */
const statusOf = (entry: ChangelogEntry): Html => {
  const ended = entry.ended;
  if (ended === undefined)
    return entry.announced
      ? html`<span class="status status-announced">Announced, not confirmed enacted</span>`
      : html`<span class="status status-in-force">In force</span>`;
  switch (ended.kind) {
    case "superseded":
      return html`<span class="status status-ended">No longer in force</span> (superseded ${date(ended.date)})`;
    case "withdrawn":
      return html`<span class="status status-ended">No longer in force</span> (withdrawn ${date(ended.date)})`;
    case "corrected":
      return html`<span class="status status-ended">Not the current version</span> (corrected by version ${ended.by}, recorded ${date(ended.date)})`;
  }
};

/** What the summary line is called: the rule as it stands, as it stood, or as a corrected version wrongly had it. */
const ruleLabel = (entry: ChangelogEntry): string => {
  if (entry.ended === undefined) return entry.announced ? "The rule as announced:" : "The rule:";
  return entry.ended.kind === "corrected" ? `As version ${entry.version} recorded it:` : "The rule then:";
};

/**
 * The change log: one list of every period of every fact, grouped by the year it took effect, newest first, each a
 * block that reads on a phone as on a wide screen. The heading says when the period took effect ("From" while it is in
 * force, "Took effect" once it is not); the rule's summary gives that period's own figures; a version's note is shown
 * as the note recorded with it, never reworded, and a period no longer in force says so beside it, so a note written
 * in the present ("now pay") is not read as today's rule.
 */
export const renderChangelogPage = (model: SiteModel, lang: PageLanguage): string => {
  const labels = new Map(
    [...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact.label]),
  );
  const withdrawn = new Set(model.withdrawn.map(({ fact }) => fact.id));
  const link = (absolute: string) => sitePath(model.urls, absolute);
  // A withdrawn fact has no place in the catalog page: its link goes to its tombstone, the single-fact JSON. A period
  // of a fact with a page links its own section there (#v3, #earlier-2016-01-01).
  const factLink = (entry: ChangelogEntry): Html => {
    const label = labels.get(entry.factId) ?? entry.factId;
    if (withdrawn.has(entry.factId))
      return html`<a href="${link(model.urls.factById(entry.factId))}">${label}</a> (withdrawn)`;
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
      return html`Recorded from its sources on ${recorded}, as the rule before the first version · <code>${entry.factId}</code>`;
    return html`Recorded on ${recorded} · <code>${entry.factId}</code> ${
      entry.previous === undefined
        ? html`version ${entry.version}, the first recorded · <a href="${link(model.urls.factById(entry.factId))}">JSON<span class="visually-hidden"> for ${entry.factId}</span></a>`
        : html`version ${entry.previous} to ${entry.version}${entry.diffUrl ? html` · <a href="${link(entry.diffUrl)}">v${entry.previous}-to-v${entry.version}.json</a>` : ""}`
    }`;
  };
  const when = (entry: ChangelogEntry): string =>
    entry.ended !== undefined ? "Took effect" : entry.announced ? "Announced to apply from" : "From";
  const noteLabel = (entry: ChangelogEntry): Html | string =>
    entry.version === undefined
      ? "Note:"
      : entry.noteCorrection === undefined
        ? html`Note recorded with version ${entry.version}:`
        : html`Note recorded with version ${entry.version} (corrected on <time datetime="${entry.noteCorrection.corrected_iso}">${readableDate(entry.noteCorrection.corrected_iso)}</time>: ${entry.noteCorrection.reason}; first published as: ${entry.noteCorrection.original}):`;

  const renderEntry = (entry: ChangelogEntry): Html => html`<li class="change${entry.ended ? " change-ended" : ""}">
<h3 class="change-head"><span class="change-when">${when(entry)} ${date(entry.effectiveIso)}</span>
<span class="change-fact">${factLink(entry)}</span></h3>
<p class="change-status">${statusOf(entry)}</p>
<p class="change-rule"><span class="change-note-label">${ruleLabel(entry)}</span> ${entry.summary}</p>
${entry.note === undefined ? "" : html`<p class="change-note"><span class="change-note-label">${noteLabel(entry)}</span> ${entry.note}</p>\n`}<p class="change-meta">${recordedLine(entry)}</p>
</li>
`;

  const main = html`<h1>Change log</h1>
<p class="lead">${versions.length} versions of ${new Set(versions.map((entry) => entry.factId)).size} facts (${revisions} of them revisions) and ${earlier} ${earlier === 1 ? "period" : "periods"} recorded from sources before a fact's first version, by the date each took effect, newest first.</p>
<p>Each gives the rule from that date with that period's own figures, the day it was recorded here (often years after it took effect), and whether it is still in force.
A version's note was written when it was recorded: where it says "now", it speaks of the day the version took effect.
Re-verifications that only confirm a fact are not listed.
Every change, with both dates, is in <a href="${link(model.urls.changes)}">changes.json</a>; the revisions, by the day they were recorded, in <a href="${link(model.urls.diffIndex)}">the diff index (JSON)</a>.
Follow them in <a href="${link(model.urls.changesFeed)}">the rule changes feed (Atom)</a> or <a href="${link(model.urls.feed)}">the RSS feed</a>.</p>
<nav class="toc changelog-years" aria-labelledby="years-title">
<h2 id="years-title">Years</h2>
<ul>
${years.map((year) => html`<li><a href="#year-${year}">${year}</a></li>`)}</ul>
</nav>
${years.map(
  (year) => html`<section class="changelog-year" aria-labelledby="year-${year}">
<h2 id="year-${year}">Took effect in ${year}</h2>
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
      title: `Change log: ${SERVICE.name}`,
      description: `Every version of the ${model.facts.length} facts of ${SERVICE.name} and the periods recorded before them, by the date each took effect, with the day it was recorded and whether it is still in force.`,
      canonical: model.urls.changelogPage,
      main,
    },
    lang,
  );
};
