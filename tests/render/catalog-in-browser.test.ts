import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFacts } from "../../src/mcp/fact-tools.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";
import type { StaticServer } from "./serve-directory.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the catalog browser tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The fact files, as `<domain>/<id>.json`: the page must show every one. */
const FACT_FILES = (await readdir(path.join(frozenData().root, "facts"), { recursive: true })).filter((file) =>
  file.endsWith(".json"),
);
const FACT_COUNT = FACT_FILES.length;

/** Ids of the rental facts: the domain filter must show exactly these. */
const RENTAL_IDS = FACT_FILES.filter((file) => path.dirname(file) === "rental").map((file) =>
  path.basename(file, ".json"),
);

const fact = (page: Page, id: string) => page.locator(`tr.fact-row[id="${id}"]`);

/** Ids of the facts the reader can see now. */
const visibleFactIds = async (page: Page): Promise<string[]> =>
  page.locator("tr.fact-row:visible").evaluateAll((rows) => rows.map((row) => row.id));

describe.skipIf(!available)("the catalog in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let server: StaticServer;
  let siteDir: string;
  let browser: Browser;
  let axeSource: string;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-pages-");
    ({ server, siteDir } = site);
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** A page with the search ready: the form revealed and search-index.json loaded. */
  const openCatalog = async (suffix = ""): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Only the test server may be reached: anything else would be a bug in the pages.
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${server.url}/${suffix}`);
    await page.locator('#fact-search[data-source="index"]').waitFor({ state: "attached" });
    return page;
  };

  it("finds facts by words and abbreviations and hides the rest", async () => {
    const page = await openCatalog();
    await expect(page.locator("#search-query").isVisible()).resolves.toBe(true);

    await page.locator("#search-query").fill("rent increase");
    await expect(fact(page, "bc.rent_cap.2026").isVisible()).resolves.toBe(true);
    await expect(fact(page, "bc.ptt.brackets").isVisible()).resolves.toBe(false);
    const rentIds = await visibleFactIds(page);
    expect(rentIds).toContain("bc.rent_cap.2026");
    expect(rentIds.length).toBeLessThan(6);
    await expect(page.locator("#search-status").textContent()).resolves.toBe(
      `Showing ${rentIds.length} of ${await page.locator("tr.fact-row").count()} facts, best match first.`,
    );

    await page.locator("#search-query").fill("transfer tax");
    const taxIds = await visibleFactIds(page);
    expect(taxIds).toEqual(
      expect.arrayContaining(["bc.ptt.brackets", "bc.ptt.fthb_exemption", "bc.ptt.newly_built_exemption"]),
    );
    expect(taxIds).not.toContain("bc.hbrp");
    expect(taxIds).not.toContain("bc.rent_cap.2026");

    // Abbreviations come from the search index's aliases: "cooling off" is the home buyer rescission period.
    await page.locator("#search-query").fill("cooling off");
    expect(await visibleFactIds(page)).toContain("bc.hbrp");

    // The affordability index is not a fact: a search for it points to its page instead.
    await expect(page.locator(".search-also").isVisible()).resolves.toBe(false);
    await page.locator("#search-query").fill("affordability index");
    await expect(page.locator(".search-also").isVisible()).resolves.toBe(true);
    await expect(page.locator(".search-also a").getAttribute("href")).resolves.toMatch(/affordability\.html$/);

    await page.locator("#search-query").fill("zzzz no such rule");
    await expect(page.locator(".search-also").isVisible()).resolves.toBe(false);
    expect(await visibleFactIds(page)).toEqual([]);
    await expect(page.locator("#search-status").textContent()).resolves.toMatch(/No fact matches/);
    await page.close();
  });

  it("searches a translated catalog by its English words and by the labels it shows, and words its status in the page's language", async () => {
    const page = await openCatalog("fr-CA/");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("fr-CA");
    await expect(page.locator("#search-status").textContent()).resolves.toBe(`Les ${FACT_COUNT} faits sont affichés.`);
    // The index's English words and aliases still find a fact on a translated page.
    await page.locator("#search-query").fill("cooling off");
    expect(await visibleFactIds(page)).toContain("bc.hbrp");
    // And so does the label the page shows, in French ("délai de réflexion"), which the index does not hold.
    const label = (await fact(page, "bc.hbrp").locator("th").textContent()) ?? "";
    expect(label).toContain("réflexion");
    await page.locator("#search-query").fill("réflexion");
    const ids = await visibleFactIds(page);
    expect(ids).toContain("bc.hbrp");
    await expect(page.locator("#search-status").textContent()).resolves.toBe(
      `${ids.length === 1 ? "1 fait affiché" : `${ids.length} faits affichés`} sur ${FACT_COUNT}, les plus pertinents d'abord.`,
    );
    // The places the query names, in French.
    await page.locator("#search-query").fill("burnaby");
    await expect(page.locator("#search-places-list li").first().textContent()).resolves.toBe(
      "Ce qui s'applique à Burnaby (cité)",
    );
    await page.locator("#search-query").fill("zzzz");
    await expect(page.locator("#search-status").textContent()).resolves.toBe(
      "Aucun fait ne correspond. Essayez moins de mots ou un autre domaine.",
    );
    const blocking = (await axeViolations(page)).filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(blocking, "axe on the French catalog").toEqual([]);
    await page.close();

    // Chinese has no spaces between words: a label's words are found where its text or a bracket starts them.
    const chinese = await openCatalog("zh-Hant/");
    await chinese.locator("#search-query").fill("冷靜期");
    expect(await visibleFactIds(chinese)).toContain("bc.hbrp");
    await expect(chinese.locator("#search-status").textContent()).resolves.toMatch(
      new RegExp(`^顯示 ${FACT_COUNT} 項事實中的 \\d+ 項，最相關的排在最前。$`),
    );
    await chinese.close();
  });

  it("shows the matches directly under the box, best first as search_facts ranks them, at 1280 and 375 px, and the page back when the query is cleared", async () => {
    const tree = await loadSiteTree(siteDir);
    const page = await openCatalog();
    for (const [width, height] of [
      [1280, 800],
      [375, 667],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator("#search-query").fill("form b");
      const ids = await visibleFactIds(page);
      expect(ids[0]).toBe("bc.strata.form_b_fee");
      // The page's order is the MCP server's, without the facts that miss a word of the query.
      const answer = await searchFacts(tree, "form b");
      const served = "structured" in answer ? answer.structured.results.map((result) => result.id) : [];
      expect(ids.slice(0, served.filter((id) => ids.includes(id)).length)).toEqual(
        served.filter((id) => ids.includes(id)),
      );
      // In view without scrolling: the first result's top is inside the viewport, the sections between set aside.
      expect(await page.evaluate("window.scrollY")).toBe(0);
      const box = (await fact(page, ids[0]!).boundingBox())!;
      expect(box.y, `${width} px`).toBeGreaterThan(0);
      expect(box.y, `${width} px`).toBeLessThan(height - 100);
      await expect(page.locator("#upcoming").isVisible()).resolves.toBe(false);
      await expect(page.locator(".catalog-toc").isVisible()).resolves.toBe(false);
      const blocking = (await axeViolations(page)).filter(
        (violation) => violation.impact === "serious" || violation.impact === "critical",
      );
      expect(blocking, `axe with a query at ${width} px`).toEqual([]);
    }
    // A town finds the rules of the area it is in; everyday words find what people mean.
    await page.locator("#search-query").fill("burnaby");
    expect(await visibleFactIds(page)).toEqual(
      expect.arrayContaining(["bc.ptt.foreign_buyer_additional", "bc.foreign_buyer_specified_areas"]),
    );
    await page.locator("#search-query").fill("notary");
    expect(await visibleFactIds(page)).toEqual(expect.arrayContaining(["bc.ptt.brackets", "bc.strata.form_b_fee"]));
    // Cleared: every row back in its domain's table, the sections back.
    await page.locator("#search-query").fill("");
    expect(await visibleFactIds(page)).toHaveLength(FACT_COUNT);
    await expect(page.locator("#search-results").isVisible()).resolves.toBe(false);
    await expect(page.locator("#upcoming").isVisible()).resolves.toBe(true);
    await expect(
      page.locator("#domain-strata tr.fact-row").evaluateAll((rows) => rows.map((row) => row.id)),
    ).resolves.toContain("bc.strata.form_b_fee");
    await page.close();
  });

  it('finds the rent cap for "rent cap 2027", whose 2027 cap is not recorded here yet, and shows that with the page to check', async () => {
    const page = await openCatalog();
    // The site is built on the newest retrieved_iso of the data, after 2026-09-30, when the 2027 cap was due.
    await page.locator("#search-query").fill("rent cap 2027");
    expect(await visibleFactIds(page)).toEqual(["bc.rent_cap.2026"]);
    await expect(fact(page, "bc.rent_cap.2026").locator(".scheduled-cell").innerText()).resolves.toBe(
      "next value not recorded here yet (expected by Sep 30, 2026); check BC Residential Tenancy Branch",
    );
    await expect(page.locator("#upcoming li.past-due").textContent()).resolves.toMatch(
      /^Not recorded here yet, expected by September 30, 2026: B\.C\. maximum allowable rent increase \(yearly cap\)The 2027 rent cap.*\(check BC Residential Tenancy Branch\)$/,
    );

    await page.goto(`${server.url}/bc.rent_cap.2026.html`);
    await expect(page.locator(".expected.past-due").isVisible()).resolves.toBe(true);
    await expect(page.locator(".expected.past-due").innerText()).resolves.toMatch(
      /Not recorded here yet: it was expected by September 30, 2026, and no newer value is recorded here\. It may have been announced since: check BC Residential Tenancy Branch before relying on the value above/,
    );
    await expect(page.locator(".expected a").getAttribute("href")).resolves.toBe(
      "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
    );
    await page.close();
  });

  it("filters by domain and hides the other domains' sections", async () => {
    const page = await openCatalog();
    await page.locator("#search-domain").selectOption("rental");
    const ids = await visibleFactIds(page);
    expect(RENTAL_IDS).toContain("bc.straa");
    expect(ids.sort()).toEqual(RENTAL_IDS.sort());
    await expect(
      page.locator("section.domain:visible").evaluateAll((sections) => sections.map((section) => section.id)),
    ).resolves.toEqual(["domain-rental"]);

    // Search and filter combine; the address keeps both so the view can be shared.
    await page.locator("#search-query").fill("short-term");
    expect((await visibleFactIds(page)).sort()).toEqual([
      "bc.str.principal_residence_areas",
      "bc.str.registry_fees",
      "bc.straa",
    ]);
    expect(new URL(page.url()).searchParams.get("domain")).toBe("rental");

    await page.locator("#search-domain").selectOption("");
    await page.locator("#search-query").fill("");
    expect(await visibleFactIds(page)).toHaveLength(await page.locator("tr.fact-row").count());
    expect(await visibleFactIds(page)).toHaveLength(FACT_COUNT);
    await page.close();
  });

  it("lands on a fact from its /#<fact_id> link, as the RSS feed links it", async () => {
    const page = await openCatalog("#bc.hbrp");
    const box = await fact(page, "bc.hbrp").boundingBox();
    expect(box).not.toBeNull();
    // In the viewport (900 px high) and not at the top of the page, where it would be without the anchor.
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900);
    expect(await page.evaluate("window.scrollY")).toBeGreaterThan(1000);

    // A link to a fact the current filter hides clears the filter rather than landing nowhere.
    await page.locator("#search-domain").selectOption("tax");
    await page.goto(`${server.url}/#bc.straa`);
    await expect(fact(page, "bc.straa").isVisible()).resolves.toBe(true);
    const straa = await fact(page, "bc.straa").boundingBox();
    expect(straa!.y).toBeGreaterThanOrEqual(0);
    expect(straa!.y).toBeLessThan(900);
    await page.close();
  });

  it("reads without JavaScript: every fact visible, no dead search form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await visibleFactIds(page)).toHaveLength(FACT_COUNT);
    await expect(page.locator("#fact-search").isVisible()).resolves.toBe(false);
    await expect(fact(page, "bc.ptt.brackets").locator(".value-line").innerText()).resolves.toBe(
      "1% up to $200,000; 2% up to $2,000,000; 3% up to $3,000,000; 5% above $3,000,000",
    );
    // The fragment still lands on the fact with scripting off.
    await page.goto(`${server.url}/#bc.rent_cap.2026`);
    const box = await fact(page, "bc.rent_cap.2026").boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900);
    await context.close();
  });

  /** axe-core's violations on the page as it stands, with up to three offending nodes each. */
  const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
    await page.addScriptTag({ content: axeSource });
    return (await page.evaluate(
      `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
    )) as AxeViolation[];
  };

  it("runs axe-core for real: a planted unlabelled field and low-contrast text are caught", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/changelog.html`);
    await page.evaluate(
      `document.querySelector("main").insertAdjacentHTML("beforeend", '<input type="text"><p style="color:#bbb">faint</p>')`,
    );
    const ids = (await axeViolations(page)).map((violation) => violation.id);
    expect(ids).toEqual(expect.arrayContaining(["label", "color-contrast"]));
    await page.close();
  });

  it(
    "has no serious or critical axe-core violation on a page of each kind, at 1280 and at 375 px",
    async () => {
      // Every page the build writes that is not a fact's (the catalog, sources, change log, index, calculators,
      // methodology, verification dates, the 404 page), and fact pages, which share one template, by the two that between them show every block it has: earlier
      // periods, a yearly series and an expected announcement (the rent cap), and scheduled changes (the speculation
      // and vacancy tax). The frozen data keeps them so.
      const FACT_PAGES = ["bc.rent_cap.2026", "bc.svt.rates_2026"];
      const all = (await readdir(siteDir)).filter((file) => file.endsWith(".html")).sort();
      expect(all).toHaveLength(FACT_COUNT + 9);
      const factPages = new Set(FACT_FILES.map((file) => `${path.basename(file, ".json")}.html`));
      // Place pages share one template too: a municipality of a regional district, and a place in none.
      const files = [
        ...all.filter((file) => !factPages.has(file)),
        ...FACT_PAGES.map((id) => `${id}.html`),
        "places/kamloops.html",
        "places/northern-rockies.html",
      ];
      for (const file of files.filter((each) => !each.startsWith("places/"))) expect(all, file).toContain(file);
      const blocking: string[] = [];
      for (const width of [1280, 375]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        for (const file of files) {
          await page.goto(`${server.url}/${file}`);
          const violations = await axeViolations(page);
          for (const violation of violations) {
            const line = `${file} at ${width} px: ${violation.id} (${violation.impact}): ${violation.help} ${JSON.stringify(violation.nodes)}`;
            if (violation.impact === "serious" || violation.impact === "critical") blocking.push(line);
            else console.info(`minor axe finding: ${line}`);
          }
        }
        await page.close();
      }
      expect(blocking).toEqual([]);
    },
    LIMITS.longTest,
  );

  it("leads from a fact's row in the catalog to its own page, with every source quoted, and back", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    const fact_ = JSON.parse(
      await readFile(path.join(frozenData().root, "facts/foreign-buyer/ca.foreign_buyer_ban.json"), "utf8"),
    ) as {
      label: string;
      citations: { url: string; quote?: string }[];
      scheduled?: { citations: { quote?: string }[] }[];
    };
    await fact(page, "ca.foreign_buyer_ban").getByRole("link", { name: fact_.label }).click();
    await page.waitForURL(/\/ca\.foreign_buyer_ban\.html$/);
    const quoted = [...fact_.citations, ...(fact_.scheduled ?? []).flatMap((change) => change.citations)].filter(
      (citation) => citation.quote,
    ).length;
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(fact_.label);
    // Its own sources and those of what is scheduled for it, each with its quoted passage.
    await expect(page.locator("blockquote.quote").count()).resolves.toBe(quoted);
    // A fact id in the description is a link to that fact's page.
    await expect(page.locator(".description a").first().getAttribute("href")).resolves.toBe(
      "ca.foreign_buyer_ban.exemptions.html",
    );

    // Back by the breadcrumb: the catalog opens on the fact's row, in view.
    await page.getByRole("link", { name: /in the catalog$/ }).click();
    await page.waitForURL(/#ca\.foreign_buyer_ban$/);
    const row = (await fact(page, "ca.foreign_buyer_ban").boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(0);
    expect(row.y).toBeLessThan(900);

    // And by the browser's Back button from another fact's page.
    await fact(page, "bc.straa").getByRole("link").click();
    await page.waitForURL(/\/bc\.straa\.html$/);
    await page.goBack();
    await expect(fact(page, "bc.straa").isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("is short enough to scan: at 1280 px the catalog is at most a tenth of its height before the rows", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    await page.locator('#fact-search[data-source="index"]').waitFor({ state: "attached" });
    // Measured when every fact was expanded, in this Chromium at 1280 px: 60,590 px for 47 facts. A tenth of that per
    // fact (129 px) keeps the page scannable as facts are added.
    expect(await page.evaluate("document.documentElement.scrollHeight")).toBeLessThanOrEqual(129 * FACT_COUNT);
    await expect(page.locator("tr.fact-row").count()).resolves.toBe(FACT_COUNT);
    await page.close();
  });

  it("shows a label and a money value as a reader sees them, in the catalog and on the fact's page", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/`);
    const grant = fact(page, "bc.home_owner_grant.threshold");
    await expect(grant.locator(".value-line").innerText()).resolves.toMatch(
      /^Assessed value threshold \(the grant phases out above it\): \$2,075,000; /,
    );
    await expect(fact(page, "bc.rent_cap.2026").locator(".value-line").innerText()).resolves.toContain(
      "Largest allowed rent increase: 2.3%",
    );

    await page.goto(`${server.url}/bc.home_owner_grant.threshold.html`);
    // The current value comes first; earlier versions follow in the history.
    const field = (label: string) =>
      page
        .locator(".value")
        .first()
        .locator("dt")
        .getByText(label, { exact: true })
        .locator("xpath=following-sibling::dd[1]");
    await expect(
      field("Basic grant in the Capital, Fraser Valley and Metro Vancouver regional districts (maximum)").innerText(),
    ).resolves.toBe("$570");
    await expect(field("Basic grant elsewhere in B.C. (maximum)").innerText()).resolves.toBe("$770");
    // No label is a key name: none says "cad", none has an underscore; and no unit code reaches the reader.
    const labels = await page.locator(".value dt, .value th").allInnerTexts();
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) expect(label).not.toMatch(/\bcad\b|_/i);
    await expect(page.locator("main").innerText()).resolves.not.toMatch(
      /CAD-bracket-array|thresholds-CAD|fraction-and-rules/,
    );

    await page.goto(`${server.url}/bc.svt.rates_2026.html`);
    await expect(page.locator(".value").first().innerText()).resolves.toMatch(
      /Rate for foreign owners and untaxed worldwide earners\s+3%/,
    );
    await page.close();
  });

  it("draws the affordability chart within a phone's width, every published month a visible marker", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${server.url}/affordability.html`);
    // On a phone the narrow drawing is the one shown (the wide one is for a desktop).
    const chart = page.locator("svg.index-chart-narrow");
    await expect(chart.isVisible()).resolves.toBe(true);
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // As many markers as the series JSON publishes months, each drawn with a non-zero size.
    const series = (await (await page.request.get(`${server.url}/api/v1/affordability-index/index.json`)).json()) as {
      series: unknown[];
    };
    const markers = chart.locator("[data-quality]");
    await expect(markers.count()).resolves.toBe(series.series.length);
    for (const marker of await markers.all()) expect((await marker.boundingBox())!.width).toBeGreaterThan(2);
    await page.close();
  });
});
