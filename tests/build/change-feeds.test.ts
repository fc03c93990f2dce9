import ICAL from "ical.js";
import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderChangeFeeds } from "../../src/render/feeds/fact-feeds.ts";
import { renderSite } from "../../src/render/render-site.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import type { Upcoming } from "../../src/schemas/index.ts";
import { contentTypeFor } from "../../src/server/site.ts";
import { buildProjectSite, readTree } from "../helpers/build-site.ts";
import { scheduledValueOf } from "../helpers/fact-values.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { REFUSED_CHARACTERS } from "../helpers/refused-characters.ts";
import { FOREIGN_BUYER_BAN_SEED, SVT_2026_SEED } from "../helpers/scheduled-facts.ts";

const BASE = "https://facts.example.org";
const AUTHORITY = "bc-real-estate-facts.org";

interface CalendarEventRead {
  uid: string;
  summary: string;
  description: string;
  start: string;
  isDate: boolean;
  url: string;
  attach: string;
}

/** Every event of an iCalendar file, as an independent parser (ical.js) reads it. */
const eventsOf = (text: string): CalendarEventRead[] => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
      url: String(component.getFirstPropertyValue("url")),
      attach: String(component.getFirstPropertyValue("attach")),
    };
  });
};

interface AtomLink {
  $: { rel?: string; type?: string; href: string };
}

/** Every entry of an Atom feed, as rss-parser reads it, with each of its `<link>` elements. */
const entriesOf = async (text: string) => {
  const feed = await new Parser<object, { links: AtomLink[]; id: string }>({
    customFields: { item: [["link", "links", { keepArray: true }], "id"] },
  }).parseString(text);
  return feed.items.map((item) => ({
    id: item.id,
    title: item.title ?? "",
    updated: item.isoDate?.replace(/\.000Z$/, "Z") ?? "",
    summary: item.summary ?? "",
    link: item.link,
    alternates: item.links
      .filter((link) => link.$.rel === "alternate")
      .map((link) => [link.$.type ?? "", link.$.href] as const),
  }));
};

/** The site path of an absolute URL of the built site. */
const sitePathOf = (url: string): string => {
  expect(url.startsWith(`${BASE}/`), url).toBe(true);
  return url.slice(BASE.length);
};

