import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fact, factAsOf, roundCents } from "../../packages/client/src/index.ts";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the translated calculators page tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** Screenshots for a person to look at: each translated page with an answer shown, at both widths. */
const SHOTS = path.join(os.tmpdir(), "calculators-translated-shots");
const WIDTHS = [1280, 375] as const;
const POLL = { timeout: LIMITS.wait } as const;

/** The registration date of the foreign buyer's transfer: in 2017 the additional tax was its first version's rate. */
const REGISTERED = "2017-06-01";
/** The additional tax the test asks the page for, in dollars. */
const ADDITIONAL = 108_500;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Every key of the English messages: none may reach a reader as text. */
const englishKeys = async (): Promise<Set<string>> => {
  const file = path.join(import.meta.dirname, "../../site/words/en.json");
  return new Set(Object.keys((JSON.parse(await readFile(file, "utf8")) as { pages: object }).pages));
};

describe.skipIf(!available)("the calculators page in every language, in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let browser: Browser;
  let axeSource: string;
  let keys: Set<string>;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-calculators-translated-");
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    keys = await englishKeys();
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (folder: string, width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${site!.server.url}/${folder}/calculators.html`);
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    return page;
  };

  const output = (page: Page, id: string): Locator => page.locator(`#${id}-output`);

  /** The figure of the row at `index` of a calculator's first results list (its terms are in the page's language). */
  const figureAt = (page: Page, id: string, index: number): Promise<string | null> =>
    output(page, id).locator(".calc-results:not(.calc-headline) > div").nth(index).locator("dd").textContent();

  /**
   * The price on which the additional tax for foreign buyers comes to $108,500 in 2017, from the rate of the period of
   * bc.ptt.foreign_buyer_additional in force then, as the site publishes it.
   */
  const priceForAdditional = async (): Promise<{ price: number; rate: number }> => {
    const response = await fetch(`${site!.server.url}/api/v1/facts/by-id/bc.ptt.foreign_buyer_additional.json`);
    const fact = ((await response.json()) as { fact: Fact }).fact;
    const period = factAsOf(fact, REGISTERED);
    if (period === undefined)
      throw new Error(`bc.ptt.foreign_buyer_additional has no period in force on ${REGISTERED}`);
    const { rate } = period.value as { rate: number };
    const price = roundCents(ADDITIONAL / rate);
    return { price, rate };
  };

  /** Asks the page for a foreign buyer's transfer in Burnaby (Metro Vancouver, a specified area since 2016). */
  const askForeignBuyer = async (page: Page, price: number): Promise<void> => {
    await page.locator("#ptt-price").fill(String(price));
    await page.locator("#ptt-foreign").check();
    await page.locator("#ptt-place").fill("Burnaby");
    await page.locator("#ptt-date").fill(REGISTERED);
  };

  const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
    await page.addScriptTag({ content: axeSource });
    return (await page.evaluate(
      `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
    )) as AxeViolation[];
  };

  it(
    "writes a French foreign buyer's 2017 additional tax as French money: 108 500 $",
    async () => {
      const { price, rate } = await priceForAdditional();
      // The price is rounded to cents: the tax on it is still $108,500 to the cent.
      expect(roundCents(price * rate)).toBe(ADDITIONAL);
      const page = await open("fr-CA", 1280);
      await askForeignBuyer(page, price);
      // The rows: general tax, exemption, then the additional tax for foreign buyers (« Taxe supplémentaire… »).
      await expect.poll(() => figureAt(page, "ptt", 2), POLL).toMatch(/^108[\u00a0\u202f]500[\u00a0\u202f]\$$/);
      const additional = output(page, "ptt").locator(".calc-results:not(.calc-headline) > div").nth(2);
      await expect(additional.locator("dt").textContent()).resolves.toBe(
        "Taxe supplémentaire pour les acheteurs étrangers",
      );
      // The place's rule, in French: its kind and why it answers so in French, the names as the register writes them.
      await expect(output(page, "ptt").locator(".calc-place").textContent()).resolves.toMatch(
        /^Lieu : Burnaby \(ville \(city\), Metro Vancouver Regional District\)\. .* : oui\. Burnaby fait partie de /,
      );
      await expect(output(page, "ptt").locator('.calc-place [lang="en-CA"]').count()).resolves.toBe(0);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "says the calculators' own working in French, each line from its code, with no notice of English",
    async () => {
      const { price } = await priceForAdditional();
      const page = await open("fr-CA", 1280);
      await askForeignBuyer(page, price);
      await expect.poll(() => figureAt(page, "ptt", 2), POLL).toMatch(/^108/);
      const working = output(page, "ptt").locator('details[data-fold="working"]');
      await working.locator("summary").click();
      await expect(working.locator("summary").textContent()).resolves.toBe("Comment le calcul est fait");
      await expect(working.locator(".calc-in-english").count()).resolves.toBe(0);
      // Each of the calculator's lines is the page's French, with its sum beside it in French too.
      const labels = working.locator(".line-label");
      await expect.poll(() => labels.count(), POLL).toBeGreaterThan(0);
      for (const label of await labels.all()) await expect(label.getAttribute("lang")).resolves.toBeNull();
      await expect(labels.allTextContents()).resolves.toContainEqual(
        expect.stringMatching(/^Taxe supplémentaire pour les acheteurs étrangers sur la part résidentielle : Burnaby/),
      );
      await expect(working.locator(".line-sum").allTextContents()).resolves.toContainEqual(
        expect.stringMatching(/108[\u00a0\u202f]500[\u00a0\u202f]\$$/),
      );
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "has no accessibility violation on the French page with a result shown, at %i px",
    async (width) => {
      const { price } = await priceForAdditional();
      const page = await open("fr-CA", width);
      await askForeignBuyer(page, price);
      await expect.poll(() => figureAt(page, "ptt", 2), POLL).toMatch(/^108/);
      // Every fold of the answer open, so that what they hold is checked too.
      for (const summary of await output(page, "ptt").locator("details.calc-fold > summary").all())
        await summary.click();
      await page.screenshot({ path: path.join(SHOTS, `fr-CA-ptt-${width}.png`), fullPage: true });
      await expect(axeViolations(page)).resolves.toEqual([]);
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
      await page.close();
    },
    LIMITS.test,
  );

  it.each(TRANSLATIONS.map((locale) => [locale.code, locale.tag] as const))(
    "renders %s with its language, and no message key reaches the reader",
    async (folder, tag) => {
      const page = await open(folder, 1280);
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe(tag);
      await page.locator("#purchase-form #buy-price").fill("650000");
      await page.locator("#buy-down").fill("20%");
      await page.locator("#buy-rate").fill("4.5");
      await page.locator("#buy-income").fill("180000");
      await expect.poll(() => output(page, "purchase").locator(".calc-verdict").count(), POLL).toBe(1);
      // The down payment typed as a share is said in the page's words and figures.
      await expect(page.locator("#buy-down-amount").textContent()).resolves.not.toContain("of the price");
      const text = await page.locator("body").innerText();
      expect((text.match(/\b[a-z-]+(?:\.[a-z0-9-]+)+\b/g) ?? []).filter((word) => keys.has(word))).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `${folder}-purchase-1280.png`), fullPage: true });
      await page.close();
    },
    LIMITS.test,
  );
});
