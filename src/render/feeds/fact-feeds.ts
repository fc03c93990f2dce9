/**
 * The feeds of facts and of their changes: the RSS feed of the catalog, one Atom feed per fact, and the change feeds
 * (Atom and iCalendar) of every revision, withdrawal and scheduled change.
 */
import { create } from "xmlbuilder2";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { noteCorrectionOf, versionNote } from "../../derive/fact-history.ts";
import { SERVICE } from "../../lib/config.ts";
import { compareText, escapeHtml, escapeHtmlText, printableText } from "../../lib/text.ts";
import { latestRetrieved } from "../../model/facts.ts";
import { factChangedAt, type SiteEntry, type SiteFiles, type SiteModel } from "../site-model.ts";
import { correctionWords, describeValue } from "../text.ts";
import {
  type AtomEntry,
  atomFeed,
  type CalendarEvent,
  calendarText,
  tagUri,
  xmlCharacters,
  xmlDocument,
  xmlText,
} from "./feed-formats.ts";
import {
  revisionUid,
  scheduledSummary,
  stampOf,
  UPCOMING_WINDOW_DAYS,
  upcomingEntry,
  upcomingEvent,
  upcomingItems,
} from "./upcoming.ts";

/** RFC 822 date-time in GMT, as RSS 2.0 asks ("Sun, 22 Nov 2026 00:10:00 GMT"). */
export const rfc822 = (isoDateTime: string): string => new Date(isoDateTime).toUTCString();

/**
 * `/api/v1/facts/feed.xml`, as docs/consumers/api.md (Feeds) describes it: one item per fact. The guid carries the
 * version and the last verification date, so a re-verification shows as a new item even when the value is unchanged.
 */
