import ical from "ical-generator";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { xmlCharacters } from "./xml-text.ts";

/** One all-day event of a calendar the service publishes. */
export interface CalendarEvent {
  /** Stable across builds (see upcoming-items.ts): a client updates the event it holds rather than adding another. */
  uid: string;
  /** The day of the event (ISO date): all-day, as the rules it tells of take effect on a day, not at an hour. */
  date: string;
  /** RFC 3339 date-time of the event's last meaningful change: its DTSTAMP, and its SEQUENCE follows it. */
  stamp: string;
  summary: string;
  description: string;
  /** The fact's page for people (`URL`). */
  page: string;
  /** The fact's JSON (`ATTACH`, a URI: RFC 5545 3.8.1.1 associates a document with an event so). */
  json: string;
  category: string;
}

export interface Calendar {
  /** The calendar's own address (`URL` of the calendar), named in every refusal. */
  self: string;
  /** `PRODID`'s product part and the calendar's name. */
  product: string;
  name: string;
  description: string;
  events: readonly CalendarEvent[];
}

/**
 * An iCalendar document (RFC 5545), one all-day event each, written by ical-generator (which folds lines and escapes
 * TEXT). Every text is refused, naming the calendar, the event and the property, when it holds a character the data's
 * text rule refuses, the same rule the XML feeds apply (xml-text.ts): a TEXT value may not hold control characters,
 * and the rest would read differently in a calendar than on the page. Newlines are allowed only in DESCRIPTION, which
 * iCalendar escapes as `\n`.
 */
export const calendarText = (calendar: Calendar): string => {
  const at = (property: string) => `${calendar.self}: ${property}`;
  const document = ical({
    name: xmlCharacters(calendar.name, at("X-WR-CALNAME")),
    description: xmlCharacters(calendar.description, at("X-WR-CALDESC")),
    prodId: { company: SERVICE.slug, product: calendar.product, language: "EN" },
    url: xmlCharacters(calendar.self, at("URL")),
    ttl: 60 * 60 * 24,
  });
  for (const event of calendar.events) {
    const inEvent = (property: string) => `${calendar.self}: the event ${event.uid}, ${property}`;
    const oneLine = (text: string, property: string) => {
      if (text.includes("\n")) throw new Error(`${inEvent(property)}: a line break in a one-line property; the feed is not written`);
      return xmlCharacters(text, inEvent(property));
    };
    document.createEvent({
      id: oneLine(event.uid, "UID"),
      start: new Date(`${event.date}T00:00:00Z`),
      end: new Date(`${addDays(event.date, 1)}T00:00:00Z`),
      allDay: true,
      stamp: new Date(event.stamp),
      // Calendar clients update an event they already hold only when its sequence grows: it follows the stamp.
      sequence: Math.floor(Date.parse(event.stamp) / 60_000),
      summary: oneLine(event.summary, "SUMMARY"),
      description: xmlCharacters(event.description, inEvent("DESCRIPTION")),
      url: oneLine(event.page, "URL"),
      attachments: [oneLine(event.json, "ATTACH")],
      categories: [{ name: oneLine(event.category, "CATEGORIES") }],
    });
  }
  return document.toString();
};
