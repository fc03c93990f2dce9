import type { z } from "zod";
import { isMissingFile } from "../lib/errors.ts";
import { formatProblem, type Problem } from "../lib/problem.ts";
import { type DataDocument, readDataDocument } from "../model/data-files.ts";
import { validateWithSchema } from "../model/json-document.ts";
import type { PublishedCitation } from "../schemas/index.ts";
import {
  BenchmarkFile,
  BOARDS,
  type Board,
  IncomeFile,
  type IndexCitation,
  MethodologyFile,
  MortgageRatesFile,
} from "../schemas/index.ts";

export interface IndexData {
  methodology?: MethodologyFile;
  income?: IncomeFile;
  rates?: MortgageRatesFile;
  benchmarks: Partial<Record<Board, BenchmarkFile>>;
}

/** Which schema governs which file under `index-data/`; undefined for a file that does not belong there. */
export const indexFileSchema = (file: string): z.ZodType | undefined => {
  if (file === "index-data/methodology.json") return MethodologyFile;
  if (file === "index-data/income.json") return IncomeFile;
  if (file === "index-data/mortgage-rates.json") return MortgageRatesFile;
  if (/^index-data\/benchmarks\/[^/]+\.json$/.test(file)) return BenchmarkFile;
  return undefined;
};

/** An index input as read: the document, its value when it matches the schema, and its problems by kind. */
export interface IndexFile<Value> {
  doc: DataDocument;
  /** The value, when the text parsed and matched the schema (text problems are reported apart). */
  value: Value | undefined;
  syntaxProblems: Problem[];
  textProblems: Problem[];
  schemaProblems: Problem[];
}

/** A parsed index input (from the working tree or a git revision) checked against `schema`. */
export const validateIndexFile = <Schema extends z.ZodType>(
  doc: DataDocument,
  schema: Schema,
): IndexFile<z.infer<Schema>> => {
  if (doc.syntaxProblems.length > 0)
    return { doc, value: undefined, syntaxProblems: doc.syntaxProblems, textProblems: [], schemaProblems: [] };
  const { value, problems } = validateWithSchema(doc, schema);
  return { doc, value, syntaxProblems: [], textProblems: doc.textProblems, schemaProblems: problems };
};

/**
 * The one reader of `index-data/`: a file read as `npm run check` reads data (a regular file of at most 256 KB, never
 * a link or a pipe, parsed strictly, its text held to the text rule) and checked against `schema`. The check, the
 * build, `npm run index:update` (which reads the inputs before the check has run) and the pull-request report read
 * through it, so they refuse the same files.
 */
export const readIndexFile = async <Schema extends z.ZodType>(
  root: string,
  file: string,
  schema: Schema,
): Promise<IndexFile<z.infer<Schema>>> => validateIndexFile(await readDataDocument(root, file), schema);

/**
 * An index input's value and its text as on file, or undefined when the file is absent; any problem in it is an
 * error naming the file and listing the problems with their places.
 */
export const readIndexInput = async <Schema extends z.ZodType>(
  root: string,
  file: string,
  schema: Schema,
): Promise<{ text: string; value: z.infer<Schema> } | undefined> => {
  let read: IndexFile<z.infer<Schema>>;
  try {
    read = await readIndexFile(root, file, schema);
  } catch (error: unknown) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  const problems = [...read.syntaxProblems, ...read.textProblems, ...read.schemaProblems];
  if (problems.length > 0 || read.value === undefined)
    throw new Error(`${file} cannot be read:\n${problems.map(formatProblem).join("\n")}`);
  return { text: read.doc.text, value: read.value };
};

