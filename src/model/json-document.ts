import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { z } from "zod";
import { errorMessage } from "../lib/errors.ts";
import type { Problem } from "../lib/problem.ts";
import { forbiddenCharacter, MULTILINE_FIELDS, toJsonPointer } from "../lib/text.ts";

// JSON documents read strictly, with every problem located by line, column and JSON Pointer: the parse, what hostile
// JSON is refused (nesting, object internals, numbers that do not round-trip), the text rule over every string, zod
// issues as located problems, and the one way a data file is written back (prettyJsonText).

/** A JSON file parsed with the position of every node, so any problem can name its line, column and JSON Pointer. */
export interface JsonDocument {
  file: string;
  text: string;
  /** The parsed value, or undefined when the text is not valid JSON. */
  value: unknown;
  tree: Node | undefined;
  syntaxProblems: Problem[];
  /** Where a JSON path points; a path to a missing member points at its closest existing parent. */
  problemAt(path: readonly (string | number)[], message: string): Problem;
  /** A problem at one character of the text (an offset into `text`), with the JSON path of the value it is in. */
  problemAtOffset(offset: number, path: readonly (string | number)[], message: string): Problem;
}

const lineStartsOf = (text: string): number[] => {
  const starts = [0];
  for (let index = 0; index < text.length; index++) if (text[index] === "\n") starts.push(index + 1);
  return starts;
};

const positionOf = (lineStarts: number[], offset: number): { line: number; column: number } => {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
};

/**
 * Strict JSON: no comments, no trailing commas, no byte-order mark. Duplicate keys are reported, since JSON.parse would
 * silently keep the last one, and so is anything JSON.parse would not give back as written (see hostileJsonProblems
 * below). Nesting deeper than the limit is refused before the tree is built, since building it recurses once per level.
 */
export const parseJsonDocument = (file: string, text: string): JsonDocument => {
  const lineStarts = lineStartsOf(text);
  const at = (offset: number, pointer: string, message: string): Problem => ({
    file,
    ...positionOf(lineStarts, offset),
    pointer,
    message,
  });
  const problemAtOffset = (offset: number, path: readonly (string | number)[], message: string): Problem =>
    at(offset, toJsonPointer(path), message);

  // Building the tree recurses once per level: a document nested too deep is refused before, with only that problem.
  const deep = tooDeep(text);
  const errors: ParseError[] = [];
  const tree = deep
    ? undefined
    : parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });

  const problemAt = (path: readonly (string | number)[], message: string): Problem => {
    for (let length = path.length; length >= 0; length--) {
      const node = tree && findNodeAtLocation(tree, [...path.slice(0, length)]);
      if (node) {
        const anchor = node.parent?.type === "property" ? node.parent : node;
        return at(anchor.offset, toJsonPointer(path), message);
      }
    }
    return at(0, toJsonPointer(path), message);
  };
  if (deep)
    return {
      file,
      text,
      value: undefined,
      tree,
      syntaxProblems: [problemAtOffset(deep.offset, deep.path, deep.message)],
      problemAt,
      problemAtOffset,
    };

  // A byte-order mark also makes the parser report an invalid symbol; the mark is the one thing to fix.
  const syntaxProblems =
    text.charCodeAt(0) === 0xfeff
      ? [at(0, "", "invalid JSON: the file starts with a byte-order mark")]
      : parseErrorProblems(text, errors, at);
  if (syntaxProblems.length === 0 && tree) {
    syntaxProblems.push(...duplicateKeyProblems(tree, at));
    hostileJsonProblems(tree, text, (offset, path, message) =>
      syntaxProblems.push(at(offset, toJsonPointer(path), message)),
    );
  }

  let value: unknown;
  if (syntaxProblems.length === 0) {
    try {
      value = JSON.parse(text);
    } catch (error: unknown) {
      syntaxProblems.push(at(0, "", `invalid JSON: ${errorMessage(error)}`));
    }
  }
  return { file, text, value, tree, syntaxProblems, problemAt, problemAtOffset };
};

const describeParseError = (code: string): string => code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/**
 * One problem per place the parser stopped at: it may report one mistake twice there (a trailing comma is both "property
 * name expected" and "value expected"). A comma just before a closing `}` or `]` is named as what it is, at the comma.
 */
