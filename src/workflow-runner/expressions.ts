import { data, Evaluator, Lexer, Parser } from "@actions/expressions";
import type { FunctionDefinition } from "@actions/expressions/funcs/info";
import { type Token, TokenType } from "@actions/expressions/lexer";
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

/**
 * The text of a `|` block scalar from its YAML source: the source less the indentation of its first line, with the
 * final line break kept once (`|`), dropped (`|-`) or kept as written (`|+`).
 */
const blockText = (source: string, header: string): string => {
  if (!/^\|[-+]?$/.test(header))
    throw new Error(`a "${header}" block scalar holding \${{ }} is not one the runner reads; write it as "|"`);
  const lines = source.split("\n");
  const first = lines.find((line) => line.trim() !== "") ?? "";
  const indent = first.length - first.trimStart().length;
  const text = lines.map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length))).join("\n");
  const body = text.replace(/\n+$/, "");
  if (header === "|-") return body;
  if (header === "|+") return text;
  return body === "" ? "" : `${body}\n`;
};

/**
 * The expression's tokens, with two faults of GitHub's packages (seen in 0.3.61) corrected: the lexer unescapes only
 * the first `''` of a string literal, so a script with two quotes would lose one; and a `run: |` block holding an
 * expression becomes `format('<template>', …)` whose template is the block's YAML source, indentation included,
 * where GitHub runs the block's text.
 */
const lex = (expression: string, blockScalarHeader: string | undefined): Token[] => {
  const { tokens } = new Lexer(expression).lex();
  for (const token of tokens)
    if (token.type === TokenType.STRING) token.value = token.lexeme.slice(1, -1).replaceAll("''", "'");
  const template = tokens[2];
  if (blockScalarHeader !== undefined && tokens[0]?.lexeme === "format" && template?.type === TokenType.STRING)
    template.value = blockText(String(template.value), blockScalarHeader);
  return tokens;
};

/** Evaluates one expression (without `${{ }}`) with GitHub's lexer, parser and evaluator. */
export const evaluate = (
  expression: string,
  contexts: Contexts,
  status: Status,
  blockScalarHeader?: string,
): data.ExpressionData => {
  const functions = statusFunctions(status);
  const tree = new Parser(lex(expression, blockScalarHeader), CONTEXT_NAMES, [...functions.values()]).parse();
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
  if (tokens.isBasicExpression(token))
    return evaluate(token.expression, contexts, ALWAYS_SUCCESS, token.blockScalarHeader).coerceString();
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
