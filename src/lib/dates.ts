import { IsoDate } from "../schemas/index.ts";
import { type Environment, readVariable } from "./environment.ts";

/** Calendar arithmetic on `YYYY-MM-DD` dates, in UTC so no time zone shifts a day. */
export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * A git commit time (seconds since the epoch) as an ISO 8601 UTC date-time without milliseconds
 * ("2026-11-21T18:30:00Z").
 */
export const isoDateTimeOfSeconds = (seconds: number): string =>
  `${new Date(seconds * 1000).toISOString().slice(0, -5)}Z`;

export const isoDateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Today's date for checks: `FACTS_TODAY` (YYYY-MM-DD) when set, so a run can be reproduced; otherwise the clock, in
 * UTC.
 */
export const todayFromEnvironment = (environment: Environment = process.env, now: Date = new Date()): string => {
  const override = readVariable("FACTS_TODAY", environment);
  if (override === undefined || override === "") return isoDateOf(now);
  const parsed = IsoDate.safeParse(override);
  if (!parsed.success) throw new Error(`FACTS_TODAY must be a date written YYYY-MM-DD, got "${override}"`);
  return parsed.data;
};
