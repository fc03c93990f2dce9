import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { parseDocument } from "htmlparser2";
import { readSheet, SheetNotFoundError } from "read-excel-file/node";
import { errorMessage } from "../../lib/errors.ts";
import type { Board, IndexCitation } from "../../schemas/index.ts";
import { FIRST_MONTH, getFromSource, MIB, SourceError } from "./bank-of-canada.ts";

/** The MLS® HPI tool page, which links the current archive (its file name changes from month to month). */
export const CREA_HPI_PAGE = "https://www.crea.ca/housing-market-stats/mls-home-price-index/hpi-tool/";

/** The source as messages name it. */
export const CREA_SOURCE = "CREA MLS® HPI";
const SOURCE = CREA_SOURCE;

/** The not-seasonally-adjusted monthly workbook: the boards publish unadjusted benchmarks. */
export const WORKBOOK = "Not Seasonally Adjusted (M).xlsx";

/** The composite benchmark price, not seasonally adjusted (the adjusted one is `Composite_Benchmark_SA`). */
export const COLUMN = "Composite_Benchmark";

/** Each board's sheet in the workbook. */
export const SHEETS: Record<Board, string> = {
  "greater-vancouver": "GREATER_VANCOUVER",
  "fraser-valley": "FRASER_VALLEY",
};

/** A board's benchmark price for a month, with the cell it was read from. */
export interface MonthlyPrice {
  month: string;
  price: number;
  /** The cell, A1-style, in the board's sheet. */
  cell: string;
}

