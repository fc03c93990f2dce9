import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Fact, factAsOf } from "../../packages/client/src/index.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";
import type { StaticServer } from "./serve-directory.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the calculators page tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** Screenshots for a person to look at (the page at both widths with results shown); not compared by the test. */
const SHOTS = path.join(os.tmpdir(), "i27-page-shots");

/**
 * The premium schedule is a fact of its own: until it is published, the page must say the premium cannot be computed.
 */
const PREMIUM_FACT = "cmhc.mortgage_insurance_premiums";
const premiumPublished = existsSync(path.join(frozenData().root, "facts/mortgage", `${PREMIUM_FACT}.json`));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const WIDTHS = [1280, 375] as const;

/** "$540,000" or "$3,140.67" as a number; anything else fails the test that reads it. */
const dollars = (shown: string | null): number => {
  if (shown === null || !/^\$[\d,]+(\.\d\d)?$/.test(shown))
    throw new Error(`not an amount in dollars: ${JSON.stringify(shown)}`);
  return Number(shown.replace(/[$,]/g, ""));
};

/** A fact's label as its file states it: the page names facts by their label, not their id. */
const factLabel = async (file: string): Promise<string> =>
  (JSON.parse(await readFile(path.join(frozenData().root, "facts", file), "utf8")) as { label: string }).label;

/** Results are redrawn on each input event; a loaded machine may take a moment. */
const POLL = { timeout: LIMITS.wait } as const;