const parseErrorProblems = (
  text: string,
  errors: readonly ParseError[],
  at: (offset: number, pointer: string, message: string) => Problem,
): Problem[] => {
  const offsets = new Set<number>();
  const problems: Problem[] = [];
  for (const error of errors) {
    if (offsets.has(error.offset)) continue;
    offsets.add(error.offset);
    const comma = /[}\]]/.test(text.charAt(error.offset)) ? /,\s*$/.exec(text.slice(0, error.offset)) : null;
    problems.push(
      comma
        ? at(
            comma.index,
            "",
            `invalid JSON: a comma after the last ${text.charAt(error.offset) === "}" ? "member" : "item"} (JSON allows none): remove it`,
          )
        : at(error.offset, "", `invalid JSON: ${describeParseError(printParseErrorCode(error.error))}`),
    );
  }
  return problems;
};

const duplicateKeyProblems = (
  root: Node,
  at: (offset: number, pointer: string, message: string) => Problem,
): Problem[] => {
  const problems: Problem[] = [];
  const visit = (node: Node, path: (string | number)[]): void => {
    if (node.type === "object") {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        const key = String(keyNode?.value);
        if (seen.has(key)) problems.push(at(property.offset, toJsonPointer([...path, key]), `duplicate key "${key}"`));
        seen.add(key);
        if (valueNode) visit(valueNode, [...path, key]);
      }
    } else if (node.type === "array") {
      for (const [index, child] of (node.children ?? []).entries()) visit(child, [...path, index]);
    }
  };
  visit(root, []);
  return problems;
};

/** The deepest nesting a document may have, counting the root object or array as level 1. */
export const MAX_JSON_DEPTH = 16;

/** Keys that mean something to JavaScript objects rather than to the data: refused wherever they appear. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

type At = (offset: number, path: readonly (string | number)[], message: string) => void;

/** Where a document first nests deeper than {@link MAX_JSON_DEPTH}: the offset of the bracket and its JSON path. */
export interface TooDeep {
  offset: number;
  path: (string | number)[];
  message: string;
}

/**
 * The first object or array of `text` nested deeper than {@link MAX_JSON_DEPTH}, found in one pass over the characters
 * with a stack of its own: the JSON parser descends recursively, so a document nested a hundred thousand levels deep
 * would overflow the call stack, naming no file, before any walk of the tree could report it. Brackets inside strings
 * do not count. The message and place are the same however deep the document goes, since the first level too deep is
 * the one reported; in a document that is not valid JSON the path is as far as it can be told.
 */
export const tooDeep = (text: string): TooDeep | undefined => {
  const frames: { array: boolean; key: string | number | undefined; expectingKey: boolean }[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index];
    const top = frames.at(-1);
    if (character === '"') {
      const end = stringEnd(text, index);
      if (top && !top.array && top.expectingKey) {
        top.key = stringValue(text.slice(index, end));
        top.expectingKey = false;
      }
      index = end;
      continue;
    }
    if (character === "{" || character === "[") {
      if (frames.length >= MAX_JSON_DEPTH) {
        return {
          offset: index,
          path: frames.map((frame) => frame.key ?? ""),
          message: `nested ${MAX_JSON_DEPTH + 1} levels deep; a document may nest at most ${MAX_JSON_DEPTH}`,
        };
      }
      frames.push(
        character === "["
          ? { array: true, key: 0, expectingKey: false }
          : { array: false, key: undefined, expectingKey: true },
      );
    } else if (character === "}" || character === "]") {
      frames.pop();
    } else if (character === "," && top) {
      if (top.array) top.key = Number(top.key) + 1;
      else top.expectingKey = true;
    }
    index++;
  }
  return undefined;
};

/** The offset just after the string literal that starts at `start` (or the end of the text, when it never closes). */
const stringEnd = (text: string, start: number): number => {
  let index = start + 1;
  while (index < text.length) {
    const character = text[index];
    if (character === "\\") index += 2;
    else if (character === '"') return index + 1;
    else index++;
  }
  return text.length;
};

/** A key as the parser will read it; a literal that is not valid JSON is kept as written, for the path only. */
const stringValue = (literal: string): string => {
  try {
    return String(JSON.parse(literal));
  } catch {
    return literal.slice(1, literal.endsWith('"') && literal.length > 1 ? -1 : undefined);
  }
};

