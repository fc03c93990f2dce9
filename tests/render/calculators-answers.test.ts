import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../helpers/limits.ts";
import { CHROMIUM, hasChromium, launchChromium } from "./browser.ts";
import { type BuiltSite, serveBuiltProject } from "./built-site.ts";

const available = hasChromium();
if (!available) {
  console.warn(
    `SKIPPED: the calculators page tests need Debian's Chromium at ${CHROMIUM}, which is absent. Install it with: apt-get install -y chromium`,
  );
}

/** Screenshots for a person to look at: the buyer's verdict, a shared link, the printed result, the rent increase. */
const SHOTS = path.join(os.tmpdir(), "i37-page-shots");
const WIDTHS = [1280, 375] as const;
const POLL = { timeout: LIMITS.wait } as const;

/**
 * The buyer the calculators must answer: first-time buyers of a $1,150,000 newly built condo with 10% down, a 30-year
 * amortization at 4.5% and a household income of $180,000, buying on November 1, 2026 (the rules of that date).
 */
const BUYER = {
  "buy-price": "1 150 000",
  "buy-down": "$115,000",
  "buy-amortization": "30",
  "buy-rate": "4,5",
  "buy-income": "180000",
  "buy-date": "2026-11-01",
} as const;

describe.skipIf(!available)("the calculators page's whole answers in headless Chromium", () => {
  let site: BuiltSite | undefined;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveBuiltProject("facts-answers-");
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  }, LIMITS.test);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (width: number, query = ""): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
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

  const fillBuyer = async (page: Page): Promise<void> => {
    for (const [id, value] of Object.entries(BUYER)) await page.locator(`#${id}`).fill(value);
    await page.locator("#buy-first-time").check();
    await page.locator("#buy-newly-built").check();
  };

  /** The section of a calculator, photographed whole, for a person to read. */
  const shoot = async (page: Page, id: string, name: string): Promise<void> => {
    await page.locator(`#${id}`).screenshot({ path: path.join(SHOTS, `${name}.png`) });
  };

  it.each(WIDTHS)(
    "tells the buyer the purchase does not pass the stress test, the largest price that does, and the cash to close, at %i px",
    async (width) => {
      const page = await open(width);
      await fillBuyer(page);
      // At the 6.5% qualifying rate (4.5% + 2%) the payment on $1,069,155 (the loan with its 3.3% premium) over 30
      // years is $6,697.21 a month: 44.65% of $15,000 a month, above the 39% limit of cmhc.debt_service_limits.
      const verdict = output(page, "purchase").locator(".calc-verdict");
      await expect
        .poll(() => verdict.textContent(), POLL)
        .toBe(
          "Does not pass the stress test: at the qualifying rate of 6.5%, housing costs are 44.65% of income (at most 39%) and all debts 44.65% (at most 44%).",
        );
      await expect(verdict.getAttribute("class")).resolves.toContain("fails");
      await expect(figure(page, "purchase", "Stress test")).resolves.toBe("Does not pass");
      // 39% of $15,000 leaves a payment of $5,850, which repays $933,904.42 at 6.5%: with $115,000 down and the
      // premium added, the largest price is $1,019,070.
      await expect(figure(page, "purchase", "Largest price that passes")).resolves.toBe("$1,019,070");
      await expect(figure(page, "purchase", "Ratio that limits it")).resolves.toBe("GDS (housing costs), at most 39%");
      // Cash to close: $115,000 down, $21,000 of transfer tax (no exemption at $1,150,000) and $57,500 of GST less the
      // first-time buyers' rebate of $50,000 × 350,000 / 500,000 = $35,000; the premium is added to the loan.
      await expect(figure(page, "purchase", "Cash to close")).resolves.toBe("$158,500");
      await expect(figure(page, "purchase", "GST, less its rebates")).resolves.toBe("$22,500");
      await expect(figure(page, "purchase", "Property transfer tax")).resolves.toBe("$21,000");
      await expect(output(page, "purchase").textContent()).resolves.toContain(
        "$57,500 of GST less $35,000 of rebates (new housing $0, first-time buyers $35,000)",
      );
      // Debts of $1,500 a month make the total debt service ratio the one that limits the price.
      await page.locator("#buy-debts").fill("1500");
      await expect
        .poll(() => figure(page, "purchase", "Ratio that limits it"), POLL)
        .toBe("TDS (all debts), at most 44%");
      await page.locator("#buy-debts").fill("");
      // What else bears on the decision is linked, each fact once: the first-time buyers' GST rebate is among the facts
      // used, so it is not repeated as also relevant.
      const also = output(page, "purchase").locator(".calc-also");
      for (const id of ["cra.fhsa.contribution_room", "cra.hbp.withdrawal_limit", "ca.foreign_buyer_ban"])
        await expect.poll(() => also.locator(`a[href^="${id}.html#"]`).count(), { ...POLL, message: id }).toBe(1);
      await expect(also.locator('a[href^="ca.gst.fthb_new_home_rebate.html"]').count()).resolves.toBe(0);
      await expect(
        output(page, "purchase").locator('.calc-facts a[href^="ca.gst.fthb_new_home_rebate.html#"]').count(),
      ).resolves.toBe(1);
      await expect
        .poll(() => figure(page, "purchase", "Ratio that limits it"), POLL)
        .toBe("GDS (housing costs), at most 39%");
      await shoot(page, "purchase", `buyer-${width}`);
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
      await page.close();
    },
    120_000,
  );

  it(
    "tells a 30-year buyer who is neither a first-time buyer nor buying new that the purchase needs 20% down, not that it fails",
    async () => {
      // From December 15, 2024 an insured loan may be amortized over 30 years only for first-time buyers and newly built
      // homes (cmhc.amortization_30yr_eligibility): without insurance a loan is at most 80% of the price, so $600,000
      // needs $120,000 down. $60,000 down leaves $540,000: $3,382.57 a month at 6.5% over 30 years, with $400 of
      // housing costs 30.26% of $12,500 a month, within 39% and 44%.
      const page = await open(1280);
      for (const [id, value] of Object.entries({
        "buy-price": "600000",
        "buy-down": "60000",
        "buy-amortization": "30",
        "buy-rate": "4.5",
        "buy-income": "150000",
        "buy-property-tax": "3600",
        "buy-heating": "100",
        "buy-date": "2025-06-01",
      }))
        await page.locator(`#${id}`).fill(value);
      const verdict = output(page, "purchase").locator(".calc-verdict");
      await expect
        .poll(() => verdict.textContent(), POLL)
        .toBe(
          "Needs 20% down: at least $120,000, as mortgage insurance is not available for this purchase. The stress test itself passes: at the qualifying rate of 6.5%, housing costs are 30.26% of income (at most 39%) and all debts 30.26% (at most 44%).",
        );
      await expect(figure(page, "purchase", "Stress test")).resolves.toBe("Passes");
      await expect(figure(page, "purchase", "Minimum down payment")).resolves.toBe("$120,000");
      await expect(figure(page, "purchase", "Mortgage insurance")).resolves.toBe("Not available: needs 20% down");
      await expect(output(page, "purchase").textContent()).resolves.not.toContain("Does not pass");
      await expect(output(page, "purchase").locator(".calc-hint").allTextContents()).resolves.toContain(
        "Needs 20% down: default insurance is not available, as a 30-year amortization on an insured loan is only for first-time home buyers and buyers of newly built homes (since December 15, 2024); this purchase is neither.",
      );
      // A first-time buyer may have the 30-year insured loan: the minimum is 5% of $500,000 and 10% of $100,000 again.
      await page.locator("#buy-first-time").check();
      await expect.poll(() => figure(page, "purchase", "Minimum down payment"), POLL).toBe("$35,000");
      await expect.poll(() => verdict.textContent(), POLL).toMatch(/^Passes the stress test: /);
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "reopens a shared link on the same calculation, at %i px",
    async (width) => {
      const page = await open(width);
      await fillBuyer(page);
      await expect.poll(() => figure(page, "purchase", "Cash to close"), POLL).toBe("$158,500");
      // The address holds the inputs as typed, and the result links to itself.
      const address = new URL(page.url());
      expect(address.searchParams.get("buy-price")).toBe("1 150 000");
      expect(address.searchParams.get("buy-rate")).toBe("4,5");
      expect(address.searchParams.get("buy-first-time")).toBe("1");
      const link = await output(page, "purchase")
        .getByRole("link", { name: "Link to this calculation" })
        .getAttribute("href");
      expect(link).toMatch(/^\/calculators\.html\?buy-price=.*#purchase$/);
      await page.close();

      const reopened = await open(width, link!.replace("/calculators.html", ""));
      await expect(reopened.locator("#buy-price").inputValue()).resolves.toBe("1 150 000");
      await expect(reopened.locator("#buy-newly-built").isChecked()).resolves.toBe(true);
      await expect.poll(() => figure(reopened, "purchase", "Cash to close"), POLL).toBe("$158,500");
      await expect(figure(reopened, "purchase", "Largest price that passes")).resolves.toBe("$1,019,070");
      // Another calculator's fields are not in this link, and what the address cannot hold is ignored.
      await expect(reopened.locator("#ptt-price").inputValue()).resolves.toBe("");
      await shoot(reopened, "purchase", `shared-link-${width}`);
      await reopened.close();

      const hostile = await open(width, `?buy-price=${"9".repeat(300)}&nope=<b>x</b>&ptt-price=650000`);
      await expect(hostile.locator("#buy-price").inputValue()).resolves.toBe("");
      await expect.poll(() => figure(hostile, "ptt", "Property transfer tax"), POLL).toBe("$11,000");
      await hostile.close();
    },
    120_000,
  );

  it(
    "prints the result alone, with what was entered and the facts and versions used",
    async () => {
      const page = await open(1280);
      await fillBuyer(page);
      await expect.poll(() => figure(page, "purchase", "Cash to close"), POLL).toBe("$158,500");
      // The browser's print dialog is not opened in a test: the button's own work (choosing what prints) is checked.
      await page.evaluate("window.print = () => {}");
      await output(page, "purchase").getByRole("button", { name: "Print this result" }).click();
      await expect(page.evaluate("document.body.dataset.print")).resolves.toBe("purchase");
      await page.emulateMedia({ media: "print" });
      // Printed: the inputs, the figures, how they were reached and the facts used; not the site's frame, the forms or
      // the other calculators.
      for (const hidden of [".site-header", "#purchase-form", "#ptt", "#rent", "#grant", ".calc-keep"])
        await expect(page.locator(hidden).first().isVisible(), hidden).resolves.toBe(false);
      const printed = output(page, "purchase");
      await expect(printed.locator(".calc-inputs").isVisible()).resolves.toBe(true);
      // The inputs as the page writes figures, and the link that reopens the calculation.
      await expect(printed.locator(".calc-inputs").textContent()).resolves.toContain("Purchase price: $1,150,000");
      await expect(printed.locator(".calc-inputs").textContent()).resolves.toContain("Down payment: $115,000");
      await expect(printed.locator(".calc-inputs").textContent()).resolves.toContain("Interest rate, in percent: 4.5%");
      const reopen = await printed.locator(".calc-inputs a").getAttribute("href");
      expect(reopen).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calculators\.html\?buy-price=.*#purchase$/);
      expect(await printed.locator(".calc-inputs a").textContent()).toBe(reopen);
      await expect(printed.locator(".calc-inputs").textContent()).resolves.toContain("Purchase date: November 1, 2026");
      await expect(printed.locator(".calc-facts").isVisible()).resolves.toBe(true);
      await expect(printed.locator(".calc-facts").textContent()).resolves.toMatch(/version \d+, in effect from/);
      // The folds opened for printing close again after it; the reader's own stay as they were.
      await page.evaluate("window.dispatchEvent(new Event('afterprint'))");
      await expect(printed.locator("details.calc-fold[open]").count()).resolves.toBe(0);
      await page.evaluate("window.dispatchEvent(new Event('beforeprint'))");
      await page.locator("body").screenshot({ path: path.join(SHOTS, "printed-1280.png") });
      await page.pdf({ path: path.join(SHOTS, "printed.pdf") });
      await page.setViewportSize({ width: 375, height: 900 });
      await page.locator("body").screenshot({ path: path.join(SHOTS, "printed-375.png") });
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "turns a rent into the allowed new rent and the day the notice must arrive, at %i px",
    async (width) => {
      const page = await open(width);
      await page.locator("#rent-current").fill("2 000");
      await page.locator("#rent-date").fill("2026-03-01");
      // The 2026 limit is 2.3%: $46 on $2,000. Three full months' notice before March 1: received by November 30.
      await expect.poll(() => figure(page, "rent", "Largest new rent"), POLL).toBe("$2,046");
      await expect(figure(page, "rent", "Largest increase")).resolves.toBe("$46 (2.3%)");
      await expect(figure(page, "rent", "Notice must reach the tenant by")).resolves.toBe("November 30, 2025");
      await expect(figure(page, "rent", "Increases allowed")).resolves.toBe("1 in 12 months");
      await shoot(page, "rent", `rent-${width}`);
      // An earlier year's limit: 2.5% for increases in 2019.
      await page.locator("#rent-date").fill("2019-07-01");
      await expect.poll(() => figure(page, "rent", "Largest increase"), POLL).toBe("$50 (2.5%)");
      await expect(output(page, "rent").locator(".calc-facts a").first().getAttribute("href")).resolves.toBe(
        "bc.rent_cap.2026.html#earlier-2019-01-01",
      );
      await expect(page.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(width);
      await page.close();
    },
    120_000,
  );

  it(
    "gives the GST and its rebates beside the transfer tax of a newly built home",
    async () => {
      const page = await open(1280);
      await page.locator("#ptt-price").fill("1150000");
      await page.locator("#ptt-first-time").check();
      await page.locator("#ptt-newly-built").check();
      await page.locator("#ptt-date").fill("2026-11-01");
      // Neither exemption gives anything at $1,150,000, but the GST of $57,500 less the first-time buyers' rebate of
      // $35,000 is due: the tax calculator says so rather than stop at the transfer tax.
      await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$21,000");
      await expect(figure(page, "ptt", "GST")).resolves.toBe("$57,500");
      await expect(figure(page, "ptt", "GST rebates")).resolves.toBe("$35,000");
      await expect(figure(page, "ptt", "GST after the rebates")).resolves.toBe("$22,500");
      await expect(
        output(page, "ptt").locator('.calc-facts a[href^="ca.gst.fthb_new_home_rebate.html#v"]').count(),
      ).resolves.toBe(1);
      await page.close();
    },
    LIMITS.test,
  );

  it(
    "reads a decimal comma as a decimal point and refuses a number it could read two ways",
    async () => {
      const page = await open(1280);
      await page.locator("#buy-price").fill("600000");
      await page.locator("#buy-rate").fill("4,5");
      await expect.poll(() => figure(page, "purchase", "Qualifying rate (stress test)"), POLL).toBe("6.5%");
      await page.locator("#buy-rate").fill("4,125");
      await expect
        .poll(() => page.locator("#buy-rate-error").textContent(), POLL)
        .toBe("“4,125” could be read two ways: write it with a point (for example 4.125).");
      await page.locator("#ptt-price").fill("650 000,50");
      // $650,000.50: 1% of $200,000 and 2% of $450,000.50, to the cent.
      await expect.poll(() => figure(page, "ptt", "Property transfer tax"), POLL).toBe("$11,000.01");
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "gives a tenant the interest on the deposits and the day they must come back, at %i px",
    async (width) => {
      const page = await open(width);
      // $1,000 held for the whole of 2023, at the 1.95% bc.rta.deposit_interest records for that year: $19.50; the
      // forwarding address given on the day the tenancy ended, December 31, 2023: 15 days, January 15, 2024.
      await page.locator("#deposit-amount").fill("1000");
      await page.locator("#deposit-received").fill("2023-01-01");
      await page.locator("#deposit-end").fill("2023-12-31");
      await page.locator("#deposit-address").fill("2023-12-31");
      await page.locator("#deposit-returned").fill("2024-01-01");
      await expect.poll(() => figure(page, "deposit", "Interest to January 1, 2024"), POLL).toBe("$19.50");
      await expect(figure(page, "deposit", "Last day to return the deposits or claim against them")).resolves.toBe(
        "January 15, 2024",
      );
      await expect(figure(page, "deposit", "Owed to the tenant if that day passes")).resolves.toBe(
        "$2,000, plus the interest",
      );
      await shoot(page, "deposit", `tenancy-deposit-${width}`);
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "tells a tenant handed a landlord's-use notice by mail in 2024 when it ends, the last day to dispute it and the compensation, at %i px",
    async (width) => {
      const page = await open(width);
      // Mailed September 10, 2024: received on the fifth day after, September 15. The rule then: four months' notice,
      // 30 days to dispute (from July 18, 2024); one month's rent, and 12 months' rent if the purpose is not carried out.
      await page.locator("#notice-kind").selectOption("landlord-use");
      await page.locator("#notice-method").selectOption("mail");
      await page.locator("#notice-served").fill("2024-09-10");
      await page.locator("#notice-rent").fill("2150");
      await expect.poll(() => figure(page, "notice", "Counts as received on"), POLL).toBe("September 15, 2024");
      await expect(figure(page, "notice", "The notice for the landlord's use can end the tenancy on")).resolves.toBe(
        "January 31, 2025",
      );
      await expect(figure(page, "notice", "Last day to dispute it")).resolves.toBe("October 15, 2024");
      await expect(figure(page, "notice", "Compensation on or before that day")).resolves.toBe("$2,150");
      await expect(figure(page, "notice", "More if the purpose is not carried out")).resolves.toBe("$25,800");
      await shoot(page, "notice", `tenancy-landlord-use-2024-${width}`);
      await page.close();
    },
    LIMITS.test,
  );

  it.each(WIDTHS)(
    "tells a tenant handed a 5% increase for 2026 that it is above the 2.3% limit, and what they may do, at %i px",
    async (width) => {
      const page = await open(width);
      await page.locator("#rent-current").fill("2000");
      await page.locator("#rent-received").fill("2025-11-20");
      await page.locator("#rent-proposed").fill("5%");
      await expect
        .poll(() => figure(page, "rent", "Earliest date the increase can take effect"), POLL)
        .toBe("March 1, 2026");
      await expect(figure(page, "rent", "Largest increase")).resolves.toBe("$46 (2.3%)");
      await expect(figure(page, "rent", "Proposed increase")).resolves.toBe("$100 (5%): above the limit");
      await expect(
        output(page, "rent").getByText("the tenant does not have to agree", { exact: false }).count(),
      ).resolves.toBe(1);
      await shoot(page, "rent", `tenancy-above-cap-${width}`);
      // A notice received in December answers the 2027 dates though the 2027 limit is not recorded.
      await page.locator("#rent-received").fill("2026-12-05");
      await expect
        .poll(() => figure(page, "rent", "Earliest date the increase can take effect"), POLL)
        .toBe("April 1, 2027");
      await expect(figure(page, "rent", "Limit for increases in 2027")).resolves.toBe("Not recorded here yet");
      await page.close();
    },
    LIMITS.test,
  );
});
