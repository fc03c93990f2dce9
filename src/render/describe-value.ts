import type { Bracket } from "../schemas/fact-value.ts";

const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 2, minimumFractionDigits: 0 });
const percent = (rate: number): string => `${Number((rate * 100).toFixed(4))}%`;

export const isBracketArray = (value: unknown): value is Bracket[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === "object" && "rate" in item && "upper" in item);

/** "1% up to $200,000; 2% up to $2,000,000; 3% above $2,000,000": a bracket schedule in one line. */
export const describeBrackets = (brackets: readonly Bracket[]): string =>
  brackets
    .map((bracket, index) => {
      const lower = brackets[index - 1]?.upper;
      return bracket.upper === null ? `${percent(bracket.rate)} above ${cad.format(lower ?? 0)}` : `${percent(bracket.rate)} up to ${cad.format(bracket.upper)}`;
    })
    .join("; ");

/** Reads a key's unit from its name, following the catalog's naming convention (`_rate`, `_cad`, `_days`...). */
export const describeScalar = (key: string, value: unknown): string => {
  if (typeof value === "number") {
    if (/(^|_)(rate|share|fraction)$|rate_|_rate_|^max_increase/.test(key) && value <= 1) return percent(value);
    if (/(_cad$|^max_fee$|fee$|_fmv_max$|fmv$|price|amount|limit_cad|_cap$|cap_exclusive$|^exemption_cap$)/.test(key)) return cad.format(value);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value === null) return "none";
  if (Array.isArray(value)) return value.map((item) => (typeof item === "object" ? JSON.stringify(item) : String(item))).join("; ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** A one-line reading of a fact's value for feeds and text catalogs. */
export const describeValue = (value: unknown, unit?: string): string => {
  if (unit === "CAD-bracket-array" && isBracketArray(value)) return describeBrackets(value);
  if (typeof value === "number") return describeScalar(unit === "fraction" ? "rate" : unit === "CAD" ? "amount_cad" : "", value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => describeScalar("", item)).join("; ");
  return Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => typeof item !== "object" || item === null)
    .slice(0, 6)
    .map(([key, item]) => `${key.replaceAll("_", " ")}: ${describeScalar(key, item)}`)
    .join("; ");
};
