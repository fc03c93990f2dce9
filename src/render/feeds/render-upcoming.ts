import ical from "ical-generator";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { SITE_PATHS } from "../../lib/site-paths.ts";
import { SCHEMA_VERSION } from "../../schemas/schema-version.ts";
import type { Upcoming, UpcomingItem } from "../../schemas/upcoming.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { atomFeed, tagUri } from "./atom-feed.ts";
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
const stampOf = (model: SiteModel, factId: string): string => model.lastChanged.get(factId)?.committed_at ?? model.generatedAt;

/**
 * `/api/v1/facts/upcoming.json`, `.ics` (RFC 5545, one all-day event per item) and `.atom` (RFC 4287): the same
 * items, from the build date over the next 365 days. UIDs and entry ids are stable across builds.
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

  const calendar = ical({
    name: `${SERVICE.name}: upcoming`,
    description: "British Columbia real estate rules: scheduled changes taking effect, expected announcements and verification lapses.",
    prodId: { company: SERVICE.slug, product: "upcoming", language: "EN" },
    url: model.urls.upcomingCalendar,
    ttl: 60 * 60 * 24,
  });
  for (const item of items) {
    const start = new Date(`${item.date}T00:00:00Z`);
    calendar.createEvent({
      id: item.uid,
      start,
      end: new Date(`${addDays(item.date, 1)}T00:00:00Z`),
      allDay: true,
      stamp: new Date(stampOf(model, item.fact_id)),
      // Calendar clients update an event they already hold only when its sequence grows: it follows the fact's state.
      sequence: Math.floor(Date.parse(stampOf(model, item.fact_id)) / 60_000),
      summary: `${titleOf(item)}: ${item.label}`,
      description: `${item.summary}\n${detail(item)}\n${item.fact_url}`,
      url: model.urls.factAnchor(item.fact_id),
      categories: [{ name: item.domain }],
    });
  }

  const feed = atomFeed({
    id: tagUri("upcoming"),
    title: `${SERVICE.name}: upcoming changes`,
    subtitle: `Scheduled changes, expected announcements and verification lapses within ${UPCOMING_WINDOW_DAYS} days of ${model.today}.`,
    self: model.urls.upcomingFeed,
    hub: model.websubHub,
    page: `${model.urls.catalogPage}#upcoming`,
    updated: model.generatedAt,
    entries: items.map((item) => ({
      id: tagUri(item.uid.replace(/@.*$/, "")),
      title: `${item.date} ${titleOf(item).toLowerCase()}: ${item.label}`,
      updated: stampOf(model, item.fact_id),
      link: model.urls.factAnchor(item.fact_id),
      category: item.domain,
      summary: `${item.summary}. ${detail(item).replaceAll("\n", " ")}`,
    })),
  });

  return new Map([
    [SITE_PATHS.upcoming, jsonText(upcoming)],
    [SITE_PATHS.upcomingCalendar, calendar.toString()],
    [SITE_PATHS.upcomingFeed, feed],
  ]);
};
