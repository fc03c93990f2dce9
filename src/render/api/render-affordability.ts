import { compareText } from "../../lib/compare-text.ts";
import { SERVICE } from "../../lib/config.ts";
import { SITE_PATHS } from "../../lib/site-paths.ts";
import { type AffordabilityEntry, type AffordabilityLatest, type AffordabilitySeries, BOARDS } from "../../schemas/affordability.ts";
import { SCHEMA_VERSION } from "../../schemas/schema-version.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

export const INDEX_FORMULA = "idx = round(medianIncome / annualCarryingCost × 100)";

/** Both path families of SPEC.md 4.1 serve the same bytes. */
export const AFFORDABILITY_PATHS = SITE_PATHS.affordabilityFolders;

/** The most recent month published; when both boards have it, the first board in BOARDS order. */
export const latestEntry = (entries: readonly AffordabilityEntry[]): AffordabilityEntry | null =>
  [...entries].sort((a, b) => compareText(b.monthSlug, a.monthSlug) || BOARDS.indexOf(a.board) - BOARDS.indexOf(b.board))[0] ?? null;

const publicationStatus = (model: SiteModel, latest: AffordabilityEntry | null): string => {
  const { index } = model;
  if (latest === null) {
    return index.missingInputs.length > 0
      ? `pre-publication: no index value is published because index-data/ lacks ${index.missingInputs.join(", ")}`
      : "pre-publication: no month has both a sourced MLS® HPI benchmark price and a sourced mortgage rate yet";
  }
  const coverage = BOARDS.filter((board) => index.monthsCovered[board].length > 0).map((board) => {
    const months = index.monthsCovered[board];
    return `${board} ${months.length} month${months.length === 1 ? "" : "s"} (${months[0]} to ${months.at(-1)})`;
  });
  return `published: ${coverage.join("; ")}; latest ${latest.monthLabel}, ${latest.boardLabel}; ${index.gaps.length} board-month${index.gaps.length === 1 ? "" : "s"} without a sourced input are listed in methodology.gaps and not published`;
};

/** The methodology as published: every assumption with its source, the income and rate inputs, coverage and gaps. */
const methodology = (model: SiteModel): Record<string, unknown> => {
  const { data, gaps, monthsCovered, period, quality } = model.index;
  return {
    formula: INDEX_FORMULA,
    definition:
      "For each board and month: the median household income divided by the annual cost of carrying the MLS® HPI composite benchmark home (mortgage principal and interest, property tax, maintenance and insurance), times 100. Higher is more affordable; 100 means the median income exactly covers the carrying cost.",
    compounding: "Canadian fixed-rate mortgages compound semi-annually (Interest Act, s. 6): monthly rate = (1 + r/2)^(1/6) − 1.",
    trend:
      "idxTrend compares a month with the same board's previous calendar month: 'improving' when the index rose by at least trend_threshold_points, 'worsening' when it fell by at least that much, 'stable' otherwise, and 'no-previous-month' when the previous month is not published.",
    ...(data.methodology ? { name: data.methodology.name, assumptions: data.methodology.assumptions, sources: data.methodology.sources } : {}),
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
  const status = publicationStatus(model, latest);
  const series: AffordabilitySeries = {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: Lower Mainland affordability index`,
    version: SERVICE.apiVersion,
    methodology: { ...methodology(model), publication_status: status },
    series: model.index.entries,
    latest,
    license: SERVICE.license,
    canonical_url: `${model.urls.base}${AFFORDABILITY_PATHS[0]}/index.json`,
  };
  const latestResponse: AffordabilityLatest = {
    schema_version: SCHEMA_VERSION,
    formula: INDEX_FORMULA,
    latest,
    publication_status: status,
    license: SERVICE.license,
  };
  const files: SiteFiles = new Map();
  for (const prefix of AFFORDABILITY_PATHS) {
    files.set(`${prefix}/index.json`, jsonText(series));
    files.set(`${prefix}/latest.json`, jsonText(latestResponse));
  }
  return files;
};
