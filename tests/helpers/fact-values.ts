import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { frozenData } from "./frozen-copy.ts";

interface ProjectFact {
  id: string;
  value: Record<string, unknown> | unknown[];
  summary_keys?: string[];
  scheduled?: { value: Record<string, unknown> }[];
}

/** Each of the project's own facts, by id, read once from the frozen copy of facts/ (tests/helpers/frozen-data.ts). */
const PROJECT_FACTS: ReadonlyMap<string, ProjectFact> = new Map(
  readdirSync(path.join(frozenData().root, "facts"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => {
      const fact = JSON.parse(readFileSync(path.join(frozenData().root, "facts", file), "utf8")) as ProjectFact;
      return [fact.id, fact];
    }),
);
const PROJECT_VALUES = new Map([...PROJECT_FACTS].map(([id, fact]) => [id, fact.value]));

/**
 * A value for a fact of the project's id that `npm run check` accepts: the project's current value of `id` with the
 * members a test cares about replaced. Every fact id has a value schema, so a fixture of a real id needs a value of
 * its real shape.
 */
export const factValue = (id: string, changes: Record<string, unknown> = {}): Record<string, unknown> => {
  const value = PROJECT_VALUES.get(id);
  if (value === undefined || Array.isArray(value)) throw new Error(`no object value for ${id} in the project's facts/`);
  return { ...structuredClone(value), ...changes };
};

/** The keys the project's fact `id` starts its one-line summary with, if it is one of the project's facts. */
export const projectSummaryKeys = (id: string): string[] | undefined => PROJECT_FACTS.get(id)?.summary_keys;

/** The project's current value of `id` as it stands (an object, or an array such as a bracket array). */
export const projectValue = (id: string): Record<string, unknown> | unknown[] => {
  const value = PROJECT_VALUES.get(id);
  if (value === undefined) throw new Error(`no fact ${id} in the project's facts/`);
  return structuredClone(value);
};

/** The value of the project's first scheduled change of `id`, with the members a test cares about replaced. */
export const scheduledValueOf = (id: string, changes: Record<string, unknown> = {}): Record<string, unknown> => {
  const value = PROJECT_FACTS.get(id)?.scheduled?.[0]?.value;
  if (value === undefined) throw new Error(`no scheduled change of ${id} in the project's facts/`);
  return { ...structuredClone(value), ...changes };
};
