// How the calculators page writes figures for a reader: one helper for each kind (money, a percentage, a count, a
// day), and no other way, so that the page in another language changes how its figures read here alone.

import { formatCad, formatPercent, readableDate } from "../../packages/client/src/index.ts";

export const money = (amount: number): string => formatCad(amount);

/** A fraction as a percentage: 0.045 is "4.5%". */
export const percent = (fraction: number): string => formatPercent(fraction);

const counts = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 6 });

/** A plain number: a count of months or units, a rate typed in percent. */
export const count = (value: number): string => counts.format(value);

/** A day written YYYY-MM-DD, written out ("June 1, 2017"). */
export const day = (isoDate: string): string => readableDate(isoDate);
