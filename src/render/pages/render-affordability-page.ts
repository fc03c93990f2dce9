/**
 * The affordability page: the index for each board, its trend, the chart of the series, and how it is computed.
 */

import type { SeriesGap, SourceQuality } from "../../affordability/compute-series.ts";
import {
  boardLabel,
  monthLabel,
  monthsBetween,
  previousMonth,
  publicationStatus,
} from "../../affordability/compute-series.ts";
import type { IndexData } from "../../affordability/index-data.ts";
import { formatCad, formatPercent, readableDate } from "../../lib/format.ts";
import { type AffordabilityEntry, type AffordabilityPublication, BOARDS, type Board } from "../../schemas/index.ts";
import { INDEX_FORMULA, latestEntry } from "../api/render-affordability.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { type Html, html } from "../text.ts";
import { renderAffordabilityDatasetJsonLd, renderPage } from "./page-layout.ts";

const TREND_WORDS: Record<string, string> = {
  improving: "more affordable",
  worsening: "less affordable",
  stable: "about the same",
};

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** A fraction of income as a reader takes it in: a whole percentage. */
const sharePercent = (share: number): string => `${Math.round(share * 100)}%`;

/** How far back a compared month is, in words: "the month before", "3 months earlier". */
const howFarBack = (months: number): string => (months === 1 ? "the month before" : `${months} months earlier`);

/**
 * The income the published months divide by, in the words the page puts beside every figure that uses it ("the median
 * household income, …"): "fixed at its 2020 value from the 2021 Census" when the source's figure is held for every
 * month, else the years it stands for after sourced growth.
 */
export const incomeInUse = (entries: readonly AffordabilityEntry[], data: IndexData): string => {
  const { income } = data;
  if (entries.length === 0 || !income) return "";
  const years = [...new Set(entries.map((entry) => entry.incomeYear))].sort((a, b) => a - b);
  const census = income.measure.match(/(\d{4}) Census/i)?.[1];
  const source = census ? ` from the ${census} Census` : "";
  return years.length === 1 && years[0] === income.income_year
    ? `fixed at its ${income.income_year} value${source}`
    : `as of ${years.join(", ")}, its ${income.income_year} value${source} carried forward by the annual growth the methodology cites`;
};

/**
 * The status box's sentence on income: the year in use, each board's figure, that it is not updated, and what kind of
 * source it rests on.
 */
const describeIncome = (entries: readonly AffordabilityEntry[], data: IndexData): Html => {
  const phrase = incomeInUse(entries, data);
  if (!phrase || !data.income) return html``;
  const { income } = data;
  const figures = BOARDS.map((board) => `${boardLabel(board)} ${formatCad(income.boards[board].value)}`).join(", ");
  const secondary = BOARDS.some((board) =>
    income.boards[board].citations.every((citation) => citation.kind === "secondary"),
  );
  const held = entries.every((entry) => entry.incomeYear === income.income_year);
  return html`
<strong>Every value uses income ${phrase}</strong>: the median household income of ${income.income_year} (${figures})${held ? html`, held for every month since, so the index moves with prices and mortgage rates only and does not follow incomes after ${income.income_year}` : ""}.${secondary ? " These incomes rest on a secondary source: a report of the figures, not the statistical agency's own tables." : ""}`;
};

/** The opening: the latest month, how far behind it is, and how many board-months are published of those expected. */
const describeStatus = (status: AffordabilityPublication, income: Html): Html => {
  if (
    status.latest_month === null ||
    status.expected_through === null ||
    status.months_behind === null ||
    status.latest_board === null
  ) {
    return html`<p class="index-status">No index value is published yet.</p>`;
  }
  const behind =
    status.months_behind === 0
      ? html`It is current: ${monthLabel(status.expected_through)} is the last month that had ended when this page was built (${readableDate(status.as_of)}).`
      : html`That is <strong>${plural(status.months_behind, "month")} behind</strong> ${monthLabel(status.expected_through)}, the last month that had ended when this page was built (${readableDate(status.as_of)}).`;
  const boards = status.boards
    .map((board) => `${boardLabel(board.board)} ${board.published_count} of ${board.expected_count}`)
    .join(", ");
  return html`<p class="index-status"><strong>Latest month: ${monthLabel(status.latest_month)}</strong> (${boardLabel(status.latest_board)}). ${behind}
<strong>${status.published_count} of ${status.expected_count}</strong> board-months from ${monthLabel(status.expected_from ?? status.latest_month)} to ${monthLabel(status.expected_through)} are published (${boards}); the others lack a sourced input and are listed under <a href="#gaps">Months not published</a> with the reason.${income}</p>`;
};

