import { create } from "xmlbuilder2";
import { SERVICE } from "../../lib/config.ts";
import { xmlCharacters, xmlDocument, xmlText } from "./xml-text.ts";

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
 * attribute is refused, naming the feed, the entry and the element, when XML cannot carry it (see xml-text.ts).
 */
export const atomFeed = (feed: AtomFeed): string => {
  const updated = feed.entries.reduce((latest, entry) => (entry.updated > latest ? entry.updated : latest), feed.entries.length > 0 ? "" : feed.updated);
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
    element.ele("link", { rel: "alternate", type: "application/json", href: xmlCharacters(entry.json, inEntry("link")) });
    element.ele("category", { term: xmlCharacters(entry.category, inEntry("category")) });
    element.ele("summary", { type: "text" }).txt(xmlText(entry.summary, inEntry("summary")));
  }
  return xmlDocument(root);
};
