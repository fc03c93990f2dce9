import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the places tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** Screenshots for a person to look at: the Surrey transfer with the city chosen, a place page, the places index. */
const SHOTS = path.join(os.tmpdir(), "i46-place-shots");
const WIDTHS = [1280, 375] as const;
const POLL = { timeout: LIMITS.wait } as const;

describe.skipIf(!available)("places in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-places-");
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (width: number, file: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${site!.server.url}/${file}`);
    return page;
  };

  it.each(WIDTHS)(
    "charges the Surrey buyer of 2018 one total once the city is chosen, naming the rule that decided it, at %i px",
    async (width) => {
      const page = await open(width, "calculators.html");
      await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
      const form = page.locator("#ptt-form");
      await form.getByLabel("Purchase price", { exact: true }).fill("3400000");
      await form.getByLabel("Foreign buyer", { exact: true }).check();
      await form.getByLabel("Registration date", { exact: true }).fill("2018-03-01");
      // Without the place the additional tax is only given apart: the reader was asked what only the rules know.
      const total = () =>
        page
          .locator("#ptt-output .calc-results > div")
          .filter({ has: page.getByText("Property transfer tax", { exact: true }) })
          .first()
          .locator("dd")
          .textContent();
      await expect.poll(total, POLL).toBe("$88,000");
      // The municipality, chosen from the register's list: its rules decide.
      await form.getByLabel("Municipality or area", { exact: true }).fill("Surrey");
      await expect.poll(total, POLL).toBe("$768,000");
      await expect(
        page.locator("#ptt-output").getByText("If in a specified area", { exact: true }).count(),
      ).resolves.toBe(0);
      const note = page.locator("#ptt-output .calc-place");
      await expect(note.textContent()).resolves.toMatch(
        /^Where: Surrey \(city, Metro Vancouver Regional District\)\. Additional property transfer tax for foreign buyers \(specified area\) on March 1, 2018: yes\. Surrey is in Metro Vancouver Regional District, named in the specified areas .* Read from Specified areas for B\.C\.'s additional property transfer tax, version 2\. What applies in Surrey$/,
      );
      await expect(note.getByRole("link", { name: "What applies in Surrey" }).getAttribute("href")).resolves.toBe(
        "places/surrey.html",
      );
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
      await page.locator("#ptt").screenshot({ path: path.join(SHOTS, `surrey-2018-foreign-buyer-${width}.png`) });
      await page.close();
    },
  );

  it("refuses a misspelled municipality at its field, with the nearest names", async () => {
    const page = await open(1280, "calculators.html");
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    const form = page.locator("#ptt-form");
    await form.getByLabel("Purchase price", { exact: true }).fill("650000");
    await form.getByLabel("Municipality or area", { exact: true }).fill("Kamlops");
    await expect
      .poll(() => page.locator("#ptt-place-error").textContent(), POLL)
      .toBe(
        "No municipality or area of British Columbia is called “Kamlops” in this list. The nearest: Kamloops, Kaslo, Taylor.",
      );
    await page.close();
  });

  it.each(WIDTHS)("shows what applies in Kamloops, and the places index, at %i px", async (width) => {
    const place = await open(width, "places/kamloops.html");
    await expect(place.locator("h1").textContent()).resolves.toBe("What applies in Kamloops");
    const row = (rule: string) => place.locator(".place-summary tr").filter({ hasText: rule });
    await expect(row("Speculation and vacancy tax").locator("td").first().textContent()).resolves.toBe("Applies");
    await expect(row("Speculation and vacancy tax").locator("td").nth(1).textContent()).resolves.toBe(
      "January 1, 2024",
    );
    await expect(row("foreign buyers").locator("td").first().textContent()).resolves.toBe("Does not apply");
    await expect(
      place
        .locator("#speculation_vacancy_tax")
        .getByRole("link", { name: "Speculation and vacancy tax: where it applies" })
        .getAttribute("href"),
    ).resolves.toBe("/bc.svt.taxable_areas.html");
    await expect(place.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
    await place.screenshot({ path: path.join(SHOTS, `kamloops-${width}.png`), fullPage: true });
    await place.close();

    const index = await open(width, "places.html");
    const kamloops = index.locator("li#kamloops");
    await expect(kamloops.textContent()).resolves.toMatch(/Kamloops city.*Applies: speculation and vacancy tax/);
    await expect(index.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
    await index.screenshot({ path: path.join(SHOTS, `places-index-${width}.png`) });
    await index.close();
  });

  it("finds Kamloops's page and its facts from the catalog's search box", async () => {
    const page = await open(1280, "");
    await page.locator("#search-query").fill("Kamloops");
    await expect
      .poll(() => page.locator("#search-places-list a").first().textContent(), POLL)
      .toBe("What applies in Kamloops");
    await expect(page.locator("#search-results-rows tr#bc\\.svt\\.taxable_areas").isVisible()).resolves.toBe(true);
    await page.close();
  });
});
