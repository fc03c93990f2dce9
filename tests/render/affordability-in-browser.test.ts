import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AffordabilityLatest } from "../../src/schemas/index.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";
import type { StaticServer } from "./serve-directory.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the affordability page browser tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** The project's own index, built and opened as a reader on a phone (375 px) and on a desktop (1280 px) would. */
describe.skipIf(!available)("the affordability page in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let server: StaticServer;
  let siteDir: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-affordability-");
    ({ server, siteDir } = site);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${server.url}/affordability.html`);
    return page;
  };

  it("does not scroll sideways at 375 px: each table scrolls inside its own box", async () => {
    const page = await open(375);
    const layout = (await page.evaluate(`({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      tables: [...document.querySelectorAll("main table")].map((table) => {
        const box = table.parentElement;
        return { inBox: box.classList.contains("table-scroll"), boxScrolls: box.scrollWidth > box.clientWidth, boxRight: box.getBoundingClientRect().right };
      }),
    })`)) as {
      scrollWidth: number;
      clientWidth: number;
      tables: { inBox: boolean; boxScrolls: boolean; boxRight: number }[];
    };
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
    expect(layout.tables.length).toBeGreaterThan(0);
    for (const table of layout.tables) {
      expect(table).toMatchObject({ inBox: true, boxScrolls: true });
      expect(table.boxRight).toBeLessThanOrEqual(layout.clientWidth);
    }
    // Scrolling a table's box moves the table, not the page.
    const box = page.locator(".table-scroll").first();
    await box.evaluate((element) => {
      element.scrollLeft = 200;
    });
    expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate("window.scrollX")).toBe(0);
    // A keyboard user can reach the box to scroll it.
    expect(await box.getAttribute("tabindex")).toBe("0");
    await page.close();
  }, 60_000);

  it("opens, above the fold on a phone, with the latest month, how far behind it is and the months published of those expected", async () => {
    const page = await open(375);
    const latest = AffordabilityLatest.parse(
      JSON.parse(await readFile(path.join(siteDir, "api/v1/affordability-index/latest.json"), "utf8")),
    );
    const status = page.locator(".index-status");
    const text = (await status.innerText()).replace(/\s+/g, " ");
    const { publication } = latest;
    expect(latest.latest?.monthLabel).toBeDefined();
    expect(text).toContain(`Latest month: ${latest.latest!.monthLabel}`);
    expect(text).toContain(`${publication.published_count} of ${publication.expected_count} board-months`);
    expect(text).toMatch(
      publication.months_behind === 0 ? /It is current/ : new RegExp(`${publication.months_behind} months? behind`),
    );
    const top = (await status.boundingBox())!.y;
    expect(top).toBeLessThan(800);
    await page.close();
  }, 60_000);

  it("has a legend whose markers are the ones the chart draws", async () => {
    const page = await open(1280);
    const drawn = (await page.evaluate(`({
      fills: [...new Set([...document.querySelectorAll(".index-chart [data-quality]")].map((point) => point.getAttribute("data-quality")))].sort(),
      explained: [...document.querySelectorAll(".chart-legend [data-legend=official], .chart-legend [data-legend=secondary]")]
        .map((item) => item.getAttribute("data-legend"))
        .sort(),
      boards: [...document.querySelectorAll(".chart-legend [data-legend=board]")].map((item) => item.querySelector("[data-quality]")?.getAttribute("data-quality")),
    })`)) as { fills: string[]; explained: string[]; boards: string[] };
    // Each board's legend marker is filled (or hollow) as that board's points mostly are, so it is a fill the chart
    // draws.
    expect(drawn.fills.length).toBeGreaterThan(0);
    expect(drawn.explained).toEqual(drawn.fills);
    for (const fill of drawn.boards) expect(drawn.fills).toContain(fill);
    // The page's own words for a filled point appear only when filled points are drawn.
    const legend = await page.locator(".chart-legend").innerText();
    expect(legend.includes("filled:")).toBe(drawn.fills.includes("official"));
    expect(legend.includes("hollow:")).toBe(drawn.fills.includes("secondary"));
    await page.close();
  }, 60_000);
});