describe("changes.ics, changes.atom and lapses.ics of the project's facts", () => {
  let tree: Map<string, Buffer>;
  let model: SiteModel;
  const text = (urlPath: string): string => tree.get(urlPath)!.toString("utf8");
  beforeAll(async () => {
    const built = await buildProjectSite(BASE);
    tree = await readTree(built.out);
    model = built.model;
  });

  it("changes.ics holds no verification lapse, and every event's URL is a built page, its ATTACH the fact's JSON", () => {
    const events = eventsOf(text(SITE_PATHS.changesCalendar));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.uid, event.uid).not.toContain("verification-lapse");
      expect(event.summary, event.uid).not.toMatch(/^Re-verify by/);
      expect(event.isDate, event.uid).toBe(true);
      expect(event.url, event.uid).toMatch(/\.html$/);
      expect(tree.has(sitePathOf(event.url)), event.url).toBe(true);
      const factId = event.uid.replace(/\.(revision|scheduled|expected)\..*$/, "");
      expect(event.url).toBe(`${BASE}/${factId}.html`);
      expect(event.attach).toBe(`${BASE}/api/v1/facts/by-id/${factId}.json`);
      expect(tree.has(sitePathOf(event.attach)), event.attach).toBe(true);
    }
    // One event per revision of a fact in force: each version after its first.
    const revisions = model.facts.flatMap((fact) =>
      model.timelines
        .get(fact.id)!
        .versions.slice(1)
        .map((version) => `${fact.id}.revision.v${version.version}@${AUTHORITY}`),
    );
    expect(revisions.length).toBeGreaterThan(0);
    expect(
      events
        .filter((event) => event.uid.includes(".revision."))
        .map((event) => event.uid)
        .sort(),
    ).toEqual(revisions.sort());
  });

  it("lapses.ics holds the re-verify-by dates only, and upcoming.ics is the union of it and the changes ahead", () => {
    const upcoming = JSON.parse(text(SITE_PATHS.upcoming)) as Upcoming;
    const lapses = eventsOf(text(SITE_PATHS.lapsesCalendar));
    expect(lapses.map((event) => event.uid).sort()).toEqual(
      upcoming.items
        .filter((item) => item.kind === "verification-lapse")
        .map((item) => item.uid)
        .sort(),
    );
    for (const event of lapses) {
      expect(event.summary, event.uid).toMatch(/^Re-verify by: /);
      expect(tree.has(sitePathOf(event.url)), event.url).toBe(true);
    }
    const changesAhead = eventsOf(text(SITE_PATHS.changesCalendar)).filter(
      (event) => !event.uid.includes(".revision."),
    );
    const upcomingEvents = eventsOf(text(SITE_PATHS.upcomingCalendar));
    expect(upcomingEvents.map((event) => event.uid).sort()).toEqual(
      [...changesAhead, ...lapses].map((event) => event.uid).sort(),
    );
    // The same event reads the same in each file.
    const byUid = new Map(upcomingEvents.map((event) => [event.uid, event]));
    for (const event of [...changesAhead, ...lapses]) expect(event, event.uid).toEqual(byUid.get(event.uid));
  });

  it("changes.atom: each entry links the fact's page and, as another alternate, its JSON; no lapse", async () => {
    const entries = await entriesOf(text(SITE_PATHS.changesFeed));
    expect(entries).toHaveLength(eventsOf(text(SITE_PATHS.changesCalendar)).length);
    for (const entry of entries) {
      expect(entry.id, entry.id).not.toContain("verification-lapse");
      const [page, json] = entry.alternates;
      expect(entry.alternates, entry.id).toHaveLength(2);
      expect(page![0]).toBe("text/html");
      expect(page![1]).toMatch(/\.html$/);
      expect(tree.has(sitePathOf(page![1])), page![1]).toBe(true);
      expect(entry.link, "the link a reader opens is the page").toBe(page![1]);
      expect(json![0]).toBe("application/json");
      expect(json![1]).toBe(page![1].replace(`${BASE}/`, `${BASE}/api/v1/facts/by-id/`).replace(/\.html$/, ".json"));
      expect(tree.has(sitePathOf(json![1])), json![1]).toBe(true);
    }
    const updated = entries.map((entry) => entry.updated);
    expect(updated, "newest first").toEqual([...updated].sort().reverse());
    expect(text(SITE_PATHS.changesFeed)).toContain(
      `<link rel="self" type="application/atom+xml" href="${BASE}${SITE_PATHS.changesFeed}"/>`,
    );
  });

  it("RSS items link the fact's row in the catalog page and name its page; every fact's Atom entries link the page", async () => {
    const rss = await new Parser().parseString(text(SITE_PATHS.feed));
    expect(rss.items).toHaveLength(model.facts.length);
    const catalogPage = text("/index.html");
    for (const item of rss.items) {
      const [address, id] = item.link!.split("#");
      expect(address).toBe(`${BASE}/`);
      expect(catalogPage, item.link).toContain(`<tr class="fact-row" id="${id}"`);
      const page = `${BASE}/${id}.html`;
      expect(item.content).toContain(`Fact page: ${page}`);
      expect(tree.has(sitePathOf(page)), page).toBe(true);
    }
    for (const fact of model.facts) {
      for (const entry of await entriesOf(text(SITE_PATHS.factFeed(fact.id)))) {
        // A version's entry links its section of the page (#v<N>); a scheduled change's, the page itself.
        const page = entry.id.includes(":scheduled:")
          ? `${BASE}/${fact.id}.html`
          : `${BASE}/${fact.id}.html#v${entry.id.split(":v").at(-1)}`;
        expect(entry.alternates, entry.id).toEqual([
          ["text/html", page],
          ["application/json", `${BASE}/api/v1/facts/by-id/${fact.id}.json`],
        ]);
      }
    }
  });

  it("lists the new files in _headers with their types, in the OpenAPI document, in llms.txt and in each page's head", () => {
    const headers = text("/_headers");
    expect(headers).toContain(`${SITE_PATHS.changesFeed}\n  Content-Type: application/atom+xml; charset=utf-8\n`);
    expect(headers).toContain(`${SITE_PATHS.changesCalendar}\n  Content-Type: text/calendar; charset=utf-8\n`);
    expect(headers).toContain(`${SITE_PATHS.lapsesCalendar}\n  Content-Type: text/calendar; charset=utf-8\n`);
    // The local server (npm start) sends the same types.
    expect(contentTypeFor(SITE_PATHS.changesFeed)).toBe("application/atom+xml; charset=utf-8");
    expect(contentTypeFor(SITE_PATHS.changesCalendar)).toBe("text/calendar; charset=utf-8");
    expect(contentTypeFor(SITE_PATHS.lapsesCalendar)).toBe("text/calendar; charset=utf-8");
    const paths = JSON.parse(text(SITE_PATHS.openApi)).paths;
    expect(Object.keys(paths["/api/v1/facts/changes.atom"].get.responses["200"].content)).toEqual([
      "application/atom+xml",
    ]);
    expect(Object.keys(paths["/api/v1/facts/changes.ics"].get.responses["200"].content)).toEqual(["text/calendar"]);
    expect(Object.keys(paths["/api/v1/facts/lapses.ics"].get.responses["200"].content)).toEqual(["text/calendar"]);
    expect(text("/llms.txt")).toContain(`(${BASE}${SITE_PATHS.changesFeed})`);
    const manifest = JSON.parse(text(SITE_PATHS.manifest)) as { files: { path: string }[] };
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining([SITE_PATHS.changesCalendar, SITE_PATHS.changesFeed, SITE_PATHS.lapsesCalendar]),
    );
    expect(text("/index.html")).toContain(
      '<link rel="alternate" type="text/calendar" title="BC Real Estate Facts: rule changes (calendar)" href="api/v1/facts/changes.ics">',
    );
  });
});

