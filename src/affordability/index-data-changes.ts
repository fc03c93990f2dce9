import { z } from "zod";
import { catFileBatch, gitResult } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import { type DataDocument, dataDocumentAtRevision, listDataFiles, readDataDocument, withinDataFileLimit } from "../model/index.ts";
import { formatCad, formatPercent } from "../render/pages/text/index.ts";
import { MonthSlug } from "../schemas/index-data.ts";
import { escapeMarkdown, joinWithin, shaped } from "../workflows/github/markdown/markdown-text.ts";
import { validateIndexFile } from "./index-data.ts";

// What changes in the index inputs, month by month, and how it is written: one change type (a series file's months
// added, revised, removed and re-sourced), computed by the monthly update (src/affordability/index-update.ts) and by
// the pull-request report (a pull request against its base), and written by one plain-text renderer (the console of
// `npm run index:update`) and one Markdown renderer (the index proposal's body and the pull-request comment).

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
export const monthChange = (was: MonthOnFile | undefined, now: MonthOnFile): "added" | "revised" | "resourced" | "unchanged" => {
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

/** The month series of the index inputs, read loosely: the validate job reports a file that does not match its schema. */
const Series = z.object({
  months: z.array(z.looseObject({ month: z.string(), rate: z.number().optional(), hpi_benchmark_price: z.number().optional(), citation: z.unknown() })),
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
        return amount === undefined ? [] : [[entry.month, { value: amount, source: JSON.stringify(entry.citation) }] as const];
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
      regular ? seriesOf(dataDocumentAtRevision(file, size, contents.get(blob))) : { problems: [{ file, line: 1, column: 1, pointer: "", message }] },
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
export const indexDataChanges = async (root: string, base: string): Promise<{ changes: IndexDataChange[]; problems: IndexDataProblem[] }> => {
  const before = await baseSides(root, base);
  const head = await listDataFiles(root, "index-data");
  const headFiles = head.files.filter((file) => SERIES_FILE.test(file));
  const refused = new Map(head.problems.filter((problem) => SERIES_FILE.test(problem.file)).map((problem) => [problem.file, problem]));
  const files = [...new Set([...before.keys(), ...headFiles, ...refused.keys()])].sort();
  const changes: IndexDataChange[] = [];
  const problems: IndexDataProblem[] = [];
  for (const file of files) {
    const refusal = refused.get(file);
    const old = before.get(file) ?? seriesOf(undefined);
    const next: Side = refusal ? { problems: [refusal] } : seriesOf(headFiles.includes(file) ? await readDataDocument(root, file) : undefined);
    if ("problems" in old) problems.push(...old.problems.slice(0, PROBLEMS_PER_FILE).map((problem) => located(problem, "base")));
    if ("problems" in next) problems.push(...next.problems.slice(0, PROBLEMS_PER_FILE).map((problem) => located(problem, "head")));
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
    for (const [month, entry] of old.series) if (!next.series.has(month)) change.removed.push({ month, value: entry.value });
    if (change.added.length + change.revised.length + change.removed.length + change.resourced.length > 0) changes.push(change);
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

/** A value of the series as people read it: a rate as a percentage, a price in dollars. */
const valueText = (measure: IndexDataChange["measure"], value: number): string => (measure === "rate" ? formatPercent(value) : formatCad(value));

/**
 * One series' changes as console lines under `label` (`rates: 2 new month(s), 1 revised, 0 re-sourced`, then the new
 * months, each revision old → new, and the months re-sourced), as `npm run index:update` prints them.
 */
export const indexChangeText = (label: string, change: IndexDataChange): string[] => {
  const { added, revised, removed, resourced } = change;
  const value = (number: number) => valueText(change.measure, number);
  return [
    `${label}: ${added.length} new month(s), ${revised.length} revised, ${resourced.length} re-sourced${removed.length > 0 ? `, ${removed.length} removed` : ""}`,
    ...(added.length > 0 ? [`  new: ${added.map((entry) => entry.month).join(", ")}`] : []),
    ...revised.map((entry) => `  revised ${entry.month}: ${value(entry.from)} → ${value(entry.to)}`),
    ...(removed.length > 0 ? [`  removed: ${removed.map((entry) => entry.month).join(", ")}`] : []),
    ...(resourced.length > 0 ? [`  same value, new source: ${resourced.join(", ")}`] : []),
  ];
};

/** A list in the Markdown of one series (months, revisions) is cut at this many characters, the rest counted. */
const MAX_LIST_LENGTH = 4_000;

/** A month as Markdown shows it: it may come from a pull request or a source, so it is checked for its shape and escaped. */
export const monthText = (month: string): string => shaped(month, MonthSlug, "a month");

/**
 * One series' changes as a Markdown list: the months added (with their values), revised (old → new), removed, and
 * re-sourced, each list cut at its size. The index proposal's body and the pull-request comment both show it.
 */
export const indexChangeMarkdown = (change: IndexDataChange): string[] => {
  const value = (number: number) => escapeMarkdown(valueText(change.measure, number));
  const list = (label: string, items: string[]) => (items.length > 0 ? [`- ${label}: ${joinWithin(items, ", ", MAX_LIST_LENGTH)}`] : []);
  const revised = change.revised.map((entry) => `- revised ${monthText(entry.month)}: ${value(entry.from)} → ${value(entry.to)}`);
  return [
    ...list(
      "new",
      change.added.map((entry) => `${monthText(entry.month)} ${value(entry.value)}`),
    ),
    ...(revised.length > 0 ? [joinWithin(revised, "\n", MAX_LIST_LENGTH, (rest) => `- and ${rest} more revised`)] : []),
    ...list(
      "removed",
      change.removed.map((entry) => `${monthText(entry.month)} ${value(entry.value)}`),
    ),
    ...list("same value, new source", change.resourced.map(monthText)),
  ];
};
