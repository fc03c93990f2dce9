/**
 * What is coming: the scheduled changes and expected announcements within UPCOMING_WINDOW_DAYS of the build date, as
 * `upcoming.json`, an Atom feed and a calendar.
 */

import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE, type Urls } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { compareText } from "../../lib/text.ts";
import type { Fact, PublishedNextExpected, ScheduledChange, Upcoming, UpcomingItem } from "../../schemas/index.ts";
import { describeExpected, type ExpectedStatus, expectedStatus, SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles, type SiteModel } from "../site-model.ts";
import { describeValue } from "../text.ts";
import { type AtomEntry, atomFeed, type CalendarEvent, calendarText, tagUri } from "./feed-formats.ts";

/** How far ahead the upcoming list, calendar and feed look. */
export const UPCOMING_WINDOW_DAYS = 365;

/** Stable identifiers: the same event keeps its id in every build, whatever the base URL. */
export const scheduledUid = (factId: string, effectiveIso: string): string =>
  `${factId}.scheduled.${effectiveIso}@${SERVICE.idAuthority}`;
/** One per fact: re-verifying moves the same calendar event to the new date rather than adding another. */
export const lapseUid = (factId: string): string => `${factId}.verification-lapse@${SERVICE.idAuthority}`;

/** One per version: a revision is published once, and keeps its event however often the fact is re-verified. */
export const revisionUid = (factId: string, version: number): string =>
  `${factId}.revision.v${version}@${SERVICE.idAuthority}`;

/** One per fact and cycle: moving `by_iso` to the next year's date is a new event. */
export const expectedUid = (factId: string, byIso: string): string =>
  `${factId}.expected.${byIso}@${SERVICE.idAuthority}`;

/**
 * "Rent cap label: The 2027 rent cap … (BC Residential Tenancy Branch): expected by 2026-09-30", and past that date with
 * nothing newer "Rent cap label: The 2027 rent cap …: not recorded here yet (expected by 2026-09-30); check BC
 * Residential Tenancy Branch at https://…", which names the publisher itself.
 */
export const expectedSummary = (
  fact: Pick<Fact, "label">,
  expected: PublishedNextExpected,
  status: ExpectedStatus,
): string =>
  `${fact.label}: ${expected.what}${status === "past-due" ? "" : ` (${expected.where.org})`}: ${describeExpected(expected, status)}`;

export const scheduledSummary = (fact: Pick<Fact, "label">, change: ScheduledChange): string =>
  `${fact.label}: ${change.note} (${change.status}; new value ${describeValue(change.value, change.unit)})`;

/**
 * Everything dated up to `windowDays` after `today`, soonest first: each scheduled change (a due one not yet
 * promoted, such as an announced change awaiting confirmation, stays listed until it is dealt with), each expected
 * announcement (a past-due one stays listed too; one whose value has arrived is dropped) and each fact's
 * verification lapse. Ties are ordered by fact id, then kind.
 */
export const upcomingItems = (
  facts: readonly Fact[],
  urls: Urls,
  today: string,
  windowDays = UPCOMING_WINDOW_DAYS,
): UpcomingItem[] => {
  const until = addDays(today, windowDays);
  const items: UpcomingItem[] = [];
  for (const fact of facts) {
    const common = {
      fact_id: fact.id,
      label: fact.label,
      domain: fact.domain,
      fact_url: urls.factById(fact.id),
      current_version: fact.version,
    };
    for (const change of fact.scheduled ?? []) {
      if (change.effective_iso > until) continue;
      items.push({
        uid: scheduledUid(fact.id, change.effective_iso),
        date: change.effective_iso,
        kind: "scheduled-change",
        ...common,
        summary: scheduledSummary(fact, change),
        status: change.status,
        note: change.note,
        value: change.value,
        ...(change.unit === undefined ? {} : { unit: change.unit }),
        citations: change.citations,
      });
    }
    const expected = fact.next_expected;
    const status = expectedStatus(fact, today);
    if (expected !== undefined && (status === "past-due" || (status === "expected" && expected.by_iso <= until))) {
      items.push({
        uid: expectedUid(fact.id, expected.by_iso),
        date: expected.by_iso,
        kind: "expected-announcement",
        ...common,
        summary: expectedSummary(fact, expected, status),
        expected,
        past_due: status === "past-due",
      });
    }
    if (fact.expires_iso >= today && fact.expires_iso <= until) {
      items.push({
        uid: lapseUid(fact.id),
        date: fact.expires_iso,
        kind: "verification-lapse",
        ...common,
        summary: `${fact.label}: verification of version ${fact.version} lapses; re-verify its sources by this date`,
      });
    }
  }
  return items.sort(
    (a, b) => compareText(a.date, b.date) || compareText(a.fact_id, b.fact_id) || compareText(a.kind, b.kind),
  );
};

const KIND_TITLE = {
  "scheduled-change": "Takes effect",
  "verification-lapse": "Re-verify by",
  "expected-announcement": "Expected by",
} as const;

