import { z } from "zod";
import { FactId, Fraction, Money } from "../../../packages/client/src/index.ts";

/**
 * The building blocks of the value schemas: each says what a number or string means, so that a value of the right
 * shape but the wrong meaning (a rate of 2.3 where 0.023 is meant, a negative fee) is refused with a message saying
 * what was expected.
 */

/** A whole number of days, months, years, units or lots: never negative. */
export const Count = z
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be a whole number, never negative" });

/** A calendar year, such as a tax year. */
export const Year = z
  .int({ error: "must be a year such as 2026" })
  .min(1900, { error: "must be a year such as 2026" })
  .max(2200, { error: "must be a year such as 2026" });

/** A distance, area or other measure in the unit its key names (`_m`, `_km`, `_m2`, `_ha`): never negative. */
export const Measure = z.number().min(0, { error: "must be a measure, never negative" });

/** A multiple, such as a loan-to-income ratio: never negative. */
export const Multiple = z.number().min(0, { error: "must be a multiple, never negative" });

/** Prose written for people: a name, a statute's citation, a condition. */
export const Text = z.string().min(1, { error: "must not be empty" });

/** A list of prose items; may be empty where the value says "none". */
export const TextList = z.array(Text);

/** The id of another fact this value points readers to. */
export const FactRef = FactId;

/** Brackets that stop at a cap: every `upper` a number, rising. */
export const CappedBracketArray = z
  .array(z.strictObject({ upper: Money.positive({ error: "must be a positive amount in CAD" }), rate: Fraction }))
  .min(1, { error: "must have at least one bracket" })
  .superRefine((brackets, ctx) => {
    brackets.forEach((bracket, index) => {
      const previous = brackets[index - 1];
      if (previous && bracket.upper <= previous.upper) {
        ctx.addIssue({
          code: "custom",
          path: [index, "upper"],
          message: `brackets must be in order: upper ${bracket.upper} is not above ${previous.upper}`,
        });
      }
    });
  })
  .describe("Brackets in order of their upper bound (CAD); each rate a fraction (0.01 = 1%).");

type Comparable = number | string | null | undefined;

/**
 * A refinement saying that the named members of an object come in order: each present one is above (for a date,
 * after) the one before, or with `orEqual` at least it. Thresholds, bands and date ranges use it; members that are
 * null or absent are skipped.
 */
export const inOrder =
  (keys: readonly string[], options: { orEqual?: boolean } = {}) =>
  (value: object, ctx: z.core.$RefinementCtx): void => {
    let previous: { key: string; at: number | string } | undefined;
    for (const key of keys) {
      const at = (value as Record<string, Comparable>)[key];
      if (at === null || at === undefined) continue;
      if (previous !== undefined && (options.orEqual ? at < previous.at : at <= previous.at)) {
        const relation =
          typeof at === "string" ? (options.orEqual ? "on or after" : "after") : options.orEqual ? "at least" : "above";
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `must be ${relation} ${previous.key} (${previous.at}): ${keys.join(", ")} are in order`,
        });
      }
      previous = { key, at };
    }
  };

/** A member added by a later version: absent from the values of versions before `version`. */
export const since = <Schema extends z.ZodType>(version: number, schema: Schema) =>
  schema.optional().describe(`absent before version ${version}`);

/** A member of earlier versions only: absent from the values of `version` and later. */
export const until = <Schema extends z.ZodType>(version: number, schema: Schema) =>
  schema.optional().describe(`present up to version ${version - 1} only`);

/**
 * Where a rule stands in law: announced (in a budget or a release, with no enacted text read), enacted but not yet in
 * force, or in force. A fact recording an announced rule says so in its value, so that no page reads it as law.
 */
export const LegislativeStatus = z.enum(["announced-not-enacted", "enacted-not-in-force", "in-force"]);
