import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { computeSeries } from "../affordability/compute-series.ts";
import { INPUT_BOUNDS, loadIndexData, outOfBounds, readIndexInput } from "../affordability/index-data.ts";
import type { IndexDataChange } from "../affordability/index-data-changes.ts";
import { mergePrices, mergeRates } from "../affordability/index-update.ts";
import { fetchMonthlyRates, VALET_PRODUCTION_BASE } from "../affordability/providers/bank-of-canada.ts";
import { CREA_HPI_PAGE, fetchMonthlyPrices } from "../affordability/providers/crea.ts";
import { runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { readUrlVariable } from "../lib/environment.ts";
import { UsageError } from "../lib/errors.ts";
import { botPushFromEnvironment, commitAsBot, gitText, pushAsBot } from "../lib/git.ts";
import { replaceFiles } from "../lib/json-file.ts";
import { prettyJsonText } from "../model/json-document.ts";
import { BenchmarkFile, BOARDS, IncomeFile, MortgageRatesFile } from "../schemas/index.ts";
import { indexChangeText, pullRequestText } from "../workflows/index-data-text.ts";

/**
 * The inputs this command updates. Income is the 2021 census median, held for every month as index-data/income.json
 * states: no annual Statistics Canada series measures the same thing for both boards, so nothing is carried forward
 * and there is nothing to fetch; the command checks that the file still says so.
 */
const SOURCES = ["rates", "prices", "income"] as const;
type SourceName = (typeof SOURCES)[number];

/** A file the update would rewrite, and what changed in it. */
interface Rewrite {
  label: string;
  path: string;
  before: string;
  after: string;
  change: IndexDataChange;
}

/** An input to update, read through the one reader of index-data/ (as the check reads it): its text and its value. */
const readData = async <Schema extends z.ZodType>(
  root: string,
  file: string,
  schema: Schema,
): Promise<{ text: string; value: z.infer<Schema> }> => {
  const input = await readIndexInput(root, file, schema);
  if (input === undefined) throw new Error(`${file} is missing: index:update updates the inputs on file`);
  return input;
};

const UPDATERS: Record<SourceName, (root: string, today: string) => Promise<Rewrite[]>> = {
  rates: async (root, today) => {
    const current = await readData(root, "index-data/mortgage-rates.json", MortgageRatesFile);
    const rates = await fetchMonthlyRates(
      readUrlVariable("INDEX_SOURCES_BANK_OF_CANADA")?.href ?? VALET_PRODUCTION_BASE,
    );
    const { file: next, change } = mergeRates(current.value, rates, today);
    return [
      { label: "rates", path: path.join(root, change.file), before: current.text, after: prettyJsonText(next), change },
    ];
  },
  prices: async (root, today) => {
    const { archiveUrl, prices } = await fetchMonthlyPrices(
      readUrlVariable("INDEX_SOURCES_CREA")?.href ?? CREA_HPI_PAGE,
    );
    return Promise.all(
      BOARDS.map(async (board) => {
        const current = await readData(root, `index-data/benchmarks/${board}.json`, BenchmarkFile);
        const { file: next, change } = mergePrices(current.value, board, prices[board], archiveUrl, today);
        return {
          label: `prices ${board}`,
          path: path.join(root, change.file),
          before: current.text,
          after: prettyJsonText(next),
          change,
        };
      }),
    );
  },
  income: async (root) => {
    const { value } = await readData(root, "index-data/income.json", IncomeFile);
    for (const [board, entry] of Object.entries(value.boards)) {
      const implausible = outOfBounds(INPUT_BOUNDS.medianIncome, entry.value);
      if (implausible) throw new Error(`index-data/income.json at /boards/${board}/value: ${implausible}`);
    }
    if (value.carry_forward.annual_growth.length > 0) {
      throw new Error(
        "index-data/income.json carries income forward with annual growth factors, which index:update does not fetch: update them by hand",
      );
    }
    console.log(
      `income: held at the census value (income year ${value.income_year}) for every month, as index-data/income.json states; nothing to fetch`,
    );
    return [];
  },
};

/** What the update did to a file, as the console shows it. */
const report = (rewrite: Rewrite): string[] =>
  rewrite.after === rewrite.before ? [`${rewrite.label}: nothing new`] : indexChangeText(rewrite.label, rewrite.change);

/**
 * `npm run index:update`: fetches the affordability index's inputs from their official machine-readable sources and
 * rewrites `index-data/` with what is new or revised. Every source is read and checked before anything is written, so a
 * source that answers garbage leaves every file as it was; a run with nothing new changes nothing.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      root: { type: "string", default: "." },
      only: { type: "string", default: SOURCES.join(",") },
      "pull-request": { type: "string" },
      "push-proposal": { type: "string" },
    },
    strict: true,
  });
  if (values["push-proposal"] !== undefined)
    return pushProposal(values.root, values["push-proposal"], values["pull-request"]);
  const asked = values.only.split(",").map((name) => name.trim());
  for (const name of asked)
    if (!(SOURCES as readonly string[]).includes(name))
      throw new UsageError(`--only takes ${SOURCES.join(", ")}, got "${name}"`);
  const today = todayFromEnvironment();
  const rewrites: Rewrite[] = [];
  for (const name of asked as SourceName[]) rewrites.push(...(await UPDATERS[name](values.root, today)));
  await replaceFiles(
    rewrites
      .filter((rewrite) => rewrite.after !== rewrite.before)
      .map((rewrite) => ({ path: rewrite.path, text: rewrite.after })),
  );
  for (const rewrite of rewrites) for (const line of report(rewrite)) console.log(line);
  if (values["pull-request"] !== undefined) {
    // The monthly workflow's pull request: its title and body, with the index the updated inputs give.
    const data = await loadIndexData(values.root);
    const { title, body } = pullRequestText(rewrites, computeSeries(data), data.methodology?.sources);
    await mkdir(values["pull-request"], { recursive: true });
    await writeFile(path.join(values["pull-request"], "title.txt"), `${title}\n`);
    await writeFile(path.join(values["pull-request"], "body.md"), body);
  }
  return 0;
};

/**
 * `--push-proposal BRANCH --pull-request DIR`, run after `npm run check` passed on the updated files: commits
 * index-data/ as the bot on BRANCH, made afresh from this checkout, with the proposal's title (DIR/title.txt) as
 * its message, and force-pushes it with GITHUB_TOKEN, so the pull request always holds this month's update alone.
 * Nothing changed: nothing is committed or pushed.
 */
const pushProposal = async (root: string, branch: string, folder: string | undefined): Promise<number> => {
  if (folder === undefined)
    throw new UsageError("--push-proposal needs --pull-request DIR, the folder holding the proposal's title");
  const title = (await readFile(path.join(folder, "title.txt"), "utf8")).trim();
  await gitText(root, ["switch", "-q", "-C", branch]);
  const commit = await commitAsBot(root, title, ["index-data"]);
  if (commit === undefined) {
    console.log("index-data/ is unchanged: nothing to propose");
    return 0;
  }
  const pushed = await pushAsBot(root, branch, botPushFromEnvironment(), { force: true });
  if (pushed.code !== 0) throw new Error(`could not push the proposal to ${branch}: ${pushed.stderr.trim()}`);
  console.log(`pushed the proposal ${commit.slice(0, 12)} to ${branch}`);
  return 0;
};

runCommand("index:update", main);
