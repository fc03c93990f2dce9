import { byRule, compareProblems, type Problem } from "../lib/problem.ts";
import { compareText } from "../lib/text.ts";
import type { LoadedFact } from "../model/index.ts";
import type { Organisations } from "../model/organisations.ts";
import type { FactFile } from "../schemas/index.ts";
import { checkAgainstBase } from "./check-against-base.ts";
import { checkFactFiles } from "./check-fact-files.ts";
import { checkGlossary } from "./check-glossary.ts";
import { checkIndexData } from "./check-index-data.ts";
import { checkValueHistory, type HistoryReading, readHistoryForCheck } from "./check-value-history.ts";
import { FACT_RULES, OTHER_RULES } from "./rules/index.ts";
import type { CheckContext } from "./rules/types.ts";

/** True when a fact cites an official source and quotes the passage of it that states the point. */
export const hasQuotedOfficialCitation = (fact: Pick<FactFile, "citations">): boolean =>
  fact.citations.some((citation) => citation.kind === "official" && citation.quote !== undefined);

/** The ids of the facts that rest on no quoted official text: a reader has to take their value on trust. */
export const factsWithoutQuotedOfficialCitation = (facts: readonly Pick<FactFile, "id" | "citations">[]): string[] =>
  facts.filter((fact) => !hasQuotedOfficialCitation(fact)).map((fact) => fact.id);

export interface CheckReport {
  /** Errors: any of them fails the check. */
  problems: Problem[];
  /** Findings of the rules of level "warning", located like problems: printed and annotated, never failing the check. */
  warnings: Problem[];
  facts: LoadedFact[];
  factFileCount: number;
  indexDataFileCount: number;
  /** The organisation registry, when it passed its own rules (the build publishes citations through it). */
  organisations: Organisations | undefined;
  /** The history of `facts/` read by the one history reader (the build reuses it), or why it was not read. */
  history: HistoryReading;
}

const VALUE_SCHEMA_RULE = FACT_RULES.find((rule) => rule.name === "value-schema")!.name;

/**
 * Everything `npm run check` and the validate action verify, collected in one pass and sorted by location.
 * With a base revision, the pull-request version rules run against it too, and so does the stale-number warning.
 */
export const runChecks = async (root: string, context: CheckContext & { base?: string }): Promise<CheckReport> => {
  const [facts, indexData, history] = await Promise.all([checkFactFiles(root, context), checkIndexData(root, context), readHistoryForCheck(root)]);
  const baseFindings =
    context.base === undefined
      ? []
      : (await checkAgainstBase(root, context.base, facts.facts, facts.files)).map((problem) =>
          problem.rule === undefined ? byRule(OTHER_RULES.versionRules.name, [problem])[0]! : problem,
        );
  const historyProblems = "history" in history ? byRule(VALUE_SCHEMA_RULE, await checkValueHistory(root, facts.facts, history.history)) : [];
  // A key or a code the value's schema refuses is reported once, by the schema, which says what it expects there.
  const refusedBySchema = new Set(
    [...facts.problems, ...historyProblems].filter((problem) => problem.rule === VALUE_SCHEMA_RULE).map((problem) => `${problem.file}#${problem.pointer}`),
  );
  const glossaryProblems = (await checkGlossary(root, facts.facts, "history" in history ? history.history : undefined)).filter(
    (problem) => !refusedBySchema.has(`${problem.file}#${problem.pointer}`),
  );
  return {
    problems: [
      ...facts.problems,
      ...indexData.problems,
      ...glossaryProblems,
      ...baseFindings.filter((problem) => problem.level !== "warning"),
      ...historyProblems,
    ].sort(compareProblems),
    warnings: baseFindings.filter((problem) => problem.level === "warning").sort(compareProblems),
    facts: facts.facts,
    organisations: facts.organisations,
    factFileCount: facts.files.length,
    indexDataFileCount: indexData.fileCount,
    history,
  };
};

export const summarize = (report: CheckReport): string =>
  report.problems.length === 0
    ? `ok: ${report.factFileCount} fact files and ${report.indexDataFileCount} index-data files checked, no problems`
    : `${report.problems.length} problem${report.problems.length === 1 ? "" : "s"} in ${new Set(report.problems.map((problem) => problem.file)).size} file(s)`;

/**
 * How many facts rest on quoted official text: a warning (never a failure) naming the facts that quote no official
 * source, since the goal is that every fact does.
 */
export const summarizeEvidence = (report: Pick<CheckReport, "facts">): string => {
  const unquoted = factsWithoutQuotedOfficialCitation(report.facts.map((loaded) => loaded.fact)).sort(compareText);
  return unquoted.length === 0
    ? `evidence: all ${report.facts.length} facts quote an official source`
    : `warning: ${unquoted.length} of ${report.facts.length} facts quote no official source (a citation of kind "official" with a quote): ${unquoted.join(", ")}`;
};
