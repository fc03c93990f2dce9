/**
 * The affordability page: the index for each board, its trend, the chart of the series, and how it is computed. The
 * board names, MLS® HPI and the methodology's own texts (the income measure, each source's terms and credits) stay as
 * their sources write them, in English.
 */

import type { IdxTrend, SeriesGap, SourceQuality } from "../../affordability/compute-series.ts";
import {
  boardLabel,
  GAP_REASONS,
  monthsBetween,
  previousMonth,
  publicationStatus,
} from "../../affordability/compute-series.ts";
import type { IndexData } from "../../affordability/index-data.ts";
import type { Words } from "../../i18n/words.ts";
import { type AffordabilityEntry, type AffordabilityPublication, BOARDS, type Board } from "../../schemas/index.ts";
import { INDEX_FORMULA, latestEntry } from "../api/render-affordability.ts";
import type { PageLanguage } from "../page-language.ts";
import type { SiteModel } from "../site-model.ts";
import { englishText, type Html, html, rich } from "../text.ts";
import { pageLinker, renderAffordabilityDatasetJsonLd, renderPage } from "./page-layout.ts";

/** The page's path from the site's root, in English; each language publishes it at the same path in its folder. */
const PAGE_PATH = "/affordability.html";

/** A trend in words: "more affordable", "less affordable", "about the same". */
const trendWords = (w: Words, trend: string): string => {
  switch (trend as IdxTrend) {
    case "improving":
      return w.text("affordability.trend.improving");
    case "worsening":
      return w.text("affordability.trend.worsening");
    case "stable":
      return w.text("affordability.trend.stable");
    case "no-previous-month":
      return w.text("affordability.trend.first");
    default:
      return trend;
  }
};

/** Whether a point's price and rate are official (or faithful copies), in the word the sources page uses. */
const qualityWords = (w: Words, quality: SourceQuality): string =>
  quality === "official" ? w.text("citation-kind.official") : w.text("citation-kind.secondary");

/** A fraction of income as a reader takes it in: a whole percentage. */
const sharePercent = (w: Words, share: number): string => w.percent(Math.round(share * 100) / 100);

/** A board's name, as its board writes it: in English, marked as such on a translation when it stands alone. */
const boardName = (lang: PageLanguage, board: Board): Html => englishText(lang, boardLabel(board));

/**
 * The income the published months divide by, in the words the page puts beside every figure that uses it ("the median
 * household income, …"): "fixed at its 2020 value from the 2021 Census" when the source's figure is held for every
 * month, else the years it stands for after sourced growth.
 */
export const incomeInUse = (entries: readonly AffordabilityEntry[], data: IndexData, w: Words): string => {
  const { income } = data;
  if (entries.length === 0 || !income) return "";
  const years = [...new Set(entries.map((entry) => entry.incomeYear))].sort((a, b) => a - b);
  const census = income.measure.match(/(\d{4}) Census/i)?.[1] ?? "none";
  // Years are words here, not quantities: "2020", never "2,020".
  const year = String(income.income_year);
  return years.length === 1 && years[0] === income.income_year
    ? w.text("affordability.income.fixed", { year, census })
    : w.text("affordability.income.carried", { years: years.join(", "), year, census });
};

/**
 * The status box's sentence on income: the year in use, each board's figure, that it is not updated, and what kind of
 * source it rests on.
 */
const describeIncome = (entries: readonly AffordabilityEntry[], data: IndexData, w: Words): Html => {
  const phrase = incomeInUse(entries, data, w);
  if (!phrase || !data.income) return html``;
  const { income } = data;
  const figures = BOARDS.map((board) => `${boardLabel(board)} ${w.money(income.boards[board].value)}`).join(", ");
  const secondary = BOARDS.some((board) =>
    income.boards[board].citations.every((citation) => citation.kind === "secondary"),
  );
  const held = entries.every((entry) => entry.incomeYear === income.income_year);
  return html`
${rich(w, "affordability.income.every-value", {
  strong: (chunks) => html`<strong>${chunks}</strong>`,
  phrase,
  year: String(income.income_year),
  figures,
  held: held ? "yes" : "no",
})}${secondary ? ` ${w.text("affordability.income.secondary")}` : ""}`;
};

