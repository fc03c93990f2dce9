import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasEveryWord } from "../../src/lib/search-ranking.ts";
import type { SearchIndex, Upcoming } from "../../src/schemas/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";

const BASE_URL = "https://facts.example.org";

/** `npm run build` of `root` into a folder kept until the file's tests end, for the build date `today`. */
const build = async (root: string, today: string): Promise<string> => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-expected-"));
  afterAll(() => rm(parent, { recursive: true, force: true }));
  const out = path.join(parent, "_site");
  const result = await runScript("src/cli/build.ts", ["--root", root, "--out", out], {
    env: { FACTS_TODAY: today, FACTS_BASE_URL: BASE_URL },
  });
  if (result.code !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return out;
};

const read = (out: string, file: string) => readFile(path.join(out, file), "utf8");

/** The catalog page's search rule (src/lib/search-ranking.ts): every query word must start a word of the item's text. */
const matches = (query: string, text: string): boolean => hasEveryWord(text, query);

// Built on the frozen copy's own day (the newest day its sources were read, so nothing in it is in the future), which
// is after 2026-09-30, the day the 2027 rent cap was expected by.
describe("the project's facts built after 2026-09-30: the 2027 rent cap, expected by then, is not recorded", () => {
  let out: string;
  beforeAll(async () => {
    expect(frozenData().today > "2026-09-30").toBe(true);
    out = await build(frozenData().root, frozenData().today);
  });

  it("upcoming.json lists the rent cap's expected announcement as not recorded here yet, with the page to check, and the ones still ahead as expected", async () => {
    const upcoming = JSON.parse(await read(out, "api/v1/facts/upcoming.json")) as Upcoming;
    const expected = upcoming.items.filter((item) => item.kind === "expected-announcement");
    const rentCap = expected.find((item) => item.fact_id === "bc.rent_cap.2026");
    expect(rentCap).toMatchObject({
      uid: "bc.rent_cap.2026.expected.2026-09-30@bc-real-estate-facts.org",
      date: "2026-09-30",
      past_due: true,
      expected: {
        by_iso: "2026-09-30",
        where: {
          url: "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
        },
      },
    });
    expect(rentCap!.summary).toMatch(
      /^B\.C\. maximum allowable rent increase \(yearly cap\): The 2027 rent cap: .*: not recorded here yet \(expected by 2026-09-30\); check BC Residential Tenancy Branch at https:\/\/www2\.gov\.bc\.ca\/gov\/content\/housing-tenancy\/residential-tenancies\/rent-rtb\/rent-increases$/,
    );
    // Listed although its date is before as_of: a past-due announcement stays until the new value is recorded.
    expect(rentCap!.date < upcoming.as_of).toBe(true);
    const ahead = expected.filter((item) => item.fact_id !== "bc.rent_cap.2026");
    expect(ahead.map((item) => item.fact_id).sort()).toEqual(["bc.home_owner_grant.threshold", "bc.svt.rates_2026"]);
    for (const item of ahead) {
      expect(item.past_due, item.fact_id).toBe(false);
      expect(item.date > upcoming.as_of, item.fact_id).toBe(true);
      expect(item.summary, item.fact_id).toMatch(/: expected by \d{4}-\d{2}-\d{2}$/);
    }
  });

  it("the calendar and the Atom feed title the rent cap's event as not recorded here yet, and name the page to check", async () => {
    const calendar = new ICAL.Component(ICAL.parse(await read(out, "api/v1/facts/upcoming.ics")));
    const event = calendar
      .getAllSubcomponents("vevent")
      .map((component) => new ICAL.Event(component))
      .find((each) => each.uid === "bc.rent_cap.2026.expected.2026-09-30@bc-real-estate-facts.org");
    expect(event?.summary).toBe("Not recorded here yet: B.C. maximum allowable rent increase (yearly cap)");
    expect(event?.startDate.toString()).toBe("2026-09-30");
    expect(event?.description).toContain(
      "Not recorded here yet: normally announced by 2026-09-30, and no newer value is recorded here; it may have been announced since.",
    );
    expect(event?.description).toContain(`Check: BC Residential Tenancy Branch (${RENT_PAGE})`);
    const feed = await new Parser().parseString(await read(out, "api/v1/facts/upcoming.atom"));
    const entry = feed.items.find((item) => item.id?.includes("bc.rent_cap.2026.expected.2026-09-30"));
    expect(entry?.title).toBe(
      "Not recorded here yet, expected by 2026-09-30: B.C. maximum allowable rent increase (yearly cap)",
    );
    expect(entry?.summary).toContain(`Check: BC Residential Tenancy Branch (${RENT_PAGE})`);
  });

  it("the rent cap's page, its catalog row and the catalog's Upcoming section say it is not recorded here yet, and link the page to check", async () => {
    const page = await read(out, "bc.rent_cap.2026.html");
    expect(page).toContain('<div class="expected past-due" data-expected-status="past-due">');
    expect(page).toContain("<p>The 2027 rent cap: B.C.&#39;s maximum allowable rent increase for 2027");
    expect(page).toContain(
      `<strong class="status status-past-due">Not recorded here yet</strong>: it was expected by <time datetime="2026-09-30">September 30, 2026</time>, and no newer value is recorded here. It may have been announced since: check <a href="${RENT_PAGE}">BC Residential Tenancy Branch</a> before relying on the value above for the next period.`,
    );
    const catalog = await read(out, "index.html");
    const upcomingSection = catalog.slice(
      catalog.indexOf('<section class="upcoming"'),
      catalog.indexOf("</section>", catalog.indexOf('<section class="upcoming"')),
    );
    expect(upcomingSection).toContain(
      '<li class="past-due"><strong class="status status-past-due">Not recorded here yet</strong>, expected by <time datetime="2026-09-30">September 30, 2026</time>: <a href="bc.rent_cap.2026.html">',
    );
    expect(upcomingSection).toContain(`(check <a href="${RENT_PAGE}">BC Residential Tenancy Branch</a>)`);
    const row = catalog.slice(
      catalog.indexOf('id="bc.rent_cap.2026"'),
      catalog.indexOf("</tr>", catalog.indexOf('id="bc.rent_cap.2026"')),
    );
    expect(row).toContain(
      `<span class="status status-past-due">next value not recorded here yet</span> (expected by <time datetime="2026-09-30">Sep 30, 2026</time>); check <a href="${RENT_PAGE}">BC Residential Tenancy Branch</a>`,
    );
  });

  it("no page or feed claims the announcement is late or missing: the service only says what it has not recorded", async () => {
    const files = [
      "bc.rent_cap.2026.html",
      "index.html",
      "llms.txt",
      "api/v1/facts/upcoming.json",
      "api/v1/facts/upcoming.atom",
      "api/v1/facts/upcoming.ics",
      "api/v1/facts/changes.atom",
      "api/v1/facts/changes.ics",
      "api/v1/facts/search-index.json",
    ];
    for (const file of files) {
      const text = (await read(out, file)).replace(/\r\n[ \t]/g, "");
      expect(text, file).not.toMatch(/past due|not yet announced/i);
    }
  });

  it("llms.txt ends the rent cap's line saying the 2027 cap is not recorded here yet, and where to check", async () => {
    const line = (await read(out, "llms.txt")).split("\n").find((each) => each.includes("by-id/bc.rent_cap.2026.json"));
    expect(line).toMatch(
      /; next: The 2027 rent cap: .*, not recorded here yet \(expected by 2026-09-30\); check BC Residential Tenancy Branch at https:\/\/www2\.gov\.bc\.ca\/\S+\)$/,
    );
  });

  it('the search index finds the rent cap, and only it, for "rent cap 2027", and says it is not recorded here yet', async () => {
    const index = JSON.parse(await read(out, "api/v1/facts/search-index.json")) as SearchIndex;
    const text = (item: SearchIndex[number]) => `${item.search_text} ${item.aliases.join(" ")}`;
    expect(index.filter((item) => matches("rent cap 2027", text(item))).map((item) => item.id)).toEqual([
      "bc.rent_cap.2026",
    ]);
    expect(
      index.filter((item) => matches("2027 rent cap not recorded here yet", text(item))).map((item) => item.id),
    ).toEqual(["bc.rent_cap.2026"]);
  });
});

