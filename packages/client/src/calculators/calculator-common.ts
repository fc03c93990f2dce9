import { z } from "zod";
import type { Fact, PublishedCitation } from "../fact-schemas.ts";
import { nearestPlaces, type PlaceProgramme, type PlaceRecord, type PlaceRulePeriod, periodOn } from "../places.ts";
import { SITE_PATHS } from "../site-paths.ts";
import { factAsOf } from "../typed-fact.ts";
import { type Said, type SaidValue, saidPlace } from "./said.ts";

/**
 * The value shapes the calculators read, which the value schemas of the repository use too: a fraction, an amount of
 * money and the bracket array of `bc.ptt.brackets` and `bc.school_tax.additional`.
 */
const FRACTION = "must be a fraction from 0 to 1 (0.01 = 1%)";
/** A rate or share: 0.01 means 1%. */
export const Fraction = z.number().min(0, { error: FRACTION }).max(1, { error: FRACTION });

/** An amount of money in CAD: never negative. */
export const Money = z.number().min(0, { error: "must be an amount of money in CAD, never negative" });

/**
 * The bracket shapes of the value schemas `bc.ptt.brackets` and `bc.school_tax.additional`, which the calculators read:
 * one tier, `upper` null meaning unbounded.
 */
export const Bracket = z.strictObject({
  upper: Money.positive({ error: "must be a positive amount in CAD" }).nullable(),
  rate: Fraction,
});

/** The `CAD-bracket-array` shape: rising upper bounds, the last one null (unbounded). */
export const BracketArray = z
  .array(Bracket)
  .min(1, { error: "must have at least one bracket" })
  .superRefine((brackets, ctx) => {
    brackets.forEach((bracket, index) => {
      const isLast = index === brackets.length - 1;
      if (isLast && bracket.upper !== null) {
        ctx.addIssue({
          code: "custom",
          path: [index, "upper"],
          message: "the last bracket must have upper null (unbounded)",
        });
      }
      if (!isLast && bracket.upper === null) {
        ctx.addIssue({ code: "custom", path: [index, "upper"], message: "only the last bracket may be unbounded" });
      }
      const previous = brackets[index - 1];
      if (previous?.upper != null && bracket.upper !== null && bracket.upper <= previous.upper) {
        ctx.addIssue({
          code: "custom",
          path: [index, "upper"],
          message: `brackets must be in order: upper ${bracket.upper} is not above ${previous.upper}`,
        });
      }
    });
  })
  .describe(
    "Brackets in order of their upper bound (CAD), the last one unbounded (upper null); each rate a fraction (0.01 = 1%).",
  );

export type Bracket = z.infer<typeof Bracket>;

/** Rounds to cents: every money amount a calculator returns (and every money field of the index) is in whole cents. */
export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

const cadWhole = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0 });
const cadCents = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percentNumber = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 4 });
const longDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });

/** Money in CAD as people in Canada write it: "$1,500,000", and cents only when there are some ("$0.25"). */
export const formatCad = (amount: number): string => (Number.isInteger(amount) ? cadWhole : cadCents).format(amount);

/** A fraction as a percentage: 0.023 is "2.3%", 0.0025 is "0.25%". Rounded to 4 decimals so 2/3 reads 66.6667%. */
export const formatPercent = (fraction: number): string =>
  `${percentNumber.format(Number((fraction * 100).toFixed(6)))}%`;

/** "2026-01-01" as "January 1, 2026". Computed in UTC so the day never shifts with the machine's zone. */
export const readableDate = (isoDate: string): string => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/**
 * Why a calculation could not be made, for a program (or a page) that says it in its own words:
 * - `invalid-option`: an option out of range or of the wrong type (`option` names it);
 * - `unknown-option`: an option the calculator does not know (`option` names it);
 * - `missing-fact`: the facts passed in lack one the calculation needs;
 * - `no-rule-on-date`: the facts record no version of the rule in force on `date` (`first_iso`: the earliest);
 * - `value-unreadable`: the version in force on `date` has a value this calculator cannot read (`path` says where);
 * - `not-recorded`: the version in force on `date` does not record the part of the rule the calculation needs;
 * - `scheduled-change`: a change scheduled on or before `date` is not yet in the published value;
 * - `not-covered`: a case the calculator does not compute (for example a partial exemption);
 * - `unknown-place`: the place given is no place of the register (the message names the nearest);
 * - `missing-places`: a place was given, but the facts passed in carry no place records (`places`).
 */
export type CalculatorErrorReason =
  | "invalid-option"
  | "unknown-option"
  | "missing-fact"
  | "no-rule-on-date"
  | "value-unreadable"
  | "not-recorded"
  | "scheduled-change"
  | "not-covered"
  | "unknown-place"
  | "missing-places";