/** The opening: the latest month, how far behind it is, and how many board-months are published of those expected. */
const describeStatus = (status: AffordabilityPublication, income: Html, lang: PageLanguage): Html => {
  const { w } = lang;
  if (
    status.latest_month === null ||
    status.expected_through === null ||
    status.months_behind === null ||
    status.latest_board === null
  ) {
    return html`<p class="index-status">${w.text("affordability.status.none")}</p>`;
  }
  const strong = (chunks: (string | Html)[]) => html`<strong>${chunks}</strong>`;
  const built = w.date(status.as_of);
  const behind =
    status.months_behind === 0
      ? w.text("affordability.status.current", { month: w.month(status.expected_through), built })
      : rich(w, "affordability.status.behind", {
          strong,
          count: status.months_behind,
          month: w.month(status.expected_through),
          built,
        });
  const boards = status.boards
    .map((board) =>
      w.text("affordability.status.board-count", {
        board: boardLabel(board.board),
        published: board.published_count,
        expected: board.expected_count,
      }),
    )
    .join(", ");
  return html`<p class="index-status">${rich(w, "affordability.status.latest", { strong, month: w.month(status.latest_month), board: boardLabel(status.latest_board) })} ${behind}
${rich(w, "affordability.status.published", {
  strong,
  published: status.published_count,
  expected: status.expected_count,
  from: w.month(status.expected_from ?? status.latest_month),
  to: w.month(status.expected_through),
  boards,
  gaps: (chunks) => html`<a href="#gaps">${chunks}</a>`,
})}${income}</p>`;
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
  w: Words,
): Html => {
  const latest = series.at(-1);
  if (!latest) return html`${w.text("affordability.board.none", { board: boardLabel(board) })}`;
  const boardStatus = status.boards.find((entry) => entry.board === board);
  const lag =
    boardStatus?.months_behind && status.expected_through
      ? ` ${w.text("affordability.board.lag", { count: boardStatus.months_behind, month: w.month(status.expected_through) })}`
      : "";
  const previous = series.at(-2);
  const trend =
    latest.trendComparedWith === null || latest.monthsSinceCompared === null || previous === undefined
      ? w.text("affordability.board.first")
      : w.text("affordability.board.trend", {
          ...change(latest.idx - previous.idx),
          month: w.month(latest.trendComparedWith),
          months: latest.monthsSinceCompared,
          trend: trendWords(w, latest.idxTrend),
        });
  const first = series[0]!;
  const overall =
    series.length < 2
      ? w.text("affordability.board.only")
      : w.text("affordability.board.since", {
          month: w.month(first.monthSlug),
          first: first.idx,
          ...change(latest.idx - first.idx),
          count: series.length,
        });
  return html`${rich(w, "affordability.board.latest", {
    strong: (chunks) => html`<strong>${chunks}</strong>`,
    board: boardLabel(board),
    index: latest.idx,
    month: w.month(latest.monthSlug),
    share: sharePercent(w, latest.carryingCostShare),
    income,
    benchmark: w.money(latest.hpiBenchmarkPrice),
    cost: w.money(Math.round(latest.annualCarryingCost)),
    median: w.money(latest.medianIncome),
    year: String(latest.incomeYear),
  })}${lag} ${trend} ${overall}`;
};

/** A change of the index, for a message that says it: its direction (`up`, `down`, `none`) and its size in points. */
const change = (points: number): { direction: string; points: number } => ({
  direction: points > 0 ? "up" : points < 0 ? "down" : "none",
  points: Math.abs(points),
});

/** A table row's trend: its words, and the month compared with when it is not the month before. */
const trendCell = (entry: AffordabilityEntry, w: Words): Html => {
  if (entry.trendComparedWith === null || entry.monthsSinceCompared === null)
    return html`${w.text("affordability.trend.first")}`;
  const words = trendWords(w, entry.idxTrend);
  return entry.monthsSinceCompared === 1
    ? html`${words}`
    : html`${words} <span class="compared">${w.text("affordability.trend.compared", { month: w.month(entry.trendComparedWith) })}</span>`;
};

