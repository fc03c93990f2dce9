/**
 * Numbers and dates as the pages and reports write them, in Canadian English and in UTC. Money, percentages and the
 * long date are the client's (its calculators word their answers with them), re-exported here so that src/ has one
 * place for formatting and the site and a program reading the same facts write the same words.
 */
export { formatCad, formatPercent, readableDate } from "../../packages/client/src/index.ts";

const longDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });
const shortFormat = new Intl.DateTimeFormat("en-CA", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const time = new Intl.DateTimeFormat("en-CA", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (text: string): boolean =>
  ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** A commit time ("2026-11-22T00:14:38Z") as "November 22, 2026, 00:14 UTC". */
export const readableDateTime = (isoDateTime: string): string => {
  const instant = new Date(isoDateTime);
  return `${longDate.format(instant)}, ${time.format(instant)} UTC`;
};

/** "2026-01-01" as "Jan 1, 2026", for table cells where the long form would wrap. */
export const shortDate = (isoDate: string): string => shortFormat.format(new Date(`${isoDate}T00:00:00Z`));