/** The archive's address on the page: the one link to a `.zip` file, resolved against the page's address. */
export const archiveLink = (html: string, pageUrl: string): URL => {
  const links = new Set<string>();
  const visit = (node: { name?: string; attribs?: Record<string, string>; children?: unknown[] }): void => {
    const href = node.name === "a" ? node.attribs?.href : undefined;
    if (href !== undefined) {
      try {
        const url = new URL(href, pageUrl);
        if (url.pathname.toLowerCase().endsWith(".zip")) links.add(url.href);
      } catch {
        // Not a URL: not the archive link.
      }
    }
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(parseDocument(html) as unknown as Parameters<typeof visit>[0]);
  const [only, ...others] = links;
  if (only === undefined) throw new SourceError(SOURCE, `the HPI tool page ${pageUrl} links no .zip archive`);
  if (others.length > 0)
    throw new SourceError(
      SOURCE,
      `the HPI tool page links ${links.size} .zip archives, not one: ${[...links].join(", ")}`,
    );
  return new URL(only);
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A `Date` cell or a text date (`Jan 2024`, `2024-01`, `2024-01-01`) as `YYYY-MM`; undefined for anything else. */
const monthOf = (value: unknown): string | undefined => {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 7);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const iso = /^(\d{4})-(0[1-9]|1[0-2])(-\d{2})?$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}`;
  const named = /^([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(text);
  const index = named ? MONTHS.indexOf(named[1]!.toLowerCase()) : -1;
  return named && index >= 0 ? `${named[2]}-${String(index + 1).padStart(2, "0")}` : undefined;
};

/** `A1`-style address of a zero-based row and column. */
const cellAddress = (row: number, column: number): string => {
  let letters = "";
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
};

/**
 * One board's months from its sheet, from `FIRST_MONTH` on; an empty price is a gap, anything else not a price fails.
 */
const readBoard = async (workbook: Buffer, sheet: string): Promise<MonthlyPrice[]> => {
  let rows: unknown[][];
  try {
    rows = (await readSheet(workbook, sheet)) as unknown[][];
  } catch (error: unknown) {
    if (error instanceof SheetNotFoundError) throw new SourceError(SOURCE, `${WORKBOOK} has no sheet ${sheet}`);
    throw new SourceError(SOURCE, `${WORKBOOK} cannot be read (${errorMessage(error)})`);
  }
  const header = (rows[0] ?? []).map((cell) => (typeof cell === "string" ? cell.trim() : cell));
  const dateColumn = header.indexOf("Date");
  const priceColumn = header.indexOf(COLUMN);
  if (dateColumn < 0 || priceColumn < 0) {
    throw new SourceError(
      SOURCE,
      `${WORKBOOK}, sheet ${sheet}: no ${dateColumn < 0 ? "Date" : COLUMN} column in its first row`,
    );
  }
  const prices: MonthlyPrice[] = [];
  for (const [index, row] of rows.entries()) {
    if (index === 0) continue;
    const month = monthOf(row[dateColumn]);
    if (month === undefined) {
      if (row.every((cell) => cell === null || cell === undefined || cell === "")) continue;
      throw new SourceError(
        SOURCE,
        `${WORKBOOK}, sheet ${sheet}, cell ${cellAddress(index, dateColumn)}: ${JSON.stringify(row[dateColumn])} is not a month`,
      );
    }
    if (month < FIRST_MONTH) continue;
    const price = row[priceColumn];
    if (price === null || price === undefined || price === "") continue;
    if (typeof price !== "number" || !Number.isFinite(price) || price <= 0) {
      throw new SourceError(
        SOURCE,
        `${WORKBOOK}, sheet ${sheet}, cell ${cellAddress(index, priceColumn)}: ${JSON.stringify(price)} is not a price`,
      );
    }
    prices.push({ month, price, cell: cellAddress(index, priceColumn) });
  }
  return prices;
};

/**
 * How much of the archive is handed to the inflater at a time. DEFLATE expands data about a thousandfold at most, so
 * one push inflates at most a few MB before its output is counted against the cap.
 */
const PUSH_BYTES = 8 * 1024;

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** An entry, or the entries together, would pass the cap on their uncompressed size. */
class ZipSizeError extends Error {
  override name = "ZipSizeError";
}

/**
 * The entries of a ZIP archive that `keep` selects, inflated (and the names of all its entries), where the entries
 * `count` selects (the kept ones among them) may together hold at most `maxBytes` uncompressed. The sizes the central
 * directory declares are checked first; since an archive can declare less than it holds, the entries are then inflated
 * a small piece at a time, counting the bytes, and the reading stops as soon as the count passes the cap: a ZIP bomb
 * costs no more memory than the cap. Entries counted but not kept are inflated only to count them; entries not counted
 * are never inflated.
 */
const unzipBounded = (
  zip: Uint8Array,
  options: { keep: (name: string) => boolean; count: (name: string) => boolean; maxBytes: number },
): { kept: Map<string, Uint8Array>; names: string[] } => {
  const { keep, count, maxBytes } = options;
  const names: string[] = [];
  let declared = 0;
  // unzipSync reads the central directory and, with every entry filtered out, inflates nothing.
  unzipSync(zip, {
    filter: (entry) => {
      names.push(entry.name);
      if (!count(entry.name)) return false;
      const before = declared;
      declared += entry.originalSize;
      if (declared > maxBytes) {
        const together = before > 0 ? ` (${megabytes(declared)} with the entries before it)` : "";
        throw new ZipSizeError(
          `"${entry.name}" declares ${megabytes(entry.originalSize)} uncompressed${together}, past the ${megabytes(maxBytes)} cap`,
        );
      }
      return false;
    },
  });

  const kept = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (!count(file.name)) return;
    const chunks: Uint8Array[] | undefined = keep(file.name) ? [] : undefined;
    const fileStart = inflated;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      inflated += data.length;
      if (inflated > maxBytes) {
        const together = fileStart > 0 ? " (with the entries before it)" : "";
        failure = new ZipSizeError(
          `"${file.name}" inflates past the ${megabytes(maxBytes)} cap on the uncompressed size${together}`,
        );
        return;
      }
      chunks?.push(data);
      if (final && chunks) kept.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let offset = 0; offset < zip.length && failure === undefined; offset += PUSH_BYTES) {
    unzip.push(zip.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= zip.length);
  }
  if (failure) throw failure;
  return { kept, names };
};

/**
 * What the update reads of CREA's archive at most, so that a hostile or broken download fails naming the cap instead
 * of exhausting memory (the reasons are in docs/operators/workflows.md):
 * - `maxArchiveBytes`: the archive as downloaded;
 * - `maxWorkbookBytes`: the monthly workbook, uncompressed, as the archive holds it;
 * - `maxWorkbookContentBytes`: everything in the workbook (itself a ZIP) uncompressed, which the spreadsheet reader
 *   inflates and holds at once.
 */
export interface ArchiveLimits {
  maxArchiveBytes: number;
  maxWorkbookBytes: number;
  maxWorkbookContentBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxArchiveBytes: 64 * MIB,
  maxWorkbookBytes: 64 * MIB,
  maxWorkbookContentBytes: 256 * MIB,
};

/**
 * Both boards' monthly prices from the archive's bytes (a ZIP of XLSX workbooks). Only the monthly workbook is
 * inflated, and only up to its cap; the workbook's own entries are counted against theirs before the spreadsheet
 * reader sees it (see unzipBounded: declared sizes are checked, and actual ones counted while inflating).
 */
export const readArchive = async (
  archive: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<Record<Board, MonthlyPrice[]>> => {
  const isWorkbook = (entry: string) => entry.split("/").at(-1) === WORKBOOK;
  let read: ReturnType<typeof unzipBounded>;
  try {
    read = unzipBounded(archive, { keep: isWorkbook, count: isWorkbook, maxBytes: limits.maxWorkbookBytes });
  } catch (error: unknown) {
    if (error instanceof ZipSizeError)
      throw new SourceError(SOURCE, `the archive's workbook is too large: ${error.message}`);
    throw new SourceError(SOURCE, `the archive is not a readable ZIP (${errorMessage(error)})`);
  }
  const workbook = [...read.kept.values()][0];
  if (workbook === undefined)
    throw new SourceError(SOURCE, `the archive holds no ${WORKBOOK} (it holds ${read.names.join(", ") || "nothing"})`);
  try {
    unzipBounded(workbook, { keep: () => false, count: () => true, maxBytes: limits.maxWorkbookContentBytes });
  } catch (error: unknown) {
    if (error instanceof ZipSizeError)
      throw new SourceError(SOURCE, `${WORKBOOK} is too large to read: ${error.message}`);
    throw new SourceError(SOURCE, `${WORKBOOK} cannot be read (${errorMessage(error)})`);
  }
  const bytes = Buffer.from(workbook);
  return {
    "greater-vancouver": await readBoard(bytes, SHEETS["greater-vancouver"]),
    "fraser-valley": await readBoard(bytes, SHEETS["fraser-valley"]),
  };
};