describe.skipIf(!available)("the calculators page in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let server: StaticServer;
  let browser: Browser;
  let axeSource: string;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-calculators-");
    ({ server } = site);
    axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, LIMITS.longTest);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /** The page with the catalog loaded and the forms revealed; anything but the test server is refused. */
  const open = async (width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    await page.goto(`${server.url}/calculators.html`);
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    return page;
  };

  const form = (page: Page, id: string): Locator => page.locator(`#${id}-form`);
  const output = (page: Page, id: string): Locator => page.locator(`#${id}-output`);

  /** The figure a result names, as the page shows it ("$11,000"). */
  const figure = (page: Page, id: string, term: string): Promise<string | null> =>
    output(page, id)
      .locator(".calc-results > div")
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator("dd")
      .textContent({ timeout: LIMITS.wait });

  const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
    await page.addScriptTag({ content: axeSource });
    return (await page.evaluate(
      `axe.run(document, { resultTypes: ["violations"] }).then((results) => results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map((node) => ({ target: node.target })) })))`,
    )) as AxeViolation[];
  };

  it.each(WIDTHS)("computes property transfer tax as the person types, at %i px", async (width) => {
    const page = await open(width);
    const ptt = form(page, "ptt");
    await ptt.getByLabel("Purchase price", { exact: true }).fill("650000");
    // The Ministry's example: $650,000 pays 1% of $200,000 and 2% of $450,000.
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$11,000");
    // Screen readers hear the headline, not the whole breakdown again at each keystroke.
    await expect(page.locator("#ptt-summary[aria-live=polite]").textContent()).resolves.toBe(
      "Property transfer tax: $11,000",
    );

    // First-time buyer at $847,500 (registered today): general tax $2,000 + 2% of $647,500 = $14,950; the $8,000
    // exemption is reduced over $835,000 to $860,000, so $8,000 × 12,500/25,000 = $4,000 is exempt.
    await ptt.getByLabel("Purchase price", { exact: true }).fill("$847,500");
    await ptt.getByLabel("First-time home buyer", { exact: true }).check();
    await expect.poll(() => figure(page, "ptt", "Exemption"), POLL).toBe("$4,000");
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$10,950");

    // Registered in 2017 the exemption was whole up to $500,000 and ended at $525,000, with no cap: on $510,000
    // the tax of $8,200 is exempt in the share 15,000/25,000, $4,920, leaving $3,280. Today $8,000 is exempt: $200.
    await ptt.getByLabel("Purchase price", { exact: true }).fill("510000");
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$200");
    await ptt.getByLabel("Registration date", { exact: true }).fill("2017-06-01");
    await expect.poll(() => figure(page, "ptt", "Exemption"), POLL).toBe("$4,920");
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$3,280");
    const facts = output(page, "ptt").locator(".calc-facts");
    // Each fact used is named by its label with the numbers of the period used, not today's.
    await expect(facts.textContent()).resolves.toContain(
      `${await factLabel("tax/bc.ptt.fthb_exemption.json")}: Full exemption for fair market values up to: $500,000;`,
    );
    await expect(facts.textContent()).resolves.toContain(
      "No exemption from a fair market value of: $525,000 (version 2, in effect from February 22, 2017 until April 1, 2024)",
    );
    // They are folded under a title that gives their date, and open for the reader.
    await output(page, "ptt").getByText("The facts this result uses, as in force on June 1, 2017").click();
    await expect(
      facts.getByRole("link", { name: await factLabel("tax/bc.ptt.fthb_exemption.json") }).getAttribute("href"),
    ).resolves.toBe("bc.ptt.fthb_exemption.html#v2");
    await expect(facts.textContent()).resolves.not.toContain("bc.ptt.fthb_exemption");

    await page.screenshot({ path: path.join(SHOTS, `ptt-${width}.png`), fullPage: true });
    // Nothing wider than the screen: the page never scrolls sideways.
    await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
    await page.close();
  });

  it("applies the foreign buyers' tax in force on the registration date, and says when a rule did not exist yet", async () => {
    const page = await open(1280);
    const ptt = form(page, "ptt");
    await ptt.getByLabel("Purchase price", { exact: true }).fill("650000");
    await ptt.getByLabel("Foreign buyer", { exact: true }).check();
    // Whether the property is in a specified area is not assumed: until it is said, the additional tax is given apart.
    await expect.poll(() => figure(page, "ptt", "Additional tax for foreign buyers"), POLL).toBe("$0");
    await expect(figure(page, "ptt", "If in a specified area")).resolves.toBe("$141,000");
    await expect(output(page, "ptt").locator(".calc-hint").first().textContent()).resolves.toBe(
      "Whether the property is in an area where the additional tax applies was not said: if it is, the additional tax is $130,000 and the tax $141,000.",
    );
    await ptt
      .getByLabel("For a place not in the list: in an area where the foreign buyers' tax applies?", { exact: true })
      .selectOption("yes");
    // 20% of $650,000 since February 21, 2018; 15% from August 2, 2016.
    await expect.poll(() => figure(page, "ptt", "Additional tax for foreign buyers"), POLL).toBe("$130,000");
    await ptt.getByLabel("Registration date", { exact: true }).fill("2017-06-01");
    await expect.poll(() => figure(page, "ptt", "Additional tax for foreign buyers"), POLL).toBe("$97,500");
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$108,500");
    // Before the additional tax existed there is none, and the breakdown says why.
    await ptt.getByLabel("Registration date", { exact: true }).fill("2016-05-01");
    await expect.poll(() => figure(page, "ptt", "Additional tax for foreign buyers"), POLL).toBe("$0");
    // The additional tax's first version took effect on 2016-08-02 (bc.ptt.foreign_buyer_additional's history).
    const lines = output(page, "ptt").locator(".calc-lines");
    await expect(lines.textContent()).resolves.toMatch(
      /No additional tax for foreign buyers.*August 2, 2016.*May 1, 2016 is before/,
    );
    // The client writes dates and fact ids for programs; the page writes dates out and names facts by label.
    await expect(lines.textContent()).resolves.not.toMatch(/\d{4}-\d{2}-\d{2}|bc\.ptt\./);
    // Before the first version (2016-02-17) the rates come from the period the fact's file records from sources: 1% to
    // $200,000 and 2% above (the Ministry of Finance's Budget 2016 backgrounder): $2,000 + $9,000 on $650,000.
    await ptt.getByLabel("Registration date", { exact: true }).fill("2015-06-01");
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$11,000");
    const used = output(page, "ptt").locator(".calc-facts");
    await expect(used.textContent()).resolves.toContain(
      "1% up to $200,000; 2% above $200,000 (recorded before the first version",
    );
    await expect(used.locator('a[href="bc.ptt.brackets.html#earlier-1987-03-19"]').count()).resolves.toBe(1);
    // Before anything recorded, the calculator refuses, in plain words: the rule's label, the dates written out, a
    // link to the fact's page; no id, no ISO date.
    await ptt.getByLabel("Registration date", { exact: true }).fill("1980-06-01");
    const error = output(page, "ptt").locator(".calc-error");
    await expect(error.textContent({ timeout: LIMITS.wait })).resolves.toBe(
      `These facts do not record the ${await factLabel("tax/bc.ptt.brackets.json")} rule for June 1, 1980; the earliest rule recorded here took effect on March 19, 1987.`,
    );
    await expect(error.locator('a[href="bc.ptt.brackets.html"]').count()).resolves.toBe(1);
    await page.close();
  });

  it.each(WIDTHS)(
    "computes a purchase: down payment, premium, loan, qualifying rate, payment and balance, at %i px",
    async (width) => {
      const page = await open(width);
      const buy = form(page, "purchase");
      await buy.getByLabel("Purchase price", { exact: true }).fill("600000");
      // 5% of the first $500,000 and 10% of the $100,000 above it.
      await expect.poll(() => figure(page, "purchase", "Minimum down payment"), POLL).toBe("$35,000");
      await buy.getByLabel("Down payment", { exact: true }).fill("60000");
      await buy.getByLabel("Amortization, in years", { exact: true }).fill("25");
      await buy.getByLabel("Interest rate, in percent", { exact: true }).fill("5");
      await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("7%");
      const premium = await figure(page, "purchase", "Insurance premium");
      if (premiumPublished) {
        // 10% down: a loan-to-value of 90%.
        await expect.poll(() => figure(page, "purchase", "Loan-to-value"), POLL).toBe("90%");
        // CMHC's premium on a loan above 85% and up to 90% of the price is 3.10% of the loan, added to it.
        expect(premium).toBe("$16,740 (3.1%)");
        await expect.poll(() => figure(page, "purchase", "Loan"), POLL).toBe("$556,740");
      } else {
        expect(premium).toBe("Cannot be computed");
        await expect(output(page, "purchase").locator(".calc-error").first().textContent()).resolves.toContain(
          PREMIUM_FACT,
        );
      }
      const loan = dollars(await figure(page, "purchase", "Loan"));
      if (!premiumPublished) expect(loan).toBe(540_000);
      // The payment and the balance against the closed forms, on the loan shown: 5% compounded semi-annually is
      // (1.025)^(1/6) − 1 a month; the payment is L·i / (1 − (1 + i)^−300); after 60 payments
      // L·(1 + i)^60 − A·((1 + i)^60 − 1) / i is owed (A rounded to the cent, as paid).
      const i = 1.025 ** (1 / 6) - 1;
      const payment = Math.round(((loan * i) / (1 - (1 + i) ** -300)) * 100) / 100;
      await expect.poll(async () => dollars(await figure(page, "purchase", "Monthly payment")), POLL).toBe(payment);
      const owed = loan * (1 + i) ** 60 - (payment * ((1 + i) ** 60 - 1)) / i;
      expect(Math.abs(dollars(await figure(page, "purchase", "Balance after the 5-year term")) - owed)).toBeLessThan(
        0.5,
      );
      // Another frequency is another payment: weekly is 52 a year at (1.025)^(2/52) − 1 a week.
      await buy.getByLabel("Payment frequency", { exact: true }).selectOption("weekly");
      const w = 1.025 ** (2 / 52) - 1;
      const weekly = Math.round(((loan * w) / (1 - (1 + w) ** -(52 * 25))) * 100) / 100;
      await expect.poll(async () => dollars(await figure(page, "purchase", "Weekly payment")), POLL).toBe(weekly);
      await page.screenshot({ path: path.join(SHOTS, `purchase-${width}.png`), fullPage: true });
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
      await page.close();
    },
  );

  it.skipIf(!premiumPublished).each(WIDTHS)(
    "adds no insurance premium with 20% or more down, and holds the payment back for a loan that cannot be insured, at %i px",
    async (width) => {
      const page = await open(width);
      const buy = form(page, "purchase");
      await buy.getByLabel("Purchase price", { exact: true }).fill("500000");
      await buy.getByLabel("Down payment", { exact: true }).fill("150000");
      await buy.getByLabel("Amortization, in years", { exact: true }).fill("25");
      await buy.getByLabel("Interest rate, in percent", { exact: true }).fill("5");
      // $350,000 is 70% of $500,000: a conventional mortgage, no premium, the loan is the price less the down payment.
      await expect
        .poll(() => figure(page, "purchase", "Insurance premium"), POLL)
        .toBe("Insurance not required (the loan is 80% or less of the price)");
      await expect.poll(() => figure(page, "purchase", "Loan"), POLL).toBe("$350,000");
      // The monthly payment on $350,000 at 5% compounded semi-annually over 25 years: 350,000·i / (1 − (1 + i)^−300).
      const i = 1.025 ** (1 / 6) - 1;
      const payment = Math.round(((350_000 * i) / (1 - (1 + i) ** -300)) * 100) / 100;
      await expect.poll(async () => dollars(await figure(page, "purchase", "Monthly payment")), POLL).toBe(payment);
      // 30 years with 30% down: still no premium, no surcharge.
      await buy.getByLabel("Amortization, in years", { exact: true }).fill("30");
      await expect.poll(() => figure(page, "purchase", "Loan"), POLL).toBe("$350,000");
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("0.2%");
      await page.screenshot({ path: path.join(SHOTS, `purchase-conventional-${width}.png`), fullPage: true });

      // 10% down over 30 years, neither a first-time buyer nor a newly built home: not insurable, so no payment, and
      // the reason said once.
      await buy.getByLabel("Down payment", { exact: true }).fill("50000");
      const reason =
        "No payment is shown. A 30-year amortization on an insured loan is only for first-time home buyers and buyers of newly built homes (since December 15, 2024); this purchase is neither.";
      await expect
        .poll(() => output(page, "purchase").locator(".calc-error").allTextContents(), POLL)
        .toEqual([reason]);
      await expect(figure(page, "purchase", "Insurance premium")).resolves.toBe("Not insurable");
      await expect(
        output(page, "purchase")
          .locator(".calc-results > div")
          .filter({
            has: page.locator("dt", {
              hasText: /^(Loan|Monthly payment|Balance after the 5-year term|Interest paid in the term)$/,
            }),
          })
          .count(),
      ).resolves.toBe(0);
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("Monthly payment");
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("not insurable:");
      await page.screenshot({ path: path.join(SHOTS, `purchase-refused-${width}.png`), fullPage: true });

      // $1,600,000 with 20% down: above the cap insurance is neither required nor available; the payment is shown.
      await buy.getByLabel("Purchase price", { exact: true }).fill("1600000");
      await buy.getByLabel("Down payment", { exact: true }).fill("320000");
      await expect.poll(() => figure(page, "purchase", "Loan"), POLL).toBe("$1,280,000");
      await expect(figure(page, "purchase", "Insurance premium")).resolves.toBe(
        "Insurance not required (the loan is 80% or less of the price)",
      );
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("Not insurable");
      await expect(output(page, "purchase").locator(".calc-hint").first().textContent()).resolves.toBe(
        "The price is at or above the insured price cap of $1,500,000: insurance is not available, and a down payment of at least $320,000 (20%) is the minimum. Your down payment meets it.",
      );
      // With 10% down at that price there is no loan to pay: the 20% minimum is said, and no payment is shown.
      await buy.getByLabel("Down payment", { exact: true }).fill("160000");
      await expect
        .poll(() => output(page, "purchase").locator(".calc-error").allTextContents(), POLL)
        .toEqual([
          "No payment is shown. The price is at or above the insured price cap of $1,500,000: insurance is not available, and a down payment of at least $320,000 (20%) is the minimum.",
        ]);
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("Monthly payment");
      await page.close();
    },
  );

  it("says in plain words when a purchase date's rule does not record what the calculation needs", async () => {
    const page = await open(1280);
    const buy = form(page, "purchase");
    await buy.getByLabel("Purchase price", { exact: true }).fill("500000");
    // Before April 13, 2015 the stress test's floor was the Bank of Canada's weekly benchmark rate, whose figures the
    // facts do not record (osfi.b20.stress_test's period from 2010-04-19).
    await page.locator("#buy-date").fill("2014-06-01");
    await page.locator("#buy-rate").fill("4");
    const error = output(page, "purchase").locator(".calc-error");
    await expect(error.textContent({ timeout: LIMITS.wait })).resolves.toBe(
      `The qualifying rate cannot be computed: The ${await factLabel("mortgage/osfi.b20.stress_test.json")} rule in force on June 1, 2014 does not record what this calculation needs, so it cannot be computed for that date.`,
    );
    await expect(error.locator('a[href="osfi.b20.stress_test.html"]').count()).resolves.toBe(1);
    await page.close();
  });

  it("qualifies a 2019 purchase at the Bank of Canada benchmark of that week when insured, at the contract rate plus 2% when not", async () => {
    // The Bank of Canada five-year conventional mortgage rate was 5.34% from its figure of May 9, 2018 to July 10,
    // 2019 (the Bank's weekly data file, series V80691335); OSFI's B-20 from 2018: uninsured loans at the greater of
    // the contract rate plus 2% and that rate; insured ones at the greater of the contract rate and that rate.
    const page = await open(1280);
    const buy = form(page, "purchase");
    await buy.getByLabel("Purchase price", { exact: true }).fill("500000");
    await page.locator("#buy-date").fill("2019-06-01");
    await page.locator("#buy-rate").fill("4");
    await expect
      .poll(() => output(page, "purchase").locator(".calc-hint").allTextContents(), POLL)
      .toContain(
        "Enter the down payment to see the qualifying rate: on this date it depended on whether the loan needed insurance.",
      );
    await buy.getByLabel("Down payment", { exact: true }).fill("25000");
    await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("5.34%");
    await buy.getByLabel("Down payment", { exact: true }).fill("100000");
    await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("6%");
    await page.close();
  });

  it("says no stress test applied to a 2017 loan with 20% down, instead of a pass or a fail", async () => {
    // Before B-20's update took effect on January 1, 2018 (OSFI's B-20 information sheet), uninsured loans had no set
    // qualifying rate; insured ones qualified at the Bank of Canada benchmark, 4.64% in June 2017.
    const page = await open(1280);
    const buy = form(page, "purchase");
    await buy.getByLabel("Purchase price", { exact: true }).fill("500000");
    await buy.getByLabel("Down payment", { exact: true }).fill("100000");
    await page.locator("#buy-date").fill("2017-06-01");
    await page.locator("#buy-rate").fill("4");
    await page.locator("#buy-income").fill("150000");
    await expect
      .poll(() => output(page, "purchase").locator(".calc-verdict").textContent(), POLL)
      .toBe(
        "No stress test applies to this loan on this date: with 20% or more down it needs no insurance, and such a loan then had no set qualifying rate (the lender's own rules applied).",
      );
    await expect(figure(page, "purchase", "Stress test")).resolves.toBe("None set for this loan");
    await expect(figure(page, "purchase", "Qualifying rate (stress test)")).resolves.toBe("None set for this loan");
    // Not an error: the rule is named, with that week's benchmark, as a note.
    await expect(output(page, "purchase").locator(".calc-error").count()).resolves.toBe(0);
    await expect(output(page, "purchase").locator(".calc-hint").allTextContents()).resolves.toContainEqual(
      expect.stringContaining("uninsured mortgages had no set qualifying rate"),
    );
    await buy.getByLabel("Down payment", { exact: true }).fill("25000");
    await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("4.64%");
    await expect.poll(() => figure(page, "purchase", "Stress test"), POLL).toBe("Passes");
    await page.close();
  });

  it("says what is wrong with a purchase's field next to that field, in the page's own terms", async () => {
    const page = await open(1280);
    const buy = form(page, "purchase");
    await buy.getByLabel("Purchase price", { exact: true }).fill("500000");
    await buy.getByLabel("Down payment", { exact: true }).fill("600000");
    await expect(page.locator("#buy-down-error").textContent({ timeout: LIMITS.wait })).resolves.toBe(
      "The down payment is more than the purchase price.",
    );
    await buy.getByLabel("Down payment", { exact: true }).fill("100000");
    await buy.getByLabel("Interest rate, in percent", { exact: true }).fill("120");
    await expect(page.locator("#buy-rate-error").textContent({ timeout: LIMITS.wait })).resolves.toBe(
      "Enter a rate below 100%, for example 4.5.",
    );
    await expect(page.locator("#buy-down-error").count()).resolves.toBe(0);
    await buy.getByLabel("Interest rate, in percent", { exact: true }).fill("5");
    await buy.getByLabel("Term, in years", { exact: true }).fill("30");
    await expect(page.locator("#buy-term-error").textContent({ timeout: LIMITS.wait })).resolves.toBe(
      "The term is longer than the amortization.",
    );
    await expect(output(page, "purchase").locator(".calc-error").textContent()).resolves.toBe(
      "Term, in years: The term is longer than the amortization.",
    );
    await page.close();
  });

  it("computes the home owner grant with its phase-out above the threshold", async () => {
    const page = await open(1280);
    const grant = form(page, "grant");
    // bc.home_owner_grant.threshold for 2026: up to $570 in Metro Vancouver, $770 elsewhere, $1,045 elsewhere with the
    // additional grant; the threshold is $2,075,000 and the grant shrinks by $5 per $1,000 above it.
    await grant.getByLabel("Assessed value", { exact: true }).fill("1000000");
    await expect.poll(() => figure(page, "grant", "Home owner grant"), POLL).toBe("$570");
    // $25,000 over the threshold: $125 less.
    await grant.getByLabel("Assessed value", { exact: true }).fill("2,100,000");
    await expect.poll(() => figure(page, "grant", "Home owner grant"), POLL).toBe("$445");
    await expect.poll(() => figure(page, "grant", "Threshold"), POLL).toBe("$2,075,000");
    await grant.getByLabel(/northern and rural/).check();
    await expect.poll(() => figure(page, "grant", "Home owner grant"), POLL).toBe("$645");
    await grant.getByLabel(/^Additional grant/).check();
    await expect.poll(() => figure(page, "grant", "Home owner grant"), POLL).toBe("$920");
    await grant.getByLabel("Property tax before the grant", { exact: true }).fill("3000");
    await expect.poll(() => figure(page, "grant", "Property tax after the grant"), POLL).toBe("$2,080");
    const grantFacts = await output(page, "grant").locator(".calc-facts").textContent();
    // The fact is named with its summary, which leads with the rule (the threshold), not its tax year.
    expect(grantFacts).toContain(
      `${await factLabel("tax/bc.home_owner_grant.threshold.json")}: Assessed value threshold (the grant phases out above it): $2,075,000; `,
    );
    expect(grantFacts).toMatch(/\(version \d+, in effect from [A-Z][a-z]+ \d+, \d{4}\)/);
    // A number the calculator cannot take is refused in words next to the form.
    await grant.getByLabel("Assessed value", { exact: true }).fill("lots");
    await expect(output(page, "grant").locator(".calc-error").textContent({ timeout: LIMITS.wait })).resolves.toBe(
      "Assessed value: “lots” is not a number.",
    );
    // The same sentence stands next to the field, which is marked invalid; it goes when the field is corrected.
    await expect(page.locator("#grant-value-error").textContent()).resolves.toBe("“lots” is not a number.");
    await expect(grant.getByLabel("Assessed value", { exact: true }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await grant.getByLabel("Assessed value", { exact: true }).fill("1000000");
    await expect.poll(() => page.locator("#grant-value-error").count(), POLL).toBe(0);
    await page.close();
  });

  it("leads from a result to the page of the fact it used", async () => {
    const page = await open(1280);
    await form(page, "ptt").getByLabel("Purchase price", { exact: true }).fill("650000");
    const label = await factLabel("tax/bc.ptt.brackets.json");
    await output(page, "ptt").getByText("The facts this result uses", { exact: true }).click();
    await output(page, "ptt").locator(".calc-facts").getByRole("link", { name: label, exact: true }).click();
    await page.waitForURL(/\/bc\.ptt\.brackets\.html#v\d+$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(label);
    await page.close();
  });

  it.each(WIDTHS)("has no axe-core violation with results shown, at %i px", async (width) => {
    const page = await open(width);
    await form(page, "ptt").getByLabel("Purchase price", { exact: true }).fill("650000");
    await form(page, "purchase").getByLabel("Purchase price", { exact: true }).fill("600000");
    await form(page, "grant").getByLabel("Assessed value", { exact: true }).fill("1000000");
    await output(page, "grant").locator(".calc-headline").waitFor();
    await page.locator("#notice-kind").selectOption("landlord-use");
    await page.locator("#notice-served").fill("2024-09-10");
    await page.locator("#notice-rent").fill("2150");
    await page.locator("#rent-current").fill("2000");
    await page.locator("#rent-date").fill("2026-03-01");
    await page.locator("#rent-proposed").fill("5%");
    await output(page, "notice").locator(".calc-headline").waitFor();
    await output(page, "rent").locator(".calc-headline").waitFor();
    // A purchase's whole answer with its verdict, and a 2017 transfer tax with today's rules folded beside it, every
    // fold open: what a reader reaches by tapping.
    for (const [id, value] of Object.entries({
      "buy-down": "10%",
      "buy-rate": "4.5",
      "buy-income": "180000",
      "ptt-date": "2017-06-01",
    }))
      await page.locator(`#${id}`).fill(value);
    await output(page, "purchase").locator(".calc-verdict").waitFor();
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$11,000");
    const closed = page.locator("main details:not([open]):visible > summary");
    while ((await closed.count()) > 0) await closed.first().click();
    await expect(page.locator("main details:not([open]):visible").count()).resolves.toBe(0);
    // The rate asked about, with its button beside the field.
    await page.locator("#buy-rate").fill("0.045");
    await page.locator("#buy-rate-error button").waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.close();
  });

  it(
    "says in words, where the calculation needed it, that a fact could not be read, and keeps the forms",
    async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 900 } });
      await page.route(/\/api\/v1\/facts\/by-id\/bc\.ptt\.brackets\.json$/, (route) =>
        route.fulfill({ status: 503, body: "unavailable" }),
      );
      await page.goto(`${server.url}/calculators.html`);
      await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
      await form(page, "ptt").getByLabel("Purchase price", { exact: true }).fill("650000");
      await expect
        .poll(() => output(page, "ptt").locator(".calc-error").first().textContent(), POLL)
        .toBe(
          // Its label is in the file that could not be read: the link names the fact by its id.
          "The rule of bc.ptt.brackets, which this calculation needs, could not be read: api/v1/facts/by-id/bc.ptt.brackets.json answered HTTP 503.",
        );
      await expect(page.locator("form.calc-form:visible").count()).resolves.toBe(8);
      await page.close();
    },
    LIMITS.test,
  );

  it("computes a 2017 foreign buyer's transfer tax downloading only the facts the calculation cites, never the catalog", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.route(/^(?!http:\/\/127\.0\.0\.1:\d+\/)/, (route) => route.abort());
    const json = new Map<string, Buffer>();
    page.on("response", async (response) => {
      const address = new URL(response.url()).pathname;
      if (address.endsWith(".json")) json.set(address, await response.body());
    });
    await page.goto(`${server.url}/calculators.html`);
    await page.locator('body[data-calculators="ready"]').waitFor({ state: "attached", timeout: LIMITS.wait });
    const ptt = form(page, "ptt");
    await ptt.getByLabel("Purchase price", { exact: true }).fill("650000");
    await ptt.getByLabel("Foreign buyer", { exact: true }).check();
    await ptt
      .getByLabel("For a place not in the list: in an area where the foreign buyers' tax applies?", { exact: true })
      .selectOption("yes");
    await ptt.getByLabel("Registration date", { exact: true }).fill("2017-06-01");
    // 1% of $200,000 and 2% of $450,000, plus the additional tax of 15% in force from August 2, 2016.
    await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$108,500");
    await expect(figure(page, "ptt", "Additional tax for foreign buyers")).resolves.toBe("$97,500");
    await expect.poll(() => output(page, "ptt").locator(".calc-also li").count(), POLL).toBeGreaterThan(0);

    // Every JSON file read is the by-id file of a fact this result cites (used, or listed as also relevant), or of a
    // fact the page read to know whether it was in force on the date, and left out because it was not.
    const cited = new Set(
      (await output(page, "ptt")
        .locator(".calc-facts a, .calc-also a")
        .evaluateAll((links) =>
          links.map((link) => (link.getAttribute("href") ?? "").replace(/\.html(#.*)?$/, "")),
        )) as string[],
    );
    const read = [...json.keys()];
    expect(read.length).toBeGreaterThan(0);
    for (const address of read) {
      const id = /^\/api\/v1\/facts\/by-id\/([a-z0-9_.]+)\.json$/.exec(address)?.[1];
      expect(id, `${address} is not a fact's by-id file`).toBeDefined();
      if (cited.has(id!)) continue;
      const { fact } = JSON.parse(json.get(address)!.toString("utf8")) as { fact: Fact };
      expect(factAsOf(fact, "2017-06-01"), `${address} is in force in 2017 and not cited`).toBeUndefined();
    }
    expect(read).toContain("/api/v1/facts/by-id/bc.ptt.brackets.json");
    expect(read).toContain("/api/v1/facts/by-id/bc.ptt.foreign_buyer_additional.json");
    const bytes = [...json.values()].reduce((sum, body) => sum + body.length, 0);
    expect(bytes, `${read.length} files, ${bytes} bytes`).toBeLessThanOrEqual(150_000);
    console.log(`a 2017 foreign buyer's transfer tax read ${read.length} JSON files, ${bytes} bytes`);
    await page.close();
  });

  it("without JavaScript says what it needs, states it is not advice, and links every fact it uses", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/calculators.html`);
    await expect(page.locator("#calc-needs-js").textContent()).resolves.toMatch(/need JavaScript/);
    await expect(
      page
        .locator("main")
        .getByText(/not legal, tax or financial advice/)
        .isVisible(),
    ).resolves.toBe(true);
    // No control that would do nothing.
    await expect(page.locator("form.calc-form:visible").count()).resolves.toBe(0);
    for (const id of [
      "bc.ptt.brackets",
      "bc.ptt.fthb_exemption",
      "cmhc.insurance_cap",
      "osfi.b20.stress_test",
      "bc.home_owner_grant.threshold",
    ]) {
      await expect(page.locator(`.calc-facts a[href^="${id}.html#"]`).count()).resolves.toBeGreaterThan(0);
    }
    await page.screenshot({ path: path.join(SHOTS, "no-js-375.png"), fullPage: true });
    await context.close();
  });
});
