import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import type { Upcoming, UpcomingItem } from "../../schemas/index.ts";
import { SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { type AtomEntry, atomFeed, tagUri } from "./atom-feed.ts";
import { type CalendarEvent, calendarText } from "./calendar.ts";
import { UPCOMING_WINDOW_DAYS, upcomingItems } from "./upcoming-items.ts";

const KIND_TITLE = { "scheduled-change": "Takes effect", "verification-lapse": "Re-verify by", "expected-announcement": "Expected by" } as const;

/** A past-due announcement says so in its title, so a calendar or feed reader shows it without opening the entry. */
const titleOf = (item: UpcomingItem): string => (item.past_due ? "Past due, not yet announced" : KIND_TITLE[item.kind]);

/** What an item's description says besides its summary: where the change comes from, or what a lapse means. */
const detail = (item: UpcomingItem): string => {
  switch (item.kind) {
    case "scheduled-change":
      return [
        item.status === "enacted"
          ? "Enacted: the catalog publishes it as the current value on this date."
          : "Announced, not yet enacted: the catalog publishes it once its enactment is confirmed.",
        ...(item.citations ?? []).map((citation) => `Source: ${citation.org}${citation.title ? `, ${citation.title}` : ""} (${citation.url})`),
      ].join("\n");
    case "expected-announcement":
      return [
        item.past_due
          ? `Past due: normally announced by ${item.date}, and no new value is recorded yet; the catalog's value stands until it is, and the fact is being re-verified.`
          : `Normally announced by this date; the catalog records the new value once it is read in its source.`,
        ...(item.expected ? [`Where: ${item.expected.where.org} (${item.expected.where.url})`] : []),
      ].join("\n");
    case "verification-lapse":
      return "The fact's sources must be checked again by this date; until then its value stands as verified.";
  }
};

/** The moment of the fact's current state, so an event or entry changes its stamp only when its fact changes. */
export const stampOf = (model: SiteModel, factId: string): string => model.lastChanged.get(factId)?.committed_at ?? model.generatedAt;

/** An upcoming item as a calendar event: the same event, UID included, in upcoming.ics and in changes.ics or lapses.ics. */
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
  title: `${item.date} ${titleOf(item).toLowerCase()}: ${item.label}`,
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
 * lapses.ics (verification lapses), see render-change-feeds.ts.
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
    description: "British Columbia real estate rules: scheduled changes taking effect, expected announcements and verification lapses.",
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