/**
 * The archive's production address: a link found on a page read from elsewhere (a test server) is moved to CREA's host.
 */
export const productionAddress = (link: URL, pageUrl: string): string => {
  const page = new URL(pageUrl);
  if (link.origin !== page.origin) return link.href;
  return new URL(`${link.pathname}${link.search}`, CREA_HPI_PAGE).href;
};

/** The citation of one board's month: the archive, the workbook, the sheet and the cell. */
export const priceCitation = (
  archiveUrl: string,
  board: Board,
  price: MonthlyPrice,
  retrieved: string,
): IndexCitation => ({
  url: archiveUrl,
  org: "crea",
  kind: "official",
  title: `MLS® Home Price Index archive, ${WORKBOOK.replace(/\.xlsx$/, "")}`,
  retrieved_iso: retrieved,
  notes: `CREA's MLS® HPI data, workbook "${WORKBOOK}", sheet ${SHEETS[board]}, cell ${price.cell} (${COLUMN}, ${price.month}): the composite benchmark price, not seasonally adjusted, in this archive's vintage.`,
});

/** The HPI tool page is read at most this far: it is an ordinary web page of some hundred KB. */
const MAX_PAGE_BYTES = 8 * MIB;

/**
 * Reads the HPI tool page at `pageUrl` (tests give a local server), finds the archive it links, downloads it (up to
 * its cap) and reads both boards' composite benchmark prices. The archive must be a ZIP: an HTML page or a truncated
 * download fails.
 */
export const fetchMonthlyPrices = async (
  pageUrl: string,
  timeoutMs = 60_000,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<{ archiveUrl: string; prices: Record<Board, MonthlyPrice[]> }> => {
  const page = await getFromSource(SOURCE, pageUrl, `the HPI tool page ${pageUrl}`, {
    timeoutMs,
    maxBytes: MAX_PAGE_BYTES,
  });
  const link = archiveLink(page.body.toString("utf8"), page.url);
  const archive = (
    await getFromSource(SOURCE, link.href, `the archive ${link.href}`, { timeoutMs, maxBytes: limits.maxArchiveBytes })
  ).body;
  if (archive[0] !== 0x50 || archive[1] !== 0x4b) {
    const start = Buffer.from(archive.subarray(0, 40)).toString("latin1");
    throw new SourceError(SOURCE, `the archive ${link.href} is not a ZIP (it starts ${JSON.stringify(start)})`);
  }
  return { archiveUrl: productionAddress(link, pageUrl), prices: await readArchive(archive, limits) };
};
