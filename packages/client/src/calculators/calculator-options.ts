import { z } from "zod";
import { PublishedCitation } from "../fact-schemas.ts";
import { CalculatorError, type FactUsed, isRealDate } from "./calculator-common.ts";
import type { Said } from "./said.ts";

// Every calculator's options and result are described by one zod schema each, which the client parses with, the
// calculators page reads its forms by and the MCP server publishes as its tools' input and output schemas. This file
// holds the pieces they are built from and the one function that reads options with them.

/**
 * The largest amount of money any option may be: ten billion dollars. It is far above any home's price, a household's
 * income or a payment, and below it every amount and every total a calculator computes (a payment times 5,200 weekly
 * payments over 100 years included) stays exact to the cent in a JavaScript number, so no result is ever rounded
 * away, infinite or not a number.
 */
export const MAX_AMOUNT = 10_000_000_000;

/** Option names are short words; a longer key is refused before it is compared with the known ones. */
export const MAX_OPTION_NAME = 100;

const AMOUNT_BOUNDS = "must be an amount of money in dollars from 0 to 10,000,000,000";

/** An amount of money in dollars, from 0 to `MAX_AMOUNT`. */
export const AmountOption = z
  .number({ error: AMOUNT_BOUNDS })
  .min(0, { error: AMOUNT_BOUNDS })
  .max(MAX_AMOUNT, { error: AMOUNT_BOUNDS });

const POSITIVE_AMOUNT = "must be an amount of money in dollars from 0.01 to 10,000,000,000";
/**
 * An amount that must be at least a cent (a price, an income): what is divided by it stays finite, so a ratio of
 * 1e-300 dollars of income is refused rather than answered as infinite.
 */
export const PositiveAmountOption = z
  .number({ error: POSITIVE_AMOUNT })
  .min(0.01, { error: POSITIVE_AMOUNT })
  .max(MAX_AMOUNT, { error: POSITIVE_AMOUNT });

const RATE = "must be a fraction from 0 to below 1 (0.05 for 5%)";
/** An annual interest rate as a fraction, from 0 to below 1 (0.05 for 5%). */
export const RateOption = z.number({ error: RATE }).min(0, { error: RATE }).lt(1, { error: RATE });

const SHARE = "must be a fraction from 0 to 1 (0.5 for a half)";
/** A share as a fraction, from 0 to 1. */
export const ShareOption = z.number({ error: SHARE }).min(0, { error: SHARE }).max(1, { error: SHARE });

const WHOLE_YEARS = "must be a whole number of years above 0 and at most 100";
/**
 * An amortization: a whole number of years, so that every frequency repays the loan in a whole number of payments
 * (25.3 years would be 303.6 monthly payments).
 */
export const AmortizationYearsOption = z
  .number({ error: WHOLE_YEARS })
  .int({ error: WHOLE_YEARS })
  .gt(0, { error: WHOLE_YEARS })
  .max(100, { error: WHOLE_YEARS });

/** A yes-or-no option: anything but a boolean is refused rather than read as truthy. */
export const FlagOption = z.boolean({ error: "must be true or false" });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_WORDS = "must be a date written YYYY-MM-DD (for example 2024-03-31), from 0001-01-01 to 9999-12-31";

/** A day of the calendar, YYYY-MM-DD, from 0001-01-01 to 9999-12-31. */
export const DateOption = z
  .string({ error: DATE_WORDS })
  .regex(ISO_DATE, { error: DATE_WORDS })
  .refine(isRealDate, { error: DATE_WORDS });

const PLACE_WORDS = "must be the id of a place of /api/v1/places/index.json, for example surrey or kamloops";

/**
 * Where the property is: the id of a place of the register (`/api/v1/places/index.json`). Any text up to 100 characters
 * is taken, so a misspelled place is refused by the calculator with the nearest names rather than by its shape.
 */
export const PlaceOption = z
  .string({ error: PLACE_WORDS })
  .min(1, { error: PLACE_WORDS })
  .max(100, { error: PLACE_WORDS });

/** The date whose rules apply; today in British Columbia when absent. */
export const AsOfOption = DateOption.optional().describe(
  "The date whose rules apply, YYYY-MM-DD (for a transfer, its registration date; for a mortgage insurance premium or the stress test's qualifying rate, the day the mortgage and its insurance were applied for, not the closing date); default today in British Columbia. Each fact's version in force on that date is used.",
);

/** A fact a calculation used: the version or earlier period in force on the date asked about, with its sources. */
export const FactUsedSchema = z.object({
  fact_id: z.string(),
  version: z.int().min(1).optional().describe("Absent for a period recorded before the fact's first version."),
  effective_iso: z.string().optional(),
  superseded_iso: z.string().optional().describe("When the period stopped being in force; absent for the current one."),
  as_of: z.string().describe("The date the calculation was made for."),
  label: z.string().describe("The fact's label: the rule's name, the same for every period."),
  summary: z.string().optional().describe("The period's value in one line of plain words, with its own numbers."),
  canonical_url: z.string().optional(),
  anchor: z.string().describe("The id of the fact page's section on the period used: v{N} or earlier-{effective_iso}."),
  page_url: z.string().optional().describe("The fact page's section on the period used."),
  citations: z
    .array(PublishedCitation)
    .describe("The sources of the period used, where the facts passed in carry them."),
});

/** Each fact a result used, with the period in force on its date. */
export const FactsUsed = z.array(FactUsedSchema);

export const Breakdown = z
  .array(z.string())
  .describe("Each step of the calculation, saying why an amount is what it is.");

