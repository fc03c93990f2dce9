import type { z } from "zod";
import type { Problem } from "../lib/problem.ts";
import type { JsonDocument } from "./parse-json-document.ts";

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
export const issueProblems = (doc: JsonDocument, issues: readonly z.core.$ZodIssue[], prefix: readonly (string | number)[] = []): Problem[] =>
  issues.flatMap((issue): Problem[] => {
    const path = [...prefix, ...issue.path.filter((segment): segment is string | number => typeof segment !== "symbol")];
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
  path.reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), root);

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