/**
 * A board's latest value beside the share of income it stands for, its trend against the previous published month, and
 * the run since the first.
 */
const describeBoard = (
  board: Board,
  series: readonly AffordabilityEntry[],
  status: AffordabilityPublication,
  income: string,
): Html => {
  const latest = series.at(-1);
  if (!latest) return html`${boardLabel(board)}: no month is published yet.`;
  const boardStatus = status.boards.find((entry) => entry.board === board);
  const lag =
    boardStatus?.months_behind && status.expected_through
      ? ` This board's latest month is ${plural(boardStatus.months_behind, "month")} behind ${monthLabel(status.expected_through)}.`
      : "";
  const previous = series.at(-2);
  const trend =
    latest.trendComparedWith === null || latest.monthsSinceCompared === null || previous === undefined
      ? "It is the board's first published month, so there is no earlier month to compare with."
      : `${signedPoints(latest.idx - previous.idx)} from ${monthLabel(latest.trendComparedWith)}, ${howFarBack(latest.monthsSinceCompared)}${latest.monthsSinceCompared > 1 ? " (the months between are not published)" : ""}: ${TREND_WORDS[latest.idxTrend] ?? latest.idxTrend}.`;
  const first = series[0]!;
  const overall =
    series.length < 2
      ? "It is the only month published for this board."
      : `Since ${first.monthLabel} (${first.idx}), ${latest.idx === first.idx ? "it is unchanged" : `it has ${latest.idx > first.idx ? "risen" : "fallen"} ${plural(Math.abs(latest.idx - first.idx), "point")}`} over ${series.length} published months.`;
  return html`<strong>${boardLabel(board)}: index ${latest.idx}</strong> in ${latest.monthLabel}: carrying the benchmark home takes <strong>${sharePercent(latest.carryingCostShare)} of the median household income</strong>, ${income} (benchmark ${formatCad(latest.hpiBenchmarkPrice)}, carrying cost ${formatCad(Math.round(latest.annualCarryingCost))} a year, median income ${formatCad(latest.medianIncome)} in ${latest.incomeYear}).${lag} ${trend} ${overall}`;
};

/** A table row's trend: its words, and the month compared with when it is not the month before. */
const trendCell = (entry: AffordabilityEntry): Html => {
  if (entry.trendComparedWith === null || entry.monthsSinceCompared === null) return html`first month`;
  const words = TREND_WORDS[entry.idxTrend] ?? entry.idxTrend;
  return entry.monthsSinceCompared === 1
    ? html`${words}`
    : html`${words} <span class="compared">(vs ${monthLabel(entry.trendComparedWith)})</span>`;
};

const signedPoints = (change: number): string =>
  change === 0
    ? "Unchanged"
    : `${change > 0 ? "Up" : "Down"} ${Math.abs(change)} point${Math.abs(change) === 1 ? "" : "s"}`;

/**
 * A board whose prices come from more than one publication: CREA restates the index's whole history every June, so
 * two publications of one month can differ, and a move between months of different sources can be partly a revision.
 */
const mixedSources = (data: IndexData): string[] =>
  BOARDS.flatMap((board) => {
    const months = data.benchmarks[board]?.months ?? [];
    const sources = new Set(months.map((month) => new URL(month.citation.url).hostname));
    return sources.size > 1
      ? [
          `${boardLabel(board)}'s prices come from ${sources.size} publications. CREA restates the index's whole history every June, so figures of one month from different publications can differ slightly, and a move between months taken from different publications can be partly a revision.`,
        ]
      : [];
  });

/** Consecutive gap months of one board with one reason, as ranges. */
const gapRanges = (gaps: readonly SeriesGap[]): { board: Board; from: string; to: string; reason: string }[] => {
  const ranges: { board: Board; from: string; to: string; reason: string }[] = [];
  for (const gap of gaps) {
    const last = ranges.at(-1);
    if (last && last.board === gap.board && last.reason === gap.reason && previousMonth(gap.month) === last.to)
      last.to = gap.month;
    else ranges.push({ board: gap.board, from: gap.month, to: gap.month, reason: gap.reason });
  }
  return ranges;
};

