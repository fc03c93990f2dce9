import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { Problem } from "../lib/problem.ts";
import { toJsonPointer } from "../lib/text.ts";
import { hostileJsonProblems, tooDeep } from "./hostile-json.ts";

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
 * silently keep the last one, and so is anything JSON.parse would not give back as written (see hostile-json.ts).
 * Nesting deeper than the limit is refused before the tree is built, since building it recurses once per level.
 */
export const parseJsonDocument = (file: string, text: string): JsonDocument => {
  const lineStarts = lineStartsOf(text);
  const at = (offset: number, pointer: string, message: string): Problem => ({ file, ...positionOf(lineStarts, offset), pointer, message });
  const problemAtOffset = (offset: number, path: readonly (string | number)[], message: string): Problem => at(offset, toJsonPointer(path), message);

  // Building the tree recurses once per level: a document nested too deep is refused before, with only that problem.
  const deep = tooDeep(text);
  const errors: ParseError[] = [];
  const tree = deep ? undefined : parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });

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
  if (deep) return { file, text, value: undefined, tree, syntaxProblems: [problemAtOffset(deep.offset, deep.path, deep.message)], problemAt, problemAtOffset };

  // A byte-order mark also makes the parser report an invalid symbol; the mark is the one thing to fix.
  const syntaxProblems =
    text.charCodeAt(0) === 0xfeff
      ? [at(0, "", "invalid JSON: the file starts with a byte-order mark")]
      : errors.map((error) => at(error.offset, "", `invalid JSON: ${describeParseError(printParseErrorCode(error.error))}`));
  if (syntaxProblems.length === 0 && tree) {
    syntaxProblems.push(...duplicateKeyProblems(tree, at));
    hostileJsonProblems(tree, text, (offset, path, message) => syntaxProblems.push(at(offset, toJsonPointer(path), message)));
  }

  let value: unknown;
  if (syntaxProblems.length === 0) {
    try {
      value = JSON.parse(text);
    } catch (error: unknown) {
      syntaxProblems.push(at(0, "", `invalid JSON: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
  return { file, text, value, tree, syntaxProblems, problemAt, problemAtOffset };
};

const describeParseError = (code: string): string => code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

const duplicateKeyProblems = (root: Node, at: (offset: number, pointer: string, message: string) => Problem): Problem[] => {
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
