import { compareText } from "../lib/text.ts";
import { type AffordabilityEntry, type AffordabilityPublication, BOARDS } from "../schemas/index.ts";
import { type ComputedSeries, lastEndedMonth } from "./compute-series.ts";
import { monthsApart } from "./month-labels.ts";

/** The most recent month published; when both boards have it, the first board in BOARDS order. */
export const latestEntry = (entries: readonly AffordabilityEntry[]): AffordabilityEntry | null =>
  [...entries].sort((a, b) => compareText(b.monthSlug, a.monthSlug) || BOARDS.indexOf(a.board) - BOARDS.indexOf(b.board))[0] ?? null;

/**
 * How current and complete the index is on `today`: every board is expected to have a value for every month from the
 * index's first month to the last month that has ended, so a board without prices counts against the total and a
 * series that stops early shows as months behind. Counted from the entries, never from the input files, so what it
 * says is what is published.
 */
export const publicationStatus = (index: Pick<ComputedSeries, "entries" | "period">, today: string): AffordabilityPublication => {
  const { entries, period } = index;
  const latest = latestEntry(entries);
  const expectedFrom = period?.from ?? null;
  const ended = lastEndedMonth(today);
  // A price for the current month (allowed by the check) moves the expected end with it, so nothing counts as ahead.
  const expectedThrough = period === null ? null : period.to > ended ? period.to : ended;
  const monthsExpected = expectedFrom === null || expectedThrough === null ? 0 : monthsApart(expectedFrom, expectedThrough) + 1;
  const boards = BOARDS.map((board) => {
    const series = entries.filter((entry) => entry.board === board);
    const last = series.at(-1);
    return {
      board,
      published_count: series.length,
      expected_count: monthsExpected,
      latest_month: last?.monthSlug ?? null,
      months_behind: last && expectedThrough ? monthsApart(last.monthSlug, expectedThrough) : null,
      previous_published_month: last?.trendComparedWith ?? null,
      months_since_previous: last?.monthsSinceCompared ?? null,
    };
  });
  return {
    as_of: today,
    expected_from: expectedFrom,
    expected_through: expectedThrough,
    expected_count: monthsExpected * BOARDS.length,
    published_count: entries.length,
    latest_month: latest?.monthSlug ?? null,
    latest_board: latest?.board ?? null,
    months_behind: latest && expectedThrough ? monthsApart(latest.monthSlug, expectedThrough) : null,
    previous_published_month: latest?.trendComparedWith ?? null,
    months_since_previous: latest?.monthsSinceCompared ?? null,
    boards,
  };
};
