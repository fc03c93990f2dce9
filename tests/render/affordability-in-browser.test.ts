import { readdir, readFile } from "node:fs/promises";
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
  });

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
  });

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
  });

  /** Each drawing of the chart shown at this width, and the size in CSS px its text renders at. */
  const chartText = async (page: Page) =>
    (await page.evaluate(`[...document.querySelectorAll("svg.index-chart, svg.index-chart-narrow")]
      .filter((svg) => svg.getBoundingClientRect().width > 0)
      .map((svg) => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const texts = [...svg.querySelectorAll("text")];
        return {
          drawing: svg.getAttribute("class"),
          right: svg.getBoundingClientRect().right,
          fontPx: Math.min(...texts.map((text) => Number(text.getAttribute("font-size")) * scale)),
          boxPx: Math.min(...texts.map((text) => text.getBoundingClientRect().height)),
          count: texts.length,
        };
      })`)) as { drawing: string; right: number; fontPx: number; boxPx: number; count: number }[];

  it("shows one drawing of the chart at each width, its text at least 11 CSS px: the narrow one on a phone", async () => {
    for (const [width, drawing] of [
      [375, "index-chart-narrow"],
      [1280, "index-chart"],
    ] as const) {
      const page = await open(width);
      const shown = await chartText(page);
      expect(shown.map((chart) => chart.drawing)).toEqual([drawing]);
      const [chart] = shown as [(typeof shown)[number]];
      expect(chart.count).toBeGreaterThan(0);
      expect(chart.fontPx).toBeGreaterThanOrEqual(11);
      // A text's box is a line's height: at least the font size it renders at.
      expect(chart.boxPx).toBeGreaterThanOrEqual(11);
      expect(chart.right).toBeLessThanOrEqual(width);
      await page.close();
    }
  });

  /** Every table box on the page: whether it overflows, and the edge shadows and caption hint that say so. */
  const scrollCues = async (page: Page) =>
    (await page.evaluate(`[...document.querySelectorAll(".table-scroll")].map((box) => {
      const style = getComputedStyle(box);
      const hint = box.querySelector(".scroll-hint");
      return {
        overflows: box.scrollWidth > box.clientWidth,
        gradients: (style.backgroundImage.match(/linear-gradient/g) || []).length,
        attachment: style.backgroundAttachment,
        hint: hint === null ? null : hint.getBoundingClientRect().width > 0,
      };
    })`)) as { overflows: boolean; gradients: number; attachment: string; hint: boolean | null }[];

  it("marks a table that scrolls sideways at 375 px with an edge shadow, here and on a fact page, and says so in the index tables' captions", async () => {
    const page = await open(375);
    const index = await scrollCues(page);
    expect(index.length).toBeGreaterThan(0);
    for (const box of index) {
      // Two shadows fixed to the box's edges, and two covers that scroll with the table and hide a shadow at its end.
      expect(box).toEqual({ overflows: true, gradients: 4, attachment: "local, local, scroll, scroll", hint: true });
    }
    // A fact page whose table is wider than a phone has the same cue (the rule is the site's, not the index page's).
    const pages = (await readdir(siteDir)).filter((name) => /^[a-z0-9]+\.[\w.]+\.html$/.test(name));
    let checked = 0;
    for (const name of pages) {
      if (!(await readFile(path.join(siteDir, name), "utf8")).includes('class="table-scroll"')) continue;
      await page.goto(`${server.url}/${name}`);
      const boxes = (await scrollCues(page)).filter((box) => box.overflows);
      for (const box of boxes) expect(box).toMatchObject({ gradients: 4, attachment: "local, local, scroll, scroll" });
      checked += boxes.length;
      if (checked > 0) break;
    }
    expect(checked).toBeGreaterThan(0);
    await page.close();
    // On a desktop the caption's hint is not shown: the shadow alone marks a table that is still wider than the page.
    const desktop = await open(1280);
    for (const box of await scrollCues(desktop)) expect(box.hint).toBe(false);
    await desktop.close();
  });

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
  });
});
