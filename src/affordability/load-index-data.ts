import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { BOARDS, type Board } from "../schemas/affordability.ts";
import { BenchmarkFile, IncomeFile, MethodologyFile, MortgageRatesFile } from "../schemas/index-data.ts";

export interface IndexData {
  methodology?: MethodologyFile;
  income?: IncomeFile;
  rates?: MortgageRatesFile;
  benchmarks: Partial<Record<Board, BenchmarkFile>>;
}

const readIfPresent = async <Schema extends z.ZodType>(file: string, schema: Schema): Promise<z.infer<Schema> | undefined> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return schema.parse(JSON.parse(text));
};

/** The inputs of the affordability index; `npm run check` has validated them, so a parse failure here is a bug. */
export const loadIndexData = async (root: string): Promise<IndexData> => {
  const directory = path.join(root, "index-data");
  const benchmarks: IndexData["benchmarks"] = {};
  for (const board of BOARDS) {
    const file = await readIfPresent(path.join(directory, "benchmarks", `${board}.json`), BenchmarkFile);
    if (file) benchmarks[board] = file;
  }
  const [methodology, income, rates] = await Promise.all([
    readIfPresent(path.join(directory, "methodology.json"), MethodologyFile),
    readIfPresent(path.join(directory, "income.json"), IncomeFile),
    readIfPresent(path.join(directory, "mortgage-rates.json"), MortgageRatesFile),
  ]);
  return { ...(methodology ? { methodology } : {}), ...(income ? { income } : {}), ...(rates ? { rates } : {}), benchmarks };
};
