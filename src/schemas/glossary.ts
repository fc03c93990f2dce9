import { z } from "zod";

/**
 * How a value under a key is read by people. Numbers: `money` (Canadian dollars, "$570"), `rate` (a fraction written
 * as a percentage, 0.023 is "2.3%"), `year` (a calendar year, "2026"), `count` (a plain number, "10,000"), `measure`
 * (a number with the entry's `unit`, "55 days"). Strings: `date` (an ISO date, spelled out), `text`. Then `boolean`
 * ("Yes"/"No"), `list` (an array: of words, of like records as a table, of brackets) and `group` (an object of its own
 * keys). CONTRIBUTING.md ("The glossary") documents each.
 */
export const GLOSSARY_KINDS = ["money", "rate", "year", "count", "measure", "date", "text", "boolean", "list", "group"] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

/** The units a `measure` may carry, each with its singular, for a value of 1 ("1 day", "2 days"). */
export const MEASURE_UNITS = {
  days: "day",
  "business days": "business day",
  months: "month",
  years: "year",
  hours: "hour",
  minutes: "minute",
  m: "m",
  km: "km",
  "m²": "m²",
  ha: "ha",
} as const;
export type MeasureUnit = keyof typeof MEASURE_UNITS;

/** A label or a member's words: one line of plain text a reader sees. */
const Words = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\S(?:.*\S)?$/, "must not start or end with a space");

/** A slug that a fact's value uses as an enumeration member, such as "rapid-transit-station". */
export const ENUMERATION_MEMBER = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;

export const GlossaryEntry = z
  .strictObject({
    /** What the key's value is, in words for people: "Basic grant, most of B.C. (maximum)". */
    label: Words,
    kind: z.enum(GLOSSARY_KINDS),
    /** Other kinds the key's value takes in some facts ("regulations": one text, or a list of them). */
    also: z.array(z.enum(GLOSSARY_KINDS)).min(1).optional(),
    /** For a `measure`: what it counts. */
    unit: z.enum(Object.keys(MEASURE_UNITS) as [MeasureUnit, ...MeasureUnit[]]).optional(),
    /** Words for each enumeration member (a slug) the key's value holds, or a word that stands in a number's place. */
    members: z.record(z.string().min(1).max(200), Words).optional(),
  })
  .superRefine((entry, context) => {
    if (entry.kind === "measure" && entry.unit === undefined) context.addIssue({ code: "custom", path: ["unit"], message: 'a "measure" needs its unit' });
    if (entry.kind !== "measure" && entry.unit !== undefined) context.addIssue({ code: "custom", path: ["unit"], message: 'only a "measure" has a unit' });
  });
export type GlossaryEntry = z.infer<typeof GlossaryEntry>;

/** A value key as facts write it: lowercase words joined by underscores. */
export const VALUE_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** `reference/glossary.json`: every key that appears in a fact's value, with its label, kind and members. */
export const GlossaryFile = z.strictObject({
  keys: z.record(z.string().regex(VALUE_KEY, "a value key is lowercase words joined by underscores"), GlossaryEntry),
});
export type GlossaryFile = z.infer<typeof GlossaryFile>;
