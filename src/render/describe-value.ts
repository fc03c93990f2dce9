import type { Bracket } from "../schemas/fact-value.ts";
import { describeKey, formatCad, formatNumberFor, formatNumberWithUnit, formatPercent } from "./pages/text/index.ts";

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

/** One field of an object value in words, read from its key the way the pages read it ("Notice period: 3 months"). */
const describeField = (key: string, value: unknown): string => {
  const { label } = describeKey(key, value);
  if (typeof value === "number") return `${label}: ${formatNumberFor(key, value)}`;
  if (typeof value === "boolean") return `${label}: ${value ? "yes" : "no"}`;
  if (value === null) return `${label}: none`;
  if (Array.isArray(value)) return `${label}: ${value.map((item) => (typeof item === "object" ? JSON.stringify(item) : String(item))).join("; ")}`;
  return `${label}: ${String(value)}`;
};

/** A one-line reading of a fact's value for feeds and text catalogs: its first plain fields, or the schedule. */
export const describeValue = (value: unknown, unit?: string): string => {
  if (unit === "CAD-bracket-array" && isBracketArray(value)) return describeBrackets(value);
  if (typeof value === "number") return formatNumberWithUnit(value, unit);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === "object" ? JSON.stringify(item) : String(item))).join("; ");
  return Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => typeof item !== "object" || item === null)
    .slice(0, 6)
    .map(([key, item]) => describeField(key, item))
    .join("; ");
};
