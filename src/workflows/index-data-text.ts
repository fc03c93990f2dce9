import type { ComputedSeries } from "../affordability/compute-series.ts";
import type { IndexDataChange } from "../affordability/index-data-changes.ts";
import { formatCad, formatPercent } from "../lib/format.ts";
import { BOARDS, Board, MonthSlug, type SourceTerms } from "../schemas/index.ts";
import { escapeMarkdown, joinWithin, shaped } from "./markdown.ts";

// How changes to the affordability index's inputs are written, once for every place that shows them: one plain-text
// renderer (the console of `npm run index:update`) and one Markdown renderer (the body of the index proposal pull
// request, and the pull-request comment's index section), and the proposal's title and body. It lives under workflows,
// beside the Markdown helpers it uses, so that src/affordability imports neither them nor the page formatters.

/** A value of the series as people read it: a rate as a percentage, a price in dollars. */
const valueText = (measure: IndexDataChange["measure"], value: number): string =>
  measure === "rate" ? formatPercent(value) : formatCad(value);

/**
 * One series' changes as console lines under `label` (`rates: 2 new month(s), 1 revised, 0 re-sourced`, then the new
 * months, each revision old → new, and the months re-sourced), as `npm run index:update` prints them.
 */
export const indexChangeText = (label: string, change: IndexDataChange): string[] => {
  const { added, revised, removed, resourced } = change;
  const value = (number: number) => valueText(change.measure, number);
  return [
    `${label}: ${added.length} new month(s), ${revised.length} revised, ${resourced.length} re-sourced${removed.length > 0 ? `, ${removed.length} removed` : ""}`,
    ...(added.length > 0 ? [`  new: ${added.map((entry) => entry.month).join(", ")}`] : []),
    ...revised.map((entry) => `  revised ${entry.month}: ${value(entry.from)} → ${value(entry.to)}`),
    ...(removed.length > 0 ? [`  removed: ${removed.map((entry) => entry.month).join(", ")}`] : []),
    ...(resourced.length > 0 ? [`  same value, new source: ${resourced.join(", ")}`] : []),
  ];
};

/** A list in the Markdown of one series (months, revisions) is cut at this many characters, the rest counted. */
const MAX_LIST_LENGTH = 4_000;

/**
 * A month as Markdown shows it: it may come from a pull request or a source, so it is checked for its shape and
 * escaped.
 */
const monthText = (month: string): string => shaped(month, MonthSlug, "a month");

/**
 * One series' changes as a Markdown list: the months added (with their values), revised (old → new), removed, and
 * re-sourced, each list cut at its size. The index proposal's body and the pull-request comment both show it.
 */
export const indexChangeMarkdown = (change: IndexDataChange): string[] => {
  const value = (number: number) => escapeMarkdown(valueText(change.measure, number));
  const list = (label: string, items: string[]) =>
    items.length > 0 ? [`- ${label}: ${joinWithin(items, ", ", MAX_LIST_LENGTH)}`] : [];
  const revised = change.revised.map(
    (entry) => `- revised ${monthText(entry.month)}: ${value(entry.from)} → ${value(entry.to)}`,
  );
  return [
    ...list(
      "new",
      change.added.map((entry) => `${monthText(entry.month)} ${value(entry.value)}`),
    ),
    ...(revised.length > 0 ? [joinWithin(revised, "\n", MAX_LIST_LENGTH, (rest) => `- and ${rest} more revised`)] : []),
    ...list(
      "removed",
      change.removed.map((entry) => `${monthText(entry.month)} ${value(entry.value)}`),
    ),
    ...list("same value, new source", change.resourced.map(monthText)),
  ];
};

/** One series the update touched, as the proposal names it (`rates`, `prices greater-vancouver`). */
export interface SeriesUpdate {
  label: string;
  change: IndexDataChange;
}

/** A board as the body shows it: one of the known board ids, checked and escaped like any text it writes. */
const boardText = (board: string): string => shaped(board, Board, "a board");

/**
 * A source's terms-of-use address: a link only when it parses as an https URL, written as the parser normalised it
 * (spaces, angle brackets and controls percent-encoded, so nothing can end the autolink early); anything else is
 * escaped text that links nothing.
 */
const termsLink = (url: string): string => {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  return parsed?.protocol === "https:" ? `<${parsed.href}>` : escapeMarkdown(url);
};

/**
 * The month a proposal is named after: the newest month it adds, else the newest it revises, else the newest published.
 */
export const proposalMonth = (updates: readonly SeriesUpdate[], series: ComputedSeries): string | undefined => {
  const newest = (months: string[]): string | undefined => months.sort().at(-1);
  return (
    newest(updates.flatMap((update) => update.change.added.map((entry) => entry.month))) ??
    newest(updates.flatMap((update) => update.change.revised.map((revision) => revision.month))) ??
    newest(series.entries.map((entry) => entry.monthSlug))
  );
};

/**
 * The title and body of the monthly pull request: the new months and the revised ones (old → new) of each input, and
 * the index that results for each board, so a reviewer sees what the merge would publish; and a box to tick for each
 * source whose terms of use are not yet recorded as read.
 */
export const pullRequestText = (
  updates: readonly SeriesUpdate[],
  series: ComputedSeries,
  sources: readonly SourceTerms[] = [],
): { title: string; body: string } => {
  const named = proposalMonth(updates, series);
  // A title is not Markdown, so a month of the right shape is written as it is.
  const month = named !== undefined && MonthSlug.safeParse(named).success ? named : "no month";
  const lines = [
    "Inputs fetched by `npm run index:update` from their official sources; each value cites its source's address.",
    "",
  ];
  for (const update of updates) {
    const changed = indexChangeMarkdown(update.change);
    lines.push(`### ${escapeMarkdown(update.label)}`, "", ...(changed.length === 0 ? ["Nothing new."] : changed), "");
  }
  const touched = new Set(
    updates.flatMap((update) => [
      ...update.change.added.map((entry) => entry.month),
      ...update.change.revised.map((revision) => revision.month),
    ]),
  );
  lines.push("### Resulting index", "", "| Board | Month | idx |", "|---|---|---|");
  for (const board of BOARDS) {
    const entries = series.entries.filter((entry) => entry.board === board);
    const shown = entries.filter((entry) => touched.has(entry.monthSlug) || entry === entries.at(-1));
    if (shown.length === 0) lines.push(`| ${boardText(board)} | (none published) | |`);
    for (const entry of shown)
      lines.push(`| ${boardText(board)} | ${monthText(entry.monthSlug)} | ${escapeMarkdown(String(entry.idx))} |`);
  }
  const unread = sources.filter((source) => !source.terms_read);
  if (unread.length > 0) {
    lines.push("", "### Before merging", "");
    for (const source of unread) {
      lines.push(
        `- [ ] The terms of use of ${escapeMarkdown(source.source)} (${termsLink(source.terms_url)}) are not recorded as read in index-data/methodology.json: read them, confirm they allow publishing these values, and record them there.`,
      );
    }
  }
  return { title: `Affordability index inputs for ${month}`, body: `${lines.join("\n")}\n` };
};
