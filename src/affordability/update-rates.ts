import type { MortgageRatesFile } from "../schemas/index-data.ts";
import { MORTGAGE_SERIES, type MonthlyRate, observationUrl, rateCitation } from "./sources/bank-of-canada.ts";

/** What an update did to the rates: months added, months whose value changed (old → new), months now officially sourced. */
export interface RatesChange {
  added: string[];
  revised: { month: string; from: number; to: number }[];
  resourced: string[];
}

const SERIES = `Bank of Canada ${MORTGAGE_SERIES}: 5-year conventional mortgage rate posted by chartered banks (weekly; a month takes its last Wednesday's value)`;

const DESCRIPTION =
  "Typical (modal) 5-year conventional posted mortgage rate of the six major chartered banks, as a fraction, read from the Bank of Canada's Valet API. " +
  "A month takes the observation of its last Wednesday, as the Bank's discontinued monthly series V122521 did; a month without that observation is a gap, never filled from another week. " +
  "Posted rates are higher than the contracted rates most borrowers pay, so the index overstates carrying cost in level terms.";

/**
 * The rates file with the source's months merged in. A month the source gives replaces the one on file unless it is
 * the same value from the same observation (then the entry, and the date it was read, stay as they were, so a run
 * with nothing new changes nothing). A month on file that the source lacks stays, with its own citation.
 */
export const mergeRates = (current: MortgageRatesFile, rates: readonly MonthlyRate[], today: string): { file: MortgageRatesFile; change: RatesChange } => {
  const change: RatesChange = { added: [], revised: [], resourced: [] };
  const months = new Map(current.months.map((entry) => [entry.month, entry]));
  for (const rate of rates) {
    const existing = months.get(rate.month);
    if (existing?.rate === rate.rate && existing.citation.url === observationUrl(rate.observed)) continue;
    if (existing === undefined) change.added.push(rate.month);
    else if (existing.rate !== rate.rate) change.revised.push({ month: rate.month, from: existing.rate, to: rate.rate });
    else change.resourced.push(rate.month);
    months.set(rate.month, { month: rate.month, rate: rate.rate, citation: rateCitation(rate, today) });
  }
  const sorted = [...months.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  return { file: { series: SERIES, description: DESCRIPTION, months: sorted }, change };
};
