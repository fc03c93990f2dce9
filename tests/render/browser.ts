import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { frozenNoon } from "../helpers/frozen-copy.ts";
import { LIMITS } from "../helpers/limits.ts";

/** Debian's Chromium: the browser tests drive it and never download one of their own. */
export const CHROMIUM = "/usr/bin/chromium";

export const hasChromium = (): boolean => existsSync(CHROMIUM);

/**
 * Headless Chromium with nothing that reaches outside 127.0.0.1 (no QUIC, updates, sync or background requests).
 * Playwright gives each launch a fresh temporary `--user-data-dir`. Every page it opens with `newPage` has its clock
 * fixed at noon of the frozen data's day (timers keep running), so the pages' calculators answer as of the day the
 * tests' data is valid on, whatever day the suite runs.
 */
export const launchChromium = async (): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const openPage = browser.newPage.bind(browser);
  browser.newPage = async (...options) => {
    const page = await openPage(...options);
    await page.clock.setFixedTime(frozenNoon());
    return page;
  };
  return browser;
};

/**
 * Serves `folder` on 127.0.0.1, opens its `index.html` in headless Chromium and waits for the page's module script
 * to set `window.answer`; returns that answer and every uncaught page error.
 */
export const answerInChromium = async (folder: string): Promise<{ answer: unknown; errors: string[] }> => {
  if (!hasChromium()) throw new Error(`Debian's chromium is needed at ${CHROMIUM} for this test (.ci/run installs it)`);
  const { startStaticServer } = await import("./serve-directory.ts");
  const server = await startStaticServer();
  server.serve(folder);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${server.url}/`);
    await page.waitForFunction("'answer' in window", undefined, { timeout: LIMITS.wait });
    return { answer: await page.evaluate("window.answer"), errors };
  } finally {
    await browser.close();
    await server.close();
  }
};
