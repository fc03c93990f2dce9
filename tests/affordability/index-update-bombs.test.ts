import { readFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deflateBomb, honestEntry, type RawZipEntry, rawZip } from "../helpers/deflate-bomb.ts";
import { peakRssProbe } from "../helpers/peak-rss.ts";
import { runScript } from "../helpers/run-script.ts";
import { ARCHIVE_PATH, crea, hpiPage, months, sheet, zip } from "./helpers/crea-archive.ts";
import { type Answer, indexDataWorkspace, serveSource } from "./helpers/source-stand-in.ts";

const WORKBOOK = "Not Seasonally Adjusted (M).xlsx";
const MIB = 1024 * 1024;

let archive: Answer;
const creaSite = serveSource((url) => (url === ARCHIVE_PATH ? archive : hpiPage()));

/** An entry whose data inflates to `mebibytes` MiB of spaces while its headers declare `declaredSize` bytes. */
const bombEntry = (name: string, mebibytes: number, declaredSize: number): RawZipEntry => ({
  name,
  deflated: deflateBomb(mebibytes),
  declaredSize,
  crc32: 0,
});

/** A real workbook with both boards' sheets, taken apart so a hostile entry can be added to it. */
const workbookEntries = async (): Promise<RawZipEntry[]> => {
  const archiveBytes = await crea([
    sheet(
      "GREATER_VANCOUVER",
      months("2023-01", 2, () => 1_000_000),
    ),
    sheet(
      "FRASER_VALLEY",
      months("2023-01", 2, () => 900_000),
    ),
  ]);
  const workbook = unzipSync(archiveBytes)[WORKBOOK]!;
  return Object.entries(unzipSync(workbook)).map(([name, data]) => honestEntry(name, data));
};

/** Runs the prices update against the stand-in CREA site, measuring the command's peak RSS. */
const update = async () => {
  const root = await indexDataWorkspace();
  const files = ["index-data/benchmarks/greater-vancouver.json", "index-data/benchmarks/fraser-valley.json"];
  const before = await Promise.all(files.map((file) => readFile(path.join(root, file), "utf8")));
  const probe = await peakRssProbe();
  const result = await runScript("src/cli/index-update.ts", ["--root", root, "--only", "prices"], {
    env: {
      ...probe.env,
      FACTS_TODAY: "2026-11-27",
      INDEX_SOURCES_CREA: `${creaSite.origin}/housing-market-stats/mls-home-price-index/hpi-tool/`,
    },
  });
  const after = await Promise.all(files.map((file) => readFile(path.join(root, file), "utf8")));
  return { ...result, peak: await probe.peakMiB(), unchanged: after.every((text, index) => text === before[index]) };
};

describe("npm run index:update --only prices against ZIP bombs", () => {
  it.each([
    [
      "an archive whose workbook declares 3 GiB",
      async () => rawZip([bombEntry(WORKBOOK, 3072, 3072 * MIB)]),
      `CREA MLS® HPI: the archive's workbook is too large: "${WORKBOOK}" declares 3072 MB uncompressed, past the 64 MB cap`,
    ],
    [
      "an archive whose workbook declares 10 KB and inflates to 3 GiB",
      async () =>
        rawZip([honestEntry("Seasonally Adjusted (M).xlsx", new Uint8Array(100)), bombEntry(WORKBOOK, 3072, 10_240)]),
      `CREA MLS® HPI: the archive's workbook is too large: "${WORKBOOK}" inflates past the 64 MB cap on the uncompressed size`,
    ],
    [
      "a workbook holding a sheet that declares 2 KB and inflates to 3 GiB",
      async () => {
        const workbook = rawZip([...(await workbookEntries()), bombEntry("xl/worksheets/sheet3.xml", 3072, 2_048)]);
        return zipSync({ [WORKBOOK]: [workbook, { level: 0 }] });
      },
      `CREA MLS® HPI: ${WORKBOOK} is too large to read: "xl/worksheets/sheet3.xml" inflates past the 256 MB cap on the uncompressed size (with the entries before it)`,
    ],
  ])("fails on %s, naming the cap, before inflating past it, and writes nothing", async (name, build, message) => {
    archive = zip(await build());
    const result = await update();
    console.log(`index:update against ${name}: peak RSS ${result.peak} MiB`);
    expect(result.stderr.trim()).toBe(`index:update failed: ${message}`);
    expect(result.code).toBe(2);
    expect(result.unchanged).toBe(true);
    expect(result.peak).toBeLessThan(512);
  });

  it("refuses an archive larger than the download cap without reading it", async () => {
    archive = zip(new Uint8Array(65 * MIB));
    const result = await update();
    expect(result.stderr.trim()).toBe(
      `index:update failed: CREA MLS® HPI: the archive ${creaSite.origin}${ARCHIVE_PATH} is larger than the 64 MB cap on its download`,
    );
    expect(result.unchanged).toBe(true);
    expect(result.peak).toBeLessThan(512);
  });

  it("still reads an ordinary archive whole", async () => {
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
    const result = await update();
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.unchanged).toBe(false);
  });
});
