import ICAL from "ical.js";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { checkDomainNames, DOMAIN_NAME, takenFactsNames } from "../../src/render/feeds/domain-feeds.ts";
import { DOMAINS, FactCatalog, Manifest } from "../../src/schemas/index.ts";
import { contentTypeFor } from "../../src/server/site.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";
import { FROZEN_SITE_BASE_URL as BASE } from "../helpers/frozen-data.ts";

const { out } = frozenSite();
const tree = await readTree(out);
const text = (urlPath: string): string => {
  const bytes = tree.get(urlPath);
  expect(bytes, `${urlPath} is in the built tree`).toBeDefined();
  return bytes!.toString("utf8");
};
const domainOf = new Map(FactCatalog.parse(JSON.parse(text(SITE_PATHS.catalog))).facts.map((f) => [f.id, f.domain]));

/** The fact id an entry's or event's JSON link names (`…/by-id/{id}.json`). */
const factIdOf = (jsonUrl: string): string => {
  const match = /\/api\/v1\/facts\/by-id\/([^/]+)\.json$/.exec(jsonUrl);
  expect(match, jsonUrl).not.toBeNull();
  return match![1]!;
};

interface EntryRead {
  id: string;
  category: string;
  factId: string;
}

/** Every entry of an Atom feed as rss-parser reads it: its id, its category and the fact its JSON link names. */
const entriesOf = async (xml: string): Promise<{ self: string; entries: EntryRead[] }> => {
  type Link = { $: { rel?: string; type?: string; href: string } };
  const feed = await new Parser<object, { links: Link[]; id: string; category: { $: { term: string } } }>({
    customFields: { item: [["link", "links", { keepArray: true }], "id", "category"] },
  }).parseString(xml);
  // The feed's own links, before its first entry.
  const head = xml.split("<entry>")[0]!;
  return {
    self: /<link rel="self" type="application\/atom\+xml" href="([^"]+)"\/>/.exec(head)?.[1] ?? "",
    entries: feed.items.map((item) => ({
      id: item.id,
      category: item.category.$.term,
      factId: factIdOf(item.links.find((link) => link.$.type === "application/json")!.$.href),
    })),
  };
};

interface EventRead {
  uid: string;
  category: string;
  factId: string;
}

/** Every event of an iCalendar file as ical.js reads it: its UID, its category and the fact its ATTACH names. */
const eventsOf = (ics: string): EventRead[] => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  return calendar.getAllSubcomponents("vevent").map((component) => ({
    uid: String(component.getFirstPropertyValue("uid")),
    category: String(component.getFirstPropertyValue("categories")),
    factId: factIdOf(String(component.getFirstPropertyValue("attach"))),
  }));
};