/**
 * A board whose prices come from more than one publication: CREA restates the index's whole history every June, so
 * two publications of one month can differ, and a move between months of different sources can be partly a revision.
 */
const mixedSources = (data: IndexData, w: Words): string[] =>
  BOARDS.flatMap((board) => {
    const months = data.benchmarks[board]?.months ?? [];
    const sources = new Set(months.map((month) => new URL(month.citation.url).hostname));
    return sources.size > 1
      ? [w.text("affordability.sources.mixed", { board: boardLabel(board), count: sources.size })]
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
 * Why a month is not published: the index's own reasons in the page's words; a reason the series' file records is its
 * free text, which stays in English.
 */
const gapReasonWords = (lang: PageLanguage, reason: string): Html => {
  const { w } = lang;
  switch (reason) {
    case GAP_REASONS.price:
      return html`${w.text("affordability.gaps.no-price")}`;
    case GAP_REASONS.rate:
      return html`${w.text("affordability.gaps.no-rate")}`;
    case GAP_REASONS.both:
      return html`${w.text("affordability.gaps.no-price-or-rate")}`;
    default:
      return englishText(lang, reason);
  }
};

/**
 * `/affordability.html`: each board's series as a chart and a table, the latest value and the methodology in plain
 * words.
 */
export const renderAffordabilityPage = (model: SiteModel, lang: PageLanguage): string => {
  const { w } = lang;
  const link = pageLinker(model, false, lang);
  const { entries, gaps, data, quality } = model.index;
  const latest = latestEntry(entries);
  const status = publicationStatus(model.index, model.today);
  const assumptions = data.methodology?.assumptions;
  const income = incomeInUse(entries, data, w);
  const seriesJson = (chunks: (string | Html)[]) =>
    html`<a href="${link(model.urls.affordabilityIndex)}">${chunks}</a>`;
  const main = html`<h1>${w.text("affordability.title")}</h1>
${describeStatus(status, describeIncome(entries, data, w), lang)}
${
  latest
    ? html`<ul class="latest">${BOARDS.map(
        (board) =>
          html`<li>${describeBoard(
            board,
            entries.filter((entry) => entry.board === board),
            status,
            income,
            w,
          )}</li>`,
      )}</ul>`
    : ""
}
<p>${rich(w, "affordability.formula", { income: income || w.text("affordability.income.none"), formula: html`<code>${INDEX_FORMULA}</code>` })}</p>
${renderIndexChart(model.index, lang, entries.length > 0 ? w.text("affordability.chart.income-note", { income }) : "")}
${BOARDS.map((board) => {
  const series = entries.filter((entry) => entry.board === board);
  return html`<section aria-labelledby="board-${board}">
<h2 id="board-${board}">${boardName(lang, board)}</h2>
${
  series.length > 0
    ? html`<div class="table-scroll" role="group" aria-label="${w.text("affordability.table.label", { board: boardLabel(board) })}" tabindex="0"><table class="index-table"><caption>${rich(w, "affordability.table.caption", { board: boardLabel(board), hint: (chunks) => html`<span class="scroll-hint">${chunks}</span>` })}</caption>
<thead><tr><th scope="col">${w.text("affordability.table.month")}</th><th scope="col">${w.text("affordability.table.index")}</th><th scope="col">${w.text("affordability.table.share")}</th><th scope="col">${w.text("affordability.table.trend")}</th><th scope="col">${w.text("affordability.table.benchmark")}</th><th scope="col">${w.text("affordability.table.payment")}</th><th scope="col">${w.text("affordability.table.cost")}</th><th scope="col">${w.text("affordability.table.income")}</th><th scope="col">${w.text("affordability.table.sources")}</th></tr></thead>
<tbody>${series.map((entry) => html`<tr><th scope="row">${w.month(entry.monthSlug)}</th><td>${w.number(entry.idx)}</td><td>${sharePercent(w, entry.carryingCostShare)}</td><td>${trendCell(entry, w)}</td><td>${w.money(entry.hpiBenchmarkPrice)}</td><td>${w.money(Math.round(entry.monthlyPI))}</td><td>${w.money(Math.round(entry.annualCarryingCost))}</td><td>${w.money(entry.medianIncome)} (${String(entry.incomeYear)})</td><td>${qualityWords(w, quality[board][entry.monthSlug] ?? "secondary")}</td></tr>`)}</tbody>
</table></div>`
    : html`<p>${w.text("affordability.table.none")}</p>`
}
</section>`;
})}
<section aria-labelledby="methodology">
<h2 id="methodology">${w.text("affordability.method.title")}</h2>
${
  assumptions
    ? html`<ul>
<li>${w.text("affordability.method.home")}</li>
<li>${w.text("affordability.method.loan", { down: w.percent(assumptions.down_payment_share.value), years: assumptions.amortization_years.value })}</li>
<li>${w.text("affordability.method.cost", { tax: w.percent(assumptions.property_tax_rate.value), maintenance: w.money(assumptions.maintenance_monthly.value), insurance: w.money(assumptions.insurance_monthly.value) })}</li>
<li>${w.text("affordability.method.trend", { points: assumptions.trend_threshold_points.value })}</li>
${data.income ? html`<li>${rich(w, "affordability.method.income", { measure: englishText(lang, data.income.measure), geographies: englishText(lang, `${data.income.boards["greater-vancouver"].geography}; ${data.income.boards["fraser-valley"].geography}`), method: englishText(lang, data.income.carry_forward.method) })}</li>` : ""}
</ul>
<p>${rich(w, "affordability.method.files", {
        json: seriesJson,
        methodology: html`<code>methodology</code>`,
        csv: (chunks) => html`<a href="${link(model.urls.affordabilitySeriesCsv)}">${chunks}</a>`,
        package: (chunks) => html`<a href="${link(model.urls.dataPackage)}">${chunks}</a>`,
      })}</p>`
    : html`<p>${w.text("affordability.method.none")}</p>`
}
${
  data.methodology
    ? html`<h3>${w.text("affordability.sources.title")}</h3>
<ul class="sources">${data.methodology.sources.map(
        (
          source,
        ) => html`<li><strong>${englishText(lang, source.source)}</strong> (${englishText(lang, source.used_for)}). ${englishText(lang, source.terms)}
${source.terms_read ? "" : html`<em>${w.text("affordability.sources.unconfirmed")}</em> `}${rich(w, "affordability.sources.terms", { url: html`<a href="${source.terms_url}">${source.terms_url}</a>` })}<br>${englishText(lang, source.attribution)}</li>`,
      )}</ul>
<p>${rich(w, "affordability.sources.secondary", { json: seriesJson })}
${mixedSources(data, w).map((line) => html`${line} `)}</p>`
    : ""
}
<h3 id="gaps">${w.text("affordability.gaps.title")}</h3>
${
  gaps.length === 0
    ? html`<p>${w.text("affordability.gaps.none")}</p>`
    : html`<p>${w.text("affordability.gaps.lead", { count: gaps.length })}</p>
<ul class="gaps">${gapRanges(gaps).map(
        (range) =>
          html`<li>${rich(w, "affordability.gaps.item", {
            board: boardLabel(range.board),
            months:
              range.from === range.to
                ? w.month(range.from)
                : w.text("affordability.gaps.range", { from: w.month(range.from), to: w.month(range.to) }),
            reason: gapReasonWords(lang, range.reason),
          })}</li>`,
      )}</ul>`
}
</section>`;
  return renderPage(
    model,
    {
      path: PAGE_PATH,
      name: "affordability",
      dated: { by: "index", changedAt: model.indexChangedAt },
      title: w.text("affordability.title"),
      description: w.text("affordability.description"),
      canonical: model.urls.affordabilityPage,
      head: renderAffordabilityDatasetJsonLd(model, lang, PAGE_PATH),
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
 * the tables carry every number. `incomeNote`, under the chart, names the income every point uses. Its words are
 * `lang`'s; the board names stay as the boards write them.
 */
export const renderIndexChart = (input: IndexChartInput, lang: PageLanguage, incomeNote = ""): Html => {
  const { w } = lang;
  const { entries, period, quality } = input;
  if (entries.length === 0 || period === null) return html`<p>${w.text("affordability.chart.none")}</p>`;
  const boards = BOARDS.map((board) => ({ board, series: entries.filter((entry) => entry.board === board) }));

  // The legend explains a marker fill only when some point is drawn with it, each with a board that has such a point.
  const legendQualities = (["official", "secondary"] as const).flatMap((kind) => {
    const found = boards.find(({ board, series }) =>
      series.some((entry) => (quality[board][entry.monthSlug] ?? "secondary") === kind),
    );
    return found ? [{ board: found.board, kind }] : [];
  });

  return html`${drawChart(input, WIDE, w)}
${drawChart(input, NARROW, w)}
<ul class="chart-legend">
${boards
  .filter(({ series }) => series.length > 0)
  .map(({ board, series }) => {
    // The board's own sample marker is drawn as most of its points are, so the key never shows a point that is not
    // there.
    const official = series.filter((entry) => quality[board][entry.monthSlug] === "official").length;
    const shown: SourceQuality = official * 2 >= series.length ? "official" : "secondary";
    return html`<li data-legend="board"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, shown, boardLabel(board))}</svg> ${boardName(lang, board)}</li>`;
  })}
${legendQualities.map(({ board, kind }) =>
  kind === "official"
    ? html`<li data-legend="official"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "official", qualityWords(w, "official"))}</svg> ${w.text("affordability.chart.filled")}</li>`
    : html`<li data-legend="secondary"><svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">${marker(board, 7, 7, "secondary", qualityWords(w, "secondary"))}</svg> ${w.text("affordability.chart.hollow")}</li>`,
)}
<li>${w.text("affordability.chart.key")}${incomeNote ? ` ${incomeNote}` : ""}</li>
</ul>`;
};

/** One drawing of the chart in `layout`. */
const drawChart = ({ entries, period, quality }: IndexChartInput, layout: ChartLayout, w: Words): Html => {
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
        ? w.text("affordability.chart.board-none", { board: boardLabel(board) })
        : w.text("affordability.chart.board", {
            board: boardLabel(board),
            published: series.length,
            months: months.length,
            points: series.map((entry) => `${w.month(entry.monthSlug)} ${w.number(entry.idx)}`).join(", "),
          }),
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
<title id="${layout.idPrefix}-title">${w.text("affordability.chart.title", { from: w.month(period.from), to: w.month(period.to) })}</title>
<desc id="${layout.idPrefix}-desc">${description}</desc>
${ticks.map((tick) => html`<line x1="${margin.left}" x2="${width - margin.right}" y1="${round(y(tick))}" y2="${round(y(tick))}" stroke="#ddd" stroke-width="1"/><text x="${margin.left - 6}" y="${round(y(tick) + 4)}" text-anchor="end" font-size="${fontSize}" fill="#333">${Math.round(tick)}</text>`)}
${yearStarts.map((month) => html`<line x1="${round(x(month) - cell / 2)}" x2="${round(x(month) - cell / 2)}" y1="${margin.top}" y2="${plotBottom + 6}" stroke="#bbb" stroke-width="1"/><text x="${round(x(month) - cell / 2 + 3)}" y="${plotBottom + 6 + fontSize}" font-size="${fontSize}" fill="#333">${month.endsWith("-01") ? month.slice(0, 4) : w.month(month)}</text>`)}
${lines}
${boards.map(({ board, series }) =>
  series.map((entry) => {
    const sources = quality[board][entry.monthSlug] ?? "secondary";
    return marker(
      board,
      x(entry.monthSlug),
      y(entry.idx),
      sources,
      w.text("affordability.chart.point", {
        board: boardLabel(board),
        month: w.month(entry.monthSlug),
        index: entry.idx,
        quality: sources,
      }),
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
