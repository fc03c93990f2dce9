import type { ComputedSeries } from "../../affordability/compute-series.ts";
import type { SeriesChange } from "../../affordability/update-index-data.ts";
import { BOARDS, Board, MonthSlug, type SourceTerms } from "../../schemas/index.ts";
import { escapeMarkdown, shaped } from "../github/markdown/markdown-text.ts";

/** One series the update touched, with how its values are written. */
export interface SeriesUpdate {
  label: string;
  change: SeriesChange;
  format: (value: number) => string;
}

/** A month as the body shows it: read from a source, so checked for its shape and escaped like any outside text. */
const monthText = (month: string): string => shaped(month, MonthSlug, "a month");

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

/** The month a proposal is named after: the newest month it adds, else the newest it revises, else the newest published. */
export const proposalMonth = (updates: readonly SeriesUpdate[], series: ComputedSeries): string | undefined => {
  const newest = (months: string[]): string | undefined => months.sort().at(-1);
  return (
    newest(updates.flatMap((update) => update.change.added)) ??
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
  const lines = ["Inputs fetched by `npm run index:update` from their official sources; each value cites its source's address.", ""];
  for (const update of updates) {
    const { added, revised, resourced } = update.change;
    const value = (number: number) => escapeMarkdown(update.format(number));
    lines.push(`### ${escapeMarkdown(update.label)}`, "");
    if (added.length + revised.length + resourced.length === 0) lines.push("Nothing new.");
    if (added.length > 0) lines.push(`- New: ${added.map(monthText).join(", ")}`);
    for (const revision of revised) lines.push(`- Revised ${monthText(revision.month)}: ${value(revision.from)} → ${value(revision.to)}`);
    if (resourced.length > 0) lines.push(`- Same value, new source: ${resourced.map(monthText).join(", ")}`);
    lines.push("");
  }
  const touched = new Set(updates.flatMap((update) => [...update.change.added, ...update.change.revised.map((revision) => revision.month)]));
  lines.push("### Resulting index", "", "| Board | Month | idx |", "|---|---|---|");
  for (const board of BOARDS) {
    const entries = series.entries.filter((entry) => entry.board === board);
    const shown = entries.filter((entry) => touched.has(entry.monthSlug) || entry === entries.at(-1));
    if (shown.length === 0) lines.push(`| ${boardText(board)} | (none published) | |`);
    for (const entry of shown) lines.push(`| ${boardText(board)} | ${monthText(entry.monthSlug)} | ${escapeMarkdown(String(entry.idx))} |`);
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