describe("the rule changes of each domain ({domain}.atom and {domain}.ics)", () => {
  it("carry in Atom only the entries of their domain's facts, and together every entry of changes.atom, in its order", async () => {
    const global = await entriesOf(text(SITE_PATHS.changesFeed));
    expect(global.entries.length).toBeGreaterThan(0);
    const union: EntryRead[] = [];
    for (const domain of DOMAINS) {
      const feed = await entriesOf(text(SITE_PATHS.domainFeed(domain)));
      expect(feed.self).toBe(`${BASE}${SITE_PATHS.domainFeed(domain)}`);
      for (const entry of feed.entries) {
        expect(entry.category, entry.id).toBe(domain);
        expect(domainOf.get(entry.factId), entry.id).toBe(domain);
      }
      // The same entries as the global feed's of that domain, in the same order.
      expect(feed.entries.map((entry) => entry.id)).toEqual(
        global.entries.filter((entry) => entry.category === domain).map((entry) => entry.id),
      );
      union.push(...feed.entries);
    }
    expect(union.map((entry) => entry.id).sort()).toEqual(global.entries.map((entry) => entry.id).sort());
    // The frozen data has dated changes in more than one domain, so the split is tested, not only the union.
    expect(new Set(union.map((entry) => entry.category)).size).toBeGreaterThan(1);
  });

  it("carry in iCalendar only the events of their domain's facts, and together every event of changes.ics", () => {
    const global = eventsOf(text(SITE_PATHS.changesCalendar));
    expect(global.length).toBeGreaterThan(0);
    const union: EventRead[] = [];
    for (const domain of DOMAINS) {
      const calendar = text(SITE_PATHS.domainCalendar(domain));
      expect(calendar).toContain(`URL:${BASE}${SITE_PATHS.domainCalendar(domain)}`);
      const events = eventsOf(calendar);
      for (const event of events) {
        expect(event.category, event.uid).toBe(domain);
        expect(domainOf.get(event.factId), event.uid).toBe(domain);
      }
      expect(events.map((event) => event.uid)).toEqual(
        global.filter((event) => event.category === domain).map((event) => event.uid),
      );
      union.push(...events);
    }
    expect(union.map((event) => event.uid).sort()).toEqual(global.map((event) => event.uid).sort());
  });

  it("are served with the types of the other feeds, and listed in the manifest, the OpenAPI document, llms.txt and the catalog page", () => {
    const headers = text("/_headers");
    const manifest = Manifest.parse(JSON.parse(text(SITE_PATHS.manifest)));
    const openApi = JSON.parse(text(SITE_PATHS.openApi));
    expect(manifest.endpoints?.domain_feeds).toEqual(DOMAINS.map((d) => `${BASE}${SITE_PATHS.domainFeed(d)}`));
    expect(manifest.endpoints?.domain_calendars).toEqual(DOMAINS.map((d) => `${BASE}${SITE_PATHS.domainCalendar(d)}`));
    const page = text("/index.html");
    for (const domain of DOMAINS) {
      const [atom, ics] = [SITE_PATHS.domainFeed(domain), SITE_PATHS.domainCalendar(domain)];
      expect(headers).toContain(`${atom}\n  Content-Type: application/atom+xml; charset=utf-8\n`);
      expect(headers).toContain(`${ics}\n  Content-Type: text/calendar; charset=utf-8\n`);
      expect(contentTypeFor(atom)).toBe("application/atom+xml; charset=utf-8");
      expect(contentTypeFor(ics)).toBe("text/calendar; charset=utf-8");
      expect(manifest.files?.map((file) => file.path)).toEqual(expect.arrayContaining([atom, ics]));
      expect(text("/llms.txt")).toContain(`(${BASE}${atom})`);
      // The section's line under its heading, and the page's head.
      expect(page).toMatch(
        new RegExp(
          `<h2 id="domain-${domain}-title">[^\\n]*</h2>\\n<p class="domain-feeds">[^<]+ changes: <a href="${atom.slice(1)}"[^>]*aria-label="Atom feed of [^"]+ changes">Atom feed</a>, <a href="${ics.slice(1)}"[^>]*>calendar</a></p>`,
        ),
      );
      expect(page).toContain(`<link rel="alternate" type="application/atom+xml" title="BC Real Estate Facts: `);
      expect(page).toContain(`href="${atom.slice(1)}">`);
      expect(page).toContain(`type="text/calendar"`);
      expect(page).toContain(`href="${ics.slice(1)}">`);
    }
    const parameter = (template: string) => openApi.paths[template].get.parameters[0].schema.enum;
    expect(Object.keys(openApi.paths["/api/v1/facts/{domain}.atom"].get.responses["200"].content)).toEqual([
      "application/atom+xml",
    ]);
    expect(Object.keys(openApi.paths["/api/v1/facts/{domain}.ics"].get.responses["200"].content)).toEqual([
      "text/calendar",
    ]);
    expect(parameter("/api/v1/facts/{domain}.atom")).toEqual([...DOMAINS]);
    expect(parameter("/api/v1/facts/{domain}.ics")).toEqual([...DOMAINS]);
  });
});

describe("a domain's name", () => {
  it("has no dot, as every fact id has one, and names no other file or folder under /api/v1/facts/", () => {
    checkDomainNames(DOMAINS);
    for (const domain of DOMAINS) expect(DOMAIN_NAME.test(domain), domain).toBe(true);
    const taken = takenFactsNames();
    for (const name of ["index", "changes", "upcoming", "lapses", "manifest", "feed", "by-id", "badges", "diff"])
      expect(taken.has(name), name).toBe(true);
    // In the built tree: every file directly under /api/v1/facts/ named by a domain is one of its own three.
    const facts = "/api/v1/facts/";
    for (const urlPath of tree.keys()) {
      if (!urlPath.startsWith(facts)) continue;
      const first = urlPath.slice(facts.length).split("/")[0]!;
      const stem = first.split(".")[0]!;
      if (!(DOMAINS as readonly string[]).includes(stem)) continue;
      expect(
        [".json", ".atom", ".ics"].map((extension) => `${stem}${extension}`),
        urlPath,
      ).toContain(first);
    }
  });

  it("is refused with a dot, or when it names another endpoint", () => {
    expect(() => checkDomainNames(["bc.tax"])).toThrow(
      /domain "bc\.tax": a domain is lowercase words .* without a dot/,
    );
    expect(() => checkDomainNames(["changes"])).toThrow(
      /domain "changes": \/api\/v1\/facts\/changes\.\* already names/,
    );
    expect(() => checkDomainNames(["badges"])).toThrow(/domain "badges"/);
  });
});