/**
 * What a syntactically valid JSON document may still not contain, because parsing it would not give back what the
 * file says or could harm the code that reads it: keys that name object internals, and numbers that JSON.parse would
 * change (an overflow to Infinity, an underflow to 0, an integer beyond 2^53 − 1, or any literal with more precision
 * than a double holds). Reports every forbidden key and number. Nesting is bounded before the tree is built (see
 * {@link tooDeep}), so this walk's recursion is too.
 */
export const hostileJsonProblems = (root: Node, text: string, at: At): void => {
  const visit = (node: Node, path: (string | number)[]): void => {
    if (node.type === "object") {
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        const key = String(keyNode?.value);
        if (FORBIDDEN_KEYS.has(key))
          at(property.offset, [...path, key], `the key "${key}" is not allowed: it names a JavaScript object internal`);
        if (valueNode) visit(valueNode, [...path, key]);
      }
    } else if (node.type === "array") {
      for (const [index, child] of (node.children ?? []).entries()) visit(child, [...path, index]);
    } else if (node.type === "number") {
      const literal = text.slice(node.offset, node.offset + node.length);
      const problem = numberRoundTripProblem(literal);
      if (problem) at(node.offset, path, problem);
    }
  };
  visit(root, []);
};

/** Why a JSON number literal would not read back as written, or undefined when it would. */
export const numberRoundTripProblem = (literal: string): string | undefined => {
  const parsed = Number(literal);
  if (!Number.isFinite(parsed)) return `the number ${literal} is too large: it would be read as ${parsed}`;
  const written = decimalOf(literal);
  if (parsed === 0 && written.digits !== "") return `the number ${literal} is too small: it would be read as 0`;
  if (Number.isInteger(parsed) && Math.abs(parsed) > Number.MAX_SAFE_INTEGER) {
    return `the integer ${literal} is beyond 2^53 − 1, where integers are no longer exact (it would be read as ${numberText(parsed)})`;
  }
  const read = decimalOf(numberText(parsed));
  if (written.negative !== read.negative || written.digits !== read.digits || written.exponent !== read.exponent) {
    return `the number ${literal} has more precision than a double holds: it would be read as ${numberText(parsed)}`;
  }
  return undefined;
};

/** JavaScript's shortest round-trip text for a finite number, always in plain or e-notation that decimalOf reads. */
const numberText = (value: number): string => (Object.is(value, -0) ? "-0" : String(value));

/**
 * A decimal literal as sign, significant digits (no leading or trailing zeros; "" for zero) and the exponent of the
 * last digit, so 1.50, 15e-1 and 1.5 compare equal.
 */
const decimalOf = (literal: string): { negative: boolean; digits: string; exponent: number } => {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return { negative: false, digits: literal, exponent: 0 };
  const [, sign = "", whole = "", fraction = "", exponentText = "0"] = match;
  let digits = (whole + fraction).replace(/^0+/, "");
  let exponent = Number(exponentText) - fraction.length;
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  if (digits === "") return { negative: false, digits: "", exponent: 0 };
  return { negative: sign === "-", digits, exponent };
};

/**
 * The UTF-16 code units of a JSON string literal (with its quotes) and the offset in the literal each comes from, so
 * a character written as an escape (`\u0000`) is located at its backslash.
 */
const decodeLiteral = (literal: string): { units: number[]; offsets: number[] } => {
  const units: number[] = [];
  const offsets: number[] = [];
  let index = 1;
  while (index < literal.length - 1) {
    offsets.push(index);
    if (literal[index] !== "\\") {
      units.push(literal.charCodeAt(index));
      index++;
    } else if (literal[index + 1] === "u") {
      units.push(Number.parseInt(literal.slice(index + 2, index + 6), 16));
      index += 6;
    } else {
      units.push(JSON.parse(`"${literal.slice(index, index + 2)}"`).charCodeAt(0));
      index += 2;
    }
  }
  return { units, offsets };
};

