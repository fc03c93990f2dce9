import { z } from "zod";
import { catFileBatch, gitResult } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import {
  type DataDocument,
  dataDocumentAtRevision,
  listDataFiles,
  readDataDocument,
  withinDataFileLimit,
} from "../model/data-files.ts";
import { validateIndexFile } from "./index-data.ts";

// What changes in the index inputs, month by month: one change type (a series file's months added, revised, removed
// and re-sourced), computed by the monthly update (src/affordability/index-update.ts) and by the pull-request report
// (a pull request against its base), and written by src/workflows/index-data-text.ts.

/** A month of an index input series as compared: its value and where it comes from. */
export interface MonthOnFile {
  value: number;
  /** What identifies the source: the cited address, or the whole citation. */
  source: string;
}

/**
 * How a month changed between two states of a series: new, a different value, the same value from another source,
 * or nothing. The monthly update and the pull-request report both sort months this way.
 */
export const monthChange = (
  was: MonthOnFile | undefined,
  now: MonthOnFile,
): "added" | "revised" | "resourced" | "unchanged" => {
  if (was === undefined) return "added";
  if (was.value !== now.value) return "revised";
  return was.source === now.source ? "unchanged" : "resourced";
};

/** What changed in one series of index inputs, month by month: in a pull request, or in a monthly update. */
export const IndexDataChange = z.object({
  file: z.string(),
  /** `rate` (a fraction) or `price` (dollars): how the comment writes the values. */
  measure: z.enum(["rate", "price"]),
  added: z.array(z.object({ month: z.string(), value: z.number() })),
  revised: z.array(z.object({ month: z.string(), from: z.number(), to: z.number() })),
  removed: z.array(z.object({ month: z.string(), value: z.number() })),
  /** Months whose value stayed but whose citation changed (a new source or vintage). */
  resourced: z.array(z.string()),
});
export type IndexDataChange = z.infer<typeof IndexDataChange>;

/** Why a series file could not be compared: where in it (on the base side or the pull request's) and what is wrong. */
export const IndexDataProblem = z.object({
  file: z.string(),
  side: z.enum(["base", "head"]),
  line: z.int(),
  column: z.int(),
  pointer: z.string(),
  message: z.string(),
});
export type IndexDataProblem = z.infer<typeof IndexDataProblem>;

/**
 * The month series of the index inputs, read loosely: the validate job reports a file that does not match its schema.
 */
const Series = z.object({
  months: z.array(
    z.looseObject({
      month: z.string(),
      rate: z.number().optional(),
      hpi_benchmark_price: z.number().optional(),
      citation: z.unknown(),
    }),
  ),
});

/** A file's problems shown in the report: the first few are enough to say why it was not compared. */
const PROBLEMS_PER_FILE = 5;

type Side = { series: Map<string, MonthOnFile> } | { problems: Problem[] };

/** One side of a series file: absent (no months), its months, or the problems that kept it from being read. */
const seriesOf = (doc: DataDocument | undefined): Side => {
  if (doc === undefined) return { series: new Map() };
  const { value, syntaxProblems, schemaProblems } = validateIndexFile(doc, Series);
  if (value === undefined) return { problems: [...syntaxProblems, ...schemaProblems] };
  return {
    series: new Map(
      value.months.flatMap((entry) => {
        const amount = entry.rate ?? entry.hpi_benchmark_price;
        // The nesting was bounded when the file was parsed, so writing the citation back out cannot overflow the stack.
        return amount === undefined
          ? []
          : [[entry.month, { value: amount, source: JSON.stringify(entry.citation) }] as const];
      }),
    ),
  };
};

const SERIES_FILE = /^index-data\/(mortgage-rates\.json|benchmarks\/[^/]+\.json)$/;

/**
 * The series files at the base revision, read as the check reads a working tree: a link or submodule is refused, and a
 * blob larger than a data file may be is refused from its listed size, before it is read.
 */
