import { z } from "zod";
import { formatPercent } from "../../../../src/render/pages/text/format-number.ts";
import { CalculatorError } from "./calculator-error.ts";
import { checkAsOf, checkOptions, type FactSource, type FactUsed, requireFactAsOf, roundRate } from "./facts-used.ts";

export interface QualifyingRateOptions {
  /** The date whose rules apply, YYYY-MM-DD (default today in B.C.). */
  asOf?: string;
}

export interface QualifyingRateResult {
  /** The rate a borrower must qualify at, as a fraction (0.0525 = 5.25%). */
  rate: number;
  /** Which side of the rule set it: the contract rate plus the buffer, or the floor. */
  rule: "contract-plus-buffer" | "floor";
  buffer_rate: number;
  floor_rate: number;
  as_of: string;
  breakdown: Array<{ label: string; rate: number }>;
  citations: FactUsed[];
}

const StressTest = z.object({ buffer_rate: z.number().min(0).max(1), floor_rate: z.number().min(0).max(1) });

/**
 * The minimum qualifying rate of the mortgage stress test (`osfi.b20.stress_test` in force on `asOf`): the greater
 * of the contract rate plus the buffer and the floor rate. `contractRate` is a fraction: 0.045 for 4.5%.
 */
export const qualifyingRate = (facts: FactSource, contractRate: number, options: QualifyingRateOptions = {}): QualifyingRateResult => {
  checkOptions("qualifyingRate", options, ["asOf"]);
  if (typeof contractRate !== "number" || !Number.isFinite(contractRate) || contractRate < 0 || contractRate >= 1) {
    throw new CalculatorError(`contractRate must be a fraction from 0 to below 1 (0.045 for 4.5%), got ${JSON.stringify(contractRate)}`);
  }
  const asOf = checkAsOf(options.asOf);
  const { value, used } = requireFactAsOf(facts, "osfi.b20.stress_test", StressTest, asOf);
  const buffered = roundRate(contractRate + value.buffer_rate);
  const rule = buffered >= value.floor_rate ? "contract-plus-buffer" : "floor";
  return {
    rate: rule === "floor" ? value.floor_rate : buffered,
    rule,
    buffer_rate: value.buffer_rate,
    floor_rate: value.floor_rate,
    as_of: asOf,
    breakdown: [
      { label: `contract rate ${formatPercent(contractRate)} plus the buffer of ${formatPercent(value.buffer_rate)}`, rate: buffered },
      { label: `floor rate${rule === "floor" ? ", the greater, so it applies" : ", lower than the contract rate plus the buffer"}`, rate: value.floor_rate },
    ],
    citations: [used],
  };
};
