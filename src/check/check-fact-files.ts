import { byRule, type Problem } from "../lib/problem.ts";
import { type LoadedFact, readFactFiles } from "../model/facts.ts";
import { type Organisations, readOrganisations } from "../model/reference.ts";
import { citationOrgProblems } from "./rules/citation-org.ts";
import { FACT_RULES, OTHER_RULES } from "./rules/index.ts";
import { seriesProblems } from "./rules/series.ts";
import type { CheckContext } from "./rules/types.ts";

/**
 * Reads every file under `facts/` with the one fact loader, then runs each rule over every fact that matched the
 * schema. Returns those facts too, for the rules against the base branch.
 */
export const checkFactFiles = async (
  root: string,
  context: CheckContext,
): Promise<{ problems: Problem[]; facts: LoadedFact[]; files: string[]; organisations: Organisations | undefined }> => {
  const [{ facts, problems, files }, registry] = await Promise.all([readFactFiles(root), readOrganisations(root)]);
  problems.push(...registry.problems);
  // A registry with problems of its own is reported alone: checking citations against it would only repeat them.
  if (registry.organisations !== undefined) problems.push(...byRule(OTHER_RULES.citationOrg.name, citationOrgProblems(facts, registry.organisations)));
  for (const loaded of facts) for (const rule of FACT_RULES) problems.push(...byRule(rule.name, rule.check(loaded, context)));
  problems.push(...byRule(OTHER_RULES.uniqueId.name, duplicateIdProblems(facts)));
  problems.push(...byRule(OTHER_RULES.supersededBy.name, supersededByProblems(facts)));
  problems.push(...byRule(OTHER_RULES.series.name, seriesProblems(facts)));
  return { problems, facts, files, organisations: registry.organisations };
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

/** A retired fact points readers to its successor: that must be another fact the catalog holds, or null for none. */
const supersededByProblems = (facts: LoadedFact[]): Problem[] => {
  const ids = new Set(facts.map(({ fact }) => fact.id));
  return facts.flatMap(({ doc, fact }) => {
    const successor = fact.superseded_by?.id;
    if (successor === undefined || successor === null) return [];
    if (successor === fact.id)
      return [doc.problemAt(["superseded_by", "id"], `superseded_by names the fact itself ("${successor}"): name the fact that replaces it, or null`)];
    if (!ids.has(successor)) {
      return [
        doc.problemAt(
          ["superseded_by", "id"],
          `superseded_by names "${successor}", which is no fact in facts/: name an existing fact, or null if none replaces it`,
        ),
      ];
    }
    return [];
  });
};
