import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runCheck, runScript } from "../helpers/run-script.ts";
import { ARCHIVE_PATH, crea, hpiPage, months, sheet, zip } from "./helpers/crea-archive.ts";
import { type Answer, indexDataWorkspace, serveSource } from "./helpers/source-stand-in.ts";

const GV = "index-data/benchmarks/greater-vancouver.json";
const FV = "index-data/benchmarks/fraser-valley.json";

/** What the stand-in CREA site answers: its HPI tool page and, at ARCHIVE_PATH, the archive. */
let page: Answer;
let archive: Answer;

const creaSite = serveSource((url) => (url === ARCHIVE_PATH ? archive : page));

const update = (root: string, today: string) =>
  runScript("src/cli/index-update.ts", ["--root", root, "--only", "prices"], {
    env: {
      FACTS_TODAY: today,
      INDEX_SOURCES_CREA: `${creaSite.origin}/housing-market-stats/mls-home-price-index/hpi-tool/`,
    },
  });

describe("npm run index:update --only prices", () => {
  it("reads both boards' composite benchmark from the archive the page links, citing CREA's own address, sheet and cell", async () => {
    const root = await indexDataWorkspace();
    page = hpiPage();
    // 2022 rows come before the index's first month and are not read; Fraser Valley has no price for its second month.
    archive = zip(
      await crea([
        sheet(
          "AGGREGATE",
          months("2022-11", 8, () => 700_000),
        ),
        sheet(
          "GREATER_VANCOUVER",
          months("2022-11", 8, (index) => 1_100_000 + index * 1_000),
        ),
        sheet(
          "FRASER_VALLEY",
          months("2022-11", 8, (index) => (index === 3 ? null : 950_000 + index * 500)),
        ),
      ]),
    );
    const result = await update(root, "2026-11-27");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);

    const gv = JSON.parse(await readFile(path.join(root, GV), "utf8"));
    const january = gv.months.find((entry: { month: string }) => entry.month === "2023-01");
    expect(january).toEqual({
      month: "2023-01",
      hpi_benchmark_price: 1_102_000,
      citation: expect.objectContaining({
        url: `https://www.crea.ca${ARCHIVE_PATH}`,
        org: "crea",
        kind: "official",
        retrieved_iso: "2026-11-27",
      }),
    });
    expect(january.citation.notes).toContain("sheet GREATER_VANCOUVER, cell C4 (Composite_Benchmark, 2023-01)");
    const fv = JSON.parse(await readFile(path.join(root, FV), "utf8"));
    const fvMonths = fv.months.map((entry: { month: string }) => entry.month);
    expect(fvMonths).toContain("2023-01");
    expect(fvMonths).toContain("2023-06");
    expect(fvMonths).not.toContain("2023-02");
    expect(fv.months.find((entry: { month: string }) => entry.month === "2023-06").hpi_benchmark_price).toBe(953_500);
    // The months CREA now gives leave the gaps on file; the rest keep their recorded reasons, so no month is both.
    const before = JSON.parse(await readFile(path.join(frozenData().root, FV), "utf8")) as {
      gaps: { from: string; to: string; reason: string }[];
    };
    const reasonOf = (month: string) => before.gaps.find((gap) => gap.from <= month && month <= gap.to)!.reason;
    expect(fv.gaps.slice(0, 3)).toEqual([
      { from: "2023-02", to: "2023-02", reason: reasonOf("2023-02") },
      { from: "2023-07", to: "2023-07", reason: reasonOf("2023-07") },
      { from: "2023-08", to: "2023-08", reason: reasonOf("2023-08") },
    ]);
    for (const gap of fv.gaps)
      expect(fvMonths.filter((month: string) => month >= gap.from && month <= gap.to)).toEqual([]);
    const check = await runCheck(root, "2026-11-27");
    expect(check.stdout).not.toContain("index-data/");

    const text = await readFile(path.join(root, GV), "utf8");
    const again = await update(root, "2026-12-01");
    expect(again.stdout.trim().split("\n")).toEqual([
      "prices greater-vancouver: nothing new",
      "prices fraser-valley: nothing new",
    ]);
    expect(await readFile(path.join(root, GV), "utf8")).toBe(text);
  });

  it("reports months a new vintage revised, old → new", async () => {
    const root = await indexDataWorkspace();
    page = hpiPage();
    const boards = (bump: number) =>
      crea([
        sheet(
          "GREATER_VANCOUVER",
          months("2023-01", 3, (index) => 1_100_000 + (index === 1 ? bump : 0)),
        ),
        sheet(
          "FRASER_VALLEY",
          months("2023-01", 3, () => 950_000),
        ),
      ]);
    archive = zip(await boards(0));
    expect((await update(root, "2026-11-27")).code).toBe(0);
    archive = zip(await boards(2_300));
    const revised = await update(root, "2026-12-20");
    expect(revised.stdout).toContain("revised 2023-02: $1,100,000 → $1,102,300");
  });

  it.each([
    [
      "a page that links no archive",
      () => ({ page: { ...hpiPage(), body: "<p>No data today.</p>" } }),
      "links no .zip archive",
    ],
    [
      "an HTML page where the ZIP should be",
      () => ({ archive: { status: 200, type: "text/html", body: "<!doctype html><p>Please accept the terms" } }),
      "is not a ZIP",
    ],
    [
      "a truncated archive",
      async () => ({ archive: zip((await crea([sheet("GREATER_VANCOUVER", [])])).subarray(0, 200)) }),
      "the archive is not a readable ZIP",
    ],
    [
      "an archive without the monthly workbook",
      async () => ({ archive: zip(await crea([sheet("GREATER_VANCOUVER", [])], "NSA monthly.xlsx")) }),
      "holds no Not Seasonally Adjusted (M).xlsx",
    ],
    [
      "a missing board sheet",
      async () => ({
        archive: zip(
          await crea([
            sheet(
              "GREATER_VANCOUVER",
              months("2023-01", 1, () => 1),
            ),
          ]),
        ),
      }),
      "has no sheet FRASER_VALLEY",
    ],
    [
      "a renamed column",
      async () => ({
        archive: zip(
          await crea([
            sheet(
              "GREATER_VANCOUVER",
              months("2023-01", 1, () => 1),
              ["Date", "Composite_Benchmark_Price"],
            ),
          ]),
        ),
      }),
      "sheet GREATER_VANCOUVER: no Composite_Benchmark column",
    ],
    [
      "a non-numeric price",
      async () => ({
        archive: zip(await crea([sheet("GREATER_VANCOUVER", [["Jan 2023", "n/a"]]), sheet("FRASER_VALLEY", [])])),
      }),
      'sheet GREATER_VANCOUVER, cell C2: "n/a" is not a price',
    ],
    ["a server error", () => ({ archive: { status: 503, type: "text/plain", body: "busy" } }), "answered 503"],
  ])("fails on %s, naming CREA and what was wrong, and writes nothing", async (_name, serve, reason) => {
    const root = await indexDataWorkspace();
    const before = [await readFile(path.join(root, GV), "utf8"), await readFile(path.join(root, FV), "utf8")];
    page = hpiPage();
    archive = zip(
      await crea([
        sheet(
          "GREATER_VANCOUVER",
          months("2023-01", 2, () => 1_000_000),
        ),
        sheet(
          "FRASER_VALLEY",
          months("2023-01", 2, () => 900_000),
        ),
      ]),
    );
    const served = await serve();
    if ("page" in served && served.page) page = served.page;
    if ("archive" in served && served.archive) archive = served.archive;
    const result = await update(root, "2026-11-27");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("index:update failed: CREA MLS® HPI: ");
    expect(result.stderr).toContain(reason);
    expect([await readFile(path.join(root, GV), "utf8"), await readFile(path.join(root, FV), "utf8")]).toEqual(before);
  });
});
