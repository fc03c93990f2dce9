import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { DEFAULT_REPOSITORY, repositoryFromEnvironment } from "../../src/lib/config.ts";
import { escapeHtml } from "../../src/lib/text.ts";
import {
  CONTRIBUTING_CHECKS_ANCHOR,
  REPORT_ERROR_FIELDS,
  REPORT_ERROR_TEMPLATE,
} from "../../src/render/pages/page-layout.ts";
import { createStaticServer, type StaticServer } from "../../src/server/static-server.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { PROJECT_ROOT, runScript } from "../helpers/run-script.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the site frame browser tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/**
 * The repository the test build names, so the links do not depend on the GITHUB_REPOSITORY of whoever runs the tests.
 */
const REPOSITORY = "example-owner/example-facts";
const DISCLAIMER = "general information, not legal, tax or financial advice";
const FORM_FILE = path.join(PROJECT_ROOT, ".github/ISSUE_TEMPLATE", REPORT_ERROR_TEMPLATE);
const FACT_ID = "bc.ptt.brackets";

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

interface IssueForm {
  name: string;
  description: string;
  body: {
    type: string;
    id?: string;
    attributes: { label?: string; value?: string };
    validations?: { required?: boolean };
  }[];
}

const readForm = async (): Promise<IssueForm> => parseYaml(await readFile(FORM_FILE, "utf8")) as IssueForm;

describe("the report-error issue form", () => {
  it("parses as an issue form whose required fields include the ones the fact pages fill in", async () => {
    const form = await readForm();
    expect(form.name).toEqual(expect.any(String));
    expect(form.description).toEqual(expect.any(String));
    const fields = form.body.filter((item) => item.type !== "markdown");
    // GitHub refuses a form whose fields lack an id or a label, or repeat an id.
    for (const field of fields) {
      expect(field.id, JSON.stringify(field)).toMatch(/^[a-z_]+$/);
      expect(field.attributes.label, field.id).toEqual(expect.any(String));
    }
    const ids = fields.map((field) => field.id);
    expect(new Set(ids).size).toBe(ids.length);
    const required = fields.filter((field) => field.validations?.required === true).map((field) => field.id);
    expect(required).toEqual(
      expect.arrayContaining([...Object.values(REPORT_ERROR_FIELDS), "what_is_wrong", "source"]),
    );
  });
});

describe("the repository the fact pages link to", () => {
  it("is FACTS_REPOSITORY, else GITHUB_REPOSITORY, else the documented default; anything but owner/name is refused by name", () => {
    expect(repositoryFromEnvironment({})).toBe(DEFAULT_REPOSITORY);
    expect(repositoryFromEnvironment({ GITHUB_REPOSITORY: "runner/repo" })).toBe("runner/repo");
    expect(repositoryFromEnvironment({ GITHUB_REPOSITORY: "runner/repo", FACTS_REPOSITORY: "mine/facts.data" })).toBe(
      "mine/facts.data",
    );
    expect(repositoryFromEnvironment({ FACTS_REPOSITORY: "", GITHUB_REPOSITORY: "runner/repo" })).toBe("runner/repo");
    expect(() => repositoryFromEnvironment({ FACTS_REPOSITORY: "https://github.com/mine/facts" })).toThrow(
      'FACTS_REPOSITORY must be a GitHub repository as owner/name (e.g. bc-real-estate-facts/bc-real-estate-facts), got "https://github.com/mine/facts"',
    );
    expect(() => repositoryFromEnvironment({ GITHUB_REPOSITORY: "only-owner" })).toThrow(
      /^GITHUB_REPOSITORY must be a GitHub repository as owner\/name/,
    );
    expect(() => repositoryFromEnvironment({ FACTS_REPOSITORY: "a/b/c" })).toThrow(/^FACTS_REPOSITORY must be/);
  });
});

