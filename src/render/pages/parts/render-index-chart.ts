import { monthsBetween } from "../../../affordability/month-labels.ts";
import type { AffordabilityEntry } from "../../../schemas/affordability.ts";
import { type Html, html } from "../text/index.ts";

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 16, right: 24, bottom: 40, left: 48 };

/**
 * A board's index as an SVG line chart drawn at build time: one point per published month on a calendar axis, the
 * line broken across unpublished months so a gap never looks like data. Screen readers get a title and description;
 * the table beside it carries the same numbers.
 */
export const renderIndexChart = (entries: readonly AffordabilityEntry[], title: string): Html => {
  if (entries.length === 0) return html`<p>No month is published for this board yet.</p>`;
  const months = monthsBetween(entries[0]!.monthSlug, entries.at(-1)!.monthSlug);
  const values = entries.map((entry) => entry.idx);
  const low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (month: string): number => MARGIN.left + (months.length === 1 ? plotWidth / 2 : (months.indexOf(month) / (months.length - 1)) * plotWidth);
  const y = (value: number): number => MARGIN.top + plotHeight - ((value - low) / (high - low)) * plotHeight;
  const round = (value: number): string => value.toFixed(1);

  const segments: string[][] = [];
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    const adjacent = previous && months.indexOf(entry.monthSlug) === months.indexOf(previous.monthSlug) + 1;
    if (!adjacent) segments.push([]);
    segments.at(-1)!.push(`${round(x(entry.monthSlug))},${round(y(entry.idx))}`);
  });
  const ticks = Array.from({ length: 5 }, (_, index) => low + ((high - low) * index) / 4);
  const description = entries.map((entry) => `${entry.monthLabel}: ${entry.idx}`).join("; ");

  return html`<svg class="index-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${title}-title ${title}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${title}-title">Affordability index, ${entries[0]!.boardLabel}</title>
<desc id="${title}-desc">${description}</desc>
${ticks.map((tick) => html`<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${round(y(tick))}" y2="${round(y(tick))}" stroke="#ccc" stroke-width="1"/><text x="${MARGIN.left - 8}" y="${round(y(tick) + 4)}" text-anchor="end" font-size="12" fill="#333">${Math.round(tick)}</text>`)}
${segments.filter((points) => points.length > 1).map((points) => html`<polyline fill="none" stroke="#1f5f8b" stroke-width="2" points="${points.join(" ")}"/>`)}
${entries.map((entry) => html`<circle cx="${round(x(entry.monthSlug))}" cy="${round(y(entry.idx))}" r="4" fill="#1f5f8b"><title>${entry.monthLabel}: ${entry.idx}</title></circle>`)}
${
  months.length === 1
    ? html`<text x="${round(x(months[0]!))}" y="${HEIGHT - 12}" text-anchor="middle" font-size="12" fill="#333">${entries[0]!.monthLabel}</text>`
    : html`<text x="${MARGIN.left}" y="${HEIGHT - 12}" font-size="12" fill="#333">${entries[0]!.monthLabel}</text>
<text x="${WIDTH - MARGIN.right}" y="${HEIGHT - 12}" text-anchor="end" font-size="12" fill="#333">${entries.at(-1)!.monthLabel}</text>`
}
</svg>`;
};
