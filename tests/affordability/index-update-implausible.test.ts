import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { ARCHIVE_PATH, type Cell, crea, hpiPage, months, sheet, zip } from "./helpers/crea-archive.ts";
import { type Answer, indexDataWorkspace, serveSource } from "./helpers/source-stand-in.ts";
import { weekly } from "./helpers/valet-observations.ts";

const TODAY = "2026-11-27";
const FILES = [
  "index-data/mortgage-rates.json",
  "index-data/benchmarks/greater-vancouver.json",
  "index-data/benchmarks/fraser-valley.json",
];

let valetAnswer: Answer;
let crea_: { page: Answer; archive: Answer };

const valet = serveSource(() => valetAnswer);
const creaSite = serveSource((url) => (url === ARCHIVE_PATH ? crea_.archive : crea_.page));

const update = (root: string, only: string) =>
  runScript("src/cli/index-update.ts", ["--root", root, "--only", only], {
    env: {
      FACTS_TODAY: TODAY,
      INDEX_SOURCES_BANK_OF_CANADA: `${valet.origin}/valet`,
      INDEX_SOURCES_CREA: `${creaSite.origin}/housing-market-stats/mls-home-price-index/hpi-tool/`,
    },
  });

const snapshot = (root: string) => Promise.all(FILES.map((file) => readFile(path.join(root, file), "utf8")));

/** Runs the update against what the stand-ins serve; it must fail with `message` and leave every file as it was. */
const refused = async (only: string, message: string) => {
  const root = await indexDataWorkspace();
  const before = await snapshot(root);
  const result = await update(root, only);
  expect(result.stderr).toBe(`index:update failed: ${message}\n`);
  expect(result.code).toBe(2);
  expect(await snapshot(root)).toEqual(before);
};

const RATE_BOUNDS =
  "is outside the plausible 0.5% to 25%: rates are fractions (0.0649 is 6.49%) and both ends lie far outside the 5-year posted rates of recent decades, so a value outside is a percentage not divided by 100, one divided by 100 twice, or a misread cell";
const PRICE_BOUNDS =
  "is outside the plausible $100,000 to $10,000,000: a board's composite benchmark is the price of a typical home across the whole board, so a value outside is an index value read instead of a price, a price written in thousands, or a misread cell";

const json = (body: string): Answer => ({ status: 200, type: "application/json", body });

describe("npm run index:update refuses a Bank of Canada answer that makes no sense, naming the source and the month", () => {
  it("refuses a rate of 99.5%", async () => {
    valetAnswer = json(weekly("2023-03-29", (date) => (date === "2023-02-22" ? "99.5" : "6.49")));
    await refused(
      "rates",
      `Bank of Canada Valet: V80691335 2023-02 (observed 2023-02-22): mortgage rate 99.5% (0.995) ${RATE_BOUNDS}`,
    );
  });

  it("refuses a rate of 0.01%, a percentage divided by 100 twice", async () => {
    valetAnswer = json(weekly("2023-03-29", (date) => (date === "2023-03-29" ? "0.01" : "6.49")));
    await refused(
      "rates",
      `Bank of Canada Valet: V80691335 2023-03 (observed 2023-03-29): mortgage rate 0.01% (0.0001) ${RATE_BOUNDS}`,
    );
  });

  it("refuses an observation dated after today", async () => {
    valetAnswer = json(weekly("2026-12-30", () => "6.49"));
    await refused(
      "rates",
      `Bank of Canada Valet: V80691335 has an observation dated 2026-12-30, after today (${TODAY})`,
    );
  });

  it("refuses two observations for the same week instead of keeping the last", async () => {
    const answer = JSON.parse(weekly("2023-02-22", () => "6.49"));
    answer.observations.push({ d: "2023-01-25", V80691335: { v: "7.49" } });
    valetAnswer = json(JSON.stringify(answer));
    await refused("rates", "Bank of Canada Valet: V80691335 has two observations dated 2023-01-25");
  });
});

describe("npm run index:update refuses a CREA archive that makes no sense, naming the source, the board and the month", () => {
  const serve = async (gv: [Cell, Cell][], fv: [Cell, Cell][] = months("2023-01", 2, () => 950_000)) => {
    crea_ = { page: hpiPage(), archive: zip(await crea([sheet("GREATER_VANCOUVER", gv), sheet("FRASER_VALLEY", fv)])) };
  };

  it("refuses a price of $1,000", async () => {
    await serve(months("2023-01", 3, (index) => (index === 1 ? 1_000 : 1_100_000)));
    await refused(
      "prices",
      `CREA MLS® HPI: greater-vancouver 2023-02 (sheet GREATER_VANCOUVER, cell C3): benchmark price $1,000 (1000) ${PRICE_BOUNDS}`,
    );
  });

  it("refuses an index value read where the price should be", async () => {
    await serve(
      months("2023-01", 2, () => 1_100_000),
      months("2023-01", 2, () => 312.4),
    );
    await refused(
      "prices",
      `CREA MLS® HPI: fraser-valley 2023-01 (sheet FRASER_VALLEY, cell C2): benchmark price $312.4 (312.4) ${PRICE_BOUNDS}`,
    );
  });

  it("refuses a month given twice instead of keeping the last row", async () => {
    await serve([...months("2023-01", 2, () => 1_100_000), ["2023-02", 1_250_000]]);
    await refused(
      "prices",
      "CREA MLS® HPI: greater-vancouver 2023-02 (sheet GREATER_VANCOUVER, cell C4): the month appears twice (also sheet GREATER_VANCOUVER, cell C3); which value is right cannot be told",
    );
  });

  it("refuses a month after today's", async () => {
    await serve(months("2026-10", 3, () => 1_100_000));
    await refused(
      "prices",
      `CREA MLS® HPI: greater-vancouver 2026-12 (sheet GREATER_VANCOUVER, cell C4): month 2026-12 is after today's month (today is ${TODAY}): a source cannot have a value for it yet`,
    );
  });

  it("accepts today's month and values at the bounds, and the check accepts what it wrote", async () => {
    await serve(months("2026-09", 3, (index) => [100_000, 10_000_000, 1_100_000][index]!));
    const root = await indexDataWorkspace();
    const result = await update(root, "prices");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const check = await runCheck(root, TODAY);
    expect(check.stdout).not.toContain("index-data/");
  });
});

describe("npm run index:update --only income", () => {
  it("refuses a median income outside its bounds, naming the file and the JSON path", async () => {
    const root = await indexDataWorkspace();
    const file = path.join(root, "index-data/income.json");
    const income = JSON.parse(await readFile(file, "utf8"));
    income.boards["greater-vancouver"].value = 90;
    await writeFile(file, JSON.stringify(income, null, 2));
    const result = await update(root, "income");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^index:update failed: index-data\/income\.json at \/boards\/greater-vancouver\/value: median household income \$90 \(90\) is outside the plausible \$10,000 to \$1,000,000: /,
    );
  });
});
