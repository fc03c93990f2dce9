import { describeKey } from "./describe-key.ts";
import { formatCad, formatNumber, formatPercent } from "./format-number.ts";

/** A number under a key, written for people: "$1,500,000", "2.3%", "55 days", "2026", "10,000". */
export const formatNumberFor = (key: string, value: number): string => {
  const { kind, unit } = describeKey(key, value);
  if (kind === "money") return formatCad(value);
  if (kind === "rate") return formatPercent(value);
  if (kind === "year") return String(value);
  if (kind === "measure" && unit) return `${formatNumber(value)} ${value === 1 ? unit[0] : unit[1]}`;
  return formatNumber(value);
};

/** A top-level number read by the fact's unit (SPEC.md 2.1: "interpret by unit"). */
export const formatNumberWithUnit = (value: number, unit: string | undefined): string => {
  if (unit !== undefined && /^fraction/.test(unit)) return formatPercent(value);
  if (unit === "CAD") return formatCad(value);
  return unit === undefined ? formatNumber(value) : `${formatNumber(value)} ${unit}`;
};
