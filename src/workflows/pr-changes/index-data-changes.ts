import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { type MonthOnFile, monthChange } from "../../affordability/month-change.ts";
import { gitResult } from "../../lib/git/index.ts";
import { listFiles } from "../../model/index.ts";

/** What a pull request does to one series of index inputs, month by month. */
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

/** The month series of the index inputs, read loosely: the validate job reports a file that does not match its schema. */
const Series = z.object({
  months: z.array(z.looseObject({ month: z.string(), rate: z.number().optional(), hpi_benchmark_price: z.number().optional(), citation: z.unknown() })),
});

const seriesOf = (text: string | undefined): Map<string, MonthOnFile> | undefined => {
  if (text === undefined) return new Map();
  let parsed: z.infer<typeof Series>;
  try {
    parsed = Series.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  return new Map(
    parsed.months.flatMap((entry) => {
      const value = entry.rate ?? entry.hpi_benchmark_price;
      return value === undefined ? [] : [[entry.month, { value, source: JSON.stringify(entry.citation) }] as const];
    }),
  );
};

const SERIES_FILE = /^index-data\/(mortgage-rates\.json|benchmarks\/[^/]+\.json)$/;

/**
 * The month-by-month changes of the index inputs (the mortgage rates and each board's benchmark prices) between the
 * base revision and the working tree, in month order (the check keeps each file's months in order). A file that does
 * not parse on either side is left to the validate job.
 */
export const indexDataChanges = async (root: string, base: string): Promise<IndexDataChange[]> => {
  const listed = await gitResult(root, ["ls-tree", "-r", "--name-only", base, "--", "index-data"]);
  const baseFiles = listed.code === 0 ? listed.stdout.toString("utf8").split("\n").filter(Boolean) : [];
  const headFiles = await listFiles(root, "index-data");
  const files = [...new Set([...baseFiles, ...headFiles])].filter((file) => SERIES_FILE.test(file)).sort();
  const changes: IndexDataChange[] = [];
  for (const file of files) {
    const before = baseFiles.includes(file) ? (await gitResult(root, ["show", `${base}:${file}`])).stdout.toString("utf8") : undefined;
    const after = headFiles.includes(file) ? await readFile(path.join(root, file), "utf8") : undefined;
    const [old, next] = [seriesOf(before), seriesOf(after)];
    if (old === undefined || next === undefined) continue;
    const change: IndexDataChange = {
      file,
      measure: file.endsWith("mortgage-rates.json") ? "rate" : "price",
      added: [],
      revised: [],
      removed: [],
      resourced: [],
    };
    for (const [month, entry] of next) {
      const was = old.get(month);
      const kind = monthChange(was, entry);
      if (kind === "added") change.added.push({ month, value: entry.value });
      else if (kind === "revised") change.revised.push({ month, from: was!.value, to: entry.value });
      else if (kind === "resourced") change.resourced.push(month);
    }
    for (const [month, entry] of old) if (!next.has(month)) change.removed.push({ month, value: entry.value });
    if (change.added.length + change.revised.length + change.removed.length + change.resourced.length > 0) changes.push(change);
  }
  return changes;
};
