import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { copyOrganisations } from "../helpers/git-repo.ts";
import { PROJECT_ROOT, runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const VALID = path.join(PROJECT_ROOT, "tests/fixtures/check/valid");
const TODAY = "2026-11-25";

const check = async (root: string) => {
  const result = await runCheck(root, TODAY);
  expect(result.stderr).toBe("");
  // The problems, without the evidence warning and the summary line that close every run.
  return {
    code: result.code,
    problems: result.stdout
      .replace(/^(no )?base: .*\ncommits: .*\n/, "")
      .trimEnd()
      .split("\n")
      .slice(0, -2),
  };
};

const citation = {
  url: "https://www.bankofcanada.ca/valet/",
  org: "bank-of-canada",
  kind: "official",
  retrieved_iso: "2026-11-01",
};
const ratesFile = (months: [string, number][]) => ({
  series: "V80691335",
  description: "5-year conventional mortgage rate.",
  months: months.map(([month, rate]) => ({ month, rate, citation })),
});
const benchmarkFile = (months: [string, number][]) => ({
  board: "greater-vancouver",
  measure: "MLS® HPI composite benchmark price, all residential",
  months: months.map(([month, hpi_benchmark_price]) => ({ month, hpi_benchmark_price, citation })),
});

/** The valid fixtures with `file` written as `content`; returns the root and the file's text. */
const withFile = async (file: string, content: unknown): Promise<{ root: string; text: string }> => {
  const root = await tempDir(VALID);
  const text = `${JSON.stringify(content, null, 2)}\n`;
  await writeFile(path.join(root, file), text);
  return { root, text };
};

/** `line:column` of the `occurrence`-th (from 1) `needle` in `text`, as the check reports a key. */
const at = (text: string, needle: string, occurrence = 1): string => {
  let index = -1;
  for (let seen = 0; seen < occurrence; seen += 1) index = text.indexOf(needle, index + 1);
  expect(index).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
};

const RATES = "index-data/mortgage-rates.json";
const GV = "index-data/benchmarks/greater-vancouver.json";
const RATE_REASON =
  "rates are fractions (0.0649 is 6.49%) and both ends lie far outside the 5-year posted rates of recent decades, so a value outside is a percentage not divided by 100, one divided by 100 twice, or a misread cell";
const PRICE_REASON =
  "a board's composite benchmark is the price of a typical home across the whole board, so a value outside is an index value read instead of a price, a price written in thousands, or a misread cell";

describe("npm run check refuses index inputs that make no sense", () => {
  it("accepts months up to today's month with plausible values", async () => {
    const { root } = await withFile(
      RATES,
      ratesFile([
        ["2026-10", 0.005],
        ["2026-11", 0.25],
      ]),
    );
    expect(await check(root)).toEqual({ code: 0, problems: [] });
  });

  it("refuses a repeated month and a month after today's, naming file, line and JSON path", async () => {
    const { root, text } = await withFile(
      RATES,
      ratesFile([
        ["2024-01", 0.05],
        ["2024-01", 0.06],
        ["2026-12", 0.05],
      ]),
    );
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${RATES}:${at(text, '"month"', 2)}: month 2024-01 appears twice (at /months/1/month) [index-data]`,
        `${RATES}:${at(text, '"month"', 3)}: month 2026-12 is after today's month (today is ${TODAY}): a month has no value before it begins (at /months/2/month) [index-data]`,
      ],
    });
  });

  it.each([
    [0.995, "99.5%"],
    [0.26, "26%"],
    [0.0001, "0.01%"],
  ])("refuses a mortgage rate of %s", async (rate, shown) => {
    const { root, text } = await withFile(RATES, ratesFile([["2024-01", rate]]));
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${RATES}:${at(text, '"rate"')}: mortgage rate ${shown} (${rate}) is outside the plausible 0.5% to 25%: ${RATE_REASON} (at /months/0/rate) [index-data]`,
      ],
    });
  });

  it("refuses a negative mortgage rate", async () => {
    const { root, text } = await withFile(RATES, ratesFile([["2024-01", -0.05]]));
    const { code, problems } = await check(root);
    expect(code).toBe(1);
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${RATES}:${at(text, '"rate"')}: .* \\(at /months/0/rate\\) \\[schema\\]$`)),
    ]);
  });

  it.each([
    [1_000, "$1,000"],
    [99_999, "$99,999"],
    [10_000_001, "$10,000,001"],
  ])("refuses a benchmark price of %s", async (price, shown) => {
    const { root, text } = await withFile(GV, benchmarkFile([["2024-04", price]]));
    expect(await check(root)).toEqual({
      code: 1,
      problems: [
        `${GV}:${at(text, '"hpi_benchmark_price"')}: benchmark price ${shown} (${price}) is outside the plausible $100,000 to $10,000,000: ${PRICE_REASON} (at /months/0/hpi_benchmark_price) [index-data]`,
      ],
    });
  });

  it("refuses a median income outside its bounds (here one written in thousands)", async () => {
    const root = await tempDir(VALID);
    await cp(path.join(frozenData().root, "index-data/income.json"), path.join(root, "index-data/income.json"));
    // The project's income cites organisations the fixtures' registry lacks: take the project's registry with it.
    await copyOrganisations(root);
    const income = JSON.parse(await readFile(path.join(root, "index-data/income.json"), "utf8"));
    income.boards["fraser-valley"].value = 91;
    const text = `${JSON.stringify(income, null, 2)}\n`;
    await writeFile(path.join(root, "index-data/income.json"), text);
    const { code, problems } = await check(root);
    expect(code).toBe(1);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^index-data/income\\.json:${at(text, '"value": 91')}: median household income \\$91 \\(91\\) is outside the plausible \\$10,000 to \\$1,000,000: .* \\(at /boards/fraser-valley/value\\) \\[index-data\\]$`,
        ),
      ),
    ]);
  });

  it("accepts months without a value recorded as gaps with a reason", async () => {
    const { root } = await withFile(GV, {
      ...benchmarkFile([["2024-04", 1_180_000]]),
      gaps: [
        { from: "2024-01", to: "2024-03", reason: "No benchmark price: no source found." },
        { from: "2024-05", to: "2026-10", reason: "No benchmark price: later release." },
      ],
    });
    expect(await check(root)).toEqual({ code: 0, problems: [] });
  });

  it("refuses a gap that covers a month on file, overlaps the gap before it, ends after today's month or runs backwards", async () => {
    const { root, text } = await withFile(GV, {
      ...benchmarkFile([["2024-04", 1_180_000]]),
      gaps: [
        { from: "2024-03", to: "2024-05", reason: "covers April" },
        { from: "2024-05", to: "2024-06", reason: "overlaps" },
        { from: "2026-10", to: "2026-12", reason: "runs past today" },
        { from: "2027-02", to: "2027-01", reason: "backwards" },
      ],
    });
    const { code, problems } = await check(root);
    expect(code).toBe(1);
    expect(problems).toEqual([
      `${GV}:${at(text, '"to"', 4)}: a gap's from is not after its to (at /gaps/3/to) [schema]`,
    ]);
    // The schema refuses the backwards gap first; without it, the check's own rules name the other three.
    const fixed = await withFile(GV, {
      ...benchmarkFile([["2024-04", 1_180_000]]),
      gaps: [
        { from: "2024-03", to: "2024-05", reason: "covers April" },
        { from: "2024-05", to: "2024-06", reason: "overlaps" },
        { from: "2026-10", to: "2026-12", reason: "runs past today" },
      ],
    });
    expect(await check(fixed.root)).toEqual({
      code: 1,
      problems: [
        `${GV}:${at(fixed.text, "{", 4)}: the gap 2024-03 to 2024-05 covers 2024-04, which the file gives a value for (at /gaps/0) [index-data]`,
        `${GV}:${at(fixed.text, '"from"', 2)}: gaps must be in ascending order and apart: 2024-05 is not after 2024-05 (at /gaps/1/from) [index-data]`,
        `${GV}:${at(fixed.text, '"to"', 3)}: month 2026-12 is after today's month (today is ${TODAY}): a month that has not begun is not missing yet (at /gaps/2/to) [index-data]`,
      ],
    });
  });
});