const baseSides = async (root: string, base: string): Promise<Map<string, Side>> => {
  const listed = await gitResult(root, ["ls-tree", "-r", "-l", "-z", "--full-tree", base, "--", "index-data"]);
  const entries = (listed.code === 0 ? listed.stdout.toString("utf8").split("\0") : [])
    .filter(Boolean)
    .map((record) => {
      const tab = record.indexOf("\t");
      const [mode = "", type = "", blob = "", size = ""] = record.slice(0, tab).split(/ +/);
      return { regular: type === "blob" && mode !== "120000", blob, size: Number(size), file: record.slice(tab + 1) };
    })
    .filter((entry) => SERIES_FILE.test(entry.file));
  const contents = await catFileBatch(
    root,
    entries.filter((entry) => entry.regular && withinDataFileLimit(entry.size)).map((entry) => entry.blob),
  );
  const message = "git records it as a symbolic link or submodule; index data must be regular files";
  return new Map(
    entries.map(({ file, regular, blob, size }): [string, Side] => [
      file,
      regular
        ? seriesOf(dataDocumentAtRevision(file, size, contents.get(blob)))
        : { problems: [{ file, line: 1, column: 1, pointer: "", message }] },
    ]),
  );
};

/**
 * The month-by-month changes of the index inputs (the mortgage rates and each board's benchmark prices) between the
 * base revision and the working tree, in month order (the check keeps each file's months in order). Both sides are read
 * through the one data-file reader (at most 256 KB, nesting bounded, never a link or a pipe), so a hostile file cannot
 * stop the job: a file that cannot be read on either side is not compared, and its first problems are returned with
 * their place, for the comment to name (the validate job reports them all).
 */
export const indexDataChanges = async (
  root: string,
  base: string,
): Promise<{ changes: IndexDataChange[]; problems: IndexDataProblem[] }> => {
  const before = await baseSides(root, base);
  const head = await listDataFiles(root, "index-data");
  const headFiles = head.files.filter((file) => SERIES_FILE.test(file));
  const refused = new Map(
    head.problems.filter((problem) => SERIES_FILE.test(problem.file)).map((problem) => [problem.file, problem]),
  );
  const files = [...new Set([...before.keys(), ...headFiles, ...refused.keys()])].sort();
  const changes: IndexDataChange[] = [];
  const problems: IndexDataProblem[] = [];
  for (const file of files) {
    const refusal = refused.get(file);
    const old = before.get(file) ?? seriesOf(undefined);
    const next: Side = refusal
      ? { problems: [refusal] }
      : seriesOf(headFiles.includes(file) ? await readDataDocument(root, file) : undefined);
    if ("problems" in old)
      problems.push(...old.problems.slice(0, PROBLEMS_PER_FILE).map((problem) => located(problem, "base")));
    if ("problems" in next)
      problems.push(...next.problems.slice(0, PROBLEMS_PER_FILE).map((problem) => located(problem, "head")));
    if ("problems" in old || "problems" in next) continue;
    const change: IndexDataChange = {
      file,
      measure: file.endsWith("mortgage-rates.json") ? "rate" : "price",
      added: [],
      revised: [],
      removed: [],
      resourced: [],
    };
    for (const [month, entry] of next.series) {
      const was = old.series.get(month);
      const kind = monthChange(was, entry);
      if (kind === "added") change.added.push({ month, value: entry.value });
      else if (kind === "revised") change.revised.push({ month, from: was!.value, to: entry.value });
      else if (kind === "resourced") change.resourced.push(month);
    }
    for (const [month, entry] of old.series)
      if (!next.series.has(month)) change.removed.push({ month, value: entry.value });
    if (change.added.length + change.revised.length + change.removed.length + change.resourced.length > 0)
      changes.push(change);
  }
  return { changes, problems };
};

const located = (problem: Problem, side: IndexDataProblem["side"]): IndexDataProblem => ({
  file: problem.file,
  side,
  line: problem.line,
  column: problem.column,
  pointer: problem.pointer,
  message: problem.message,
});