describe.skipIf(!available)("the site frame in headless Chromium, served by the local server", () => {
  let server: StaticServer;
  let origin = "";
  let parent = "";
  let siteDir = "";
  let browser: Browser;
  let axeSource: string;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), "facts-frame-"));
    siteDir = path.join(parent, "_site");
    await mkdir(siteDir);
    // The server listens first, so its address can be the base URL of the build, as `npm start` builds for its own.
    server = await createStaticServer({ root: siteDir });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const build = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", siteDir], {
      env: { FACTS_BASE_URL: origin, FACTS_TODAY: frozenData().today, FACTS_REPOSITORY: REPOSITORY },
    });
    if (build.code !== 0) throw new Error(`build failed:\n${build.stderr}`);
    await server.reload();
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    browser = await launchChromium();
    // A whole pipeline: the build of every page in every language, then the server compressing each file of the tree
    // at its best levels, as it does when it starts.
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    if (parent) await rm(parent, { recursive: true, force: true });
  });

  /** A page that may reach the local server only: anything else would be a bug in the pages. */
  const openPage = async (width = 1280): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    return page;
  };

  it("answers a missing page, at any depth, with the HTML 404 page in the site's frame and status 404", async () => {
    const page = await openPage();
    for (const missing of ["/no-such-page.html", "/a/b/c/deeper"]) {
      const response = await page.goto(`${origin}${missing}`);
      expect(response?.status(), missing).toBe(404);
      expect(response?.headers()["content-type"], missing).toBe("text/html; charset=utf-8");
      expect(response?.headers()["cache-control"], missing).toBe("no-store");
      await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
      await expect(page.locator("header.site-header nav a").allTextContents()).resolves.toEqual(
        expect.arrayContaining(["Catalog", "Sources", "Change log", "Affordability index"]),
      );
      await expect(page.locator("footer.site-footer").textContent()).resolves.toContain(DISCLAIMER);
      // The stylesheet is linked from the site's root, so it applies at any depth: the header has its green rule.
      await expect(
        page.evaluate(`getComputedStyle(document.querySelector("header.site-header")).borderBottomColor`),
      ).resolves.toBe("rgb(15, 81, 50)");
    }
    // The way back: the navigation leads to the catalog from any depth.
    await page.getByRole("link", { name: "Catalog", exact: true }).click();
    await page.waitForURL(`${origin}/`);
    await page.close();
  });

  it("searches the catalog from the 404 page", async () => {
    const page = await openPage();
    await page.goto(`${origin}/rent-cap`);
    await page.getByRole("searchbox", { name: "Search the facts" }).fill("rent cap");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${origin}/?q=rent+cap`);
    // The catalog reads its query from ?q= into its own search field.
    await expect(page.locator('main input[name="q"]').inputValue()).resolves.toBe("rent cap");
    await page.close();
  });

  it("keeps the JSON 404 for programs under /api/ and /.well-known/", async () => {
    for (const missing of ["/api/v1/nope.json", "/api/v1/facts/by-id/nope.json", "/.well-known/nope"]) {
      const response = await fetch(`${origin}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get("content-type"), missing).toBe("application/json; charset=utf-8");
      expect(((await response.json()) as { error: string }).error, missing).toBe("not_found");
    }
  });

  it("has no axe-core violation on the 404 page", async () => {
    const page = await openPage();
    await page.goto(`${origin}/no/such/page`);
    await page.addScriptTag({ content: axeSource });
    const violations = (await page.evaluate(
      `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
    )) as AxeViolation[];
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.close();
  });

  it("gives every page kind the favicon, which resolves as SVG, and a footer with the disclaimer and the date of what the page shows", async () => {
    const lastChangeOf = (...paths: string[]) => {
      const seconds = execFileSync("git", ["log", "-1", "--format=%ct", "--", ...paths], {
        cwd: frozenData().root,
        encoding: "utf8",
      }).trim();
      return new Date(Number(seconds) * 1000).toISOString().replace(/\.000Z$/, "Z");
    };
    const factFile = execFileSync("git", ["ls-files", `facts/*/${FACT_ID}.json`], {
      cwd: frozenData().root,
      encoding: "utf8",
    }).trim();
    // Each page is dated by what it shows: the pages that list every fact by the newest change to the data (and the
    // build day their in-effect lists count from), a fact's page by the fact's own last change, the index's page by its
    // inputs'; a page of other content carries no date, so an edit elsewhere leaves it as it was.
    const cases: ReadonlyArray<readonly [string, RegExp | undefined, string | undefined]> = [
      [
        "/",
        /^The data last changed on .+ UTC, .+\.\s+This copy of the site was built on \w+ \d{1,2}, \d{4};/,
        lastChangeOf("facts", "index-data"),
      ],
      ["/sources.html", /^The data last changed on /, lastChangeOf("facts", "index-data")],
      ["/changelog.html", /^The data last changed on /, lastChangeOf("facts", "index-data")],
      ["/transparency.html", /^The data last changed on /, lastChangeOf("facts", "index-data")],
      [
        "/affordability.html",
        /^The index's inputs last changed on .+ UTC, when the newest month or revision of them was recorded\.$/,
        lastChangeOf("index-data"),
      ],
      [
        `/${FACT_ID}.html`,
        /^This fact last changed on .+ UTC, when its newest revision or re-verification was recorded\.$/,
        lastChangeOf(factFile),
      ],
      ["/calculators.html", undefined, undefined],
      ["/methodology.html", undefined, undefined],
      ["/missing/page", undefined, undefined],
    ];
    const page = await openPage();
    for (const [pagePath, words, changedAt] of cases) {
      await page.goto(`${origin}${pagePath}`);
      const icon = await page.locator('link[rel="icon"]').getAttribute("href");
      const iconResponse = await fetch(new URL(icon ?? "", page.url()));
      expect(iconResponse.status, pagePath).toBe(200);
      expect(iconResponse.headers.get("content-type"), pagePath).toBe("image/svg+xml; charset=utf-8");
      expect(await iconResponse.text(), pagePath).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

      const footer = page.locator("footer.site-footer");
      await expect(footer.locator(".disclaimer").isVisible(), pagePath).resolves.toBe(true);
      await expect(footer.locator(".disclaimer").textContent(), pagePath).resolves.toContain(
        `This site gives ${DISCLAIMER}.`,
      );
      const dates = footer.locator(".data-dates");
      if (words === undefined) {
        await expect(dates.count(), pagePath).resolves.toBe(0);
        continue;
      }
      await expect(dates.locator("time").first().getAttribute("datetime"), pagePath).resolves.toBe(changedAt);
      await expect(dates.textContent(), pagePath).resolves.toMatch(words);
      if (pagePath === "/")
        await expect(dates.locator("time").nth(1).getAttribute("datetime"), pagePath).resolves.toBe(frozenData().today);
    }
    await page.close();
  });

  it("puts the disclaimer footer and the favicon on every HTML page of the tree", async () => {
    const pages = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(40);
    // A translated page says it in its language, in the words its file gives (a page at the root is English).
    const disclaimers = new Map<string, string>();
    for (const locale of TRANSLATIONS) {
      const { pages: messages } = JSON.parse(
        await readFile(path.join(PROJECT_ROOT, "site/words", `${locale.code}.json`), "utf8"),
      ) as { pages: Record<string, string> };
      disclaimers.set(locale.folder, escapeHtml(/<strong>(.*?)<\/strong>/.exec(messages["footer.disclaimer"]!)![1]!));
    }
    for (const file of pages) {
      const text = await readFile(path.join(siteDir, file), "utf8");
      const footer = text.slice(text.indexOf('<footer class="site-footer">'));
      const disclaimer = disclaimers.get(file.split(path.sep)[0]!) ?? `This site gives ${DISCLAIMER}.`;
      expect(footer, file).toContain(`<p class="disclaimer"><strong>${disclaimer}</strong>`);
      expect(text, file).toMatch(/<link rel="icon" href="[^"]*favicon\.svg" type="image\/svg\+xml">/);
    }
  });

  it("links every fact page to the report-error form prefilled with the fact's id, version and page, and to its file", async () => {
    const form = await readForm();
    const formIds = new Set(form.body.map((item) => item.id).filter((id) => id !== undefined));
    const page = await openPage(375);
    await page.goto(`${origin}/${FACT_ID}.html`);
    const json = (await (await fetch(`${origin}/api/v1/facts/by-id/${FACT_ID}.json`)).json()) as {
      fact: { version: number };
    };

    const report = page.getByRole("link", { name: "Report an error in this fact" });
    await expect(report.isVisible()).resolves.toBe(true);
    const url = new URL((await report.getAttribute("href")) ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`https://github.com/${REPOSITORY}/issues/new`);
    expect(url.searchParams.get("template")).toBe(REPORT_ERROR_TEMPLATE);
    expect(existsSync(FORM_FILE)).toBe(true);
    expect(url.searchParams.get(REPORT_ERROR_FIELDS.factId)).toBe(FACT_ID);
    expect(url.searchParams.get(REPORT_ERROR_FIELDS.version)).toBe(String(json.fact.version));
    // The version a reader sees on the page is the one the form is filled with.
    await expect(page.locator("dl.fact-meta div", { hasText: "Version" }).locator("dd").textContent()).resolves.toBe(
      String(json.fact.version),
    );
    expect(url.searchParams.get(REPORT_ERROR_FIELDS.page)).toBe(page.url());
    expect(url.searchParams.get("title")).toContain(FACT_ID);
    // Every parameter but the template and the title fills a field of the form: GitHub fills fields by id.
    const filled = [...url.searchParams.keys()].filter((key) => key !== "template" && key !== "title");
    expect(filled.sort()).toEqual(Object.values(REPORT_ERROR_FIELDS).sort());
    for (const key of filled) expect(formIds.has(key), key).toBe(true);

    const edit = page.getByRole("link", { name: "Edit on GitHub" });
    const editUrl = (await edit.getAttribute("href")) ?? "";
    expect(editUrl).toBe(`https://github.com/${REPOSITORY}/edit/main/facts/tax/${FACT_ID}.json`);
    expect(existsSync(path.join(frozenData().root, "facts/tax", `${FACT_ID}.json`))).toBe(true);

    // The web editor runs no check: the link is described by a line saying so, which links to the local steps.
    const noteId = (await edit.getAttribute("aria-describedby")) ?? "";
    const note = page.locator(`[id="${noteId}"]`);
    await expect(note.isVisible()).resolves.toBe(true);
    expect((await note.textContent())?.replace(/\s+/g, " ")).toBe(
      "GitHub's web editor cannot run the checks: run npm run fix and npm run check locally before proposing a change.",
    );
    const steps = note.getByRole("link", { name: "run npm run fix and npm run check locally" });
    expect(await steps.getAttribute("href")).toBe(
      `https://github.com/${REPOSITORY}/blob/main/CONTRIBUTING.md#${CONTRIBUTING_CHECKS_ANCHOR}`,
    );
    // GitHub anchors a heading by its words, lowercase, joined by hyphens: the anchor must be a heading of the file.
    const contributing = await readFile(path.join(PROJECT_ROOT, "CONTRIBUTING.md"), "utf8");
    const anchors = [...contributing.matchAll(/^#+ (.+)$/gm)].map((match) =>
      match[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} -]/gu, "")
        .replaceAll(" ", "-"),
    );
    expect(anchors).toContain(CONTRIBUTING_CHECKS_ANCHOR);
    expect(contributing).toMatch(/npm run fix[\s\S]*npm run check/);
    // At 375 px the line wraps inside the page: nothing reaches past the viewport, and the page never scrolls sideways.
    const box = await note.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(375);
    await page.close();
  });

  it("gives every fact page its own report and edit links, naming a fact file that exists", async () => {
    const catalog = (await (await fetch(`${origin}/api/v1/facts/index.json`)).json()) as {
      facts: { id: string; domain: string; version: number }[];
    };
    expect(catalog.facts.length).toBeGreaterThan(40);
    for (const fact of catalog.facts) {
      const text = await readFile(path.join(siteDir, `${fact.id}.html`), "utf8");
      const reports = [...text.matchAll(/<a href="([^"]+)">Report an error in this fact<\/a>/g)].map(
        (match) => new URL(match[1]!.replaceAll("&amp;", "&")),
      );
      expect(reports, fact.id).toHaveLength(1);
      expect(reports[0]!.searchParams.get(REPORT_ERROR_FIELDS.factId), fact.id).toBe(fact.id);
      expect(reports[0]!.searchParams.get(REPORT_ERROR_FIELDS.version), fact.id).toBe(String(fact.version));
      expect(reports[0]!.searchParams.get(REPORT_ERROR_FIELDS.page), fact.id).toBe(`${origin}/${fact.id}.html`);
      const edit = text.match(/<a href="([^"]+)" aria-describedby="edit-note">Edit on GitHub<\/a>/)?.[1] ?? "";
      expect(text, fact.id).toContain(
        `<p class="report-note" id="edit-note">GitHub&#39;s web editor cannot run the checks`,
      );
      const prefix = `https://github.com/${REPOSITORY}/edit/main/`;
      expect(edit.startsWith(prefix), fact.id).toBe(true);
      expect(existsSync(path.join(frozenData().root, edit.slice(prefix.length))), edit).toBe(true);
    }
  });
});
