import { listDataFiles, readDocument, type LoadedFact, validateWithSchema } from "../model/index.ts";
import { FactFile } from "../schemas/fact-file.ts";
import type { Problem } from "../lib/problem.ts";
import { FACT_RULES } from "./rules/index.ts";
import type { CheckContext } from "./rules/types.ts";

const FACT_PATH = /^facts\/[^/]+\/[^/]+\.json$/;

/** Validates every file under `facts/`; returns the facts that passed the schema, for cross-file and base-branch rules. */
export const checkFactFiles = async (root: string, context: CheckContext): Promise<{ problems: Problem[]; facts: LoadedFact[]; files: string[] }> => {
  const { files, problems } = await listDataFiles(root, "facts");
  const facts: LoadedFact[] = [];
  for (const file of files) {
    if (!FACT_PATH.test(file)) {
      problems.push({ file, line: 1, column: 1, pointer: "", message: "only facts/<domain>/<id>.json files belong under facts/" });
      continue;
    }
    const doc = await readDocument(root, file);
    if (doc.syntaxProblems.length > 0) {
      problems.push(...doc.syntaxProblems);
      continue;
    }
    const { value: fact, problems: schemaProblems } = validateWithSchema(doc, FactFile);
    problems.push(...schemaProblems);
    if (!fact) continue;
    const loaded = { doc, fact };
    for (const rule of FACT_RULES) problems.push(...rule(loaded, context));
    facts.push(loaded);
  }
  problems.push(...duplicateIdProblems(facts));
  return { problems, facts, files };
};

const duplicateIdProblems = (facts: LoadedFact[]): Problem[] => {
  const firstFile = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { doc, fact } of facts) {
    const first = firstFile.get(fact.id);
    if (first === undefined) firstFile.set(fact.id, doc.file);
    else problems.push(doc.problemAt(["id"], `duplicate id "${fact.id}": already used by ${first}`));
  }
  return problems;
};