/**
 * `/affordability.html`: each board's series as a chart and a table, the latest value and the methodology in plain
 * words.
 */
export const renderAffordabilityPage = (model: SiteModel, lang: PageLanguage): string => {
  const { entries, gaps, data, quality } = model.index;
  const latest = latestEntry(entries);
  const status = publicationStatus(model.index, model.today);
  const assumptions = data.methodology?.assumptions;
  const main = html`<h1>Lower Mainland affordability index</h1>
${describeStatus(status, describeIncome(entries, data))}
${
  latest
    ? html`<ul class="latest">${BOARDS.map(
        (board) =>
          html`<li>${describeBoard(
            board,
            entries.filter((entry) => entry.board === board),
            status,
            incomeInUse(entries, data),
          )}</li>`,
      )}</ul>`
    : ""
}
<p>For each board and month: the median household income (${incomeInUse(entries, data) || "income not published yet"}) divided by a year's cost of carrying the benchmark home, times 100.
Higher is more affordable; at 100 the median income exactly covers the carrying cost. The share of income that carrying the home takes is the index read the other way, 100 ÷ index: at 125 it is 80%. Formula: <code>${INDEX_FORMULA}</code>.</p>
${renderIndexChart(model.index, entries.length > 0 ? `Every point uses income ${incomeInUse(entries, data)}.` : "")}
${BOARDS.map((board) => {
  const series = entries.filter((entry) => entry.board === board);
  return html`<section aria-labelledby="board-${board}">
<h2 id="board-${board}">${boardLabel(board)}</h2>
${
  series.length > 0
    ? html`<div class="table-scroll" role="group" aria-label="${boardLabel(board)}: published months (scrolls sideways)" tabindex="0"><table class="index-table"><caption>${boardLabel(board)}: published months<span class="scroll-hint"> (scroll sideways for more columns)</span></caption>
<thead><tr><th scope="col">Month</th><th scope="col">Index</th><th scope="col">Share of income</th><th scope="col">Trend</th><th scope="col">Benchmark price</th><th scope="col">Monthly payment</th><th scope="col">Carrying cost a year</th><th scope="col">Median income (year measured)</th><th scope="col">Sources</th></tr></thead>
<tbody>${series.map((entry) => html`<tr><th scope="row">${entry.monthLabel}</th><td>${entry.idx}</td><td>${sharePercent(entry.carryingCostShare)}</td><td>${trendCell(entry)}</td><td>${formatCad(entry.hpiBenchmarkPrice)}</td><td>${formatCad(Math.round(entry.monthlyPI))}</td><td>${formatCad(Math.round(entry.annualCarryingCost))}</td><td>${formatCad(entry.medianIncome)} (${entry.incomeYear})</td><td>${quality[board][entry.monthSlug] ?? "secondary"}</td></tr>`)}</tbody>
</table></div>`
    : html`<p>No month is published for this board yet.</p>`
}
</section>`;
})}
<section aria-labelledby="methodology">
<h2 id="methodology">How it is computed</h2>
${
  assumptions
    ? html`<ul>
<li>The home is the board's MLS® HPI composite benchmark price for the month.</li>
<li>The buyer puts ${formatPercent(assumptions.down_payment_share.value)} down and borrows the rest over ${assumptions.amortization_years.value} years at the month's posted 5-year fixed rate, compounded semi-annually as Canadian law requires.</li>
<li>A year's carrying cost is twelve mortgage payments, property tax at ${formatPercent(assumptions.property_tax_rate.value)} of the price, ${formatCad(assumptions.maintenance_monthly.value)} a month for maintenance and ${formatCad(assumptions.insurance_monthly.value)} a month for insurance.</li>
<li>The trend compares a month with the same board's previous published month, which the table names when it is not the month before; a move of less than ${assumptions.trend_threshold_points.value} points is "stable".</li>
${data.income ? html`<li>Income: ${data.income.measure} (${data.income.boards["greater-vancouver"].geography}; ${data.income.boards["fraser-valley"].geography}). ${data.income.carry_forward.method}</li>` : ""}
</ul>
<p>Every input has its source in the <a href="api/v1/affordability-index/index.json">series JSON</a> (<code>methodology</code>). The series is also published as <a href="api/v1/affordability-index/series.csv">CSV</a>, one row per board and month with the kinds of its sources, described by the <a href="datapackage.json">Data Package</a>.</p>`
    : html`<p>The methodology is not published yet.</p>`
}
${
  data.methodology
    ? html`<h3>Sources, terms of use and credits</h3>
<ul class="sources">${data.methodology.sources.map(
        (source) => html`<li><strong>${source.source}</strong> (${source.used_for}). ${source.terms}
${source.terms_read ? "" : html`<em>Terms not yet confirmed.</em> `}Terms: <a href="${source.terms_url}">${source.terms_url}</a>.<br>${source.attribution}</li>`,
      )}</ul>
<p>A month marked "secondary" quotes its price or rate as reported by the news, brokerage or data page cited with the value in the <a href="api/v1/affordability-index/index.json">series JSON</a>.
${mixedSources(data).map((line) => html`${line} `)}</p>`
    : ""
}
<h3 id="gaps">Months not published</h3>
${
  gaps.length === 0
    ? html`<p>None.</p>`
    : html`<p>A month is published only when both its benchmark price and its mortgage rate have a source; nothing is estimated. ${gaps.length} board-months lack one:</p>
<ul class="gaps">${gapRanges(gaps).map((range) => html`<li>${boardLabel(range.board)}, ${range.from === range.to ? monthLabel(range.from) : `${monthLabel(range.from)} to ${monthLabel(range.to)}`}: ${range.reason}</li>`)}</ul>`
}
</section>`;
  return renderPage(
    model,
    {
      path: "/affordability.html",
      name: "affordability",
      dated: { by: "index", changedAt: model.indexChangedAt },
      title: "Lower Mainland affordability index",
      description:
        "Monthly affordability index for Greater Vancouver and the Fraser Valley: median household income over the annual cost of carrying the benchmark home.",
      canonical: model.urls.affordabilityPage,
      head: renderAffordabilityDatasetJsonLd(model),
      main,
    },
    lang,
  );
};

