import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium: the browser tests drive it and never download one of their own. */
export const CHROMIUM = "/usr/bin/chromium";

export const hasChromium = (): boolean => existsSync(CHROMIUM);

/**
 * Headless Chromium with nothing that reaches outside 127.0.0.1 (no QUIC, updates, sync or background requests).
 * Playwright gives each launch a fresh temporary `--user-data-dir`.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
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
