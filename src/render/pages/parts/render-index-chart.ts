import type { SourceQuality } from "../../../affordability/compute-series.ts";
import { boardLabel, monthLabel, monthsBetween } from "../../../affordability/month-labels.ts";
import { type AffordabilityEntry, BOARDS, type Board } from "../../../schemas/index.ts";
import { type Html, html } from "../text/index.ts";

const WIDTH = 720;
const MARGIN = { top: 16, right: 36, left: 132 };
const PLOT_HEIGHT = 200;
const STRIP_HEIGHT = 10;
const STRIP_GAP = 6;
/** Each board's colour and marker: the shape tells the boards apart without colour. */
const STYLE: Record<Board, { colour: string; marker: "circle" | "square" }> = {
  "greater-vancouver": { colour: "#1f5f8b", marker: "circle" },
  "fraser-valley": { colour: "#a34700", marker: "square" },
};

export interface IndexChartInput {
  entries: readonly AffordabilityEntry[];
  period: { from: string; to: string } | null;
  quality: Record<Board, Record<string, SourceQuality>>;
}

const round = (value: number): string => value.toFixed(1);

/** One point's marker: filled when every input is official, hollow when one rests on a secondary source. */
const marker = (board: Board, cx: number, cy: number, quality: SourceQuality, label: string): Html => {
  const { colour, marker: shape } = STYLE[board];
  const fill = quality === "official" ? colour : "#fff";
  const title = html`<title>${label}</title>`;
  return shape === "circle"
    ? html`<circle cx="${round(cx)}" cy="${round(cy)}" r="4.5" fill="${fill}" stroke="${colour}" stroke-width="2" data-quality="${quality}">${title}</circle>`
    : html`<rect x="${round(cx - 4)}" y="${round(cy - 4)}" width="8" height="8" fill="${fill}" stroke="${colour}" stroke-width="2" data-quality="${quality}">${title}</rect>`;
};

/**
 * Both boards' index on one calendar axis and one scale, drawn at build time as SVG: a line joins consecutive
 * published months only, so a gap is never bridged; each marker is filled when its inputs are official and hollow
 * when one is secondary; under the plot, one strip per board has a filled cell for each published month and an empty
 * one for each month without a value. Screen readers get a title and a description; the tables carry every number.
 */