/** A marker's size: the circle's radius and half the square's side. */
interface MarkerSize {
  radius: number;
  half: number;
}

/**
 * One drawing of the chart. The wide one is for a desktop column (at most 45rem, so drawn at about its own size); the
 * narrow one is for a phone: its viewBox is about as wide as a phone's column, so its text renders at about its own
 * size (13 user units stay at least 11 CSS px down to a 300 px wide column), and each strip's label sits above its strip.
 */
interface ChartLayout {
  className: "index-chart" | "index-chart-narrow";
  idPrefix: string;
  width: number;
  margin: { top: number; right: number; left: number };
  plotHeight: number;
  fontSize: number;
  stripLabels: "left" | "above";
  /** Year starts are labelled with the year; whether a first month that is not a January is labelled too. */
  firstLabel: "month and year" | "none";
  marker: MarkerSize;
}

const WIDE: ChartLayout = {
  className: "index-chart",
  idPrefix: "index-chart",
  width: 720,
  margin: { top: 16, right: 36, left: 132 },
  plotHeight: 200,
  fontSize: 12,
  stripLabels: "left",
  firstLabel: "month and year",
  marker: { radius: 4.5, half: 4 },
};

const NARROW: ChartLayout = {
  className: "index-chart-narrow",
  idPrefix: "index-chart-narrow",
  width: 360,
  margin: { top: 12, right: 8, left: 34 },
  plotHeight: 180,
  fontSize: 13,
  stripLabels: "above",
  firstLabel: "none",
  marker: { radius: 3.5, half: 3 },
};

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
const marker = (
  board: Board,
  cx: number,
  cy: number,
  quality: SourceQuality,
  label: string,
  size: MarkerSize = WIDE.marker,
): Html => {
  const { colour, marker: shape } = STYLE[board];
  const fill = quality === "official" ? colour : "#fff";
  const title = html`<title>${label}</title>`;
  return shape === "circle"
    ? html`<circle cx="${round(cx)}" cy="${round(cy)}" r="${size.radius}" fill="${fill}" stroke="${colour}" stroke-width="2" data-quality="${quality}">${title}</circle>`
    : html`<rect x="${round(cx - size.half)}" y="${round(cy - size.half)}" width="${size.half * 2}" height="${size.half * 2}" fill="${fill}" stroke="${colour}" stroke-width="2" data-quality="${quality}">${title}</rect>`;
};

