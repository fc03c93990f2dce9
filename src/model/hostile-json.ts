import type { Node } from "jsonc-parser";

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
      frames.push(character === "[" ? { array: true, key: 0, expectingKey: false } : { array: false, key: undefined, expectingKey: true });
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
        if (FORBIDDEN_KEYS.has(key)) at(property.offset, [...path, key], `the key "${key}" is not allowed: it names a JavaScript object internal`);
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
