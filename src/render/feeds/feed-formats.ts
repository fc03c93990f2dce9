/**
 * The feed formats, written through their libraries with the data's text rule enforced: XML text, Atom feeds
 * (xmlbuilder2) and iCalendar (ical-generator).
 */
import ical from "ical-generator";
import { create } from "xmlbuilder2";
import { SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { forbiddenCharacter, printableText } from "../../lib/text.ts";

/**
 * `text` unchanged when every character of it may be published; otherwise an error naming `where` (the feed, the
 * fact or entry, and the element) and the character. The characters refused are the data's text rule (see
 * src/lib/text.ts, newlines allowed), which takes in every character XML 1.0 cannot carry: a feed with one
 * of those is not well-formed, so every reader of it would fail, not only for one fact. It is refused rather than
 * written or silently replaced. The check refuses these characters in the data first; this holds for any path it
 * does not see.
 */
export const xmlCharacters = (text: string, where: string): string => {
  let index = 0;
  for (const character of text) {
    index++;
    const problem = forbiddenCharacter(character.codePointAt(0)!, true);
    if (problem) throw new Error(`${printableText(where)}: character ${index}: ${problem}; the feed is not written`);
  }
  return text;
};

/**
 * Text for xmlbuilder2's `txt()`, refused when XML cannot carry it (see {@link xmlCharacters}). `txt()` escapes `<`
 * and `>` but leaves an `&` that already looks like an entity alone: "&lt;" in a fact's text would be written as is
 * and read back as "<". Escaping every `&` first makes the builder write exactly the text it is given.
 */
export const xmlText = (text: string, where: string): string => xmlCharacters(text, where).replaceAll("&", "&amp;");

/**
 * The document as text, with xmlbuilder2's well-formedness check on: whatever text reached it without passing
 * {@link xmlCharacters} still cannot produce a feed that is not XML.
 */
export const xmlDocument = (root: ReturnType<typeof create>): string =>
  `${root.end({ prettyPrint: true, wellFormed: true })}\n`;

export interface AtomEntry {
  /** A permanent, unique IRI: the same entry keeps it in every build. */
  id: string;
  title: string;
  /** RFC 3339 date-time of the entry's last meaningful change. */
  updated: string;
  /** The page a person reads it on (`rel="alternate"`, `type="text/html"`). */
  page: string;
  /** The same fact as JSON (`rel="alternate"`, `type="application/json"`): RFC 4287 allows one alternate per type. */
  json: string;
  category: string;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** The feed's own address (`rel="self"`): the topic a WebSub hub is told about. */
  self: string;
  /** The WebSub hub (`rel="hub"`), when one is configured (FACTS_WEBSUB_HUB). */
  hub?: string;
  /** The page a person reads it on (`rel="alternate"`). */
  page: string;
  /** Used when there is no entry; otherwise the feed is as new as its newest entry. */
  updated: string;
  entries: readonly AtomEntry[];
}

/** A tag URI (RFC 4151) under the project's naming authority: permanent, and the same whatever the base URL. */
export const tagUri = (specific: string): string => `tag:${SERVICE.idAuthority},2026:${specific}`;

/**
 * An Atom 1.0 document (RFC 4287), built with an XML library so every text is escaped where it lands. Every text and
 * attribute is refused, naming the feed, the entry and the element, when XML cannot carry it (see xmlText above).
 */
export const atomFeed = (feed: AtomFeed): string => {
  const updated = feed.entries.reduce(
    (latest, entry) => (entry.updated > latest ? entry.updated : latest),
    feed.entries.length > 0 ? "" : feed.updated,
  );
  const at = (element: string) => `${feed.self}: <${element}>`;
  // xml:lang is given in its namespace, as the well-formedness check the document is written with requires.
  const root = create({ version: "1.0", encoding: "UTF-8" })
    .ele("feed", { xmlns: "http://www.w3.org/2005/Atom" })
    .att("http://www.w3.org/XML/1998/namespace", "xml:lang", "en-CA");
  root.ele("id").txt(xmlText(feed.id, at("id")));
  root.ele("title").txt(xmlText(feed.title, at("title")));
  root.ele("subtitle").txt(xmlText(feed.subtitle, at("subtitle")));
  root.ele("updated").txt(xmlText(updated, at("updated")));
  root.ele("link", { rel: "self", type: "application/atom+xml", href: xmlCharacters(feed.self, at("link")) });
  if (feed.hub !== undefined) root.ele("link", { rel: "hub", href: xmlCharacters(feed.hub, at("link")) });
  root.ele("link", { rel: "alternate", type: "text/html", href: xmlCharacters(feed.page, at("link")) });
  root
    .ele("author")
    .ele("name")
    .txt(xmlText(SERVICE.name, at("name")))
    .up()
    .ele("email")
    .txt(xmlText(SERVICE.contactEmail, at("email")));
  root.ele("rights").txt(xmlText(`${SERVICE.licenseName} (${SERVICE.license})`, at("rights")));
  for (const entry of feed.entries) {
    const inEntry = (element: string) => `${feed.self}: the entry ${entry.id}, <${element}>`;
    const element = root.ele("entry");
    element.ele("id").txt(xmlText(entry.id, inEntry("id")));
    element.ele("title").txt(xmlText(entry.title, inEntry("title")));
    element.ele("updated").txt(xmlText(entry.updated, inEntry("updated")));
    // The page first: readers that take one link take the first alternate.
    element.ele("link", { rel: "alternate", type: "text/html", href: xmlCharacters(entry.page, inEntry("link")) });
    element.ele("link", {
      rel: "alternate",
      type: "application/json",
      href: xmlCharacters(entry.json, inEntry("link")),
    });
    element.ele("category", { term: xmlCharacters(entry.category, inEntry("category")) });
    element.ele("summary", { type: "text" }).txt(xmlText(entry.summary, inEntry("summary")));
  }
  return xmlDocument(root);
};

/** One all-day event of a calendar the service publishes. */
export interface CalendarEvent {
  /** Stable across builds (see upcoming.ts): a client updates the event it holds rather than adding another. */
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
 * Folds the lines of an iCalendar text as ical-generator does (RFC 5545 3.1): a line longer than 75 octets of UTF-8
 * is broken before the character that would take it past 74, and continued after CRLF and a space; a surrogate pair
 * counts as the one character it is, a lone surrogate as the 3 octets of the replacement character it is written as.
 * ical-generator's own folding encodes each character with a new TextEncoder, which took most of a calendar's time
 * (a sixth of the whole build at 100 facts × 20 versions, bench/build-scale.bench.ts); this counts the octets without
 * encoding, and leaves a line of at most 74 ASCII characters as it is.
 */
export const foldCalendarLines = (text: string): string =>
  text
    .split("\r\n")
    .map((line) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
      if (line.length <= 74 && /^[\x00-\x7f]*$/.test(line)) return line;
      let folded = "";
      let octets = 0;
      for (let index = 0; index < line.length; index++) {
        let character = line.charAt(index);
        const code = line.charCodeAt(index);
        if (code >= 0xd800 && code <= 0xdbff) character += line.charAt(++index);
        const size = code < 0x80 && character.length === 1 ? 1 : Buffer.byteLength(character, "utf8");
        octets += size;
        if (octets > 74) {
          folded += "\r\n ";
          octets = size;
        }
        folded += character;
      }
      return folded;
    })
    .join("\r\n");

/** How ical-generator ends a calendar, after its events (this project sets no X- properties, which would come first). */
const CALENDAR_END = "END:VCALENDAR";

/**
 * An iCalendar document (RFC 5545), one all-day event each, written by ical-generator (which folds lines and escapes
 * TEXT). Every text is refused, naming the calendar, the event and the property, when it holds a character the data's
 * text rule refuses, the same rule the XML feeds apply (xmlText above): a TEXT value may not hold control characters,
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
  // ical-generator writes the calendar's properties, each event, then END:VCALENDAR, and folds the whole text; folding
  // goes line by line, so the calendar without events, folded, with the events folded here put before its end, is
  // the same text (foldCalendarLines).
  const events: string[] = [];
  for (const event of calendar.events) {
    const inEvent = (property: string) => `${calendar.self}: the event ${event.uid}, ${property}`;
    const oneLine = (text: string, property: string) => {
      if (text.includes("\n"))
        throw new Error(`${inEvent(property)}: a line break in a one-line property; the feed is not written`);
      return xmlCharacters(text, inEvent(property));
    };
    const created = document.createEvent({
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
    events.push(foldCalendarLines(created.toString()));
  }
  document.clear();
  const frame = document.toString();
  if (!frame.endsWith(CALENDAR_END))
    throw new Error(`${calendar.self}: ical-generator no longer ends a calendar with ${CALENDAR_END}`);
  return `${frame.slice(0, -CALENDAR_END.length)}${events.join("")}${CALENDAR_END}`;
};
