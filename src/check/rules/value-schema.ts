import type { Problem } from "../../lib/problem.ts";
import { issueProblems } from "../../model/validate-with-schema.ts";
import { valueSchemaFor } from "../../schemas/index.ts";
import type { FactCheck } from "./types.ts";

/** Where a contributor adds the schema of a new fact id: one file per domain. */
export const VALUE_SCHEMA_HOME = "src/schemas/values/<domain>.ts";

/**
 * The fact's value, and the value of each of its scheduled changes, match the schema of its id, which says what each
 * member means (a fraction, an amount of money, a real date, thresholds in order, a closed list of codes). An id
 * without a schema is refused: every published value has a type consumers can rely on.
 */
export const valueSchema: FactCheck = ({ doc, fact }) => {
  const schema = valueSchemaFor(fact.id, fact.series);
  if (schema === undefined) {
    // A tombstone keeps the value it had, checked while it was in force; its id's schema may since have been retired.
    if (fact.withdrawn_iso !== undefined) return [];
    return [doc.problemAt(["id"], `"${fact.id}" has no value schema: add one to ${VALUE_SCHEMA_HOME} (CONTRIBUTING.md, "A schema for the value")`)];
  }
  const problems: Problem[] = [];
  const current = schema.safeParse(fact.value);
  if (!current.success) problems.push(...issueProblems(doc, current.error.issues, ["value"]));
  (fact.scheduled ?? []).forEach((change, index) => {
    const scheduled = schema.safeParse(change.value);
    if (!scheduled.success) problems.push(...issueProblems(doc, scheduled.error.issues, ["scheduled", index, "value"]));
  });
  return problems;
};