export const renderIndexChart = ({ entries, period, quality }: IndexChartInput): Html => {
  if (entries.length === 0 || period === null) return html`<p>No month is published yet.</p>`;
  const months = monthsBetween(period.from, period.to);
  const values = entries.map((entry) => entry.idx);
  const low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotBottom = MARGIN.top + PLOT_HEIGHT;
  const cell = plotWidth / months.length;
  const x = (month: string): number => MARGIN.left + (months.indexOf(month) + 0.5) * cell;
  const y = (value: number): number => plotBottom - ((value - low) / (high - low)) * PLOT_HEIGHT;
  const stripTop = (row: number): number => plotBottom + 26 + row * (STRIP_HEIGHT + STRIP_GAP);
  const height = stripTop(BOARDS.length) + 4;

  // Gridlines on round values (every 10 points, or 20 on a tall range) so a reader can take a point's value off the axis.
  const step = high - low > 80 ? 20 : 10;
  const ticks = Array.from({ length: Math.floor((high - low) / step) + 1 }, (_, index) => low + index * step);
  const yearStarts = months.filter((month, index) => index === 0 || month.endsWith("-01"));
  const boards = BOARDS.map((board) => ({ board, series: entries.filter((entry) => entry.board === board) }));
  const description = boards
    .map(({ board, series }) =>
      series.length === 0
        ? `${boardLabel(board)}: no month published.`
        : `${boardLabel(board)}: ${series.length} of ${months.length} months published; ${series.map((entry) => `${entry.monthLabel} ${entry.idx}`).join(", ")}.`,
    )
    .join(" ");

  // The legend explains a marker fill only when some point is drawn with it, each with a board that has such a point.
  const legendQualities = (["official", "secondary"] as const).flatMap((kind) => {
    const found = boards.find(({ board, series }) => series.some((entry) => (quality[board][entry.monthSlug] ?? "secondary") === kind));
    return found ? [{ board: found.board, kind }] : [];
  });

  const lines = boards.flatMap(({ board, series }) => {
    const segments: string[][] = [];
    series.forEach((entry, index) => {
      const previous = series[index - 1];
      if (!previous || months.indexOf(entry.monthSlug) !== months.indexOf(previous.monthSlug) + 1) segments.push([]);
      segments.at(-1)!.push(`${round(x(entry.monthSlug))},${round(y(entry.idx))}`);
    });
    return segments
      .filter((points) => points.length > 1)
      .map((points) => html`<polyline fill="none" stroke="${STYLE[board].colour}" stroke-width="2" points="${points.join(" ")}"/>`);
  });

  return html`<svg class="index-chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="index-chart-title index-chart-desc" xmlns="http://www.w3.org/2000/svg">
<title id="index-chart-title">Affordability index by month, ${monthLabel(period.from)} to ${monthLabel(period.to)}</title>
<desc id="index-chart-desc">${description}</desc>
${ticks.map((tick) => html`<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${round(y(tick))}" y2="${round(y(tick))}" stroke="#ddd" stroke-width="1"/><text x="${MARGIN.left - 8}" y="${round(y(tick) + 4)}" text-anchor="end" font-size="12" fill="#333">${Math.round(tick)}</text>`)}
${yearStarts.map((month) => html`<line x1="${round(x(month) - cell / 2)}" x2="${round(x(month) - cell / 2)}" y1="${MARGIN.top}" y2="${plotBottom + 6}" stroke="#bbb" stroke-width="1"/><text x="${round(x(month) - cell / 2 + 3)}" y="${plotBottom + 16}" font-size="12" fill="#333">${month.endsWith("-01") ? month.slice(0, 4) : monthLabel(month)}</text>`)}
${lines}
${boards.map(({ board, series }) =>
  series.map((entry) => {
    const sources = quality[board][entry.monthSlug] ?? "secondary";
    return marker(board, x(entry.monthSlug), y(entry.idx), sources, `${entry.boardLabel}, ${entry.monthLabel}: ${entry.idx} (${sources} sources)`);
  }),
)}
${boards.map(({ board, series }, row) => {
  const published = new Set(series.map((entry) => entry.monthSlug));
  return html`<g class="coverage" data-board="${board}"><text x="${MARGIN.left - 8}" y="${round(stripTop(row) + STRIP_HEIGHT - 1)}" text-anchor="end" font-size="11" fill="#333">${boardLabel(board)}</text>
${months.map((month) =>
  published.has(month)
    ? html`<rect x="${round(x(month) - cell / 2 + 0.5)}" y="${stripTop(row)}" width="${round(Math.max(cell - 1, 0.5))}" height="${STRIP_HEIGHT}" fill="${STYLE[board].colour}" data-month="${month}"/>`
    : html`<rect x="${round(x(month) - cell / 2 + 0.5)}" y="${stripTop(row)}" width="${round(Math.max(cell - 1, 0.5))}" height="${STRIP_HEIGHT}" fill="none" stroke="#ccc" stroke-width="0.5" data-month="${month}" data-gap=""/>`,
)}</g>`;
})}
</svg>
<ul class="chart-legend">
${boards
  .filter(({ series }) => series.length > 0)
  .map(({ board, series }) => {
    // The board's own sample marker is drawn as most of its points are, so the key never shows a point that is not there.
    const official = series.filter((entry) => quality[board][entry.monthSlug] === "official").length;
    const shown: SourceQuality = official * 2 >= series.length ? "official" : "secondary";
    return html`<li data-legend="board"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, shown, boardLabel(board))}</svg> ${boardLabel(board)}</li>`;
  })}
${legendQualities.map(({ board, kind }) =>
  kind === "official"
    ? html`<li data-legend="official"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "official", "official")}</svg> filled: price and rate from official sources or faithful copies of them</li>`
    : html`<li data-legend="secondary"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "secondary", "secondary")}</svg> hollow: price or rate from a secondary source</li>`,
)}
<li>A line joins consecutive months only. In the strips under the chart, a filled cell is a published month and an empty cell a month without a value.</li>
</ul>`;
};
