import { compareText } from "../lib/text.ts";
import type { BenchmarkFile, Board, IndexCitation, MortgageRatesFile, SeriesGaps } from "../schemas/index.ts";
import { monthsBetween } from "./compute-series.ts";
import { INPUT_BOUNDS, type InputBound, monthInFuture, outOfBounds } from "./index-data.ts";
import { type IndexDataChange, monthChange } from "./index-data-changes.ts";
import {
  MORTGAGE_SERIES,
  type MonthlyRate,
  observationUrl,
  rateCitation,
  SourceError,
  VALET_SOURCE,
} from "./providers/bank-of-canada.ts";
import { CREA_SOURCE, type MonthlyPrice, priceCitation, SHEETS } from "./providers/crea.ts";

// The monthly update of the index inputs (`npm run index:update`): a provider's months checked for plausibility and
// merged into the files on file, the change reported as an IndexDataChange.

/** A month as the source gives it: its value, the address it cites, and the whole entry to write when it is new. */
interface Incoming<Entry> {
  month: string;
  value: number;
  url: string;
  /** Where in the source the value was read (a cell, an observation date), for messages. */
  where: string;
  entry: () => Entry;
}

/**
 * Who gave the months (the source, and the board for prices), the bounds their values must fall within, and the file
 * and measure the change is reported under.
 */
interface Provenance {
  source: string;
  series: string;
  bound: InputBound;
  file: string;
  measure: IndexDataChange["measure"];
}

/**
 * Refuses a source's months that make no sense, naming the source and the month: the same month twice (which one is
 * right cannot be told, and writing either would hide the other), a month after today's (no value can exist for it
 * yet), or a value outside the plausible bounds of what it measures. One bad month stops the whole run, so nothing
 * is written from a source that answered it.
 */
const refuseImplausible = (incoming: readonly Incoming<unknown>[], provenance: Provenance, today: string): void => {
  const seen = new Map<string, string>();
  for (const month of incoming) {
    const fail = (reason: string) => {
      throw new SourceError(provenance.source, `${provenance.series} ${month.month} (${month.where}): ${reason}`);
    };
    const earlier = seen.get(month.month);
    if (earlier !== undefined) fail(`the month appears twice (also ${earlier}); which value is right cannot be told`);
    seen.set(month.month, month.where);
    const future = monthInFuture(month.month, today);
    if (future) fail(`${future}: a source cannot have a value for it yet`);
    const implausible = outOfBounds(provenance.bound, month.value);
    if (implausible) fail(implausible);
  }
};

/**
 * Merges a source's months into the months on file. A month the source gives replaces the one on file unless it has
 * the same value from the same address (then the entry, and the date it was read, stay as they were, so a run with
 * nothing new changes nothing). A month on file that the source lacks stays, with its own citation.
 */
const mergeMonths = <Entry extends { month: string; citation: IndexCitation }>(
  current: readonly Entry[],
  incoming: readonly Incoming<Entry>[],
  valueIn: (entry: Entry) => number,
  provenance: Provenance,
  today: string,
): { months: Entry[]; change: IndexDataChange } => {
  refuseImplausible(incoming, provenance, today);
  const change: IndexDataChange = {
    file: provenance.file,
    measure: provenance.measure,
    added: [],
    revised: [],
    removed: [],
    resourced: [],
  };
  const months = new Map(current.map((entry) => [entry.month, entry]));
  for (const month of incoming) {
    const existing = months.get(month.month);
    const kind = monthChange(existing && { value: valueIn(existing), source: existing.citation.url }, {
      value: month.value,
      source: month.url,
    });
    if (kind === "unchanged") continue;
    if (kind === "added") change.added.push({ month: month.month, value: month.value });
    else if (kind === "revised") change.revised.push({ month: month.month, from: valueIn(existing!), to: month.value });
    else change.resourced.push(month.month);
    months.set(month.month, month.entry());
  }
  return { months: [...months.values()].sort((a, b) => compareText(a.month, b.month)), change };
};

