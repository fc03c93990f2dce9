import { z } from "zod";
import { todayFromEnvironment } from "../../lib/dates.ts";
import { IsoDate } from "../../schemas/index.ts";

/**
 * The environment variable the runner sets for an input: `INPUT_` and the name with spaces as underscores, in upper
 * case (the rule @actions/core's getInput reads by).
 */
export const inputVariable = (name: string): string => `INPUT_${name.replaceAll(" ", "_").toUpperCase()}`;

/** Each input's value as the runner passed it, trimmed as @actions/core trims it; an input not passed is "". */
const inputValues = (names: string[], environment: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, (environment[inputVariable(name)] ?? "").trim()]));

/** One sentence per wrong input, naming it, what is wrong and the value it was given (`within-days must be a whole number, got "soon"`). */
const describeIssues = (error: z.ZodError, values: Record<string, string>): string =>
  error.issues
    .map((issue) => {
      const name = String(issue.path[0]);
      const value = values[name] ?? "";
      return value === "" ? `${name} ${issue.message}` : `${name} ${issue.message}, got "${value}"`;
    })
    .join("; ");

/**
 * Parses an action's inputs with its schema, whose keys are the input names of its action.yml. The defaults live
 * only in action.yml: the runner passes every input, so an empty value here was given on purpose and is checked
 * like any other. Throws one error naming every wrong input.
 */
export const parseActionInputs = <Schema extends z.ZodObject>(schema: Schema, environment: NodeJS.ProcessEnv = process.env): z.output<Schema> => {
  const values = inputValues(Object.keys(schema.shape), environment);
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new Error(describeIssues(parsed.error, values));
  return parsed.data;
};

/** An input that may be empty (an optional path or revision, where empty turns the feature off). */
export const optionalText = z.string();

/** An input that needs some value, such as a folder (`.` is the workspace) or a label. */
export const nonEmptyText = z.string().min(1, { error: "must not be empty" });

/** An input that action.yml marks `required: true` and gives no default. */
export const requiredText = z.string().min(1, { error: "is required" });

/** A count of days or seconds, as a number. */
export const wholeNumber = z.string().regex(/^\d+$/, { error: "must be a whole number" }).transform(Number);

/** A switch, written `true` or `false` as in action.yml. */
export const trueOrFalse = z.enum(["true", "false"], { error: "must be true or false" }).transform((value) => value === "true");

/** The `today` input: a date written YYYY-MM-DD, or empty for `FACTS_TODAY` or the clock (see todayFromInput). */
export const dateOrEmpty = z.literal("").or(IsoDate);

/** The date an action checks against: its `today` input when given, else `FACTS_TODAY`, else today in UTC. */
export const todayFromInput = (today: string, environment: NodeJS.ProcessEnv = process.env): string =>
  todayFromEnvironment(today ? { FACTS_TODAY: today } : environment);
