import type { z } from "zod";
import type { Fact, PublishedCitation } from "../../../../src/schemas/index.ts";
import { CalculatorError } from "./calculator-error.ts";

/** What a calculator was given: a catalog, a domain bundle, or any list of published facts. */
export interface FactSource {
  facts: readonly Fact[];
}

/** A fact a calculation used, so that every result can be cited as SPEC.md section 1 asks. */
export interface FactUsed {
  fact_id: string;
  version: number;
  effective_iso: string;
  canonical_url: string | undefined;
  citations: PublishedCitation[];
}

/**
 * Reads one fact's current value for a calculation and checks it against the shape the calculation needs, so that
 * a revision that changes the shape fails loudly instead of computing from a misread value. Every failure names the
 * fact and the JSON path.
 */
export const readFact = <Shape extends z.ZodType>(source: FactSource, id: string, shape: Shape): { value: z.infer<Shape>; used: FactUsed } => {
  const fact = source.facts.find((each) => each.id === id);
  if (!fact) throw new CalculatorError(`the facts passed in do not include ${id}, which this calculation needs`);
  const parsed = shape.safeParse(fact.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ["value", ...issue.path].map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
    throw new CalculatorError(`${id} (version ${fact.version}) at $${path}: ${issue.message}; this calculator cannot read that value`);
  }
  return {
    value: parsed.data,
    used: { fact_id: id, version: fact.version, effective_iso: fact.effective_iso, canonical_url: fact.canonical_url, citations: fact.citations },
  };
};

/** An amount passed in: a finite number no smaller than `minimum`. */
export const checkAmount = (name: string, amount: unknown, minimum = 0): number => {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < minimum) {
    throw new CalculatorError(`${name} must be a finite number of at least ${minimum}, got ${JSON.stringify(amount)}`);
  }
  return amount;
};

/** Rates are fractions, and float arithmetic on them leaves noise: 0.05 + 0.02 is 0.07000000000000001. */
export const roundRate = (rate: number): number => Math.round(rate * 1e8) / 1e8;