/**
 * The gaps on file less the months a source now gives: a gap shrinks or splits around them and keeps its reason, so
 * a month is never both on file and missing, and the reason stays on the months still without a value.
 */
const remainingGaps = (gaps: SeriesGaps, months: readonly { month: string }[]): { gaps?: NonNullable<SeriesGaps> } => {
  if (gaps === undefined) return {};
  const filled = new Set(months.map(({ month }) => month));
  const remaining: NonNullable<SeriesGaps> = [];
  for (const gap of gaps) {
    for (const month of monthsBetween(gap.from, gap.to)) {
      const last = remaining.at(-1);
      if (filled.has(month)) continue;
      if (last && last.reason === gap.reason && monthsBetween(last.to, month).length === 2) last.to = month;
      else remaining.push({ from: month, to: month, reason: gap.reason });
    }
  }
  return remaining.length > 0 ? { gaps: remaining } : {};
};

const RATES_SERIES = `Bank of Canada ${MORTGAGE_SERIES}: 5-year conventional mortgage rate posted by chartered banks (weekly; a month takes its last Wednesday's value)`;

const RATES_DESCRIPTION =
  "Typical (modal) 5-year conventional posted mortgage rate of the six major chartered banks, as a fraction, read from the Bank of Canada's Valet API. " +
  "A month takes the observation of its last Wednesday, as the Bank's discontinued monthly series V122521 did; a month without that observation is a gap, never filled from another week. " +
  "Posted rates are higher than the contracted rates most borrowers pay, so the index overstates carrying cost in level terms.";

/** The rates file with the Bank of Canada's months merged in. */
export const mergeRates = (
  current: MortgageRatesFile,
  rates: readonly MonthlyRate[],
  today: string,
): { file: MortgageRatesFile; change: IndexDataChange } => {
  const incoming = rates.map((rate) => ({
    month: rate.month,
    value: rate.rate,
    url: observationUrl(rate.observed),
    where: `observed ${rate.observed}`,
    entry: () => ({ month: rate.month, rate: rate.rate, citation: rateCitation(rate, today) }),
  }));
  const future = rates.find((rate) => rate.observed > today);
  if (future)
    throw new SourceError(
      VALET_SOURCE,
      `${MORTGAGE_SERIES} has an observation dated ${future.observed}, after today (${today})`,
    );
  const provenance = {
    source: VALET_SOURCE,
    series: MORTGAGE_SERIES,
    bound: INPUT_BOUNDS.mortgageRate,
    file: "index-data/mortgage-rates.json",
    measure: "rate",
  } as const;
  const { months, change } = mergeMonths(current.months, incoming, (entry) => entry.rate, provenance, today);
  return {
    file: { series: RATES_SERIES, description: RATES_DESCRIPTION, months, ...remainingGaps(current.gaps, months) },
    change,
  };
};

/** A board's benchmark file with CREA's months merged in, each citing the archive, sheet and cell it was read from. */
export const mergePrices = (
  current: BenchmarkFile,
  board: Board,
  prices: readonly MonthlyPrice[],
  archiveUrl: string,
  today: string,
): { file: BenchmarkFile; change: IndexDataChange } => {
  const incoming = prices.map((price) => ({
    month: price.month,
    value: price.price,
    url: archiveUrl,
    where: `sheet ${SHEETS[board]}, cell ${price.cell}`,
    entry: () => ({
      month: price.month,
      hpi_benchmark_price: price.price,
      citation: priceCitation(archiveUrl, board, price, today),
    }),
  }));
  const provenance = {
    source: CREA_SOURCE,
    series: board,
    bound: INPUT_BOUNDS.benchmarkPrice,
    file: `index-data/benchmarks/${board}.json`,
    measure: "price",
  } as const;
  const { months, change } = mergeMonths(
    current.months,
    incoming,
    (entry) => entry.hpi_benchmark_price,
    provenance,
    today,
  );
  const { gaps: _onFile, ...rest } = current;
  return { file: { ...rest, months, ...remainingGaps(current.gaps, months) }, change };
};
