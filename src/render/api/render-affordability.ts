import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import {
  latestEntry,
  monthLabel,
  publicationStatus as publicationNumbers,
} from "../../affordability/compute-series.ts";
import { SERVICE } from "../../lib/config.ts";
import {
  type AffordabilityEntry,
  type AffordabilityLatest,
  type AffordabilityPublication,
  type AffordabilitySeries,
  BOARDS,
  SCHEMA_VERSION,
} from "../../schemas/index.ts";
import { jsonText, type SiteFiles, type SiteModel } from "../site-model.ts";

export const INDEX_FORMULA = "idx = round(medianIncome / annualCarryingCost × 100)";

/** Both path families of docs/consumers/api.md#endpoints serve the same bytes. */
export const AFFORDABILITY_PATHS = SITE_PATHS.affordabilityFolders;

export { latestEntry };

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** `publication_status`: what `publication` states in numbers, in words, for a reader of the JSON. */
const publicationStatus = (
  model: SiteModel,
  latest: AffordabilityEntry | null,
  numbers: AffordabilityPublication,
): string => {
  const { index } = model;
  if (latest === null || numbers.expected_through === null || numbers.months_behind === null) {
    return index.missingInputs.length > 0
      ? `pre-publication: no index value is published because index-data/ lacks ${index.missingInputs.join(", ")}`
      : "pre-publication: no month has both a sourced MLS® HPI benchmark price and a sourced mortgage rate yet";
  }
  const behind =
    numbers.months_behind === 0
      ? `the last month that had ended on ${numbers.as_of}`
      : `${plural(numbers.months_behind, "month")} behind ${monthLabel(numbers.expected_through)}, the last month that had ended on ${numbers.as_of}`;
  const trend =
    numbers.previous_published_month === null || numbers.months_since_previous === null
      ? "it is the board's first published month, so it has no trend"
      : `its trend compares it with ${monthLabel(numbers.previous_published_month)}, ${plural(numbers.months_since_previous, "month")} before`;
  const boards = numbers.boards.map(
    (board) =>
      `${board.board} ${board.published_count} of ${board.expected_count} months${board.latest_month ? ` (latest ${monthLabel(board.latest_month)})` : ""}`,
  );
  return `published: ${numbers.published_count} of ${numbers.expected_count} board-months from ${monthLabel(numbers.expected_from ?? latest.monthSlug)} to ${monthLabel(numbers.expected_through)}; latest ${latest.monthLabel}, ${latest.boardLabel}, ${behind}; ${trend}; ${boards.join("; ")}; ${plural(index.gaps.length, "board-month")} without a sourced input are listed with their reasons in methodology.gaps and not published`;
};

/** The methodology as published: every assumption with its source, the income and rate inputs, coverage and gaps. */
const methodology = (model: SiteModel): Record<string, unknown> => {
  const { data, gaps, monthsCovered, period, quality } = model.index;
  return {
    formula: INDEX_FORMULA,
    definition:
      "For each board and month: the median household income divided by the annual cost of carrying the MLS® HPI composite benchmark home (mortgage principal and interest, property tax, maintenance and insurance), times 100. Higher is more affordable; 100 means the median income exactly covers the carrying cost.",
    compounding:
      "Canadian fixed-rate mortgages compound semi-annually (Interest Act, s. 6): monthly rate = (1 + r/2)^(1/6) − 1.",
    trend:
      "idxTrend compares a month with the same board's previous published month, named in trendComparedWith and monthsSinceCompared (it may lie more than one month back when months between are not published): 'improving' when the index rose by at least trend_threshold_points, 'worsening' when it fell by at least that much, 'stable' otherwise, and 'no-previous-month' for a board's first published month.",
    share:
      "carryingCostShare is the year's carrying cost as a fraction of the median household income: the index read the other way (an index of 100 is a share of 1).",
    income_year:
      "incomeYear is the year an entry's medianIncome stands for: income.income_year, the income year of the source, unless a year of sourced growth in income.carry_forward.annual_growth applies. With no growth on file every month uses that one income, however many years later the month is.",
    ...(data.methodology
      ? { name: data.methodology.name, assumptions: data.methodology.assumptions, sources: data.methodology.sources }
      : {}),
    ...(data.income ? { income: data.income } : {}),
    ...(data.rates ? { mortgage_rate: data.rates } : {}),
    benchmark_sources: Object.fromEntries(BOARDS.map((board) => [board, data.benchmarks[board]?.measure ?? null])),
    benchmark_prices: Object.fromEntries(BOARDS.map((board) => [board, data.benchmarks[board]?.months ?? []])),
    period,
    months_covered: monthsCovered,
    source_quality: {
      definition:
        "Per published month: 'official' when its benchmark price and its mortgage rate both cite the issuing body's own publication (or a faithful copy of it), 'secondary' when either rests on a report of the figure by someone else.",
      months: quality,
    },
    gaps,
  };
};

/** The affordability index under both path families: the full series with its methodology, and the latest entry. */
export const renderAffordability = (model: SiteModel): SiteFiles => {
  const latest = latestEntry(model.index.entries);
  const publication = publicationNumbers(model.index, model.today);
  const status = publicationStatus(model, latest, publication);
  const series: AffordabilitySeries = {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: Lower Mainland affordability index`,
    version: SERVICE.apiVersion,
    methodology: { ...methodology(model), publication_status: status },
    series: model.index.entries,
    latest,
    publication,
    license: SERVICE.license,
    canonical_url: `${model.urls.base}${AFFORDABILITY_PATHS[0]}/index.json`,
  };
  const latestResponse: AffordabilityLatest = {
    schema_version: SCHEMA_VERSION,
    formula: INDEX_FORMULA,
    latest,
    publication_status: status,
    publication,
    license: SERVICE.license,
  };
  const files: SiteFiles = new Map();
  for (const prefix of AFFORDABILITY_PATHS) {
    files.set(`${prefix}/index.json`, jsonText(series));
    files.set(`${prefix}/latest.json`, jsonText(latestResponse));
  }
  return files;
};
