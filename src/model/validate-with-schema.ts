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
  const problems = result.error.issues.flatMap((issue): Problem[] => {
    const path = issue.path.filter((segment): segment is string | number => typeof segment !== "symbol");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => doc.problemAt([...path, key], `unknown field "${key}"`));
    }
    return [doc.problemAt(path, describeIssue(issue, doc.value, path))];
  });
  return { value: undefined, problems };
};

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
