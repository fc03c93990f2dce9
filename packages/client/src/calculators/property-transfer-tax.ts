import { z } from "zod";
import { roundCents } from "../../../../src/affordability/mortgage-math.ts";
import { formatCad } from "../../../../src/render/pages/text/format-number.ts";
import { BracketArray } from "../../../../src/schemas/fact-value.ts";
import { CalculatorError } from "./calculator-error.ts";
import { checkAmount, type FactSource, type FactUsed, readFact, roundRate } from "./facts-used.ts";

export interface PropertyTransferTaxOptions {
  /** Fair market value of the property, in dollars. */
  price: number;
  /** Residential part of the fair market value, 0 to 1 (default 1: wholly residential). */
  residentialShare?: number;
  /** The buyers meet every condition of the first time home buyers' exemption (`bc.ptt.fthb_exemption`). */
  firstTimeBuyer?: boolean;
  /** The buyers meet every condition of the newly built home exemption (`bc.ptt.newly_built_exemption`). */
  newlyBuilt?: boolean;
  /** The buyer is a foreign national, foreign corporation or taxable trustee buying in a specified area. */
  foreignBuyer?: boolean;
}

/** One line of the calculation: what was taxed or deducted, at what rate, and the amount. */
export interface PropertyTransferTaxLine {
  label: string;
  /** The value the line applies to, in dollars. */
  base: number;
  rate: number | null;
  amount: number;
  fact_id: string;
}

export interface PropertyTransferTaxResult {
  /** What the buyer pays: general tax less the exemption, plus the additional tax. */
  total: number;
  /** General property transfer tax, including the further tax on residential value, before any exemption. */
  general: number;
  /** The exemption deducted from the general tax (0 when none applies). */
  exemption: number;
  exemption_claimed: "first-time-home-buyers" | "newly-built-home" | null;
  /** Additional property transfer tax for foreign buyers. */
  additional: number;
  breakdown: PropertyTransferTaxLine[];
  /** The facts the calculation read, each with its version, canonical URL and citations. */
  citations: FactUsed[];
  /** What the calculation assumes that the options do not say. */
  assumptions: string[];
}

const FirstTimeBuyerThresholds = z.object({
  full_exemption_fmv_max: z.number().positive(),
  capped_exemption_fmv_max: z.number().positive().nullable(),
  exemption_cap: z.number().positive(),
  exemption_ends_fmv: z.number().positive(),
});
const NewlyBuiltThresholds = z.object({ full_exemption_fmv_max: z.number().positive(), exemption_ends_fmv: z.number().positive() });
const ForeignBuyerTax = z.object({ rate: z.number().min(0).max(1) });

type Thresholds = z.infer<typeof FirstTimeBuyerThresholds>;

/**
 * General tax over the bracket schedule. The top bracket is the rate for residential value: it includes the further
 * tax on residential property, which the Property Transfer Tax Act (s. 3.01) charges on the amount by which the
 * residential property's own value exceeds the bracket's lower bound. So on a property that is partly residential,
 * the value above that bound pays the rate of the bracket below, and the further tax applies to the residential
 * value (fair market value × residential share) above the bound.
 */
const generalTax = (brackets: z.infer<typeof BracketArray>, price: number, residentialShare: number): PropertyTransferTaxLine[] => {
  const lines: PropertyTransferTaxLine[] = [];
  brackets.forEach((bracket, index) => {
    const lower = index === 0 ? 0 : brackets[index - 1]!.upper!;
    const portion = Math.min(price, bracket.upper ?? Number.POSITIVE_INFINITY) - lower;
    const range = bracket.upper === null ? `above ${formatCad(lower)}` : `${formatCad(lower)} to ${formatCad(bracket.upper)}`;
    const isTop = index === brackets.length - 1 && index > 0;
    if (!isTop || residentialShare === 1) {
      if (portion > 0)
        lines.push({
          label: `general rate on ${range}`,
          base: portion,
          rate: bracket.rate,
          amount: roundCents(portion * bracket.rate),
          fact_id: "bc.ptt.brackets",
        });
      return;
    }
    const belowRate = brackets[index - 1]!.rate;
    if (portion > 0)
      lines.push({ label: `general rate on ${range}`, base: portion, rate: belowRate, amount: roundCents(portion * belowRate), fact_id: "bc.ptt.brackets" });
    const residentialAbove = roundCents(price * residentialShare - lower);
    if (residentialAbove > 0) {
      const further = roundRate(bracket.rate - belowRate);
      lines.push({
        label: `further tax on residential value ${range}`,
        base: residentialAbove,
        rate: further,
        amount: roundCents(residentialAbove * further),
        fact_id: "bc.ptt.brackets",
      });
    }
  });
  return lines;
};

/**
 * An exemption's amount: the whole general tax up to `full_exemption_fmv_max`; a fixed cap up to
 * `capped_exemption_fmv_max` where there is one; then "proportionally reduced" (the Ministry's words) to nothing at
 * `exemption_ends_fmv`: the cap, or where there is none the tax on the value, times the share of the phase-out range
 * still ahead. The Ministry's table for first-time buyers before April 2024 ($500,000 to $525,000, no cap) follows
 * this form: $501,000 → $8,020 × 24/25 = $7,699.20.
 */
