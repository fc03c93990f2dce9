import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { renderFactFeeds, renderFeed } from "../../src/render/feeds/fact-feeds.ts";
import { atomFeed } from "../../src/render/feeds/feed-formats.ts";
import { renderUpcoming } from "../../src/render/feeds/upcoming.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { REFUSED_CHARACTERS } from "../helpers/refused-characters.ts";

const BASE = "https://facts.example.org";
/** A real id, written with its real value shape: the build checks every value against its id's value schema. */
const ID = "cra.hbp.withdrawal_limit";

/** The error a renderer throws, or a failure when it writes the feed instead. */
const thrown = (render: () => unknown): string => {
  try {
    render();
  } catch (error: unknown) {
    return (error as Error).message;
  }
  throw new Error("the feed was written");
};

describe("the Atom writer", () => {
  const feed = (title: string, summary = "A summary.") => ({
    id: "tag:example.org,2026:feed",
    title: "A feed",
    subtitle: "Of tests.",
    self: `${BASE}/feed.atom`,
    page: `${BASE}/`,
    updated: "2026-11-21T00:00:00Z",
    entries: [
      {
        id: "tag:example.org,2026:entry",
        title,
        updated: "2026-11-21T00:00:00Z",
        page: `${BASE}/entry.html`,
        json: `${BASE}/entry.json`,
        category: "tax",
        summary,
      },
    ],
  });

  it.each(REFUSED_CHARACTERS)(
    "refuses %s in an entry's title and summary, naming the feed, the entry and the element",
    (_name, character, message) => {
      expect(thrown(() => atomFeed(feed(`Title ${character}`)))).toBe(
        `${BASE}/feed.atom: the entry tag:example.org,2026:entry, <title>: character 7: ${message}; the feed is not written`,
      );
      expect(thrown(() => atomFeed(feed("Title", `Summary ${character}`)))).toBe(
        `${BASE}/feed.atom: the entry tag:example.org,2026:entry, <summary>: character 9: ${message}; the feed is not written`,
      );
    },
  );

  it("writes a feed of plain text, newlines and tabs included", async () => {
    const parsed = await new Parser().parseString(atomFeed(feed("Title <b> & more", "Line one\nline two\tand a tab")));
    expect(parsed.items[0]!.title).toBe("Title <b> & more");
    expect(parsed.items[0]!.summary).toBe("Line one\nline two\tand a tab");
  });
});

/**
 * The feeds of a model whose facts the check has passed, edited afterwards: the way a character could reach a
 * renderer without the check seeing it.
 */
describe("the RSS and Atom feeds of a built model", () => {
  let model: SiteModel;
  beforeAll(async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: ID, label: "A fact", unit: "object", value: factValue(ID) });
    // A commit's subject is history, never published as a note: a character the feeds may not carry may stay there.
    // Its Impact: line is the version's public note, which the build holds to the text rule (tests/build/history-rules).
    await repo.commit(`${ID} v1 \u001b[31mred\u001b[0m\n\nImpact: Buyers see red text.`);
    model = await buildModel(repo.root, { baseUrl: BASE, today: "2026-11-21" });
  });

  const withFact = (edit: Record<string, string>): SiteModel => ({
    ...model,
    facts: model.facts.map((fact) => ({ ...fact, ...edit })),
  });

  it.each(REFUSED_CHARACTERS)(
    "refuses %s in a label in feed.xml, the fact's Atom feed, upcoming.ics and upcoming.atom",
    (_name, character, message) => {
      const bad = withFact({ label: `Label ${character}` });
      expect(thrown(() => renderFeed(bad))).toBe(
        `${BASE}${SITE_PATHS.feed}: the item of ${ID}, <title>: character 7: ${message}; the feed is not written`,
      );
      expect(thrown(() => [...renderFactFeeds(bad)])).toBe(
        `${BASE}${SITE_PATHS.factFeed(ID)}: <title>: character 29: ${message}; the feed is not written`,
      );
      expect(thrown(() => renderUpcoming(bad))).toBe(
        `${BASE}${SITE_PATHS.upcomingCalendar}: the event ${ID}.verification-lapse@bc-real-estate-facts.org, SUMMARY: character 21: ${message}; the feed is not written`,
      );
    },
  );

  it.each(REFUSED_CHARACTERS)("refuses %s in a description in feed.xml", (_name, character, message) => {
    expect(thrown(() => renderFeed(withFact({ description: `Description ${character}` })))).toBe(
      `${BASE}${SITE_PATHS.feed}: the item of ${ID}, <description>: character 13: ${message}; the feed is not written`,
    );
  });

  it("writes an RSS title and description alike: plain text escaped for HTML once, so a reader shows markup as written", async () => {
    const xml = renderFeed(
      withFact({ label: "Rates <b>bold</b> & Buyers' plan", description: "A <i>rule</i> & more." }),
    ).get(SITE_PATHS.feed)! as string;
    const item = (await new Parser().parseString(xml)).items[0]!;
    // Once the XML is read, both are HTML whose markup is escaped: an HTML reader shows `<b>` and `<i>` as text.
    expect(item.title).toBe("Rates &lt;b&gt;bold&lt;/b&gt; &amp; Buyers' plan (v1)");
    expect(item.content).toMatch(/^A &lt;i&gt;rule&lt;\/i&gt; &amp; more\. Effective: /);
  });

  it("shows an Impact: line's control characters escaped in the fact's Atom feed", async () => {
    const timeline = model.timelines.get(ID)!;
    const message = `${ID} v1\n\nImpact: Buyers see \u001b[31mred\u001b[0m text.`;
    const versions = timeline.versions.map((version) => ({
      ...version,
      introduced: { ...version.introduced, message },
    }));
    const edited = { ...model, timelines: new Map(model.timelines).set(ID, { ...timeline, versions }) };
    const xml = new Map(renderFactFeeds(edited)).get(SITE_PATHS.factFeed(ID))! as string;
    const entry = (await new Parser().parseString(xml)).items.find((item) => item.title?.includes("version 1"))!;
    expect(entry.summary).toMatch(/^Buyers see \\u001b\[31mred\\u001b\[0m text\. Effective 2020-01-01\. Value: /);
    expect(xml).not.toContain("\u001b");
  });
});
