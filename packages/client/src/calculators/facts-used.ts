import type { z } from "zod";
import type { Fact, PublishedCitation } from "../../../../src/schemas/index.ts";
import { factAsOf } from "../fact-as-of.ts";
import { CalculatorError } from "./calculator-error.ts";

/** What a calculator was given: a catalog, a domain bundle, or any list of published facts. */
export interface FactSource {
  facts: readonly Fact[];
}

/** A fact a calculation used, so that every result can be cited: the version in force on the date asked about. */
export interface FactUsed {
  fact_id: string;
  /** The version in force on `as_of`; absent only when a history entry does not state it. */
  version: number | undefined;
  effective_iso: string | undefined;
  /** The day the version stopped being in force (the next version's effective date); absent for the current version. */
  superseded_iso: string | undefined;
  /** The date the calculation was made for. */
  as_of: string;
  canonical_url: string | undefined;
  /** The sources of the version used. An earlier version's entry in `history` carries none: its sources are on the fact's page and in its diffs. */
  citations: PublishedCitation[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in British Columbia (Pacific time), the day a registration or a tax year is counted in. */
export const todayInBc = (): string => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

/** `asOf` passed in, checked to be a real calendar date (YYYY-MM-DD); today in British Columbia when absent. */
export const checkAsOf = (asOf: unknown): string => {
  if (asOf === undefined) return todayInBc();
  const match = typeof asOf === "string" ? ISO_DATE.exec(asOf) : null;
  const real = match !== null && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === asOf;
  if (!real)
    throw new CalculatorError(`asOf must be a date written YYYY-MM-DD (for example 2024-03-31), got ${JSON.stringify(asOf)}`, {
      reason: "invalid-option",
      option: "asOf",
    });
  return asOf as string;
};

/** Edit distance between two option names, to suggest the one a misspelt key meant. */
const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
};

/**
 * Options are strict: a key the calculator does not know would otherwise be ignored silently (`firstTimeBuyers`
 * gives a total without the exemption), so it is refused, naming the nearest known key.
 */
export const checkOptions = <Options extends object>(calculator: string, options: Options, known: readonly (keyof Options & string)[]): Options => {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new CalculatorError(`${calculator}: options must be an object with ${known.join(", ")}, got ${JSON.stringify(options)}`, {
      reason: "invalid-option",
    });
  }
  for (const key of Object.keys(options)) {
    if ((known as readonly string[]).includes(key)) continue;
    const nearest = [...known].sort((a, b) => editDistance(key.toLowerCase(), a.toLowerCase()) - editDistance(key.toLowerCase(), b.toLowerCase()))[0];
    throw new CalculatorError(`${calculator}: unknown option ${key}; did you mean ${nearest}? (known options: ${known.join(", ")})`, {
      reason: "unknown-option",
      option: key,
    });
  }
  return options;
};

const findFact = (source: FactSource, id: string): Fact => {
  const fact = source?.facts?.find((each) => each.id === id);
  if (!fact) throw new CalculatorError(`the facts passed in do not include ${id}, which this calculation needs`, { reason: "missing-fact", fact_id: id });
  return fact;
};

/** The first day any published version of `fact` was in force. */
const firstEffective = (fact: Fact): string =>
  [fact.effective_iso, ...fact.history.flatMap((entry) => (entry.effective_iso === undefined ? [] : [entry.effective_iso]))].sort()[0]!;

const parseValue = <Shape extends z.ZodType>(id: string, version: number | undefined, asOf: string, value: unknown, shape: Shape): z.infer<Shape> => {
  const parsed = shape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ["value", ...issue.path].map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
    const label = `version ${version ?? "unstated"}, in force on ${asOf}`;
    throw new CalculatorError(`${id} (${label}) at $${path}: ${issue.message}; this calculator cannot read that value`, {
      reason: "value-unreadable",
      fact_id: id,
      date: asOf,
      ...(version === undefined ? {} : { version }),
      path: `$${path}`,
    });
  }
  return parsed.data;
};

/**
 * Reads one fact's value in force on `asOf` (from its `history` for an earlier date) and checks it against the
 * shape the calculation needs, so that a revision that changes the shape fails loudly instead of computing from a
 * misread value. Every failure names the fact, its version, the date and the JSON path. Before the fact's first
 * version the answer is `{ value: undefined, first_iso }`: the caller decides whether that means the rule did not
 * exist yet (a tax or exemption introduced on that date) or that the facts record no rule (`requireFactAsOf`).
 */
export const readFactAsOf = <Shape extends z.ZodType>(
  source: FactSource,
  id: string,
  shape: Shape,
  asOf: string,
): { value: z.infer<Shape>; used: FactUsed } | { value: undefined; first_iso: string } => {
  const fact = findFact(source, id);
  const inForce = factAsOf(fact, asOf);
  if (inForce === undefined) return { value: undefined, first_iso: firstEffective(fact) };
  // A change scheduled on or before the date is not in the current value: computing from the rule it replaces would
  // present the past as that date's rule.
  const pending = inForce.source === "current" ? fact.scheduled?.find((change) => change.effective_iso <= asOf) : undefined;
  if (pending) {
    throw new CalculatorError(
      `${id} has a change scheduled (${pending.status}) for ${pending.effective_iso}; ${asOf} is on or after it, and this calculator computes only from rules in effect`,
      { reason: "scheduled-change", fact_id: id, date: asOf },
    );
  }
  return {
    value: parseValue(id, inForce.version, asOf, inForce.value, shape),
    used: {
      fact_id: id,
      version: inForce.version,
      effective_iso: inForce.effective_iso,
      superseded_iso: inForce.superseded_iso,
      as_of: asOf,
      canonical_url: fact.canonical_url,
      citations: inForce.citations,
    },
  };
};

/** As `readFactAsOf`, for a rule the calculation cannot do without: no version on `asOf` is a CalculatorError naming the fact and the date. */
export const requireFactAsOf = <Shape extends z.ZodType>(
  source: FactSource,
  id: string,
  shape: Shape,
  asOf: string,
): { value: z.infer<Shape>; used: FactUsed } => {
  const read = readFactAsOf(source, id, shape, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    throw new CalculatorError(`${id} records no rule in force on ${asOf}: its first published version took effect on ${first}`, {
      reason: "no-rule-on-date",
      fact_id: id,
      date: asOf,
      first_iso: first,
    });
  }
  return read as { value: z.infer<Shape>; used: FactUsed };
};

/** An amount passed in: a finite number no smaller than `minimum`. */
export const checkAmount = (name: string, amount: unknown, minimum = 0): number => {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount < minimum) {
    throw new CalculatorError(`${name} must be a finite number of at least ${minimum}, got ${JSON.stringify(amount)}`, {
      reason: "invalid-option",
      option: name,
    });
  }
  return amount;
};

/** A yes-or-no option: absent is false; anything but a boolean is refused rather than read as truthy. */
export const checkFlag = (name: string, flag: unknown): boolean => {
  if (flag === undefined) return false;
  if (typeof flag !== "boolean")
    throw new CalculatorError(`${name} must be true or false, got ${JSON.stringify(flag)}`, { reason: "invalid-option", option: name });
  return flag;
};

/** Rates are fractions, and float arithmetic on them leaves noise: 0.05 + 0.02 is 0.07000000000000001. */
export const roundRate = (rate: number): number => Math.round(rate * 1e8) / 1e8;
