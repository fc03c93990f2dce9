import type { Bracket } from "../schemas/index.ts";
import { describeKey, formatCad, formatNumberFor, formatNumberWithUnit, formatPercent, formatTextFor } from "./pages/text/index.ts";

export const isBracketArray = (value: unknown): value is Bracket[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => item !== null && typeof item === "object" && "rate" in item && "upper" in item);

/** "1% up to $200,000; 2% up to $2,000,000; 3% above $2,000,000": a bracket schedule in one line. */
export const describeBrackets = (brackets: readonly Bracket[]): string =>
  brackets
    .map((bracket, index) => {
      const lower = brackets[index - 1]?.upper;
      return bracket.upper === null
        ? `${formatPercent(bracket.rate)} above ${formatCad(lower ?? 0)}`
        : `${formatPercent(bracket.rate)} up to ${formatCad(bracket.upper)}`;
    })
    .join("; ");

/** A scalar under a key in words, by the key's glossary entry: "$570", "2.3%", "3 months", "yes", "Bus exchange". */
const describeScalar = (key: string, value: unknown): string => {
  if (value === null) return "none";
  if (typeof value === "number") return formatNumberFor(key, value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return formatTextFor(key, value);
  return "";
};

/** One item of a list in words: a scalar, a bracket schedule, or a record's fields. */
const describeItem = (key: string, item: unknown): string => {
  if (item === null || typeof item !== "object") return describeScalar(key, item);
  if (Array.isArray(item)) return item.map((inner) => describeItem(key, inner)).join(", ");
  return Object.entries(item as Record<string, unknown>)
    .map(([field, value]) => `${describeKey(field).label}: ${describeItem(field, value)}`)
    .join(", ");
};

/** One field of an object value in words, by the glossary ("Notice period: 3 months"). */
const describeField = (key: string, value: unknown): string => {
  const { label } = describeKey(key);
  if (isBracketArray(value)) return `${label}: ${describeBrackets(value)}`;
  if (Array.isArray(value)) return `${label}: ${value.map((item) => describeItem(key, item)).join("; ")}`;
  return `${label}: ${describeScalar(key, value)}`;
};

/**
 * A one-line reading of a fact's value for feeds, text catalogs and the catalog page: the schedule, or the first
 * `fields` plain fields of an object (numbers, dates, words and yes/no; lists and groups are left to the full
 * record), each labelled by the glossary.
 */
export const describeValue = (value: unknown, unit?: string, fields = 6): string => {
  if (isBracketArray(value)) return describeBrackets(value);
  if (typeof value === "number") return formatNumberWithUnit(value, unit);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => describeItem("", item)).join("; ");
  return Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => typeof item !== "object" || item === null)
    .slice(0, fields)
    .map(([key, item]) => describeField(key, item))
    .join("; ");
};
