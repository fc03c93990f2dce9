import { compareText } from "../lib/compare-text.ts";
import type { Board } from "../schemas/affordability.ts";
import type { Citation } from "../schemas/citation.ts";
import type { BenchmarkFile, MortgageRatesFile } from "../schemas/index-data.ts";
import { monthChange } from "./month-change.ts";
import { MORTGAGE_SERIES, type MonthlyRate, observationUrl, rateCitation } from "./sources/bank-of-canada.ts";
import { type MonthlyPrice, priceCitation } from "./sources/crea.ts";

/** What an update did to one series: months added, months whose value changed (old → new), months now from the source. */
export interface SeriesChange {
  added: string[];
  revised: { month: string; from: number; to: number }[];
  resourced: string[];
}

/** A month as the source gives it: its value, the address it cites, and the whole entry to write when it is new. */
interface Incoming<Entry> {
  month: string;
  value: number;
  url: string;
  entry: () => Entry;
}

/**
 * Merges a source's months into the months on file. A month the source gives replaces the one on file unless it has
 * the same value from the same address (then the entry, and the date it was read, stay as they were, so a run with
 * nothing new changes nothing). A month on file that the source lacks stays, with its own citation.
 */
const mergeMonths = <Entry extends { month: string; citation: Citation }>(
  current: readonly Entry[],
  incoming: readonly Incoming<Entry>[],
  valueIn: (entry: Entry) => number,
): { months: Entry[]; change: SeriesChange } => {
  const change: SeriesChange = { added: [], revised: [], resourced: [] };
  const months = new Map(current.map((entry) => [entry.month, entry]));
  for (const month of incoming) {
    const existing = months.get(month.month);
    const kind = monthChange(existing && { value: valueIn(existing), source: existing.citation.url }, { value: month.value, source: month.url });
    if (kind === "unchanged") continue;
    if (kind === "revised") change.revised.push({ month: month.month, from: valueIn(existing!), to: month.value });
    else change[kind].push(month.month);
    months.set(month.month, month.entry());
  }
  return { months: [...months.values()].sort((a, b) => compareText(a.month, b.month)), change };
};

const RATES_SERIES = `Bank of Canada ${MORTGAGE_SERIES}: 5-year conventional mortgage rate posted by chartered banks (weekly; a month takes its last Wednesday's value)`;

const RATES_DESCRIPTION =
  "Typical (modal) 5-year conventional posted mortgage rate of the six major chartered banks, as a fraction, read from the Bank of Canada's Valet API. " +
  "A month takes the observation of its last Wednesday, as the Bank's discontinued monthly series V122521 did; a month without that observation is a gap, never filled from another week. " +
  "Posted rates are higher than the contracted rates most borrowers pay, so the index overstates carrying cost in level terms.";

/** The rates file with the Bank of Canada's months merged in. */
export const mergeRates = (current: MortgageRatesFile, rates: readonly MonthlyRate[], today: string): { file: MortgageRatesFile; change: SeriesChange } => {
  const incoming = rates.map((rate) => ({
    month: rate.month,
    value: rate.rate,
    url: observationUrl(rate.observed),
    entry: () => ({ month: rate.month, rate: rate.rate, citation: rateCitation(rate, today) }),
  }));
  const { months, change } = mergeMonths(current.months, incoming, (entry) => entry.rate);
  return { file: { series: RATES_SERIES, description: RATES_DESCRIPTION, months }, change };
};

/** A board's benchmark file with CREA's months merged in, each citing the archive, sheet and cell it was read from. */
export const mergePrices = (
  current: BenchmarkFile,
  board: Board,
  prices: readonly MonthlyPrice[],
  archiveUrl: string,
  today: string,
): { file: BenchmarkFile; change: SeriesChange } => {
  const incoming = prices.map((price) => ({
    month: price.month,
    value: price.price,
    url: archiveUrl,
    entry: () => ({ month: price.month, hpi_benchmark_price: price.price, citation: priceCitation(archiveUrl, board, price, today) }),
  }));
  const { months, change } = mergeMonths(current.months, incoming, (entry) => entry.hpi_benchmark_price);
  return { file: { ...current, months }, change };
};
