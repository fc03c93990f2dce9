import { addDays, daysBetween } from "../lib/dates.ts";

/** The re-verification cadence of volatile rules (docs/maintainers/decisions.md#cadence): the digest's cycle. */
export const CYCLE_DAYS = 90;

export interface DigestCycle {
  /** The boundary that closes the cycle (YYYY-MM-DD): the digest is due from this day on. */
  end: string;
  /** The boundary that opened it, CYCLE_DAYS earlier. */
  start: string;
}

/**
 * The latest cycle closed on or before `today`, with boundaries every CYCLE_DAYS days from `epoch` (the first
 * boundary), or undefined before the epoch.
 */
export const digestCycle = (today: string, epoch: string): DigestCycle | undefined => {
  const elapsed = daysBetween(epoch, today);
  if (elapsed < 0) return undefined;
  const end = addDays(epoch, Math.floor(elapsed / CYCLE_DAYS) * CYCLE_DAYS);
  return { end, start: addDays(end, -CYCLE_DAYS) };
};