const RENT_PAGE = "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases";

/**
 * A repository with one rent cap, verified in August, expecting the 2027 cap by 2026-09-30; `extra` goes before
 * `next_expected`.
 */
const rentCapRepo = async (extra: Record<string, unknown> = {}) => {
  const repo = await createGitRepo();
  const { superseded_by, ...fact } = factJson({
    id: "bc.rent_cap.2026",
    domain: "rental",
    cadence: "volatile",
    retrieved_iso: "2026-08-01",
    effective_iso: "2026-01-01",
    // The build checks each value against the fact's value schema, so the rent cap carries its real shape.
    value: factValue("bc.rent_cap.2026"),
  });
  await repo.writeJson("facts/rental/bc.rent_cap.2026.json", {
    ...fact,
    ...extra,
    next_expected: {
      by_iso: "2026-09-30",
      what: "The 2027 rent cap",
      where: { url: RENT_PAGE, org: "bc-residential-tenancy-branch" },
    },
    superseded_by,
  });
  await repo.commit("bc.rent_cap.2026 v1");
  return repo;
};

describe("an expected announcement", () => {
  it("is listed as expected before its date, not as unrecorded, and the page says by when it normally comes", async () => {
    const out = await build((await rentCapRepo()).root, "2026-09-15");
    const upcoming = JSON.parse(await read(out, "api/v1/facts/upcoming.json")) as Upcoming;
    expect(upcoming.items.filter((item) => item.kind === "expected-announcement")).toMatchObject([
      {
        fact_id: "bc.rent_cap.2026",
        date: "2026-09-30",
        past_due: false,
        summary: "Label of bc.rent_cap.2026: The 2027 rent cap (BC Residential Tenancy Branch): expected by 2026-09-30",
      },
    ]);
    const page = await read(out, "bc.rent_cap.2026.html");
    expect(page).toContain('data-expected-status="expected"');
    expect(page).toContain('Normally announced by <time datetime="2026-09-30">September 30, 2026</time>.');
    expect(page).not.toContain("not recorded here yet");
    const index = JSON.parse(await read(out, "api/v1/facts/search-index.json")) as SearchIndex;
    expect(index[0]!.search_text).toContain("expected by 2026-09-30");
  });

  it("is no longer listed after its date once a scheduled change records the announced value", async () => {
    const scheduled = [
      {
        effective_iso: "2027-01-01",
        status: "enacted",
        // The rent cap's shape with the year of the change; the test is about the change being recorded, not its rate.
        value: factValue("bc.rent_cap.2026", {
          rent_year: 2027,
          applies_to_increases_effective_from_iso: "2027-01-01",
        }),
        citations: [
          { url: RENT_PAGE, org: "bc-residential-tenancy-branch", kind: "official", retrieved_iso: "2026-10-01" },
        ],
        note: "The 2027 cap",
      },
    ];
    const out = await build((await rentCapRepo({ scheduled })).root, "2026-11-26");
    const upcoming = JSON.parse(await read(out, "api/v1/facts/upcoming.json")) as Upcoming;
    // The fact lapsed on 2026-10-30, so the scheduled change is all that is ahead of it.
    expect(upcoming.items.map((item) => item.kind)).toEqual(["scheduled-change"]);
    expect(await read(out, "bc.rent_cap.2026.html")).not.toContain("Next expected");
  });
});
