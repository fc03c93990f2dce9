import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as client from "../../packages/client/src/index.ts";
import { frozenNoon } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the calculators page tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** Screenshots for a person to look at: the answers on a phone, folded and open. */
const SHOTS = path.join(os.tmpdir(), "calc-phone-shots");
const POLL = { timeout: LIMITS.wait } as const;

/** A phone's screen: the verdict must be within one of the last input. */
const PHONE = { width: 375, height: 667 } as const;

/**
 * The buyer of the whole-answer tests: first-time buyers of a $1,150,000 newly built condo with 10% down, a 30-year
 * amortization at 4.5% and a household income of $180,000, buying on November 1, 2026.
 */
const BUYER = {
  "buy-price": "1 150 000",
  "buy-down": "10%",
  "buy-amortization": "30",
  "buy-rate": "4,5",
  "buy-income": "180000",
  "buy-date": "2026-11-01",
} as const;

/**
 * The names a program gives the calculators' options and results' fields, from the client's own schemas: those a
 * reader never writes, in camelCase ("eligibleShare") or snake_case ("additional_if_in_specified_area"). A one-word
 * name ("price", "deposit") is also the page's plain English, and is not looked for.
 */
const PROGRAM_NAMES = [
  ...new Set(
    Object.entries(client).flatMap(([name, value]) =>
      /(Options|Result)$/.test(name) && value !== null && typeof value === "object" && "shape" in value
        ? Object.keys((value as { shape: object }).shape)
        : [],
    ),
  ),
].filter((name) => /[A-Z_]/.test(name));