/** The inputs of the affordability index; `npm run check` has validated them, so a problem here stops the build. */
export const loadIndexData = async (root: string): Promise<IndexData> => {
  const benchmarks: IndexData["benchmarks"] = {};
  for (const board of BOARDS) {
    const file = (await readIndexInput(root, `index-data/benchmarks/${board}.json`, BenchmarkFile))?.value;
    if (file) benchmarks[board] = file;
  }
  const [methodology, income, rates] = await Promise.all([
    readIndexInput(root, "index-data/methodology.json", MethodologyFile).then((input) => input?.value),
    readIndexInput(root, "index-data/income.json", IncomeFile).then((input) => input?.value),
    readIndexInput(root, "index-data/mortgage-rates.json", MortgageRatesFile).then((input) => input?.value),
  ]);
  return {
    ...(methodology ? { methodology } : {}),
    ...(income ? { income } : {}),
    ...(rates ? { rates } : {}),
    benchmarks,
  };
};

/**
 * The inputs with every citation as it is published: `org` the organisation's name, with `org_id` and `org_kind`, as
 * a fact's citations are (`publish` resolves the id; the check has refused an id the registry lacks).
 */
export const publishIndexData = (
  data: IndexData,
  publish: (citation: IndexCitation) => PublishedCitation,
): IndexData => {
  const all = <Cited extends { citations: IndexCitation[] }>(cited: Cited): Cited => ({
    ...cited,
    citations: cited.citations.map(publish),
  });
  const one = <Cited extends { citation: IndexCitation }>(cited: Cited): Cited => ({
    ...cited,
    citation: publish(cited.citation),
  });
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
            boards: {
              "greater-vancouver": all(income.boards["greater-vancouver"]),
              "fraser-valley": all(income.boards["fraser-valley"]),
            },
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

/** Amounts as messages write them ("$1,000", "$312.4"), and fractions as percentages ("99.5%"). */
const dollars = (value: number): string => `$${value.toLocaleString("en-CA", { maximumFractionDigits: 2 })}`;
const percent = (value: number): string => `${Number((value * 100).toPrecision(12))}%`;

/**
 * The plausible range of each affordability index input, stated once: `npm run check` refuses a value on file outside
 * it and `npm run index:update` refuses a source that gives one, so a unit slip (a percentage written as a fraction's
 * hundredfold, a price in thousands of dollars) or a misread cell never reaches the index. The ranges are wide on
 * purpose: they catch what cannot be a real value, not what is merely unusual. CONTRIBUTING.md lists them with these
 * reasons.
 */
export interface InputBound {
  /** What the value is, as a message names it. */
  what: string;
  min: number;
  max: number;
  /** Why a value outside the range cannot be real. */
  reason: string;
  format: (value: number) => string;
}

export const INPUT_BOUNDS = {
  mortgageRate: {
    what: "mortgage rate",
    min: 0.005,
    max: 0.25,
    reason:
      "rates are fractions (0.0649 is 6.49%) and both ends lie far outside the 5-year posted rates of recent decades, so a value outside is a percentage not divided by 100, one divided by 100 twice, or a misread cell",
    format: percent,
  },
  benchmarkPrice: {
    what: "benchmark price",
    min: 100_000,
    max: 10_000_000,
    reason:
      "a board's composite benchmark is the price of a typical home across the whole board, so a value outside is an index value read instead of a price, a price written in thousands, or a misread cell",
    format: dollars,
  },
  medianIncome: {
    what: "median household income",
    min: 10_000,
    max: 1_000_000,
    reason:
      "a census metropolitan area's median household income a year is tens of thousands of dollars, so a value outside is an amount written in thousands, a monthly figure, or one with extra digits",
    format: dollars,
  },
} as const satisfies Record<string, InputBound>;

/** Why `value` is not plausible, or undefined when it is within the bound. */
export const outOfBounds = (bound: InputBound, value: number): string | undefined =>
  Number.isFinite(value) && value >= bound.min && value <= bound.max
    ? undefined
    : `${bound.what} ${bound.format(value)} (${value}) is outside the plausible ${bound.format(bound.min)} to ${bound.format(bound.max)}: ${bound.reason}`;

/** Why a month is not publishable on `today` (YYYY-MM-DD): a month after today's has no value yet. */
export const monthInFuture = (month: string, today: string): string | undefined =>
  month > today.slice(0, 7) ? `month ${month} is after today's month (today is ${today})` : undefined;
