import { afterAll, inject, vi } from "vitest";
import type { FrozenData } from "./frozen-data.ts";

/** What the global setup hands each test file: where the copy was unpacked, and its fixed day. */
export interface FrozenCopy extends FrozenData {
  root: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    frozenData: FrozenCopy;
    /** The tree `npm run build` writes from the frozen copy, for FROZEN_SITE_BASE_URL, built once per run. */
    frozenSite: string;
  }
}

/**
 * The frozen copy the global setup (tests/global-setup.ts) unpacked for this run: `root` is a repository whose
 * `facts/`, `index-data/`, `reference/` and `keys/` the tests build, check and read, and `today` the date they run on.
 */
export const frozenData = (): FrozenCopy => inject("frozenData");

/** Noon in British Columbia on the frozen day, as a UTC instant (20:00Z is noon PST and 13:00 PDT). */
export const frozenNoon = (): Date => new Date(`${frozenData().today}T20:00:00Z`);

/**
 * The fixed clock: `Date` says the frozen day for the rest of the test file (timers stay real), so a calculator asked
 * without `asOf` answers as of the frozen data's day, not as of the day the suite happens to run.
 */
export const useFrozenClock = (): void => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(frozenNoon());
  afterAll(() => {
    vi.useRealTimers();
  });
};
