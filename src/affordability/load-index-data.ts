import type { z } from "zod";
import { formatProblem } from "../lib/problem.ts";
import { type DataDocument, readDataDocument } from "../model/index.ts";
import type { PublishedCitation } from "../schemas/index.ts";
import { BenchmarkFile, BOARDS, type Board, IncomeFile, type IndexCitation, MethodologyFile, MortgageRatesFile } from "../schemas/index.ts";

export interface IndexData {
  methodology?: MethodologyFile;
  income?: IncomeFile;
  rates?: MortgageRatesFile;
  benchmarks: Partial<Record<Board, BenchmarkFile>>;
}

/**
 * One index input read as `npm run check` reads it (a regular file of at most 256 KB, never a link or a pipe, parsed
 * strictly, its text held to the text rule), so `npm run index:update`, which reads the inputs before the check has
 * run, refuses the same files.
 */
const readIfPresent = async <Schema extends z.ZodType>(root: string, file: string, schema: Schema): Promise<z.infer<Schema> | undefined> => {
  let doc: DataDocument;
  try {
    doc = await readDataDocument(root, file);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const problems = [...doc.syntaxProblems, ...doc.textProblems];
  if (problems.length > 0) throw new Error(`${file} cannot be read:\n${problems.map(formatProblem).join("\n")}`);
  return schema.parse(doc.value);
};

/** The inputs of the affordability index; `npm run check` has validated them, so a parse failure here is a bug. */
export const loadIndexData = async (root: string): Promise<IndexData> => {
  const benchmarks: IndexData["benchmarks"] = {};
  for (const board of BOARDS) {
    const file = await readIfPresent(root, `index-data/benchmarks/${board}.json`, BenchmarkFile);
    if (file) benchmarks[board] = file;
  }
  const [methodology, income, rates] = await Promise.all([
    readIfPresent(root, "index-data/methodology.json", MethodologyFile),
    readIfPresent(root, "index-data/income.json", IncomeFile),
    readIfPresent(root, "index-data/mortgage-rates.json", MortgageRatesFile),
  ]);
  return { ...(methodology ? { methodology } : {}), ...(income ? { income } : {}), ...(rates ? { rates } : {}), benchmarks };
};

/**
 * The inputs with every citation as it is published: `org` the organisation's name, with `org_id` and `org_kind`, as
 * a fact's citations are (`publish` resolves the id; the check has refused an id the registry lacks).
 */
export const publishIndexData = (data: IndexData, publish: (citation: IndexCitation) => PublishedCitation): IndexData => {
  const all = <Cited extends { citations: IndexCitation[] }>(cited: Cited): Cited => ({ ...cited, citations: cited.citations.map(publish) });
  const one = <Cited extends { citation: IndexCitation }>(cited: Cited): Cited => ({ ...cited, citation: publish(cited.citation) });
  const { methodology, income, rates, benchmarks } = data;
  return {
    ...(methodology
      ? {
          methodology: {
            ...methodology,
            sources: methodology.sources.map(all),
            assumptions: Object.fromEntries(
              Object.entries(methodology.assumptions).map(([key, assumption]) => [key, all(assumption)]),
            ) as MethodologyFile["assumptions"],
          },
        }
      : {}),
    ...(income
      ? {
          income: {
            ...income,
            boards: { "greater-vancouver": all(income.boards["greater-vancouver"]), "fraser-valley": all(income.boards["fraser-valley"]) },
            carry_forward: { ...income.carry_forward, annual_growth: income.carry_forward.annual_growth.map(all) },
          },
        }
      : {}),
    ...(rates ? { rates: { ...rates, months: rates.months.map(one) } } : {}),
    benchmarks: Object.fromEntries(
      Object.entries(benchmarks).map(([board, file]) => [board, { ...file, months: file.months.map(one) }]),
    ) as IndexData["benchmarks"],
  };
};