/**
 * Both boards' index on one calendar axis and one scale, drawn at build time as SVG, twice: a wide drawing for a
 * desktop and a narrow one for a phone, of which the stylesheet shows one, so the chart's text stays legible at 375
 * px. A line joins consecutive published months only, so a gap is never bridged; each marker is filled when its inputs
 * are official and hollow when one is secondary; under the plot, one strip per board has a filled cell for each
 * published month and an empty one for each month without a value. Screen readers get a title and a description;
 * the tables carry every number. `incomeNote`, under the chart, names the income every point uses.
 */
export const renderIndexChart = (input: IndexChartInput, incomeNote = ""): Html => {
  const { entries, period, quality } = input;
  if (entries.length === 0 || period === null) return html`<p>No month is published yet.</p>`;
  const boards = BOARDS.map((board) => ({ board, series: entries.filter((entry) => entry.board === board) }));

  // The legend explains a marker fill only when some point is drawn with it, each with a board that has such a point.
  const legendQualities = (["official", "secondary"] as const).flatMap((kind) => {
    const found = boards.find(({ board, series }) =>
      series.some((entry) => (quality[board][entry.monthSlug] ?? "secondary") === kind),
    );
    return found ? [{ board: found.board, kind }] : [];
  });

  return html`${drawChart(input, WIDE)}
${drawChart(input, NARROW)}
<ul class="chart-legend">
${boards
  .filter(({ series }) => series.length > 0)
  .map(({ board, series }) => {
    // The board's own sample marker is drawn as most of its points are, so the key never shows a point that is not
    // there.
    const official = series.filter((entry) => quality[board][entry.monthSlug] === "official").length;
    const shown: SourceQuality = official * 2 >= series.length ? "official" : "secondary";
    return html`<li data-legend="board"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, shown, boardLabel(board))}</svg> ${boardLabel(board)}</li>`;
  })}
${legendQualities.map(({ board, kind }) =>
  kind === "official"
    ? html`<li data-legend="official"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "official", "official")}</svg> filled: price and rate from official sources or faithful copies of them</li>`
    : html`<li data-legend="secondary"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "secondary", "secondary")}</svg> hollow: price or rate from a secondary source</li>`,
)}
<li>A line joins consecutive months only. In the strips under the chart, a filled cell is a published month and an empty cell a month without a value.${incomeNote ? ` ${incomeNote}` : ""}</li>
</ul>`;
};

