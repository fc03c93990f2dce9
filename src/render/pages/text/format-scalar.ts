import { formatCad, formatNumber, formatPercent, isIsoDate, readableDate } from "../../../lib/format.ts";
import { describeKey } from "./describe-key.ts";

/** A number under a key, written for people by the key's kind: "$1,500,000", "2.3%", "55 days", "2026", "10,000". */
export const formatNumberFor = (key: string, value: number): string => {
  const { kind, unit } = describeKey(key);
  if (kind === "money") return formatCad(value);
  if (kind === "rate") return formatPercent(value);
  if (kind === "year") return String(value);
  if (kind === "measure" && unit) return `${formatNumber(value)} ${value === 1 ? unit[0] : unit[1]}`;
  return formatNumber(value);
};

/**
 * A string under a key, written for people: an enumeration member in the glossary's words ("Rapid transit
 * station" for "rapid-transit-station"), an ISO date spelled out, any other text as written.
 */
export const formatTextFor = (key: string, value: string): string => {
  const { members } = describeKey(key);
  if (members !== undefined && Object.hasOwn(members, value)) return members[value]!;
  if (isIsoDate(value)) return readableDate(value);
  return value;
};

/**
 * A value that is one bare number, read by the fact's `unit` (CONTRIBUTING.md, "A fact file"): money or a percentage.
 * The unit string itself is a code for programs and never shown.
 */
export const formatNumberWithUnit = (value: number, unit: string | undefined): string => {
  if (unit !== undefined && /^fraction/.test(unit)) return formatPercent(value);
  if (unit === "CAD") return formatCad(value);
  return formatNumber(value);
};
