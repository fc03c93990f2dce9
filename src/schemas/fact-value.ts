import { z } from "zod";

/** One tier of a progressive schedule; `upper` null means unbounded. Rates are fractions (0.01 = 1%). */
export const Bracket = z.strictObject({
  upper: z.number().positive().nullable(),
  rate: z.number().min(0).max(1, { error: "rates are fractions: 0.01 means 1%" }),
});

/** The `CAD-bracket-array` shape of SPEC.md 2.1: ascending upper bounds, the last one null. */
export const BracketArray = z
  .array(Bracket)
  .min(1)
  .superRefine((brackets, ctx) => {
    brackets.forEach((bracket, index) => {
      const isLast = index === brackets.length - 1;
      if (isLast && bracket.upper !== null) {
        ctx.addIssue({ code: "custom", path: [index, "upper"], message: "the last bracket must have upper null (unbounded)" });
      }
      if (!isLast && bracket.upper === null) {
        ctx.addIssue({ code: "custom", path: [index, "upper"], message: "only the last bracket may be unbounded" });
      }
      const previous = brackets[index - 1];
      if (previous?.upper != null && bracket.upper !== null && bracket.upper <= previous.upper) {
        ctx.addIssue({ code: "custom", path: [index, "upper"], message: "upper bounds must increase" });
      }
    });
  });
export type Bracket = z.infer<typeof Bracket>;

/**
 * Polymorphic value of a fact: number, object, array or string, read according to the fact's `unit`.
 * Members are left open (`unknown`): the value comes from parsed JSON, and a closed recursive JSON type would put
 * self-referencing definitions into every generated JSON Schema and OpenAPI component.
 */
export const FactValue = z.union([z.number(), z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);
export type FactValue = z.infer<typeof FactValue>;
