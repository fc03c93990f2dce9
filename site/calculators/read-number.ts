// How the calculators page reads a number a person typed; a module of its own so that tests read it without a page
// (they pass the words its problems are said in).

import type { Words } from "../../src/i18n/words.ts";

/** Spaces people group digits with: a space, a no-break space, a narrow no-break space and a thin space. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;

/**
 * A number as a person types it, in English or French Canadian habits: "$650,000", "650 000", "650 000,50" and
 * "650000.50" are amounts; "4,5" and "4.5" are the same rate. A comma is read as a decimal point where it can only be
 * one ("4,5", "650 000,50") and as a thousands separator only between groups of three digits ("650,000"), never as a
 * separator in a number with a decimal comma. Where it could be either ("4,125" in a percentage) the field says so
 * rather than guess. Returns undefined for an empty field.
 */
export const readNumber = (typed: string, percent: boolean, w: Words): number | undefined | { problem: string } => {
  const trimmed = typed.trim();
  // An amount field given a percentage ("10%") would otherwise read it as ten dollars.
  if (!percent && trimmed.endsWith("%")) return { problem: w.text("calc.read.percent-in-amount", { typed: trimmed }) };
  const raw = trimmed.replace(/^\$\s*/, "").replace(/\s*%$/, "");
  if (raw === "") return undefined;
  if (/^[-−]/.test(raw)) return { problem: w.text("calc.read.negative") };
  const notANumber = { problem: w.text("calc.read.not-a-number", { typed: trimmed }) };
  let plain: string;
  if (/^\d{1,3}([ \u00a0\u202f\u2009]\d{3})+([.,]\d+)?$/.test(raw)) {
    // Spaces between groups of three: the separator after them, if any, is the decimal one.
    plain = raw.replace(GROUP_SPACES, "").replace(",", ".");
  } else if (raw.includes(",") && raw.includes(".")) {
    // Both: the last one is the decimal point, the other separates groups of three ("1,234.5" or "1.234,5").
    const decimal = raw.lastIndexOf(",") > raw.lastIndexOf(".") ? "," : ".";
    const group = decimal === "," ? "\\." : ",";
    if (!new RegExp(`^\\d{1,3}(${group}\\d{3})+\\${decimal}\\d+$`).test(raw)) return notANumber;
    plain = raw.replace(new RegExp(group, "g"), "").replace(",", ".");
  } else if (raw.includes(",")) {
    const grouped = /^\d{1,3}(,\d{3})+$/.test(raw);
    if (grouped && percent && raw.split(",").length === 2)
      return { problem: w.text("calc.read.ambiguous", { typed: trimmed }) };
    if (grouped) plain = raw.replace(/,/g, "");
    else if (/^\d*,\d+$/.test(raw)) plain = raw.replace(",", ".");
    else return notANumber;
  } else {
    // Digits with at most one decimal point: Number() alone would read "0x10" as 16 and "1e6" as a million.
    if (!/^(\d+\.?\d*|\.\d+)$/.test(raw)) return notANumber;
    plain = raw;
  }
  return Number(plain);
};

/**
 * An amount that may also be typed as a percentage of another ("10%" of the price, "5%" of the rent): the amount,
 * or the share as a fraction, undefined for an empty field, or what is wrong. A share above 100% is refused.
 */
export const readAmountOrShare = (
  typed: string,
  w: Words,
): { amount: number } | { share: number } | undefined | { problem: string } => {
  const percent = typed.trim().endsWith("%");
  const read = readNumber(typed, percent, w);
  if (read === undefined || typeof read === "object") return read;
  if (!percent) return { amount: read };
  if (read > 100) return { problem: w.text("calc.read.share-above-whole") };
  return { share: Math.round(read * 1e6) / 1e8 };
};

/**
 * The rate a person most likely meant by a rate below 1% typed without a percent sign: such a number is far more often
 * a rate written as a fraction ("0.0449" for 4.49%) than a rate lent at, so the page asks before using it. Undefined
 * for 0 and for 1 or more.
 */
export const likelyPercent = (percent: number): number | undefined =>
  percent > 0 && percent < 1 ? Math.round(percent * 100 * 1e6) / 1e6 : undefined;