const exemptionAmount = (thresholds: Thresholds, price: number, tax: number): number => {
  if (price <= thresholds.full_exemption_fmv_max) return tax;
  if (price >= thresholds.exemption_ends_fmv) return 0;
  const capped = thresholds.capped_exemption_fmv_max;
  if (capped !== null && price <= capped) return Math.min(thresholds.exemption_cap, tax);
  const phaseStart = capped ?? thresholds.full_exemption_fmv_max;
  const base = capped === null ? tax : Math.min(thresholds.exemption_cap, tax);
  return roundCents((base * (thresholds.exemption_ends_fmv - price)) / (thresholds.exemption_ends_fmv - phaseStart));
};

/** The exemption the options claim, read from its fact; undefined when none is claimed. */
const claimExemption = (facts: FactSource, options: PropertyTransferTaxOptions, price: number, general: number) => {
  if (options.firstTimeBuyer) {
    const { value, used } = readFact(facts, "bc.ptt.fthb_exemption", FirstTimeBuyerThresholds);
    const claimed = "first-time-home-buyers" as const;
    return { claimed, label: "first time home buyers' exemption", used, amount: exemptionAmount(value, price, general) };
  }
  if (options.newlyBuilt) {
    const { value, used } = readFact(facts, "bc.ptt.newly_built_exemption", NewlyBuiltThresholds);
    const thresholds = { ...value, capped_exemption_fmv_max: null, exemption_cap: Number.POSITIVE_INFINITY };
    const claimed = "newly-built-home" as const;
    return { claimed, label: "newly built home exemption", used, amount: exemptionAmount(thresholds, price, general) };
  }
  return undefined;
};

/**
 * B.C. property transfer tax on one transfer, from the published facts passed in: the general rates
 * (`bc.ptt.brackets`), the first time home buyers' or newly built home exemption with its phase-out, and the
 * additional tax for foreign buyers (`bc.ptt.foreign_buyer_additional`). The Ministry's examples: a $650,000 home
 * pays $11,000; a $4,500,000 wholly residential property pays $143,000.
 */
export const propertyTransferTax = (facts: FactSource, options: PropertyTransferTaxOptions): PropertyTransferTaxResult => {
  const price = checkAmount("price", options.price);
  const residentialShare = options.residentialShare ?? 1;
  if (typeof residentialShare !== "number" || !(residentialShare >= 0 && residentialShare <= 1)) {
    throw new CalculatorError(`residentialShare must be a fraction from 0 to 1, got ${JSON.stringify(options.residentialShare)}`);
  }
  const claims = (options.firstTimeBuyer ? 1 : 0) + (options.newlyBuilt ? 1 : 0);
  if (claims > 0 && options.foreignBuyer) {
    throw new CalculatorError(
      "the first time home buyers' and newly built home exemptions are for Canadian citizens and permanent residents, not foreign buyers",
    );
  }
  if (claims > 0 && residentialShare < 1) {
    throw new CalculatorError(
      "an exemption on a property that is not wholly residential is partial and depends on the improvements; this calculator covers wholly residential property only",
    );
  }
  if (claims > 1) throw new CalculatorError("claim one exemption per calculation: firstTimeBuyer or newlyBuilt");

  const brackets = readFact(facts, "bc.ptt.brackets", BracketArray);
  const used: FactUsed[] = [brackets.used];
  const breakdown = generalTax(brackets.value, price, residentialShare);
  const general = roundCents(breakdown.reduce((sum, line) => sum + line.amount, 0));
  const assumptions = ["the fair market value is the value the tax is charged on"];
  const claim = claimExemption(facts, options, price, general);
  if (claim) {
    used.push(claim.used);
    breakdown.push({ label: claim.label, base: price, rate: null, amount: -claim.amount, fact_id: claim.used.fact_id });
    assumptions.push("every buyer qualifies for the exemption (100% of the transfer is eligible)", "the land is 0.5 hectares or smaller");
  }
  const exemption = claim?.amount ?? 0;

  let additional = 0;
  if (options.foreignBuyer) {
    const foreign = readFact(facts, "bc.ptt.foreign_buyer_additional", ForeignBuyerTax);
    used.push(foreign.used);
    const base = roundCents(price * residentialShare);
    additional = roundCents(base * foreign.value.rate);
    breakdown.push({
      label: "additional tax for foreign buyers on the residential share",
      base,
      rate: foreign.value.rate,
      amount: additional,
      fact_id: foreign.used.fact_id,
    });
    assumptions.push("the property is in a specified area and the foreign buyer holds the whole interest");
  }

  return {
    total: roundCents(general - exemption + additional),
    general,
    exemption,
    exemption_claimed: claim?.claimed ?? null,
    additional,
    breakdown,
    citations: used,
    assumptions,
  };
};