const edit = async (
  repo: GitRepo,
  file: string,
  change: (fact: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> => repo.writeJson(file, change(await repo.readJson(file)));

/** A fact's sources checked again on `retrievedIso`: a commit that changes no rule. */
const reverified = (retrievedIso: string, expiresIso: string) => (fact: Record<string, unknown>) => ({
  ...fact,
  expires_iso: expiresIso,
  citations: (fact.citations as Record<string, unknown>[]).map((citation) => ({
    ...citation,
    retrieved_iso: retrievedIso,
  })),
});

/** The commit's date as the history records it (RFC 3339, whole seconds, UTC). */
const committedAt = async (repo: GitRepo, sha: string): Promise<string> =>
  new Date(Number((await repo.git("log", "-1", "--format=%ct", sha)).trim()) * 1000)
    .toISOString()
    .replace(/\.000Z$/, "Z");

describe("the dates of a revision in the feeds, from a real git history", () => {
  const BAN = "facts/foreign-buyer/ca.foreign_buyer_ban.json";
  const SVT = "facts/tax/bc.svt.rates_2026.json";
  let repo: GitRepo;
  let files: Map<string, string | Uint8Array>;
  let model: SiteModel;
  let revisedAt: string;
  let reverifiedAt: string;
  const file = (urlPath: string): string => String(files.get(urlPath));

  beforeAll(async () => {
    repo = await createGitRepo();
    await repo.writeFact(FOREIGN_BUYER_BAN_SEED);
    await repo.writeFact(SVT_2026_SEED);
    await repo.commit("Add the foreign-buyer ban and the SVT rates");
    // The revision: a new rate, effective on a day that is neither its commit's nor the build's.
    await edit(repo, SVT, (fact) => ({
      ...fact,
      version: 3,
      effective_iso: "2026-07-01",
      value: { ...(fact.value as Record<string, unknown>), rate_foreign_owners_and_untaxed_worldwide_earners: 0.035 },
    }));
    const revision = await repo.commit(
      "bc.svt.rates_2026 v3: a new rate for foreign owners\n\nImpact: Foreign owners pay more",
    );
    // A later re-verification of the same version: the version was still published when its revision was.
    await edit(repo, SVT, reverified("2026-11-25", "2027-02-23"));
    const check = await repo.commit("Re-verify the SVT rates");
    const { superseded_by: supersededBy, ...ban } = await repo.readJson(BAN);
    await repo.writeJson(BAN, {
      ...ban,
      scheduled: [
        {
          effective_iso: "2027-01-01",
          status: "enacted",
          value: scheduledValueOf("ca.foreign_buyer_ban", { repealed_iso: "2027-01-01" }),
          unit: "object",
          citations: [
            {
              url: "https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/section-237.html",
              org: "ca-justice",
              kind: "official",
              retrieved_iso: "2026-11-25",
            },
          ],
          note: "The Act is repealed on January 1, 2027",
        },
      ],
      superseded_by: supersededBy,
    });
    await repo.commit("Schedule the ban's repeal");
    revisedAt = await committedAt(repo, revision);
    reverifiedAt = await committedAt(repo, check);
    model = await buildModel(repo.root, { baseUrl: BASE, today: "2026-12-01" });
    files = renderSite(model);
  });

  it("dates the fact's Atom entry of version 3 when that version was published, with its effective date in the text", async () => {
    expect(revisedAt < reverifiedAt).toBe(true);
    const entries = await entriesOf(file(SITE_PATHS.factFeed("bc.svt.rates_2026")));
    const v3 = entries.find((entry) => entry.id === "tag:bc-real-estate-facts.org,2026:bc.svt.rates_2026:v3")!;
    expect(v3.updated).toBe(revisedAt);
    const label = model.facts.find((fact) => fact.id === "bc.svt.rates_2026")!.label;
    expect(v3.title).toBe(`${label}: version 3, effective 2026-07-01`);
    expect(v3.summary).toMatch(/^Foreign owners pay more\. Effective 2026-07-01\. Value: /);
    expect(v3.link).toBe(`${BASE}/bc.svt.rates_2026.html#v3`);
  });

  it("puts the revision, and not the facts' first versions or their lapses, in changes.ics and changes.atom, dated when published", async () => {
    const events = eventsOf(file(SITE_PATHS.changesCalendar));
    expect(events.map((event) => event.uid)).toEqual([
      `bc.svt.rates_2026.revision.v3@${AUTHORITY}`,
      `ca.foreign_buyer_ban.scheduled.2027-01-01@${AUTHORITY}`,
    ]);
    const [revision, scheduled] = events;
    expect(revision).toMatchObject({
      start: revisedAt.slice(0, 10),
      isDate: true,
      url: `${BASE}/bc.svt.rates_2026.html`,
    });
    expect(revision!.summary).toBe(`Revised: ${model.facts.find((fact) => fact.id === "bc.svt.rates_2026")!.label}`);
    expect(revision!.description).toContain(
      `Version 3 of bc.svt.rates_2026, published ${revisedAt}, effective 2026-07-01.`,
    );
    expect(revision!.description).toContain("Foreign owners pay more.");
    expect(revision!.description).toContain(`What changed: ${BASE}/api/v1/facts/diff/bc.svt.rates_2026/v2-to-v3.json`);
    expect(revision!.attach).toBe(`${BASE}/api/v1/facts/by-id/bc.svt.rates_2026.json`);
    expect(scheduled).toMatchObject({ start: "2027-01-01", url: `${BASE}/ca.foreign_buyer_ban.html` });

    const entries = await entriesOf(file(SITE_PATHS.changesFeed));
    expect(entries.map((entry) => entry.id)).toEqual([
      "tag:bc-real-estate-facts.org,2026:ca.foreign_buyer_ban.scheduled.2027-01-01",
      "tag:bc-real-estate-facts.org,2026:bc.svt.rates_2026:v3",
    ]);
    expect(entries[1]).toMatchObject({
      updated: revisedAt,
      alternates: [
        ["text/html", `${BASE}/bc.svt.rates_2026.html`],
        ["application/json", `${BASE}/api/v1/facts/by-id/bc.svt.rates_2026.json`],
      ],
    });
    expect(entries[1]!.title).toContain("version 3, effective 2026-07-01");

    expect(
      eventsOf(file(SITE_PATHS.lapsesCalendar))
        .map((event) => event.uid)
        .sort(),
    ).toEqual([
      `bc.svt.rates_2026.verification-lapse@${AUTHORITY}`,
      `ca.foreign_buyer_ban.verification-lapse@${AUTHORITY}`,
    ]);
  });

  it.each(REFUSED_CHARACTERS.slice(0, 3))(
    "refuses %s in a label in changes.ics, naming the calendar, the event and the property",
    (_name, character, message) => {
      const bad: SiteModel = { ...model, facts: model.facts.map((fact) => ({ ...fact, label: `Label ${character}` })) };
      expect(() => renderChangeFeeds(bad)).toThrow(
        `${BASE}${SITE_PATHS.changesCalendar}: the event bc.svt.rates_2026.revision.v3@${AUTHORITY}, SUMMARY: character 16: ${message}; the feed is not written`,
      );
    },
  );
});
