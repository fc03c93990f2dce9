/**
 * `/changelog.html`: every version of every fact by the date it took effect, each saying when it was recorded here and
 * whether it is still the one in force.
 */
import { versionNote } from "../../derive/fact-history.ts";
import { SERVICE } from "../../lib/config.ts";
import { readableDate } from "../../lib/format.ts";
import { compareText } from "../../lib/text.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html, sitePath } from "../text.ts";
import { renderPage } from "./page-layout.ts";

/** Why a version is no longer the one in force, and from when. */
type Ended =
  /** A later version took effect on `date`, or the rule was retired then (`superseded_by`). */
  | { kind: "superseded"; date: string }
  /** A later version, `by`, recorded on `date`, restated the same period: this one was corrected. */
  | { kind: "corrected"; date: string; by: number }
  /** The fact was withdrawn on `date`. */
  | { kind: "withdrawn"; date: string };

/** One version of one fact, as the change log lists it. */
export interface ChangelogEntry {
  factId: string;
  version: number;
  /** The version it replaced; undefined for the fact's first recorded version. */
  previous: number | undefined;
  /** When the version took effect: its state's `effective_iso`. */
  effectiveIso: string;
  /** When it was recorded here: the date-time of the commit that introduced it. */
  recordedAt: string;
  /** The version's public note, as written when it was recorded (its commit's `Impact:` line). */
  note: string;
  /** The diff from `previous`, when one is published. */
  diffUrl: string | undefined;
  /** Undefined while the version is the one in force. */
  ended: Ended | undefined;
}

/**
 * Every version of every fact that has one, newest effective date first; on one date, the latest recorded first, then
 * by fact id. A version is no longer in force once a later version took effect after it (superseded), once a later
 * version restated its period (corrected), or, for a fact's last version, once the rule was retired on or before
 * `today` or the fact withdrawn.
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
  // Whether an earlier version was superseded or corrected is read from the published history (historyEntries), so
  // the change log and the fact's own timeline always agree.
  const histories = new Map(
    [...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact.history]),
  );
  const entries = [...model.timelines.values()].flatMap((timeline) =>
    timeline.versions.map((version, index): ChangelogEntry => {
      const previous = timeline.versions[index - 1]?.version;
      const effectiveIso = version.state.effective_iso;
      const endedOn = withdrawn.get(timeline.id);
      const retiredOn = retired.get(timeline.id);
      const entry = histories.get(timeline.id)?.find((each) => each.version === version.version);
      const corrector = timeline.versions.find((each) => each.version === entry?.corrected_by);
      const ended: Ended | undefined =
        index < timeline.versions.length - 1
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
        note: versionNote(version.version, version.introduced),
        diffUrl: previous === undefined ? undefined : diffs.get(`${timeline.id} ${previous} ${version.version}`),
        ended,
      };
    }),
  );
  return entries.sort(
    (a, b) =>
      compareText(b.effectiveIso, a.effectiveIso) ||
      compareText(b.recordedAt, a.recordedAt) ||
      compareText(a.factId, b.factId) ||
      b.version - a.version,
  );
};

const date = (isoDate: string): Html => html`<time datetime="${isoDate}">${readableDate(isoDate)}</time>`;

/** "No longer in force (superseded March 1, 2020)", or "In force" for the version that is. */
const statusOf = (entry: ChangelogEntry): Html => {
  const ended = entry.ended;
  if (ended === undefined) return html`<span class="status status-in-force">In force</span>`;
  switch (ended.kind) {
    case "superseded":
      return html`<span class="status status-ended">No longer in force</span> (superseded ${date(ended.date)})`;
    case "withdrawn":
      return html`<span class="status status-ended">No longer in force</span> (withdrawn ${date(ended.date)})`;
    case "corrected":
      return html`<span class="status status-ended">Not the current version</span> (corrected by version ${ended.by}, recorded ${date(ended.date)})`;
  }
};

/**
 * The change log: one list of every version, grouped by the year it took effect, newest first, each a block that reads
 * on a phone as on a wide screen. The heading says when the version took effect ("From" while it is in force, "Took
 * effect" once it is not); the note is shown as the note recorded with that version, never reworded, and a version no
 * longer in force says so beside it, so a note written in the present ("now pay") is not read as today's rule.
 */
export const renderChangelogPage = (model: SiteModel): string => {
  const labels = new Map(
    [...model.facts, ...model.withdrawn.map(({ fact }) => fact)].map((fact) => [fact.id, fact.label]),
  );
  const withdrawn = new Set(model.withdrawn.map(({ fact }) => fact.id));
  const link = (absolute: string) => sitePath(model.urls, absolute);
  // A withdrawn fact has no place in the catalog page: its link goes to its tombstone, the single-fact JSON.
  const factLink = (id: string): Html =>
    withdrawn.has(id)
      ? html`<a href="${link(model.urls.factById(id))}">${labels.get(id) ?? id}</a> (withdrawn)`
      : html`<a href="${link(model.urls.factPage(id))}">${labels.get(id) ?? id}</a>`;
  const entries = changelogEntries(model);
  const years = [...new Set(entries.map((entry) => entry.effectiveIso.slice(0, 4)))];
  const revisions = entries.filter((entry) => entry.previous !== undefined).length;

  const renderEntry = (entry: ChangelogEntry): Html => html`<li class="change${entry.ended ? " change-ended" : ""}">
<h3 class="change-head"><span class="change-when">${entry.ended ? "Took effect" : "From"} ${date(entry.effectiveIso)}</span>
<span class="change-fact">${factLink(entry.factId)}</span></h3>
<p class="change-status">${statusOf(entry)}</p>
<p class="change-note"><span class="change-note-label">Note recorded with version ${entry.version}:</span> ${entry.note}</p>
<p class="change-meta">Recorded on ${date(entry.recordedAt.slice(0, 10))} · <code>${entry.factId}</code> ${
    entry.previous === undefined
      ? html`version ${entry.version}, the first recorded · <a href="${link(model.urls.factById(entry.factId))}">JSON<span class="visually-hidden"> for ${entry.factId}</span></a>`
      : html`version ${entry.previous} to ${entry.version}${entry.diffUrl ? html` · <a href="${link(entry.diffUrl)}">v${entry.previous}-to-v${entry.version}.json</a>` : ""}`
  }</p>
</li>
`;

  const main = html`<h1>Change log</h1>
<p class="lead">${entries.length} versions of ${new Set(entries.map((entry) => entry.factId)).size} facts (${revisions} of them revisions), by the date each took effect, newest first, from the catalog's recorded versions.</p>
<p>Each says the day it was recorded here, often years after it took effect, and whether it is still in force.
Its note was written when it was recorded: where it says "now", it speaks of the day the version took effect.
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
  return renderPage(model, {
    name: "changelog",
    title: `Change log: ${SERVICE.name}`,
    description: `Every version of the ${model.facts.length} facts of ${SERVICE.name}, by the date it took effect, with the day it was recorded and whether it is still in force.`,
    canonical: model.urls.changelogPage,
    main,
  });
};