/** One drawing of the chart in `layout`. */
const drawChart = ({ entries, period, quality }: IndexChartInput, layout: ChartLayout): Html => {
  if (period === null) return html``;
  const { width, margin, plotHeight, fontSize } = layout;
  const months = monthsBetween(period.from, period.to);
  const values = entries.map((entry) => entry.idx);
  const low = Math.floor((Math.min(...values) - 5) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 5) / 10) * 10;
  const plotWidth = width - margin.left - margin.right;
  const plotBottom = margin.top + plotHeight;
  const cell = plotWidth / months.length;
  const x = (month: string): number => margin.left + (months.indexOf(month) + 0.5) * cell;
  const y = (value: number): number => plotBottom - ((value - low) / (high - low)) * plotHeight;
  // A strip's label sits left of it, or above it on the narrow drawing (where the left margin holds only numbers).
  const labelAbove = layout.stripLabels === "above" ? fontSize + 2 : 0;
  const stripTop = (row: number): number =>
    plotBottom + 10 + fontSize + 4 + labelAbove + row * (STRIP_HEIGHT + STRIP_GAP + labelAbove);
  const height = stripTop(BOARDS.length) + 4 - labelAbove;

  // Gridlines on round values (every 10 points, or 20 on a tall range) so a reader can take a point's value off the
  // axis.
  const step = high - low > 80 ? 20 : 10;
  const ticks = Array.from({ length: Math.floor((high - low) / step) + 1 }, (_, index) => low + index * step);
  const yearStarts = months.filter(
    (month, index) => month.endsWith("-01") || (index === 0 && layout.firstLabel === "month and year"),
  );
  const boards = BOARDS.map((board) => ({ board, series: entries.filter((entry) => entry.board === board) }));
  const description = boards
    .map(({ board, series }) =>
      series.length === 0
        ? `${boardLabel(board)}: no month published.`
        : `${boardLabel(board)}: ${series.length} of ${months.length} months published; ${series.map((entry) => `${entry.monthLabel} ${entry.idx}`).join(", ")}.`,
    )
    .join(" ");

  const lines = boards.flatMap(({ board, series }) => {
    const segments: string[][] = [];
    series.forEach((entry, index) => {
      const previous = series[index - 1];
      if (!previous || months.indexOf(entry.monthSlug) !== months.indexOf(previous.monthSlug) + 1) segments.push([]);
      segments.at(-1)!.push(`${round(x(entry.monthSlug))},${round(y(entry.idx))}`);
    });
    return segments
      .filter((points) => points.length > 1)
      .map(
        (points) =>
          html`<polyline fill="none" stroke="${STYLE[board].colour}" stroke-width="2" points="${points.join(" ")}"/>`,
      );
  });
  const stripLabel = (board: Board, row: number): Html =>
    layout.stripLabels === "left"
      ? html`<text x="${margin.left - 8}" y="${round(stripTop(row) + STRIP_HEIGHT - 1)}" text-anchor="end" font-size="${fontSize - 1}" fill="#333">${boardLabel(board)}</text>`
      : html`<text x="${margin.left}" y="${round(stripTop(row) - 4)}" font-size="${fontSize}" fill="#333">${boardLabel(board)}</text>`;

  return html`<svg class="${layout.className}" viewBox="0 0 ${width} ${round(height)}" role="img" aria-labelledby="${layout.idPrefix}-title ${layout.idPrefix}-desc" xmlns="http://www.w3.org/2000/svg">
<title id="${layout.idPrefix}-title">Affordability index by month, ${monthLabel(period.from)} to ${monthLabel(period.to)}</title>
<desc id="${layout.idPrefix}-desc">${description}</desc>
${ticks.map((tick) => html`<line x1="${margin.left}" x2="${width - margin.right}" y1="${round(y(tick))}" y2="${round(y(tick))}" stroke="#ddd" stroke-width="1"/><text x="${margin.left - 6}" y="${round(y(tick) + 4)}" text-anchor="end" font-size="${fontSize}" fill="#333">${Math.round(tick)}</text>`)}
${yearStarts.map((month) => html`<line x1="${round(x(month) - cell / 2)}" x2="${round(x(month) - cell / 2)}" y1="${margin.top}" y2="${plotBottom + 6}" stroke="#bbb" stroke-width="1"/><text x="${round(x(month) - cell / 2 + 3)}" y="${plotBottom + 6 + fontSize}" font-size="${fontSize}" fill="#333">${month.endsWith("-01") ? month.slice(0, 4) : monthLabel(month)}</text>`)}
${lines}
${boards.map(({ board, series }) =>
  series.map((entry) => {
    const sources = quality[board][entry.monthSlug] ?? "secondary";
    return marker(
      board,
      x(entry.monthSlug),
      y(entry.idx),
      sources,
      `${entry.boardLabel}, ${entry.monthLabel}: ${entry.idx} (${sources} sources)`,
      layout.marker,
    );
  }),
)}
${boards.map(({ board, series }, row) => {
  const published = new Set(series.map((entry) => entry.monthSlug));
  return html`<g class="coverage" data-board="${board}">${stripLabel(board, row)}
${months.map((month) =>
  published.has(month)
    ? html`<rect x="${round(x(month) - cell / 2 + 0.5)}" y="${round(stripTop(row))}" width="${round(Math.max(cell - 1, 0.5))}" height="${STRIP_HEIGHT}" fill="${STYLE[board].colour}" data-month="${month}"/>`
    : html`<rect x="${round(x(month) - cell / 2 + 0.5)}" y="${round(stripTop(row))}" width="${round(Math.max(cell - 1, 0.5))}" height="${STRIP_HEIGHT}" fill="none" stroke="#ccc" stroke-width="0.5" data-month="${month}" data-gap=""/>`,
)}</g>`;
})}
</svg>`;
};
