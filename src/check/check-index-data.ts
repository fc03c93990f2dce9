import {
  INPUT_BOUNDS,
  type InputBound,
  indexFileSchema,
  monthInFuture,
  outOfBounds,
  readIndexFile,
} from "../affordability/index-data.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import { listDataFiles } from "../model/data-files.ts";
import { LOAD_RULES } from "../model/facts.ts";
import type { JsonDocument } from "../model/json-document.ts";
import { type Organisations, readOrganisations } from "../model/reference.ts";
import type { BenchmarkFile, Citation, IncomeFile, MortgageRatesFile } from "../schemas/index.ts";
import type { CheckContext } from "./rules.ts";
import { MISSING_KIND, NON_FACT_RULES, notesProblem, unknownOrgMessage } from "./rules.ts";

const INDEX_DATA = NON_FACT_RULES.indexData.name;

/**
 * Validates every file under `index-data/`: syntax, text, schema, sources not dated in the future, months unique, in
 * order and not after today's month, gaps in order, apart and clear of the months on file, and every value within its
 * plausible bounds (src/affordability/index-data.ts), and every citation's `org` an id of the organisation registry.
 */
export const checkIndexData = async (
  root: string,
  context: CheckContext,
): Promise<{ problems: Problem[]; fileCount: number }> => {
  // The fact check reports the registry's own problems; while it has any, no citation here is checked against it.
  const [listed, { organisations }] = await Promise.all([listDataFiles(root, "index-data"), readOrganisations(root)]);
  const files = listed.files;
  const problems = byRule(LOAD_RULES.fileNames, listed.problems);
  for (const file of files) {
    const schema = indexFileSchema(file);
    if (!schema) {
      problems.push({
        file,
        line: 1,
        column: 1,
        pointer: "",
        message:
          "unexpected file: index-data/ holds methodology.json, income.json, mortgage-rates.json and benchmarks/<board>.json",
        rule: INDEX_DATA,
      });
      continue;
    }
    const { doc, value, syntaxProblems, textProblems: text, schemaProblems } = await readIndexFile(root, file, schema);
    if (syntaxProblems.length > 0) {
      problems.push(...byRule(LOAD_RULES.json, syntaxProblems));
      continue;
    }
    problems.push(...byRule(LOAD_RULES.text, text));
    problems.push(...byRule(LOAD_RULES.schema, schemaProblems));
    if (value === undefined || text.length > 0) continue;
    const sources = sourceProblems(doc, value, context.today, organisations);
    problems.push(...byRule(NON_FACT_RULES.citationOrg.name, sources.org));
    problems.push(
      ...byRule(INDEX_DATA, [
        ...sources.other,
        ...monthOrder(doc, value, context.today),
        ...gapProblems(doc, value, context.today),
        ...implausibleValues(doc, file, value),
      ]),
    );
    if (file.startsWith("index-data/benchmarks/")) {
      const board = (value as BenchmarkFile).board;
      if (file !== `index-data/benchmarks/${board}.json`) {
        problems.push({
          ...doc.problemAt(
            ["board"],
            `board "${board}" does not match the file name (expected index-data/benchmarks/${board}.json)`,
          ),
          rule: INDEX_DATA,
        });
      }
    }
  }
  return { problems, fileCount: files.length };
};

/**
 * One walk over the whole value for its sources: no `retrieved_iso` in the future, wherever it stands, and every
 * citation follows the facts' rules (it states its kind, its notes speak to the reader, and `org` is an id of the
 * registry: those problems are `org`, the `citation-org` rule's).
 */