describe("npm run check: superseded_by names an existing fact other than itself", () => {
  const BRACKETS = "facts/tax/bc.ptt.brackets.json";

  const supersededBy = async (id: string | null) => {
    const root = await tempDir(VALID);
    const fact = JSON.parse(await readFile(path.join(root, BRACKETS), "utf8"));
    fact.superseded_by = { id, effective_iso: "2026-01-01" };
    const text = `${JSON.stringify(fact, null, 2)}\n`;
    await writeFile(path.join(root, BRACKETS), text);
    return { ...(await check(root)), line: at(text, '"id"', 2) };
  };

  it("accepts another existing fact, and null for no successor", async () => {
    expect(await supersededBy("bc.rent_cap.2026")).toMatchObject({ code: 0, problems: [] });
    expect(await supersededBy(null)).toMatchObject({ code: 0, problems: [] });
  });

  it("refuses the fact itself and a fact that does not exist", async () => {
    const self = await supersededBy("bc.ptt.brackets");
    expect(self.problems).toEqual([
      `${BRACKETS}:${self.line}: superseded_by names the fact itself ("bc.ptt.brackets"): name the fact that replaces it, or null (at /superseded_by/id) [superseded-by]`,
    ]);
    const missing = await supersededBy("bc.ptt.brackets_2027");
    expect(missing.problems).toEqual([
      `${BRACKETS}:${missing.line}: superseded_by names "bc.ptt.brackets_2027", which is no fact in facts/: name an existing fact, or null if none replaces it (at /superseded_by/id) [superseded-by]`,
    ]);
    expect(missing.code).toBe(1);
  });
});
