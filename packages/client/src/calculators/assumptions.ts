import { z } from "zod";
import { ASSUMPTION_CODES, type AssumptionCode, SaidValue } from "./said.ts";

/**
 * One assumption of a result in a form a program can act on, at the same position as its sentence in `assumptions`:
 * what is assumed (`code`) and the option that, given, would replace it or that it is about (`option`), if any.
 */
export const Assumed = z
  .array(
    z.strictObject({
      code: z.enum(ASSUMPTION_CODES).describe("What is assumed, stable whatever the wording of its sentence."),
      option: z
        .string()
        .optional()
        .describe("The option this assumption stands in for or is about; absent when no option bears on it."),
      values: z
        .record(z.string(), SaidValue)
        .optional()
        .describe("The values its sentence names (a date, an amount, a fact), each by its kind; absent when none."),
    }),
  )
  .describe(
    "Each assumption of `assumptions`, in the same order, as a code, the option it concerns and the values it names.",
  );
export type Assumed = z.infer<typeof Assumed>;

/** An assumption as a calculator makes it: its code, its sentence, the option it concerns and the values it names. */
export interface Assumption {
  code: AssumptionCode;
  text: string;
  option?: string;
  values?: Record<string, SaidValue>;
}

export const assume = (
  code: AssumptionCode,
  text: string,
  option?: string,
  values?: Record<string, SaidValue>,
): Assumption => ({
  code,
  text,
  ...(option === undefined ? {} : { option }),
  ...(values === undefined ? {} : { values }),
});

/** A result's two forms of its assumptions: the sentences, and the codes in the same order. */
export const assumptionFields = (list: readonly Assumption[]): { assumptions: string[]; assumed: Assumed } => ({
  assumptions: list.map((each) => each.text),
  assumed: list.map(({ code, option, values }) => ({
    code,
    ...(option === undefined ? {} : { option }),
    ...(values === undefined ? {} : { values }),
  })),
});

/** A result's assumptions as a calculator makes them, for a calculator that combines it with others. */
export const assumptionsOf = (result: { assumptions: readonly string[]; assumed: Assumed }): Assumption[] =>
  result.assumed.map((each, index) => ({ ...each, text: result.assumptions[index] ?? "" }));
