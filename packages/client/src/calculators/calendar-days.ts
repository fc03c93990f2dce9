import { utcDay } from "./calculator-common.ts";

// Day arithmetic for the calculators: every date is a day of the calendar written YYYY-MM-DD, computed in UTC so that
// no machine's zone moves it.

/** A day as YYYY-MM-DD. */
export const isoOf = (day: Date): string =>
  `${String(day.getUTCFullYear()).padStart(4, "0")}-${String(day.getUTCMonth() + 1).padStart(2, "0")}-${String(day.getUTCDate()).padStart(2, "0")}`;

/** The day `days` days after `iso` (before it when negative). */
export const addDays = (iso: string, days: number): string => {
  const day = utcDay(iso);
  day.setUTCDate(day.getUTCDate() + days);
  return isoOf(day);
};

/** The days from `from` to `until` (negative when `until` is earlier): 1 from one day to the next. */
export const daysBetween = (from: string, until: string): number =>
  Math.round((utcDay(until).getTime() - utcDay(from).getTime()) / 86_400_000);

/** The later of two days. */
export const laterOf = (a: string, b: string): string => (a >= b ? a : b);

/** Day `dayOfMonth` of a month (0-based `month`, which may run past the year), or the month's last day when shorter. */
const dayIn = (year: number, month: number, dayOfMonth: number): string => {
  const last = new Date(0);
  last.setUTCFullYear(year, month + 1, 0);
  const day = new Date(0);
  day.setUTCFullYear(last.getUTCFullYear(), last.getUTCMonth(), Math.min(dayOfMonth, last.getUTCDate()));
  return isoOf(day);
};

/**
 * The same day of the month `months` months after `iso` (before it when negative), or that month's last day when it is
 * shorter: a month after January 31 is February 28 or 29.
 */
export const addMonths = (iso: string, months: number): string =>
  dayIn(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 + months, Number(iso.slice(8, 10)));

/**
 * The first day on or after `iso` that is a rent due day, rent being due on day `dueDay` of each month (on the last
 * day of a month shorter than that).
 */
export const dueDayOnOrAfter = (iso: string, dueDay: number): string => {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7)) - 1;
  const inMonth = dayIn(year, month, dueDay);
  return inMonth >= iso ? inMonth : dayIn(year, month + 1, dueDay);
};

/** The rent due day (`dueDay` of the month, or the month's last day) `months` months after the month of `iso`. */
export const dueDayMonthsAfter = (iso: string, months: number, dueDay: number): string =>
  dayIn(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 + months, dueDay);

/**
 * What a calculator that counts days after an event assumes of them (the `calendar-days` assumption): one sentence for
 * every such calculator, as its code has one meaning.
 */
export const CALENDAR_DAYS =
  "days are days of the calendar, weekends and holidays included; a day that falls on a holiday is not moved here";