describe.skipIf(!available)("the calculators page's answers on a phone, in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-calc-phone-");
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, LIMITS.test);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (viewport: { width: number; height: number } = PHONE, query = ""): Promise<Page> => {
    const page = await browser.newPage({ viewport });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${site!.server.url}/calculators.html${query}`);
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    return page;
  };

  const output = (page: Page, id: string): Locator => page.locator(`#${id}-output`);
  const figure = (page: Page, id: string, term: string): Promise<string | null> =>
    output(page, id)
      .locator(".calc-results > div")
      .filter({ has: page.getByText(term, { exact: true }) })
      .first()
      .locator("dd")
      .textContent({ timeout: LIMITS.wait });
  const fold = (page: Page, id: string, title: string | RegExp): Locator =>
    output(page, id)
      .locator("details.calc-fold")
      .filter({ has: page.locator("summary", { hasText: title }) });
  const fill = async (page: Page, values: Record<string, string>): Promise<void> => {
    for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
  };
  const fillBuyer = async (page: Page): Promise<void> => {
    await fill(page, BUYER);
    await page.locator("#buy-first-time").check();
    await page.locator("#buy-newly-built").check();
  };
  /** An element's box, in CSS pixels; every box measured together shares one scroll position. */
  const box = async (locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> => {
    const found = await locator.boundingBox();
    if (found === null) throw new Error(`${locator} is not shown`);
    return found;
  };

  it(
    "puts the verdict, the largest price and the cash to close on a card under the inputs, a screen from the last one",
    async () => {
      const page = await open();
      await fillBuyer(page);
      const card = output(page, "purchase").locator(".calc-card");
      await expect
        .poll(() => card.locator(".calc-verdict").textContent(), POLL)
        .toMatch(/^Does not pass the stress test: at the qualifying rate of 6\.5%/);
      await expect
        .poll(() => card.locator("dt").allTextContents(), POLL)
        .toEqual(["Largest price that passes", "Cash to close"]);
      await expect(card.locator("dd").allTextContents()).resolves.toEqual(["$1,019,070", "$158,500"]);
      await expect(card.getByRole("button", { name: "Share this calculation" }).isVisible()).resolves.toBe(true);
      await expect(card.getByRole("button", { name: "Print this result" }).isVisible()).resolves.toBe(true);
      // The verdict is within one screen of the last input, and the whole answer within six screens.
      const lastInput = await box(page.locator("#buy-other-costs"));
      const verdict = await box(card.locator(".calc-verdict"));
      expect(verdict.y - (lastInput.y + lastInput.height)).toBeLessThanOrEqual(PHONE.height);
      expect((await box(output(page, "purchase"))).height).toBeLessThanOrEqual(6 * PHONE.height);
      // Screen readers hear the verdict, not the whole answer at each keystroke.
      await expect(page.locator("#purchase-summary").textContent()).resolves.toMatch(/^Does not pass the stress test/);
      await page.locator("#purchase").screenshot({ path: path.join(SHOTS, "purchase-375.png") });
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(PHONE.width);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "folds the working, the assumptions and the facts, each opened by its title and kept open as the reader types",
    async () => {
      const page = await open();
      await fillBuyer(page);
      await expect.poll(() => figure(page, "purchase", "Cash to close"), POLL).toBe("$158,500");
      const titles = await output(page, "purchase").locator("details.calc-fold > summary").allTextContents();
      expect(titles.slice(0, 3)).toEqual([
        "How it is computed",
        "What it assumes",
        "The facts this result uses, as in force on November 1, 2026",
      ]);
      const working = fold(page, "purchase", "How it is computed");
      const lines = working.locator(".calc-notes, .calc-lines").first();
      await expect(lines.isVisible()).resolves.toBe(false);
      // A summary is a button to assistive technology: it opens with the keyboard.
      await working.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(lines.isVisible()).resolves.toBe(true);
      await expect(working.getAttribute("open")).resolves.toBe("");
      // Another keystroke redraws the answer; the fold the reader opened stays open, the others closed.
      await page.locator("#buy-price").fill("1 100 000");
      await expect.poll(() => figure(page, "purchase", "Loan-to-value"), POLL).toBe("90%");
      await expect(fold(page, "purchase", "How it is computed").getAttribute("open")).resolves.toBe("");
      await expect(fold(page, "purchase", "What it assumes").getAttribute("open")).resolves.toBeNull();
      await fold(page, "purchase", "What it assumes").locator("summary").click();
      await expect(fold(page, "purchase", "What it assumes").locator("li").first().isVisible()).resolves.toBe(true);
      await page.locator("#purchase").screenshot({ path: path.join(SHOTS, "purchase-open-375.png") });
      // Each fact once: a result dated today leaves out the page's own list of today's facts.
      await page.locator("#buy-date").fill("");
      await expect.poll(() => page.locator("#purchase-today").isVisible(), POLL).toBe(false);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "leads to each calculator from the top of the page, and keeps the one typed in in the address",
    async () => {
      const page = await open();
      const jump = page.getByRole("navigation", { name: "Jump to" });
      await expect(jump.getByRole("link").count()).resolves.toBe(8);
      await jump.getByRole("link", { name: "Rent increase", exact: true }).click();
      await page.waitForURL(/#rent$/);
      await expect(page.locator("#rent-title").isVisible()).resolves.toBe(true);
      await expect
        .poll(() => page.locator("#rent-title").evaluate((node) => node.getBoundingClientRect().top), POLL)
        .toBeLessThan(PHONE.height);
      await page.locator("#rent-current").fill("2000");
      await expect.poll(() => new URL(page.url()).hash, POLL).toBe("#rent");
      // Typing in another calculator names it in the address with its inputs.
      await page.locator("#ptt-price").fill("650000");
      await expect.poll(() => new URL(page.url()).hash, POLL).toBe("#ptt");
      const address = page.url();
      expect(new URL(address).searchParams.get("ptt-price")).toBe("650000");
      expect(new URL(address).searchParams.get("rent-current")).toBe("2000");
      await page.close();

      // The address reopens both calculations and lands on the calculator last typed in.
      const reopened = await open(PHONE, address.slice(address.indexOf("?")));
      await expect.poll(() => figure(reopened, "ptt", "Property transfer tax"), POLL).toBe("$11,000");
      await expect
        .poll(() => reopened.locator("#ptt-title").evaluate((node) => node.getBoundingClientRect().top), POLL)
        .toBeLessThan(PHONE.height);
      await expect
        .poll(() => reopened.locator("#ptt-title").evaluate((node) => node.getBoundingClientRect().top), POLL)
        .toBeGreaterThanOrEqual(0);
      await reopened.close();
    },
    LIMITS.test,
  );

  it(
    "shares the link that reopens the calculation through the device's sharing, or copies it where there is none",
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
      // The device's share sheet is the browser's: it is stood in for, recording what it was given.
      await page.addInitScript(
        "Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => { window.shared = data; return Promise.resolve(); } })",
      );
      await page.goto(`${site!.server.url}/calculators.html`);
      await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
      await page.locator("#ptt-price").fill("650000");
      await output(page, "ptt").getByRole("button", { name: "Share this calculation" }).click();
      await expect
        .poll(() => page.evaluate("window.shared?.url"), POLL)
        .toBe(`${site!.server.url}/calculators.html?ptt-price=650000#ptt`);
      await page.close();

      const context = await browser.newContext({ viewport: PHONE });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site!.server.url });
      const copying = await context.newPage();
      await copying.clock.setFixedTime(frozenNoon());
      await copying.addInitScript(
        "Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })",
      );
      await copying.goto(`${site!.server.url}/calculators.html`);
      await copying.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
      await copying.locator("#grant-value").fill("1000000");
      await output(copying, "grant").getByRole("button", { name: "Share this calculation" }).click();
      await expect
        .poll(() => output(copying, "grant").getByRole("status").textContent(), POLL)
        .toBe("Link copied: paste it to share this calculation.");
      await expect(copying.evaluate("navigator.clipboard.readText()")).resolves.toBe(
        `${site!.server.url}/calculators.html?grant-value=1000000#grant`,
      );
      await context.close();
    },
    LIMITS.test,
  );

  it(
    "reads a down payment typed in percent as that share of the price, and refuses a percentage where dollars are asked",
    async () => {
      const page = await open();
      await fill(page, { "buy-price": "600000", "buy-down": "10%", "buy-rate": "5" });
      // 10% of $600,000 is $60,000, said next to the field: a loan of 90%, above the minimum of $35,000.
      await expect.poll(() => page.locator("#buy-down-amount").textContent(), POLL).toBe("10% of the price: $60,000");
      await expect.poll(() => figure(page, "purchase", "Loan-to-value"), POLL).toBe("90%");
      await expect(figure(page, "purchase", "Minimum down payment")).resolves.toBe("$35,000");
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("below the minimum");
      await page.locator("#buy-down").fill("150%");
      await expect
        .poll(() => page.locator("#buy-down-error").textContent(), POLL)
        .toBe("Enter a percentage from 0 to 100%, or an amount in dollars.");
      await expect(page.locator("#buy-down-amount").textContent()).resolves.toBe("");
      await page.locator("#buy-down").fill("60000");
      await page.locator("#buy-price").fill("10%");
      await expect
        .poll(() => page.locator("#buy-price-error").textContent(), POLL)
        .toBe("“10%” is a percentage: enter an amount in dollars, for example 650000.");
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "asks whether a rate typed 0.0449 meant 4.49%, and takes it when the reader says so",
    async () => {
      const page = await open();
      await fill(page, { "buy-price": "600000", "buy-down": "60000", "buy-rate": "0.0449" });
      const asked = page.locator("#buy-rate-error");
      await expect
        .poll(() => asked.textContent(), POLL)
        .toBe(
          "Did you mean 4.49%? The rate is in percent: 0.0449 is read as 0.0449%. To keep it, type 0.0449%. Use 4.49%",
        );
      // Nothing is computed at a rate the reader has not confirmed.
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("Monthly payment");
      await page.locator("#purchase-form").screenshot({ path: path.join(SHOTS, "rate-asked-375.png") });
      await asked.getByRole("button", { name: "Use 4.49%" }).click();
      await expect(page.locator("#buy-rate").inputValue()).resolves.toBe("4.49");
      // 4.49% plus the 2% buffer is above the 5.25% floor.
      await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("6.49%");
      await expect(page.locator("#buy-rate-error").count()).resolves.toBe(0);
      // Typed with its percent sign, a rate below 1% is taken as written: the floor of 5.25% then qualifies it.
      await page.locator("#buy-rate").fill("0.9%");
      await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("5.25%");
      await expect(page.locator("#buy-rate-error").count()).resolves.toBe(0);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "asks when the agreement of a new home was signed, and gives the first-time buyers' GST rebate only in its window",
    async () => {
      const page = await open({ width: 1280, height: 900 });
      // ca.gst.fthb_new_home_rebate: agreements after March 19, 2025 and before 2031. At $1,150,000 the new housing
      // rebate is nothing and the first-time buyers' rebate $35,000 of the $57,500 of GST.
      await fill(page, { "ptt-price": "1150000", "ptt-date": "2026-11-01" });
      await expect(page.locator("#ptt-agreement-date").isVisible()).resolves.toBe(false);
      await page.locator("#ptt-first-time").check();
      await page.locator("#ptt-newly-built").check();
      await expect(page.getByLabel("Agreement signed on").first().isVisible()).resolves.toBe(true);
      await expect.poll(() => figure(page, "ptt", "GST after the rebates"), POLL).toBe("$22,500");
      // Without the day, the answer says what it took and which field changes it.
      await expect(fold(page, "ptt", "What it assumes").textContent()).resolves.toContain(
        "The agreement of purchase and sale is taken to be signed within the first-time home buyers' GST rebate's window; one signed outside it gets no such rebate. Enter the day it was signed in “Agreement signed on” to check.",
      );
      await page.locator("#ptt-agreement-date").fill("2025-03-01");
      await expect.poll(() => figure(page, "ptt", "GST after the rebates"), POLL).toBe("$57,500");
      await page.locator("#ptt-agreement-date").fill("2025-06-01");
      await expect.poll(() => figure(page, "ptt", "GST after the rebates"), POLL).toBe("$22,500");
      // An agreement after the registration is refused at its field.
      await page.locator("#ptt-agreement-date").fill("2026-12-01");
      await expect
        .poll(() => page.locator("#ptt-agreement-date-error").textContent(), POLL)
        .toBe("The agreement is signed after the registration date, November 1, 2026: enter a day on or before it.");

      // The purchase's cash to close counts the rebate the same way: $35,000 more without it.
      await fill(page, BUYER);
      await page.locator("#buy-first-time").check();
      await page.locator("#buy-newly-built").check();
      await expect.poll(() => figure(page, "purchase", "Cash to close"), POLL).toBe("$158,500");
      await page.locator("#buy-agreement-date").fill("2025-03-01");
      await expect.poll(() => figure(page, "purchase", "Cash to close"), POLL).toBe("$193,500");
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "shows a 2017 transfer tax with the rules of 2017 only, and today's folded under a title saying they are today's",
    async () => {
      const page = await open();
      await fill(page, { "ptt-price": "650000", "ptt-date": "2017-06-01" });
      await page.locator("#ptt-foreign").check();
      await page.locator("#ptt-specified-area").selectOption("yes");
      // The additional tax was 15% in 2017 (bc.ptt.foreign_buyer_additional, version 1); it is 20% today.
      await expect.poll(() => figure(page, "ptt", "Additional tax for foreign buyers"), POLL).toBe("$97,500");
      const used = fold(page, "ptt", "The facts this result uses, as in force on June 1, 2017");
      await expect(used.textContent()).resolves.toContain("Rate: 15%");
      await expect(used.textContent()).resolves.not.toContain("Rate: 20%");
      // Also relevant: only rules in force in 2017, each as it stood then (no federal ban, no FHSA, no GST rebate).
      const also = fold(page, "ptt", "Also relevant, as in force on June 1, 2017");
      await expect.poll(() => also.locator("li").count(), POLL).toBeGreaterThan(0);
      for (const id of ["ca.foreign_buyer_ban", "cra.fhsa.contribution_room", "ca.gst.fthb_new_home_rebate"])
        await expect(also.locator(`a[href^="${id}.html"]`).count(), id).resolves.toBe(0);
      for (const href of await also.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href"))))
        expect(href).toMatch(/#(v1|earlier-\d{4}-\d{2}-\d{2})$/);
      // Today's rules are there for comparison, folded, under a title that says they are today's.
      const today = page.locator("#ptt-today");
      await expect(today.isVisible()).resolves.toBe(true);
      await expect(today.getAttribute("open")).resolves.toBeNull();
      await expect(today.locator("summary").textContent()).resolves.toBe(
        "Today's rules, for comparison: this result applies those in force on June 1, 2017",
      );
      await expect(today.textContent()).resolves.toContain("Rate: 20%");
      await expect(today.locator(".calc-facts").isVisible()).resolves.toBe(false);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "says every answer's assumptions and notes in the page's words, never an option or field name of the calculators",
    async () => {
      const page = await open({ width: 1280, height: 900 });
      const scanned: Array<[string, string]> = [];
      /** Every answer on the page with every fold open, as a reader who opens them all reads it. */
      const scan = async (situation: string, ids: readonly string[]): Promise<void> => {
        for (const id of ids) {
          await output(page, id).locator(".calc-card").waitFor({ timeout: LIMITS.wait });
          await expect.poll(() => output(page, id).textContent(), POLL).not.toContain("Reading the rules");
          const closed = output(page, id).locator("details:not([open]) > summary");
          while ((await closed.count()) > 0) await closed.first().click();
          scanned.push([`${situation}: ${id}`, (await output(page, id).textContent()) ?? ""]);
        }
      };
      // First-time buyers of a new home.
      await fill(page, { "ptt-price": "1150000" });
      for (const box of ["#ptt-first-time", "#ptt-newly-built"]) await page.locator(box).check();
      await fillBuyer(page);
      await fill(page, { "buy-debts": "500", "buy-property-tax": "4000", "buy-strata": "400" });
      await fill(page, { "grant-value": "2100000", "grant-tax": "3000" });
      await fill(page, {
        "deposit-amount": "1000",
        "deposit-received": "2023-01-01",
        "deposit-end": "2023-12-31",
        "deposit-address": "2023-12-31",
      });
      await page.locator("#notice-kind").selectOption("landlord-use");
      await fill(page, { "notice-served": "2024-09-10", "notice-rent": "2150" });
      await fill(page, { "rent-current": "2000", "rent-received": "2025-11-20", "rent-proposed": "5%" });
      await fill(page, {
        "capex-cost": "120000",
        "capex-units": "20",
        "capex-rent": "1500",
        "capex-date": "2025-06-01",
      });
      await fill(page, { "credit-income": "70000", "credit-year": "2024" });
      await scan("today", ["ptt", "purchase", "grant", "deposit", "notice", "rent", "capex", "credit"]);
      // A foreign buyer who does not say whether the property is in a specified area.
      await page.locator("#ptt-first-time").uncheck();
      await page.locator("#ptt-newly-built").uncheck();
      await page.locator("#ptt-foreign").check();
      await scan("foreign", ["ptt"]);
      // In Kelowna, added to the specified areas on February 21, 2018, a transfer registered in March 2018 with no
      // agreement date: the transitional rule's assumption.
      await fill(page, { "ptt-price": "650000", "ptt-place": "Kelowna", "ptt-date": "2018-03-01" });
      await scan("Kelowna 2018", ["ptt"]);
      await page.locator("#ptt-place").fill("");
      await page.locator("#ptt-first-time").check();
      await fill(page, { "ptt-eligible-share": "50" });
      await page.locator("#ptt-foreign").uncheck();
      await scan("a co-buyer", ["ptt"]);

      expect(PROGRAM_NAMES).toEqual(expect.arrayContaining(["eligibleShare", "agreementDate", "annualIncome"]));
      expect(PROGRAM_NAMES).toContain("additional_if_in_specified_area");
      const found = scanned.flatMap(([where, words]) => [
        ...PROGRAM_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(words)).map((name) => `${where}: ${name}`),
        ...(/leave this line out/i.test(words) ? [`${where}: "leave this line out"`] : []),
      ]);
      expect(found).toEqual([]);
      // The page's own words stand where the client's named an option.
      const purchase = scanned.find(([where]) => where === "today: purchase")![1];
      expect(purchase).toContain("“Annual household income” is the gross income, before tax");
      expect(purchase).toContain("the cash to close is then the one given without GST");
      const kelowna = scanned.find(([where]) => where === "Kelowna 2018: ptt")![1];
      expect(kelowna).toContain("Enter the day it was signed in “Agreement signed on”.");
      await page.close();
    },
    LIMITS.longTest,
  );
});
