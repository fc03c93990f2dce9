import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "../render/browser.ts";
import { type BuiltSite, serveBuiltProject } from "../render/built-site.ts";

const available = hasChromium();
if (!available) console.warn(`SKIPPED: the translated pages' axe test needs Debian's Chromium at ${CHROMIUM}.`);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
}

/** One page of each kind a reader of a translation opens first: the catalog, a fact, the calculators and a place. */
const PAGES = ["", "bc.ptt.brackets.html", "calculators.html", "places/kamloops.html"];

describe.skipIf(!available)("the translated pages in headless Chromium", () => {
  let site: BuiltSite;
  let browser: Browser;
  let axeSource: string;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-translated-axe-");
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    browser = await launchChromium();
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const violations = async (page: Page): Promise<AxeViolation[]> => {
    await page.addScriptTag({ content: axeSource });
    return (await page.evaluate(
      `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
    )) as AxeViolation[];
  };

  it.each(TRANSLATIONS.map((locale) => [locale.code, locale] as const))(
    "%s: axe finds no violation on the catalog, a fact page, the calculators and a place, at 1280 and 375 px",
    async (_code, locale) => {
      const page = await browser.newPage();
      const found: string[] = [];
      for (const [width, height] of [
        [1280, 900],
        [375, 667],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const path of PAGES) {
          await page.goto(`${site.server.url}/${locale.folder}/${path}`);
          expect(await page.getAttribute("html", "lang")).toBe(locale.tag);
          for (const violation of await violations(page))
            found.push(
              `${locale.code}/${path} at ${width} px: ${violation.id} (${violation.impact}): ${violation.help}`,
            );
        }
      }
      expect(found).toEqual([]);
      await page.close();
    },
    LIMITS.longTest,
  );
});
