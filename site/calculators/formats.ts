// How the calculators page writes figures for a reader: one helper for each kind (money, a percentage, a count, a
// day), each in the page's language (its words), and no other way.

import { words } from "./words.ts";

export const money = (amount: number): string => words().money(amount);

/** A fraction as a percentage: 0.045 is "4.5%" ("4,5 %" in French). */
export const percent = (fraction: number): string => words().percent(fraction);

/** A plain number: a count of months or units, a rate typed in percent. */
export const count = (value: number): string => words().number(value);

/** A day written YYYY-MM-DD, written out ("June 1, 2017", "1er juin 2017"). */
export const day = (isoDate: string): string => words().date(isoDate);
