import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { versionNote } from "../../derive/version-note.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText, printableText } from "../../lib/text.ts";
import { describeValue } from "../describe-value.ts";
import type { SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { type AtomEntry, atomFeed, tagUri } from "./atom-feed.ts";
import { type CalendarEvent, calendarText } from "./calendar.ts";
import { stampOf, upcomingEntry, upcomingEvent } from "./render-upcoming.ts";
import { revisionUid, UPCOMING_WINDOW_DAYS, upcomingItems } from "./upcoming-items.ts";

/** One published revision of a fact in force: a version after its first, dated when its commit was published. */
interface Revision {
  factId: string;
  label: string;
  domain: string;
  version: number;
  /** When the version was published: the date of the commit that introduced it, as the history records it. */
  publishedAt: string;
  effectiveIso: string;
  /** What changed, in the version's public note, with its value. */
  text: string;
  /** The structured diff from the version before, when one is published. */
  diffUrl?: string;
}

/**
 * Every revision of every fact in force, oldest first. A fact's first version is its addition to the catalog, not a
 * change of its rule, so it is not one; a withdrawn fact has no page to link, so its revisions are not listed (its
 * withdrawal is in changes.json).
 */
const revisions = (model: SiteModel): Revision[] => {
  const diffs = new Set(model.diffs.map((diff) => `${diff.fact_id} ${diff.from} ${diff.to}`));
  return model.facts.flatMap((fact) => {
    const versions = model.timelines.get(fact.id)!.versions;
    return versions.slice(1).map((version, index): Revision => {
      const from = versions[index]!.version;
      // A commit message is history, which cannot be corrected: a character the feed may not carry is shown escaped.
      const note = printableText(versionNote(version.version, version.introduced).replace(/\.$/, ""));
      return {
        factId: fact.id,
        label: fact.label,
        domain: fact.domain,
        version: version.version,
        publishedAt: version.introduced.committed_at,
        effectiveIso: version.state.effective_iso,
        text: `${note}. Value: ${describeValue(version.state.value, version.state.unit)}.`,
        ...(diffs.has(`${fact.id} ${from} ${version.version}`) ? { diffUrl: model.urls.diff(fact.id, from, version.version) } : {}),
      };
    });
  });
};

const published = (revision: Revision): string =>
  `Version ${revision.version} of ${revision.factId}, published ${revision.publishedAt}, effective ${revision.effectiveIso}.`;

const revisionEvent = (model: SiteModel, revision: Revision): CalendarEvent => ({
  uid: revisionUid(revision.factId, revision.version),
  date: revision.publishedAt.slice(0, 10),
  // The event's text names the fact by its current label: a calendar takes an edit of it when the fact changes.
  stamp: stampOf(model, revision.factId),
  summary: `Revised: ${revision.label}`,
  description: [
    published(revision),
    revision.text,
    ...(revision.diffUrl ? [`What changed: ${revision.diffUrl}`] : []),
    model.urls.factById(revision.factId),
  ].join("\n"),
  page: model.urls.factPage(revision.factId),
  json: model.urls.factById(revision.factId),
  category: revision.domain,
});

const revisionEntry = (model: SiteModel, revision: Revision): AtomEntry => ({
  // The id of the version's entry in the fact's own feed (render-fact-feeds.ts): it is the same entry.
  id: tagUri(`${revision.factId}:v${revision.version}`),
  title: `${revision.publishedAt.slice(0, 10)} revised: ${revision.label}, version ${revision.version}, effective ${revision.effectiveIso}`,
  updated: revision.publishedAt,
  page: model.urls.factPage(revision.factId),
  json: model.urls.factById(revision.factId),
  category: revision.domain,
  summary: `${published(revision)} ${revision.text}${revision.diffUrl ? ` What changed: ${revision.diffUrl}` : ""}`,
});

/**
 * `/api/v1/facts/changes.ics` and `changes.atom`, the rule changes: each scheduled change and expected announcement
 * of upcoming.* (the same events and entries, with the same UIDs and ids) and each revision of a fact in force, dated
 * when it was published. `/api/v1/facts/lapses.ics`, for maintainers: each verification lapse of upcoming.*, the date
 * by which a fact's sources must be checked again. upcoming.* is the union of the two, less the revisions.
 */
export const renderChangeFeeds = (model: SiteModel): SiteFiles => {
  const items = upcomingItems(model.facts, model.urls, model.today);
  const changes = items.filter((item) => item.kind !== "verification-lapse");
  const lapses = items.filter((item) => item.kind === "verification-lapse");
  const revised = revisions(model);

  const changesCalendar = calendarText({
    self: model.urls.changesCalendar,
    product: "changes",
    name: `${SERVICE.name}: rule changes`,
    description: `British Columbia real estate rules: each revision on the day it was published, and the scheduled changes and expected announcements of the next ${UPCOMING_WINDOW_DAYS} days.`,
    events: [...revised.map((revision) => revisionEvent(model, revision)), ...changes.map((item) => upcomingEvent(model, item))].sort(
      (a, b) => compareText(a.date, b.date) || compareText(a.uid, b.uid),
    ),
  });

  const changesFeed = atomFeed({
    id: tagUri("changes"),
    title: `${SERVICE.name}: rule changes`,
    subtitle: `Each revision when it is published, and the scheduled changes and expected announcements within ${UPCOMING_WINDOW_DAYS} days of ${model.today}.`,
    self: model.urls.changesFeed,
    hub: model.websubHub,
    page: model.urls.changelogPage,
    updated: model.generatedAt,
    // Newest first, as feed readers list them.
    entries: [...revised.map((revision) => revisionEntry(model, revision)), ...changes.map((item) => upcomingEntry(model, item))].sort(
      (a, b) => compareText(b.updated, a.updated) || compareText(a.id, b.id),
    ),
  });

  const lapsesCalendar = calendarText({
    self: model.urls.lapsesCalendar,
    product: "lapses",
    name: `${SERVICE.name}: re-verify by`,
    description: `For maintainers: the date by which each fact's sources must be checked again, within ${UPCOMING_WINDOW_DAYS} days.`,
    events: lapses.map((item) => upcomingEvent(model, item)),
  });

  return new Map([
    [SITE_PATHS.changesCalendar, changesCalendar],
    [SITE_PATHS.changesFeed, changesFeed],
    [SITE_PATHS.lapsesCalendar, lapsesCalendar],
  ]);
};