export interface CalculatorErrorDetails {
  reason: CalculatorErrorReason;
  /** The option at fault, for `invalid-option` and `unknown-option`. */
  option?: string;
  /** The fact at fault, for the reasons about facts. */
  fact_id?: string;
  /** The date the calculation was made for (YYYY-MM-DD). */
  date?: string;
  /** The version read, for `value-unreadable`. */
  version?: number;
  /** The JSON path in the fact's value that could not be read, for `value-unreadable`. */
  path?: string;
  /** The day the fact's earliest recorded version took effect, for `no-rule-on-date`. */
  first_iso?: string;
  /** For `unknown-place`: the names of the places nearest the one given, best first. */
  nearest?: string[];
  /** The message as a code and its values, where the calculator says it so (see said.ts). */
  said?: Said;
}

/**
 * A calculation that cannot be made: an option out of range, or a catalog that lacks a fact the calculation needs
 * or carries it in a shape the calculator does not know. The message names the option or the fact and its JSON path;
 * the same facts are in structured fields, so that a page can say them in plain words without parsing the message.
 */
export class CalculatorError extends Error {
  override readonly name = "CalculatorError";
  readonly reason: CalculatorErrorReason;
  readonly option: string | undefined;
  readonly fact_id: string | undefined;
  readonly date: string | undefined;
  readonly version: number | undefined;
  readonly path: string | undefined;
  readonly first_iso: string | undefined;
  readonly nearest: string[] | undefined;
  readonly said: Said | undefined;

  constructor(message: string, details: CalculatorErrorDetails = { reason: "invalid-option" }) {
    super(message);
    this.reason = details.reason;
    this.option = details.option;
    this.fact_id = details.fact_id;
    this.date = details.date;
    this.version = details.version;
    this.path = details.path;
    this.first_iso = details.first_iso;
    this.nearest = details.nearest;
    this.said = details.said;
  }
}

/**
 * What a calculator was given: a catalog, a domain bundle, or any list of published facts; and, for a calculator asked
 * about a place, the records of the places (`place` of `/api/v1/places/{id}.json`): those asked about, or all of them.
 */
export interface FactSource {
  facts: readonly Fact[];
  places?: readonly PlaceRecord[];
}

/**
 * The place `id` names among the places passed in. An id none of them has is refused with the nearest names (from
 * `known`, the whole register's list when the caller has it, else the places passed in), so "kamlops" is answered
 * "did you mean Kamloops?".
 */
export const findPlace = (
  source: FactSource,
  id: string,
  option: string,
  known: readonly Pick<PlaceRecord, "id" | "name">[] = source.places ?? [],
): PlaceRecord => {
  if (source.places === undefined)
    throw new CalculatorError(
      `${option} "${id}" needs the place records: pass places (each the place of /api/v1/places/{id}.json) with the facts`,
      { reason: "missing-places", option },
    );
  const place = source.places.find((each) => each.id === id);
  if (place !== undefined) return place;
  const nearest = nearestPlaces(id, known);
  throw new CalculatorError(
    `${option}: no place "${id}" in the register of places${nearest.length === 0 ? "" : `; the nearest: ${nearest.join(", ")}`} (the ids are in /api/v1/places/index.json)`,
    { reason: "unknown-place", option, nearest },
  );
};

/**
 * The period of a rule by area at `place` on `asOf`, and the words that say which rule decided it: "Surrey is in
 * Metro Vancouver Regional District, named in … (bc.foreign_buyer_specified_areas, version 1, in force on …)", and the
 * same as values (`why`, `fact`, `record` with `periodVersion`, `date`) for a sentence that says it. Undefined before
 * the rule's first period.
 */