const sourceProblems = (
  doc: JsonDocument,
  value: unknown,
  today: string,
  organisations: Organisations | undefined,
): { org: Problem[]; other: Problem[] } => {
  const problems: Problem[] = [];
  const org: Problem[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) visit(child, [...path, index]);
    } else if (node !== null && typeof node === "object") {
      const citation = node as Partial<Citation>;
      if (typeof citation.url === "string" && typeof citation.retrieved_iso === "string") {
        if (citation.kind === undefined) problems.push(doc.problemAt(path, MISSING_KIND));
        const notes = notesProblem(citation.notes);
        if (notes) problems.push(doc.problemAt([...path, "notes"], notes));
        if (
          organisations !== undefined &&
          typeof citation.org === "string" &&
          organisations.byId(citation.org) === undefined
        ) {
          org.push(doc.problemAt([...path, "org"], unknownOrgMessage(organisations, citation.org)));
        }
      }
      for (const [key, child] of Object.entries(node)) {
        if (key === "retrieved_iso" && typeof child === "string" && child > today) {
          problems.push(doc.problemAt([...path, key], `retrieved_iso ${child} is in the future (today is ${today})`));
        }
        visit(child, [...path, key]);
      }
    }
  };
  visit(value, []);
  return { org, other: problems };
};

const monthOrder = (doc: JsonDocument, value: unknown, today: string): Problem[] => {
  const months = (value as { months?: { month: string }[] }).months;
  if (!months) return [];
  return months.flatMap(({ month }, index) => {
    const future = monthInFuture(month, today);
    if (future) return [doc.problemAt(["months", index, "month"], `${future}: a month has no value before it begins`)];
    const previous = months[index - 1]?.month;
    if (previous === undefined || month > previous) return [];
    return [
      doc.problemAt(
        ["months", index, "month"],
        month === previous
          ? `month ${month} appears twice`
          : `months must be in ascending order: ${month} comes after ${previous}`,
      ),
    ];
  });
};

/**
 * A series' gaps (`gaps`, from `to` to inclusive): in order and apart, none after today's month, and none covering a
 * month the file gives a value for, since a month cannot be both published and missing.
 */
const gapProblems = (doc: JsonDocument, value: unknown, today: string): Problem[] => {
  const { gaps, months } = value as { gaps?: { from: string; to: string }[]; months?: { month: string }[] };
  if (!gaps) return [];
  const onFile = (months ?? []).map(({ month }) => month);
  return gaps.flatMap(({ from, to }, index) => {
    const problems: Problem[] = [];
    const future = monthInFuture(to, today);
    if (future)
      problems.push(doc.problemAt(["gaps", index, "to"], `${future}: a month that has not begun is not missing yet`));
    const previous = gaps[index - 1];
    if (previous && from <= previous.to) {
      problems.push(
        doc.problemAt(
          ["gaps", index, "from"],
          `gaps must be in ascending order and apart: ${from} is not after ${previous.to}`,
        ),
      );
    }
    const covered = onFile.filter((month) => month >= from && month <= to);
    if (covered.length > 0) {
      problems.push(
        doc.problemAt(
          ["gaps", index],
          `the gap ${from} to ${to} covers ${covered.join(", ")}, which the file gives a value for`,
        ),
      );
    }
    return problems;
  });
};

/** Each value of the file outside the plausible bounds of what it measures. */
const implausibleValues = (doc: JsonDocument, file: string, value: unknown): Problem[] => {
  const checked: { path: (string | number)[]; value: number; bound: InputBound }[] = [];
  if (file === "index-data/mortgage-rates.json") {
    for (const [index, entry] of (value as MortgageRatesFile).months.entries()) {
      checked.push({ path: ["months", index, "rate"], value: entry.rate, bound: INPUT_BOUNDS.mortgageRate });
    }
  } else if (file.startsWith("index-data/benchmarks/")) {
    for (const [index, entry] of (value as BenchmarkFile).months.entries()) {
      checked.push({
        path: ["months", index, "hpi_benchmark_price"],
        value: entry.hpi_benchmark_price,
        bound: INPUT_BOUNDS.benchmarkPrice,
      });
    }
  } else if (file === "index-data/income.json") {
    for (const [board, entry] of Object.entries((value as IncomeFile).boards)) {
      checked.push({ path: ["boards", board, "value"], value: entry.value, bound: INPUT_BOUNDS.medianIncome });
    }
  }
  return checked.flatMap(({ path, value: number, bound }) => {
    const problem = outOfBounds(bound, number);
    return problem ? [doc.problemAt(path, problem)] : [];
  });
};
