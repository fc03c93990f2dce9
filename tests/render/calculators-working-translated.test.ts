import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSLATIONS } from "../../src/i18n/locales.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";

// Every calculator of the page answered in each translation, with its working, assumptions and facts opened: the
// calculators' own sentences (each line of the working, each assumption, each note) are said in the page's language,
// none is shown as the calculators' English.

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the translated working tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

const POLL = { timeout: LIMITS.wait } as const;

/** What a reader types in each calculator (text fields, boxes ticked, choices made) to get a whole answer. */
const ASKED: Record<string, { fill: Record<string, string>; check?: string[]; select?: Record<string, string> }> = {
  ptt: {
    fill: { "ptt-price": "1150000", "ptt-place": "Burnaby", "ptt-date": "2026-11-01" },
    check: ["ptt-first-time", "ptt-newly-built"],
  },
  purchase: {
    fill: {
      "buy-price": "1150000",
      "buy-down": "115000",
      "buy-amortization": "30",
      "buy-rate": "4.5",
      "buy-income": "180000",
      "buy-date": "2026-11-01",
    },
    check: ["buy-first-time", "buy-newly-built"],
  },
  grant: { fill: { "grant-value": "900000", "grant-place": "Kamloops", "grant-date": "2026-06-01" } },
  deposit: {
    fill: {
      "deposit-amount": "1000",
      "deposit-received": "2023-01-01",
      "deposit-end": "2023-12-31",
      "deposit-address": "2023-12-31",
      "deposit-returned": "2024-01-01",
    },
  },
  notice: {
    fill: { "notice-served": "2024-09-10", "notice-rent": "2150" },
    select: { "notice-kind": "landlord-use", "notice-method": "mail" },
  },
  rent: { fill: { "rent-current": "2000", "rent-received": "2025-11-20", "rent-proposed": "5%" } },
  capex: {
    fill: {
      "capex-cost": "120000",
      "capex-units": "10",
      "capex-rent": "1500",
      "capex-date": "2026-06-01",
      "capex-first": "2026-09-01",
    },
  },
  credit: { fill: { "credit-income": "50000", "credit-year": "2024" } },
};

/**
 * Latin words a Chinese or Punjabi answer may hold: the names of places and of the register's districts, and the
 * abbreviations the translations keep (GST, BC, RTB, and GDS and TDS as the glossary's ratios are named). Any other
 * Latin word of three letters or more is English left.
 */
const KEPT_LATIN =
  /^(Burnaby|Kamloops|Metro|Vancouver|Capital|Fraser|Valley|Regional|District|Thompson|Nicola|GST|HST|BC|RTB|CMHC|OSFI|CRA|FHSA|RRSP|HBP|GDS|TDS)$/;

/**
 * Official English names the translations keep beside their own words (住宅租賃處（Residential Tenancy Branch）), so a
 * reader can find the body, the Act, the form or the programme by the name it goes by; the Punjabi keeps "serve" for
 * serving a notice, as a term of the Act.
 */
const KEPT_NAMES = [
  "Residential Tenancy Branch",
  "Residential Tenancy Act",
  "Notice of Rent Increase",
  "home owner grant",
  "serve",
];

describe.skipIf(!available)("each calculator's working in each translation, in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-calculators-working-");
    browser = await launchChromium();
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const answered = async (folder: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${site!.server.url}/${folder}/calculators.html`);
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    for (const [id, asked] of Object.entries(ASKED)) {
      for (const [field, choice] of Object.entries(asked.select ?? {}))
        await page.locator(`#${field}`).selectOption(choice);
      for (const field of asked.check ?? []) await page.locator(`#${field}`).check();
      for (const [field, value] of Object.entries(asked.fill)) await page.locator(`#${field}`).fill(value);
      const output = page.locator(`#${id}-output`);
      // An answer is whole when its folds are there (the working, the facts); each is opened.
      await expect.poll(() => output.locator("details.calc-fold").count(), POLL).toBeGreaterThan(0);
      // Opened one at a time: a fold opened leaves the list of closed ones, so the list is read again each time.
      const closed = output.locator("details.calc-fold:not([open]) > summary");
      while ((await closed.count()) > 0) await closed.first().click();
    }
    return page;
  };

  it.each(TRANSLATIONS.map((locale) => locale.code))(
    "says every calculator's working, assumptions and notes in %s, none in the calculators' English",
    async (folder) => {
      const page = await answered(folder);
      for (const id of Object.keys(ASKED)) {
        const output = page.locator(`#${id}-output`);
        await expect(output.locator(".calc-error").allTextContents(), `${id}: no error`).resolves.toEqual([]);
        // The calculators' own words: everything but the facts the answer used or should also know, whose values are the
        // data's (a fact's value may hold its source's English words, such as the areas a rule names).
        // What a reader sees (hidden parts aside), the facts' fold taken out, and what is marked English outside it.
        const own = (await page.evaluate(`(() => {
          const node = document.getElementById("${id}-output");
          const facts = [...node.querySelectorAll('details[data-fold="facts"], details[data-fold="also"]')];
          const inFacts = (each) => facts.some((fold) => fold.contains(each));
          return {
            english: [...node.querySelectorAll('[lang="en-CA"]:not(.calc-source-words)')].filter((each) => !inFacts(each)).map((each) => each.textContent),
            text: [...facts, ...node.querySelectorAll(".calc-source-words")].reduce((text, part) => text.replace(part.innerText, ""), node.innerText),
          };
        })()`)) as { english: string[]; text: string };
        // Nothing of them is marked English but a fact's own words (a rent cap's basis), which stay as they are written:
        // no sentence, label, reason or assumption is the calculators' English.
        expect(own.english, `${id}: marked English`).toEqual([]);
        await expect(output.locator(".calc-in-english").count(), `${id}: no notice of English`).resolves.toBe(0);
        // Every fact used is named in the page's language.
        await expect(
          output
            .locator('details[data-fold="facts"] a[lang="en-CA"], details[data-fold="also"] a[lang="en-CA"]')
            .allTextContents(),
          `${id}: facts named in English`,
        ).resolves.toEqual([]);
        if (folder !== "fr-CA") {
          const text = KEPT_NAMES.reduce((left, name) => left.replaceAll(name, ""), own.text);
          const latin = (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !KEPT_LATIN.test(word));
          expect(latin, `${id}: Latin words in ${folder}`).toEqual([]);
        }
      }
      await page.close();
    },
    LIMITS.longTest,
  );
});
