import { parseDocument } from "htmlparser2";
import { readSheet, SheetNotFoundError } from "read-excel-file/node";
import type { Board, IndexCitation } from "../../schemas/index.ts";
import { FIRST_MONTH } from "./bank-of-canada.ts";
import { unzipBounded, ZipSizeError } from "./bounded-unzip.ts";
import { SourceError } from "./source-error.ts";

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
export const SHEETS: Record<Board, string> = { "greater-vancouver": "GREATER_VANCOUVER", "fraser-valley": "FRASER_VALLEY" };

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
  if (others.length > 0) throw new SourceError(SOURCE, `the HPI tool page links ${links.size} .zip archives, not one: ${[...links].join(", ")}`);
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
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
};

/** One board's months from its sheet, from `FIRST_MONTH` on; an empty price is a gap, anything else not a price fails. */
const readBoard = async (workbook: Buffer, sheet: string): Promise<MonthlyPrice[]> => {
  let rows: unknown[][];
  try {
    rows = (await readSheet(workbook, sheet)) as unknown[][];
  } catch (error: unknown) {
    if (error instanceof SheetNotFoundError) throw new SourceError(SOURCE, `${WORKBOOK} has no sheet ${sheet}`);
    throw new SourceError(SOURCE, `${WORKBOOK} cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const header = (rows[0] ?? []).map((cell) => (typeof cell === "string" ? cell.trim() : cell));
  const dateColumn = header.indexOf("Date");
  const priceColumn = header.indexOf(COLUMN);
  if (dateColumn < 0 || priceColumn < 0) {
    throw new SourceError(SOURCE, `${WORKBOOK}, sheet ${sheet}: no ${dateColumn < 0 ? "Date" : COLUMN} column in its first row`);
  }
  const prices: MonthlyPrice[] = [];
  for (const [index, row] of rows.entries()) {
    if (index === 0) continue;
    const month = monthOf(row[dateColumn]);
    if (month === undefined) {
      if (row.every((cell) => cell === null || cell === undefined || cell === "")) continue;
      throw new SourceError(SOURCE, `${WORKBOOK}, sheet ${sheet}, cell ${cellAddress(index, dateColumn)}: ${JSON.stringify(row[dateColumn])} is not a month`);
    }
    if (month < FIRST_MONTH) continue;
    const price = row[priceColumn];
    if (price === null || price === undefined || price === "") continue;
    if (typeof price !== "number" || !Number.isFinite(price) || price <= 0) {
      throw new SourceError(SOURCE, `${WORKBOOK}, sheet ${sheet}, cell ${cellAddress(index, priceColumn)}: ${JSON.stringify(price)} is not a price`);
    }
    prices.push({ month, price, cell: cellAddress(index, priceColumn) });
  }
  return prices;
};

const MIB = 1024 * 1024;

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

export const ARCHIVE_LIMITS: ArchiveLimits = { maxArchiveBytes: 64 * MIB, maxWorkbookBytes: 64 * MIB, maxWorkbookContentBytes: 256 * MIB };

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Both boards' monthly prices from the archive's bytes (a ZIP of XLSX workbooks). Only the monthly workbook is
 * inflated, and only up to its cap; the workbook's own entries are counted against theirs before the spreadsheet
 * reader sees it (see unzipBounded: declared sizes are checked, and actual ones counted while inflating).
 */
export const readArchive = async (archive: Uint8Array, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Record<Board, MonthlyPrice[]>> => {
  const isWorkbook = (entry: string) => entry.split("/").at(-1) === WORKBOOK;
  let read: ReturnType<typeof unzipBounded>;
  try {
    read = unzipBounded(archive, { keep: isWorkbook, count: isWorkbook, maxBytes: limits.maxWorkbookBytes });
  } catch (error: unknown) {
    if (error instanceof ZipSizeError) throw new SourceError(SOURCE, `the archive's workbook is too large: ${error.message}`);
    throw new SourceError(SOURCE, `the archive is not a readable ZIP (${reasonOf(error)})`);
  }
  const workbook = [...read.kept.values()][0];
  if (workbook === undefined) throw new SourceError(SOURCE, `the archive holds no ${WORKBOOK} (it holds ${read.names.join(", ") || "nothing"})`);
  try {
    unzipBounded(workbook, { keep: () => false, count: () => true, maxBytes: limits.maxWorkbookContentBytes });
  } catch (error: unknown) {
    if (error instanceof ZipSizeError) throw new SourceError(SOURCE, `${WORKBOOK} is too large to read: ${error.message}`);
    throw new SourceError(SOURCE, `${WORKBOOK} cannot be read (${reasonOf(error)})`);
  }
  const bytes = Buffer.from(workbook);
  return {
    "greater-vancouver": await readBoard(bytes, SHEETS["greater-vancouver"]),
    "fraser-valley": await readBoard(bytes, SHEETS["fraser-valley"]),
  };
};

/** The archive's production address: a link found on a page read from elsewhere (a test server) is moved to CREA's host. */
export const productionAddress = (link: URL, pageUrl: string): string => {
  const page = new URL(pageUrl);
  if (link.origin !== page.origin) return link.href;
  return new URL(`${link.pathname}${link.search}`, CREA_HPI_PAGE).href;
};

/** The citation of one board's month: the archive, the workbook, the sheet and the cell. */
export const priceCitation = (archiveUrl: string, board: Board, price: MonthlyPrice, retrieved: string): IndexCitation => ({
  url: archiveUrl,
  org: "crea",
  kind: "official",
  title: `MLS® Home Price Index archive, ${WORKBOOK.replace(/\.xlsx$/, "")}`,
  retrieved_iso: retrieved,
  notes: `CREA's MLS® HPI data, workbook "${WORKBOOK}", sheet ${SHEETS[board]}, cell ${price.cell} (${COLUMN}, ${price.month}): the composite benchmark price, not seasonally adjusted, in this archive's vintage.`,
});

const fetchOk = async (url: string, what: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<Response> => {
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error: unknown) {
    throw new SourceError(SOURCE, `${what} ${url} could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw new SourceError(SOURCE, `${what} ${url} answered ${response.status}`);
  return response;
};

/** A response's body, refused as soon as it is seen to pass `maxBytes` (by its Content-Length, else while it arrives). */
const readCapped = async (response: Response, what: string, maxBytes: number): Promise<Uint8Array> => {
  const tooLarge = () => new SourceError(SOURCE, `${what} is larger than the ${Math.round(maxBytes / MIB)} MB cap on its download`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += chunk.length;
    // Leaving the loop cancels the rest of the body.
    if (length > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * Reads the HPI tool page at `pageUrl` (tests give a local server), finds the archive it links, downloads it (up to
 * its cap) and reads both boards' composite benchmark prices. The archive must be a ZIP: an HTML page or a truncated
 * download fails.
 */
export const fetchMonthlyPrices = async (
  pageUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 60_000,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<{ archiveUrl: string; prices: Record<Board, MonthlyPrice[]> }> => {
  const page = await fetchOk(pageUrl, "the HPI tool page", fetchImpl, timeoutMs);
  const link = archiveLink(await page.text(), pageUrl);
  const archive = await readCapped(await fetchOk(link.href, "the archive", fetchImpl, timeoutMs), `the archive ${link.href}`, limits.maxArchiveBytes);
  if (archive[0] !== 0x50 || archive[1] !== 0x4b) {
    const start = Buffer.from(archive.subarray(0, 40)).toString("latin1");
    throw new SourceError(SOURCE, `the archive ${link.href} is not a ZIP (it starts ${JSON.stringify(start)})`);
  }
  return { archiveUrl: productionAddress(link, pageUrl), prices: await readArchive(archive, limits) };
};
