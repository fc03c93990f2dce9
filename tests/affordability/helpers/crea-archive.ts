import { zipSync } from "fflate";
import writeXlsxFile from "write-excel-file/node";

/** Where the stand-in HPI tool page links CREA's archive. */
export const ARCHIVE_PATH = "/files/mls-hpi-data/MLS_HPI_Oct_2026.zip";

export type Cell = string | number | Date | null;

/** A sheet as CREA lays it out: a header row with Date and the benchmark columns, then one row per month. */
export const sheet = (
  name: string,
  rows: [Cell, Cell][],
  header: [string, string] = ["Date", "Composite_Benchmark"],
) => ({
  sheet: name,
  data: [
    [{ value: header[0] }, { value: "Composite_HPI" }, { value: header[1] }, { value: "Composite_Benchmark_SA" }],
    ...rows.map(([date, price]) => [
      date instanceof Date ? { value: date, format: "mmm yyyy" } : { value: date },
      { value: 300.1 },
      { value: price },
      { value: 999_999 },
    ]),
  ],
});

/** CREA's archive: the four workbooks, of which only the NSA monthly one is read. */
export const crea = async (
  sheets: ReturnType<typeof sheet>[],
  workbookName = "Not Seasonally Adjusted (M).xlsx",
): Promise<Uint8Array> => {
  const workbook = new Uint8Array(await writeXlsxFile(sheets as never).toBuffer());
  const other = new Uint8Array(
    await writeXlsxFile([sheet("GREATER_VANCOUVER", [["Jan 2023", 1]])] as never).toBuffer(),
  );
  return zipSync({
    [workbookName]: workbook,
    "Seasonally Adjusted (M).xlsx": other,
    "Not Seasonally Adjusted (Q).xlsx": other,
  });
};

/**
 * `count` rows from month `from`, dated with real spreadsheet dates, each priced by `price(index)` (null: an empty
 * cell).
 */
export const months = (from: string, count: number, price: (index: number) => number | null): [Cell, Cell][] =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(`${from}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + index);
    return [date, price(index)];
  });

/** CREA's HPI tool page, linking the archive at `href` behind its terms. */
export const hpiPage = (href = ARCHIVE_PATH) => ({
  status: 200,
  type: "text/html",
  body: `<!doctype html><title>MLS® HPI tool</title><p><a href="/terms/">Terms</a> <a class="button" href="${href}">Accept and download data</a></p>`,
});

/** An answer carrying the archive's bytes. */
export const zip = (body: Uint8Array) => ({ status: 200, type: "application/zip", body });