export const renderFeed = (model: SiteModel): SiteFiles => {
  const at = (element: string) => `${model.urls.feed}: <${element}>`;
  const channel = create({ version: "1.0", encoding: "UTF-8" })
    .ele("rss", { version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom" })
    .ele("channel");
  channel.ele("title").txt(xmlText(`${SERVICE.name}: revisions`, at("title")));
  channel.ele("link").txt(xmlText(model.urls.catalogPage, at("link")));
  channel
    .ele("description")
    .txt(
      xmlText(
        "Verified British Columbia residential real estate rules: each item is a fact at its current version and verification.",
        at("description"),
      ),
    );
  channel.ele("language").txt("en-ca");
  channel.ele("copyright").txt(xmlText(`${SERVICE.licenseName} (${SERVICE.license})`, at("copyright")));
  channel.ele("lastBuildDate").txt(xmlText(rfc822(model.generatedAt), at("lastBuildDate")));
  channel.ele("ttl").txt("60");
  channel.ele("atom:link", {
    href: xmlCharacters(model.urls.feed, at("atom:link")),
    rel: "self",
    type: "application/rss+xml",
  });
  // WebSub in RSS: the hub is an Atom link in the channel, beside the self link that names the topic.
  if (model.websubHub !== undefined)
    channel.ele("atom:link", { href: xmlCharacters(model.websubHub, at("atom:link")), rel: "hub" });

  const items = model.facts
    .map((fact) => ({ fact, changed: model.lastChanged.get(fact.id)!.committed_at }))
    .sort((a, b) => compareText(b.changed, a.changed) || compareText(a.fact.id, b.fact.id));
  for (const { fact, changed } of items) {
    const inItem = (element: string) => `${model.urls.feed}: the item of ${fact.id}, <${element}>`;
    const retrieved = latestRetrieved(fact);
    const source = fact.citations[0]!;
    const item = channel.ele("item");
    // Readers treat an item's title and description alike as HTML once the XML is read, so both are plain text
    // escaped for HTML first: a label's `<b>` shows as written in both, never as markup. The title keeps its quotes
    // as they are, for the readers that show it as text.
    item.ele("title").txt(xmlText(escapeHtmlText(`${fact.label} (v${fact.version})`), inItem("title")));
    // The item links the fact's row in the catalog page, as docs/consumers/api.md (Feeds) says; its own page is named
    // in the description.
    item.ele("link").txt(xmlText(model.urls.factAnchor(fact.id), inItem("link")));
    item.ele("guid", { isPermaLink: "false" }).txt(xmlText(`${fact.id}-v${fact.version}-${retrieved}`, inItem("guid")));
    item.ele("pubDate").txt(xmlText(rfc822(changed), inItem("pubDate")));
    item.ele("category").txt(xmlText(fact.domain, inItem("category")));
    item.ele("author").txt(xmlText(`${SERVICE.contactEmail} (${SERVICE.name})`, inItem("author")));
    // The fact's description, its effective, last-verified and re-verify-by dates, its primary source and its own page,
    // as docs/consumers/api.md (Feeds) says; no value: the catalog row the item links and the fact's page show it, and
    // the feed stays small.
    item
      .ele("description")
      .txt(
        xmlText(
          escapeHtml(
            [
              fact.description,
              `Effective: ${fact.effective_iso}.`,
              `Last verified: ${retrieved}.`,
              `Re-verify by: ${fact.expires_iso}.`,
              `Primary source: ${source.org}${source.title ? `, ${source.title}` : ""} (${source.url}).`,
              `Fact page: ${model.urls.factPage(fact.id)}`,
            ].join(" "),
          ),
          inItem("description"),
        ),
      );
  }
  return new Map([[SITE_PATHS.feed, xmlDocument(channel)]]);
};

/**
 * `/api/v1/facts/by-id/{id}.atom`: one Atom feed per fact, an entry per version (its revisions, newest first) and
 * one per scheduled change, so a reader following one rule sees both what changed and what is coming.
 */
export function* renderFactFeeds(model: SiteModel): Generator<SiteEntry> {
  for (const fact of model.facts) {
    const timeline = model.timelines.get(fact.id)!;
    const correctedBy = new Map(
      fact.history.flatMap((entry) =>
        entry.version !== undefined && entry.corrected_by !== undefined
          ? [[entry.version, correctionWords(fact, entry)]]
          : [],
      ),
    );
    const revisions: AtomEntry[] = timeline.versions.map((version) => {
      const corrector = correctedBy.get(version.version);
      // A commit message is history, which cannot be corrected: a character the feed may not carry is shown escaped.
      const note = printableText(versionNote(version.version, version.introduced).replace(/\.$/, ""));
      const value = `Value: ${describeValue(version.state.value, version.state.unit)}.`;
      // A corrected note is an update of its entry, dated when it was corrected, and says so with what it first said.
      const correction = noteCorrectionOf(version.version, version.introduced);
      const corrected =
        correction === undefined
          ? ""
          : ` Note corrected on ${correction.corrected_iso}: ${printableText(correction.reason.replace(/\.$/, ""))}. First published as: ${printableText(correction.original)}`;
      return {
        id: tagUri(`${fact.id}:v${version.version}`),
        title:
          corrector === undefined
            ? `${fact.label}: version ${version.version}, effective ${version.state.effective_iso}`
            : `${fact.label}: version ${version.version}, ${corrector}`,
        // When the version was published (the commit that introduced it), not when it takes or took effect: a reader
        // sorting by date sees revisions in the order they were made, and the effective date is in the title and text.
        updated: version.introduced.note_correction?.corrected_at ?? version.introduced.committed_at,
        page: `${model.urls.factPage(fact.id)}#v${version.version}`,
        json: model.urls.factById(fact.id),
        category: fact.domain,
        summary:
          corrector === undefined
            ? `${note}. Effective ${version.state.effective_iso}. ${value}${corrected}`
            : `Corrected in version ${corrector}: this record of the rule from ${version.state.effective_iso} was replaced and answers for no date. ${note}. ${value}${corrected}`,
      };
    });
    const scheduled: AtomEntry[] = (fact.scheduled ?? []).map((change) => ({
      id: tagUri(`${fact.id}:scheduled:${change.effective_iso}`),
      title: `${fact.label}: ${change.status} change taking effect ${change.effective_iso}`,
      updated: model.lastChanged.get(fact.id)!.committed_at,
      page: model.urls.factPage(fact.id),
      json: model.urls.factById(fact.id),
      category: fact.domain,
      summary: `${scheduledSummary(fact, change)}.`,
    }));
    yield [
      SITE_PATHS.factFeed(fact.id),
      atomFeed({
        id: tagUri(fact.id),
        title: `${SERVICE.name}: ${fact.label}`,
        subtitle: `Revisions and scheduled changes of ${fact.id}.`,
        self: model.urls.factFeed(fact.id),
        hub: model.websubHub,
        page: model.urls.factPage(fact.id),
        updated: factChangedAt(model, fact.id),
        entries: [...scheduled.reverse(), ...revisions.reverse()],
      }),
    ];
  }
}

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
        ...(diffs.has(`${fact.id} ${from} ${version.version}`)
          ? { diffUrl: model.urls.diff(fact.id, from, version.version) }
          : {}),
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
  // The id of the version's entry in the fact's own feed (renderFactFeeds above): it is the same entry.
  id: tagUri(`${revision.factId}:v${revision.version}`),
  title: `${revision.publishedAt.slice(0, 10)} revised: ${revision.label}, version ${revision.version}, effective ${revision.effectiveIso}`,
  updated: revision.publishedAt,
  page: model.urls.factPage(revision.factId),
  json: model.urls.factById(revision.factId),
  category: revision.domain,
  summary: `${published(revision)} ${revision.text}${revision.diffUrl ? ` What changed: ${revision.diffUrl}` : ""}`,
});