/** The first forbidden character of one string literal, as its offset in the literal and the reason. */
const firstForbidden = (literal: string, multiline: boolean): { offset: number; message: string } | undefined => {
  const { units, offsets } = decodeLiteral(literal);
  for (let index = 0; index < units.length; index++) {
    let codePoint = units[index]!;
    const next = units[index + 1];
    const paired = codePoint >= 0xd800 && codePoint <= 0xdbff && next !== undefined && next >= 0xdc00 && next <= 0xdfff;
    if (paired) codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
    const message = forbiddenCharacter(codePoint, multiline);
    if (message) return { offset: offsets[index]!, message };
    if (paired) index++;
  }
  return undefined;
};

/**
 * Every string of a parsed data file, keys included, that holds a character no output can carry as written (see
 * {@link forbiddenCharacter}): one problem per string, at the character's own line and column. The walk follows the
 * document's tree, whose depth the parser has already bounded.
 */
export const textProblems = (doc: JsonDocument): Problem[] => {
  const problems: Problem[] = [];
  const check = (node: Node, path: (string | number)[], multiline: boolean): void => {
    const literal = doc.text.slice(node.offset, node.offset + node.length);
    const found = firstForbidden(literal, multiline);
    if (found) problems.push(doc.problemAtOffset(node.offset + found.offset, path, found.message));
  };
  const visit = (node: Node, path: (string | number)[], inValue: boolean): void => {
    if (node.type === "string") {
      const field = path.at(-1);
      check(node, path, !inValue && typeof field === "string" && MULTILINE_FIELDS.has(field));
    } else if (node.type === "object") {
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        check(keyNode, [...path, key], false);
        if (valueNode) visit(valueNode, [...path, key], inValue || key === "value");
      }
    } else if (node.type === "array") {
      for (const [index, child] of (node.children ?? []).entries()) visit(child, [...path, index], inValue);
    }
  };
  if (doc.tree) visit(doc.tree, [], false);
  return problems;
};

/** Runs a zod schema over a parsed document and turns every issue into a located problem. */
export const validateWithSchema = <Schema extends z.ZodType>(
  doc: JsonDocument,
  schema: Schema,
): { value: z.infer<Schema> | undefined; problems: Problem[] } => {
  const result = schema.safeParse(doc.value);
  if (result.success) return { value: result.data, problems: [] };
  return { value: undefined, problems: issueProblems(doc, result.error.issues) };
};

/**
 * Located problems for zod issues found in the part of `doc` at `prefix` (the whole document by default). A value
 * that matches no member of a union is reported against the member it comes closest to (the fewest issues), so the
 * message says what is wrong rather than that nothing matched.
 */
export const issueProblems = (
  doc: JsonDocument,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly (string | number)[] = [],
): Problem[] =>
  issues.flatMap((issue): Problem[] => {
    const path = [
      ...prefix,
      ...issue.path.filter((segment): segment is string | number => typeof segment !== "symbol"),
    ];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => doc.problemAt([...path, key], `unknown field "${key}"`));
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0 && !isPlainValueUnion(issue)) {
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      return issueProblems(doc, closest, path);
    }
    return [doc.problemAt(path, describeIssue(issue, doc.value, path))];
  });

/** The generic fact value's union (number, string, array or object) fails on the type alone: say so in one line. */
const isPlainValueUnion = (issue: z.core.$ZodIssueInvalidUnion): boolean =>
  issue.errors.every((branch) => branch.length === 1 && branch[0]?.code === "invalid_type");

const valueAt = (root: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );

const describeIssue = (issue: z.core.$ZodIssue, root: unknown, path: readonly (string | number)[]): string => {
  if (issue.code === "invalid_type") {
    const actual = valueAt(root, path);
    if (actual === undefined) return `missing required field "${String(path.at(-1) ?? "")}"`;
    return `expected ${issue.expected}, found ${actual === null ? "null" : Array.isArray(actual) ? "array" : typeof actual}`;
  }
  if (issue.code === "invalid_value") {
    return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}, found ${JSON.stringify(valueAt(root, path))}`;
  }
  if (issue.code === "invalid_union") return "must be a number, a string, an array or an object";
  return issue.message;
};

/**
 * The one way a data file is written (a fact by `npm run fix` and the promotion, index data by `npm run index-update`):
 * two-space JSON with a final newline, as every file under facts/ and index-data/ is.
 */
export const prettyJsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