export const placeRuleOn = (
  place: PlaceRecord,
  programme: PlaceProgramme,
  asOf: string,
): { period: PlaceRulePeriod; decided: string; decidedValues: Record<string, SaidValue> } | undefined => {
  const period = periodOn(place.rules[programme] ?? [], asOf);
  if (period === undefined) return undefined;
  const version =
    period.version === null ? "the period recorded before its first version" : `version ${period.version}`;
  return {
    period,
    decided: `${period.why} (${period.fact_id}, ${version}, in force on ${asOf})`,
    decidedValues: {
      why: { place_reason: { programme, place: saidPlace(place), reason: period.reason } },
      fact: { fact: period.fact_id },
      ...(period.version === null
        ? { record: { choice: "beforeFirstVersion" } }
        : { record: { choice: "version" }, periodVersion: { number: period.version } }),
      date: { date: asOf },
    },
  };
};

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
  /** The fact's label: the rule's name, the same for every period. */
  label: string;
  /**
   * The value of the period used in one line of plain words, with that period's own numbers (absent only in a
   * publication older than the summaries).
   */
  summary: string | undefined;
  canonical_url: string | undefined;
  /** The id of the fact page's section on the period used: `v{N}`, or `earlier-{effective_iso}`. */
  anchor: string;
  /**
   * The fact page's section on the period used (`…/{id}.html#v{N}`, or `#earlier-{effective_iso}` for a period before
   * the first version), when the fact's canonical_url says where the site is.
   */
  page_url: string | undefined;
  /**
   * The sources of the period used. An earlier version's entry in `history` carries none (its sources are on the
   * fact's page and in its diffs), and a period before the first version carries them in the single-fact response and
   * all.json only, not in the catalog: `page_url` leads to them.
   */
  citations: PublishedCitation[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today in British Columbia (Pacific time), the day a registration or a tax year is counted in. */
export const todayInBc = (): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

/**
 * A day written YYYY-MM-DD (years 0001 to 9999) as midnight UTC. `Date.UTC` reads the years 0 to 99 as 1900 to
 * 1999, so the year is set on its own. A day that does not exist rolls over (February 30 is March 2).
 */
export const utcDay = (iso: string): Date => {
  const day = new Date(0);
  day.setUTCFullYear(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return day;
};

/** Whether `text` is a real day of the calendar written YYYY-MM-DD, years 0001 to 9999. */
export const isRealDate = (text: string): boolean => {
  const match = ISO_DATE.exec(text);
  if (match === null || match[1] === "0000") return false;
  const day = utcDay(text);
  return day.getUTCMonth() === Number(match[2]) - 1 && day.getUTCDate() === Number(match[3]);
};

const findFact = (source: FactSource, id: string): Fact => {
  const fact = source?.facts?.find((each) => each.id === id);
  if (!fact)
    throw new CalculatorError(`the facts passed in do not include ${id}, which this calculation needs`, {
      reason: "missing-fact",
      fact_id: id,
    });
  return fact;
};

/** The address of a fact page's section, from the fact's canonical_url (`{base}/api/v1/facts/by-id/{id}.json`). */
const pageUrl = (fact: Fact, anchor: string): string | undefined => {
  const suffix = SITE_PATHS.factById(fact.id);
  if (fact.canonical_url === undefined || !fact.canonical_url.endsWith(suffix)) return undefined;
  return `${fact.canonical_url.slice(0, -suffix.length)}${SITE_PATHS.factPage(fact.id)}#${anchor}`;
};

/** The first day any period of `fact`'s timeline was in force (a corrected version never was). */
const firstEffective = (fact: Fact): string =>
  [
    fact.effective_iso,
    ...fact.history.flatMap((entry) =>
      entry.effective_iso === undefined || entry.corrected_by !== undefined ? [] : [entry.effective_iso],
    ),
  ].sort()[0]!;

const parseValue = <Shape extends z.ZodType>(
  id: string,
  version: number | undefined,
  asOf: string,
  value: unknown,
  shape: Shape,
): z.infer<Shape> => {
  const parsed = shape.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ["value", ...issue.path]
      .map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`))
      .join("");
    const label = `version ${version ?? "unstated"}, in force on ${asOf}`;
    throw new CalculatorError(
      `${id} (${label}) at $${path}: ${issue.message}; this calculator cannot read that value`,
      {
        reason: "value-unreadable",
        fact_id: id,
        date: asOf,
        ...(version === undefined ? {} : { version }),
        path: `$${path}`,
      },
    );
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
  const pending =
    inForce.source === "current" ? fact.scheduled?.find((change) => change.effective_iso <= asOf) : undefined;
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
      label: fact.label,
      summary: inForce.summary,
      canonical_url: fact.canonical_url,
      anchor: inForce.anchor,
      page_url: pageUrl(fact, inForce.anchor),
      citations: inForce.citations,
    },
  };
};

/**
 * As `readFactAsOf`, for a rule the calculation cannot do without: no version on `asOf` is a CalculatorError naming the
 * fact and the date.
 */
export const requireFactAsOf = <Shape extends z.ZodType>(
  source: FactSource,
  id: string,
  shape: Shape,
  asOf: string,
): { value: z.infer<Shape>; used: FactUsed } => {
  const read = readFactAsOf(source, id, shape, asOf);
  if (read.value === undefined) {
    const first = (read as { first_iso: string }).first_iso;
    throw new CalculatorError(
      `${id} records no rule in force on ${asOf}: the earliest rule it records took effect on ${first}`,
      {
        reason: "no-rule-on-date",
        fact_id: id,
        date: asOf,
        first_iso: first,
      },
    );
  }
  return read as { value: z.infer<Shape>; used: FactUsed };
};

/** Rates are fractions, and float arithmetic on them leaves noise: 0.05 + 0.02 is 0.07000000000000001. */
export const roundRate = (rate: number): number => Math.round(rate * 1e8) / 1e8;

/**
 * An amount to the cent below: a rent increase or its limit is never rounded up (1,019 × 2.5% = 25.475 is $25.47).
 * The tolerance keeps 34.5 from reading 34.49.
 */
export const centsBelow = (amount: number): number => Math.floor(Math.round(amount * 1e8) / 1e6) / 100;
