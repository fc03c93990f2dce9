import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { inputVariable, parseActionInputs } from "../../src/workflows/github.ts";
import { nodeActionNames, readActionMetadata, runnerInputs } from "../helpers/run-action.ts";

const inputsSchemaOf = async (action: string): Promise<z.ZodObject> =>
  ((await import(`../../actions/${action}/main.ts`)) as { Inputs: z.ZodObject }).Inputs;

/** Parses the inputs with the INPUT_* variables of `environment` set, as the runner sets them for a step. */
const parseWith = <Schema extends z.ZodObject>(
  schema: Schema,
  environment: Record<string, string>,
): z.output<Schema> => {
  for (const name of Object.keys(process.env)) if (name.startsWith("INPUT_")) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  return parseActionInputs(schema);
};
afterEach(() => vi.unstubAllEnvs());

/** The input each sentence of a parse error names first (`within-days must be ...; label ...`). */
const namedInputs = (message: string): string[] =>
  message
    .split("; ")
    .map((sentence) => sentence.split(" ")[0]!)
    .sort();

/** The message of the error `parse` throws; a parse that succeeds fails the test. */
const errorOf = (parse: () => unknown): string => {
  try {
    parse();
  } catch (error: unknown) {
    return (error as Error).message;
  }
  throw new Error("expected the inputs to be refused");
};

describe("the inputs of each action", () => {
  it("are the inputs of its action.yml, each with a default or required, and the defaults pass its schema", async () => {
    const actions = await nodeActionNames();
    expect(actions.length).toBe(7);
    for (const action of actions) {
      const declared = (await readActionMetadata(action)).inputs ?? {};
      const schema = await inputsSchemaOf(action);
      expect(Object.keys(schema.shape).sort(), action).toEqual(Object.keys(declared).sort());
      for (const [name, spec] of Object.entries(declared)) {
        expect(
          spec.required === true || spec.default !== undefined,
          `${action}: ${name} has a default or is required`,
        ).toBe(true);
      }
      // With nothing given, the runner passes the defaults: they must parse, and only the required inputs are missing.
      const required = Object.entries(declared)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name)
        .sort();
      const defaults = await runnerInputs(action);
      const parse = () => parseWith(schema, defaults);
      if (required.length === 0) expect(parse, action).not.toThrow();
      else expect(namedInputs(errorOf(parse)), action).toEqual(required);
    }
  });
});

describe("parsing action inputs", () => {
  it("trims values as the runner's toolkit does and converts numbers and switches", async () => {
    const schema = await inputsSchemaOf("reverify");
    const environment = {
      ...(await runnerInputs("reverify")),
      [inputVariable("within-days")]: " 45\n",
      [inputVariable("check-links")]: "false",
    };
    expect(parseWith(schema, environment)).toMatchObject({
      root: ".",
      "within-days": 45,
      "check-links": false,
      "link-timeout-seconds": 20,
      fingerprints: "",
    });
  });

  it("names every wrong input, what is wrong and the value it was given, in one error", async () => {
    const schema = await inputsSchemaOf("state-branch");
    const environment = {
      ...(await runnerInputs("state-branch")),
      [inputVariable("mode")]: "sync",
      [inputVariable("path")]: "  ",
    };
    expect(() => parseWith(schema, environment)).toThrow(
      new Error('mode must be restore or save, got "sync"; path must not be empty'),
    );
  });
});