/**
 * An announcement past its date with nothing newer recorded says so in its title, so a calendar or feed reader shows it
 * without opening the entry: the service knows only that it has not recorded it, not whether it was announced.
 */
const titleOf = (item: UpcomingItem): string => (item.past_due ? "Not recorded here yet" : KIND_TITLE[item.kind]);

/** What an item's description says besides its summary: where the change comes from, or what a lapse means. */
const detail = (item: UpcomingItem): string => {
  switch (item.kind) {
    case "scheduled-change":
      return [
        item.status === "enacted"
          ? "Enacted: the catalog publishes it as the current value on this date."
          : "Announced, not yet enacted: the catalog publishes it once its enactment is confirmed.",
        ...(item.citations ?? []).map(
          (citation) => `Source: ${citation.org}${citation.title ? `, ${citation.title}` : ""} (${citation.url})`,
        ),
      ].join("\n");
    case "expected-announcement":
      return [
        item.past_due
          ? `Not recorded here yet: normally announced by ${item.date}, and no newer value is recorded here; it may have been announced since. The catalog's value stands until the new one is read in its source, and the fact is being re-verified.`
          : `Normally announced by this date; the catalog records the new value once it is read in its source.`,
        ...(item.expected
          ? [
              item.past_due
                ? `Check: ${item.expected.where.org} (${item.expected.where.url})`
                : `Where: ${item.expected.where.org} (${item.expected.where.url})`,
            ]
          : []),
      ].join("\n");
    case "verification-lapse":
      return "The fact's sources must be checked again by this date; until then its value stands as verified.";
  }
};

/** The moment of the fact's current state, so an event or entry changes its stamp only when its fact changes. */
export const stampOf = (model: SiteModel, factId: string): string =>
  model.lastChanged.get(factId)?.committed_at ?? model.generatedAt;

/**
 * An upcoming item as a calendar event: the same event, UID included, in upcoming.ics and in changes.ics or lapses.ics.
 */
export const upcomingEvent = (model: SiteModel, item: UpcomingItem): CalendarEvent => ({
  uid: item.uid,
  date: item.date,
  stamp: stampOf(model, item.fact_id),
  summary: `${titleOf(item)}: ${item.label}`,
  description: `${item.summary}\n${detail(item)}\n${item.fact_url}`,
  page: model.urls.factPage(item.fact_id),
  json: item.fact_url,
  category: item.domain,
});

/** An upcoming item as an Atom entry: the same entry, id included, in upcoming.atom and changes.atom. */
export const upcomingEntry = (model: SiteModel, item: UpcomingItem): AtomEntry => ({
  id: tagUri(item.uid.replace(/@.*$/, "")),
  title: item.past_due
    ? `Not recorded here yet, expected by ${item.date}: ${item.label}`
    : `${item.date} ${titleOf(item).toLowerCase()}: ${item.label}`,
  updated: stampOf(model, item.fact_id),
  page: model.urls.factPage(item.fact_id),
  json: item.fact_url,
  category: item.domain,
  summary: `${item.summary}. ${detail(item).replaceAll("\n", " ")}`,
});

/**
 * `/api/v1/facts/upcoming.json`, `.ics` (RFC 5545, one all-day event per item) and `.atom` (RFC 4287): the same
 * items, from the build date over the next 365 days. UIDs and entry ids are stable across builds. They are the union
 * of the upcoming part of changes.ics and changes.atom (scheduled changes and expected announcements) and of
 * lapses.ics (verification lapses), see fact-feeds.ts.
 */
export const renderUpcoming = (model: SiteModel): SiteFiles => {
  const items = upcomingItems(model.facts, model.urls, model.today);
  const upcoming: Upcoming = {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: upcoming changes and verification lapses`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: model.urls.upcoming,
    generated_at: model.generatedAt,
    as_of: model.today,
    window_days: UPCOMING_WINDOW_DAYS,
    until: addDays(model.today, UPCOMING_WINDOW_DAYS),
    item_count: items.length,
    items,
  };

  const calendar = calendarText({
    self: model.urls.upcomingCalendar,
    product: "upcoming",
    name: `${SERVICE.name}: upcoming`,
    description:
      "British Columbia real estate rules: scheduled changes taking effect, expected announcements and verification lapses.",
    events: items.map((item) => upcomingEvent(model, item)),
  });

  const feed = atomFeed({
    id: tagUri("upcoming"),
    title: `${SERVICE.name}: upcoming changes`,
    subtitle: `Scheduled changes, expected announcements and verification lapses within ${UPCOMING_WINDOW_DAYS} days of ${model.today}.`,
    self: model.urls.upcomingFeed,
    hub: model.websubHub,
    page: `${model.urls.catalogPage}#upcoming`,
    updated: model.generatedAt,
    entries: items.map((item) => upcomingEntry(model, item)),
  });

  return new Map([
    [SITE_PATHS.upcoming, jsonText(upcoming)],
    [SITE_PATHS.upcomingCalendar, calendar],
    [SITE_PATHS.upcomingFeed, feed],
  ]);
};