/**
 * The facts a result used. `FactsUsed` describes them as JSON Schema can (a key that may be undefined is optional);
 * their type is the `FactUsed` every calculator returns, so that a caller collects the citations of several results
 * in one list.
 */
export const Citations = FactsUsed as unknown as z.ZodType<FactUsed[], z.input<typeof FactsUsed>>;

/** The date a result was computed for, YYYY-MM-DD. */
export const AsOfResult = DateOption.describe("The date whose rules were applied, YYYY-MM-DD.");

/**
 * The options of a calculator that takes one of them as an argument of its own (`qualifyingRate(facts,
 * contractRate, { asOf })`), read together by its schema. The same option in the object too is refused: one of the
 * two would be ignored.
 */
export const withArgument = (calculator: string, name: string, value: unknown, options: unknown): unknown => {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return options;
  if (Object.hasOwn(options, name))
    throw new CalculatorError(`${calculator}: ${name} is its own argument, not an option; pass it once`, {
      reason: "unknown-option",
      option: name,
    });
  return { ...options, [name]: value };
};

/** The options' bounds as codes with values, for a program that says a refused option in its own words. */
const OPTION_SAID: ReadonlyMap<string, Said> = new Map<string, Said>([
  [AMOUNT_BOUNDS, { code: "option.amount", values: { min: { money: 0 }, max: { money: MAX_AMOUNT } } }],
  [POSITIVE_AMOUNT, { code: "option.amount", values: { min: { money: 0.01 }, max: { money: MAX_AMOUNT } } }],
  [RATE, { code: "option.rate", values: {} }],
  [SHARE, { code: "option.share", values: {} }],
  [WHOLE_YEARS, { code: "option.whole-years", values: { max: { number: 100 } } }],
  [DATE_WORDS, { code: "option.date", values: {} }],
]);

/** A received value in an error message, whatever it is: never throws (a BigInt or a circular object would). */
const described = (value: unknown): string => {
  if (typeof value === "bigint") return `the BigInt ${value}n`;
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (value === null || typeof value === "boolean" || value === undefined) return String(value);
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
};

/** The name to show of an option key: cut short, with control characters written out. */
const keyShown = (key: string): string => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);

/** Edit distance between two option names, to suggest the one a misspelt key meant. Both are at most 100 long. */
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

/** Replaces -0 by 0 in a value read or computed: "-$0" is never shown. */
const withoutNegativeZero = <T>(value: T): T => {
  if (typeof value === "number") return (Object.is(value, -0) ? 0 : value) as T;
  if (Array.isArray(value)) return value.map(withoutNegativeZero) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, withoutNegativeZero(each)])) as T;
  }
  return value;
};

/**
 * Reads a calculator's options with its schema. Options are strict: a key the calculator does not know would
 * otherwise be ignored silently (`firstTimeBuyers` gives a total without the exemption), so it is refused, naming the
 * nearest known key. Whatever is passed (a BigInt, a circular object, a key of millions of characters) is refused at
 * once as a CalculatorError naming the option, and -0 is read as 0.
 */
export const parseOptions = <Schema extends z.ZodObject>(
  calculator: string,
  schema: Schema,
  options: unknown,
): z.output<Schema> => {
  const known = Object.keys(schema.shape);
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new CalculatorError(
      `${calculator}: options must be an object with ${known.join(", ")}, got ${described(options)}`,
      { reason: "invalid-option" },
    );
  }
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    if (key.length > MAX_OPTION_NAME) {
      throw new CalculatorError(
        `${calculator}: unknown option ${keyShown(key)} (a name of ${key.length} characters; options have names of at most ${MAX_OPTION_NAME}); known options: ${known.join(", ")}`,
        { reason: "unknown-option", option: key.slice(0, MAX_OPTION_NAME) },
      );
    }
    const lower = key.toLowerCase();
    const nearest = [...known].sort(
      (a, b) => editDistance(lower, a.toLowerCase()) - editDistance(lower, b.toLowerCase()),
    )[0];
    throw new CalculatorError(
      `${calculator}: unknown option ${key}; did you mean ${nearest}? (known options: ${known.join(", ")})`,
      { reason: "unknown-option", option: key },
    );
  }
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const option = String(issue.path[0] ?? "");
    const rest = issue.path
      .slice(1)
      .map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`))
      .join("");
    const received = issue.path.reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined,
      options,
    );
    const said = rest === "" ? OPTION_SAID.get(issue.message) : undefined;
    throw new CalculatorError(`${option}${rest} ${issue.message}, got ${described(received)}`, {
      reason: "invalid-option",
      option,
      ...(said === undefined ? {} : { said }),
    });
  }
  return withoutNegativeZero(parsed.data);
};

/**
 * A result as it is returned: -0 read as 0, and a number that is not finite refused as the calculator's own fault
 * (bounded options can never produce one), so that no answer ever shows "$∞" or NaN.
 */
export const finished = <Result>(calculator: string, result: Result): Result => {
  const check = (value: unknown, path: string): void => {
    if (typeof value === "number" && !Number.isFinite(value))
      throw new Error(`${calculator} computed ${value} at ${path}; this is a fault of the calculator`);
    if (Array.isArray(value)) {
      for (const [index, each] of value.entries()) check(each, `${path}[${index}]`);
    } else if (value !== null && typeof value === "object")
      for (const [key, each] of Object.entries(value)) check(each, `${path}.${key}`);
  };
  check(result, "$");
  return withoutNegativeZero(result);
};