/**
 * The rule changes, as changes.ics and changes.atom carry them: each scheduled change and expected announcement of
 * upcoming.* (the same events and entries, with the same UIDs and ids) and each revision of a fact in force, dated
 * when it was published. Events are soonest first, entries newest first; each is categorised by its fact's domain,
 * which is how the feeds of one domain (domain-feeds.ts) take their share.
 */
export const ruleChanges = (model: SiteModel): { events: CalendarEvent[]; entries: AtomEntry[] } => {
  const changes = upcomingItems(model.facts, model.urls, model.today).filter(
    (item) => item.kind !== "verification-lapse",
  );
  const revised = revisions(model);
  return {
    events: [
      ...revised.map((revision) => revisionEvent(model, revision)),
      ...changes.map((item) => upcomingEvent(model, item)),
    ].sort((a, b) => compareText(a.date, b.date) || compareText(a.uid, b.uid)),
    // Newest first, as feed readers list them.
    entries: [
      ...revised.map((revision) => revisionEntry(model, revision)),
      ...changes.map((item) => upcomingEntry(model, item)),
    ].sort((a, b) => compareText(b.updated, a.updated) || compareText(a.id, b.id)),
  };
};

/**
 * `/api/v1/facts/changes.ics` and `changes.atom`, the rule changes of {@link ruleChanges}. `/api/v1/facts/lapses.ics`,
 * for maintainers: each verification lapse of upcoming.*, the date by which a fact's sources must be checked again.
 * upcoming.* is the union of the two, less the revisions.
 */
export const renderChangeFeeds = (model: SiteModel): SiteFiles => {
  const lapses = upcomingItems(model.facts, model.urls, model.today).filter(
    (item) => item.kind === "verification-lapse",
  );
  const { events, entries } = ruleChanges(model);

  const changesCalendar = calendarText({
    self: model.urls.changesCalendar,
    product: "changes",
    name: `${SERVICE.name}: rule changes`,
    description: `British Columbia real estate rules: each revision on the day it was published, and the scheduled changes and expected announcements of the next ${UPCOMING_WINDOW_DAYS} days.`,
    events,
  });

  const changesFeed = atomFeed({
    id: tagUri("changes"),
    title: `${SERVICE.name}: rule changes`,
    subtitle: `Each revision when it is published, and the scheduled changes and expected announcements within ${UPCOMING_WINDOW_DAYS} days of ${model.today}.`,
    self: model.urls.changesFeed,
    hub: model.websubHub,
    page: model.urls.changelogPage,
    updated: model.generatedAt,
    entries,
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
