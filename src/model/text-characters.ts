import type { Node } from "jsonc-parser";
import type { Problem } from "../lib/problem.ts";
import { forbiddenCharacter, MULTILINE_FIELDS } from "../lib/text.ts";
import type { JsonDocument } from "./parse-json-document.ts";

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
