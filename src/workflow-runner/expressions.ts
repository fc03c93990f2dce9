import { data, Evaluator, Lexer, Parser } from "@actions/expressions";
import type { FunctionDefinition } from "@actions/expressions/funcs/info";
import { truthy } from "@actions/expressions/result";
import type { TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { tokens } from "./workflow-file.ts";

/** The contexts an expression may read; each is plain JSON, turned into GitHub's expression data when evaluated. */
export interface Contexts {
  github: Record<string, unknown>;
  env: Record<string, string>;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  steps: Record<string, unknown>;
  needs: Record<string, unknown>;
  runner: Record<string, string>;
  inputs: Record<string, unknown>;
  job: Record<string, unknown>;
  matrix: Record<string, unknown>;
  strategy: Record<string, unknown>;
}

/**
 * The status of what came before, for the status functions: in a step's `if:`, the job so far; in a job's `if:`, the
 * jobs it needs and theirs. The runner never cancels a run, so `cancelled()` is always false.
 */
export interface Status {
  success: boolean;
  failure: boolean;
}

const CONTEXT_NAMES = [
  "github",
  "env",
  "vars",
  "secrets",
  "steps",
  "needs",
  "runner",
  "inputs",
  "job",
  "matrix",
  "strategy",
];

const statusFunctions = (status: Status): Map<string, FunctionDefinition> => {
  const definition = (name: string, value: () => boolean): [string, FunctionDefinition] => [
    name.toLowerCase(),
    { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value()) },
  ];
  return new Map([
    definition("success", () => status.success),
    definition("failure", () => status.failure),
    definition("always", () => true),
    definition("cancelled", () => false),
  ]);
};

/** Evaluates one expression (without `${{ }}`) with GitHub's lexer, parser and evaluator. */
export const evaluate = (expression: string, contexts: Contexts, status: Status): data.ExpressionData => {
  const lexed = new Lexer(expression).lex();
  const functions = statusFunctions(status);
  const tree = new Parser(lexed.tokens, CONTEXT_NAMES, [...functions.values()]).parse();
  const values = new data.Dictionary(
    ...CONTEXT_NAMES.map((name) => ({
      key: name,
      value: JSON.parse(JSON.stringify(contexts[name as keyof Contexts]), data.reviver) as data.ExpressionData,
    })),
  );
  return new Evaluator(tree, values, functions).evaluate();
};

/** Whether an `if:` (already holding its status function, as GitHub's converter leaves it) lets the job or step run. */
export const evaluateCondition = (expression: string, contexts: Contexts, status: Status): boolean =>
  truthy(evaluate(expression, contexts, status));

const ALWAYS_SUCCESS: Status = { success: true, failure: false };

/**
 * A scalar as a string, as GitHub hands it to a step: an expression's result coerced to a string (null is empty,
 * booleans are `true`/`false`), a literal as written.
 */
export const evaluateString = (token: TemplateToken | undefined, contexts: Contexts): string => {
  if (token === undefined) return "";
  if (tokens.isBasicExpression(token)) return evaluate(token.expression, contexts, ALWAYS_SUCCESS).coerceString();
  if (tokens.isString(token)) return token.value;
  if (tokens.isNumber(token) || tokens.isBoolean(token)) return String(token.value);
  if (tokens.isLiteral(token)) return "";
  throw new Error(`expected a single value, found a ${token.typeName()} at line ${token.line ?? "?"}`);
};

/** A mapping of names to scalars (`env:`, `with:`, `outputs:`), each value evaluated as a string. */
export const evaluateMapping = (token: TemplateToken | undefined, contexts: Contexts): Record<string, string> => {
  if (token === undefined) return {};
  if (!tokens.isMapping(token)) throw new Error(`expected a mapping, found a ${token.typeName()}`);
  const result: Record<string, string> = {};
  for (const pair of token) result[evaluateString(pair.key, contexts)] = evaluateString(pair.value, contexts);
  return result;
};

/** Whether `continue-on-error` (a boolean, or an expression) holds. */
export const evaluateFlag = (value: boolean | TemplateToken | undefined, contexts: Contexts): boolean =>
  typeof value === "boolean" || value === undefined ? value === true : evaluateString(value, contexts) === "true";
