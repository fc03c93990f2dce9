import type { Problem } from "../../lib/problem.ts";
import type { YamlFile } from "./yaml-file.ts";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const described = (value: unknown): boolean => isObject(value) && typeof value.description === "string" && value.description.trim() !== "";

/**
 * The project's rules for its own actions: a name and a description, every input and output documented, and a
 * `node24` entry (the entry `main.ts`, which only calls the action's `run`).
 */
export const checkActionMetadata = (action: YamlFile): Problem[] => {
  const doc = action.value;
  if (!isObject(doc)) return [action.problemAt([], "an action.yml is a YAML mapping")];
  const problems: Problem[] = [];
  for (const field of ["name", "description"]) {
    if (typeof doc[field] !== "string" || doc[field].trim() === "") problems.push(action.problemAt([field], `the action needs a ${field}`));
  }
  for (const section of ["inputs", "outputs"] as const) {
    const entries = isObject(doc[section]) ? doc[section] : {};
    for (const [name, entry] of Object.entries(entries)) {
      if (!described(entry)) problems.push(action.problemAt([section, name], `${section.slice(0, -1)} "${name}" needs a description`));
    }
  }
  const runs = isObject(doc.runs) ? doc.runs : {};
  if (runs.using !== "composite" && runs.using !== "node24")
    problems.push(action.problemAt(["runs", "using"], "JavaScript actions run on node24, the project's runtime"));
  return problems;
};
