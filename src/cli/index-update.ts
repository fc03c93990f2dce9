import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { fetchMonthlyRates, VALET_PRODUCTION_BASE } from "../affordability/sources/bank-of-canada.ts";
import { mergeRates } from "../affordability/update-rates.ts";
import { readVariable } from "../lib/environment.ts";
import { replaceFiles } from "../lib/replace-files.ts";
import { runCommand } from "../lib/run-command.ts";
import { todayFromEnvironment } from "../lib/today.ts";
import { factFileText } from "../model/index.ts";
import { MortgageRatesFile } from "../schemas/index-data.ts";

/** The inputs this command can fetch so far; prices (CREA) and income (Statistics Canada) are still to come. */
const SOURCES = ["rates"] as const;
const PLANNED = ["prices", "income"];

const percent = (rate: number): string => `${Number((rate * 100).toPrecision(10))}%`;

/**
 * `npm run index:update`: fetches the affordability index's inputs from their official machine-readable sources and
 * rewrites `index-data/` with what is new or revised. Every source is read and checked before anything is written, so a
 * source that answers garbage leaves every file as it was; a run with nothing new changes nothing.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." }, only: { type: "string", default: SOURCES.join(",") } }, strict: true });
  const asked = values.only.split(",").map((name) => name.trim());
  for (const name of asked) {
    if (PLANNED.includes(name)) throw new Error(`--only ${name}: this source is not fetched yet; its values in index-data/ are sourced by hand`);
    if (!(SOURCES as readonly string[]).includes(name)) throw new Error(`--only takes ${SOURCES.join(", ")}, got "${name}"`);
  }
  const today = todayFromEnvironment();
  const file = path.join(values.root, "index-data/mortgage-rates.json");
  const current = MortgageRatesFile.parse(JSON.parse(await readFile(file, "utf8")));
  const rates = await fetchMonthlyRates(readVariable("INDEX_SOURCES_BANK_OF_CANADA") ?? VALET_PRODUCTION_BASE);
  const { file: next, change } = mergeRates(current, rates, today);
  const text = factFileText(next);
  if (text === factFileText(current)) {
    console.log(`rates: nothing new (${rates.length} months from the Bank of Canada, all on file)`);
    return 0;
  }
  await replaceFiles([{ path: file, text }]);
  console.log(`rates: ${change.added.length} new month(s), ${change.revised.length} revised, ${change.resourced.length} now from the Bank of Canada`);
  if (change.added.length > 0) console.log(`  new: ${change.added.join(", ")}`);
  for (const revision of change.revised) console.log(`  revised ${revision.month}: ${percent(revision.from)} → ${percent(revision.to)}`);
  if (change.resourced.length > 0) console.log(`  same value, now from the Bank of Canada: ${change.resourced.join(", ")}`);
  return 0;
};

runCommand("index:update", main);
