import { SERVICE } from "../config.ts";
import type { SiteModel } from "../build/build-model.ts";
import type { AffordabilityLatest, AffordabilitySeries } from "../schemas/affordability.ts";
import { jsonText, type SiteFiles } from "./site-files.ts";

export const INDEX_FORMULA = "idx = round(medianIncome / annualCarryingCost × 100)";

/** Both path families of SPEC.md 4.1 serve the same bytes. */
export const AFFORDABILITY_PATHS = ["/api/v1/affordability-index", "/api/v1/vancouver-special-index"] as const;

/**
 * The affordability index endpoints. No month has a sourced benchmark price in `index-data/` yet, so the index is
 * pre-publication: `latest` is null and `publication_status` says why, as SPEC.md section 3 allows.
 */
export const renderAffordability = (model: SiteModel): SiteFiles => {
  const status = "pre-publication: no month has a sourced MLS® HPI benchmark price in index-data/ yet, so no index value is published";
  const series: AffordabilitySeries = {
    name: `${SERVICE.name}: Lower Mainland affordability index`,
    version: SERVICE.apiVersion,
    methodology: {
      formula: INDEX_FORMULA,
      definition: "Median household income divided by the annual carrying cost of the benchmark home, times 100, per board and month.",
      boards: ["greater-vancouver", "fraser-valley"],
      publication_status: status,
      months_covered: [],
    },
    series: [],
    latest: null,
    license: SERVICE.license,
    canonical_url: `${model.urls.base}${AFFORDABILITY_PATHS[0]}/index.json`,
  };
  const latest: AffordabilityLatest = { formula: INDEX_FORMULA, latest: null, publication_status: status, license: SERVICE.license };
  const files: SiteFiles = new Map();
  for (const prefix of AFFORDABILITY_PATHS) {
    files.set(`${prefix}/index.json`, jsonText(series));
    files.set(`${prefix}/latest.json`, jsonText(latest));
  }
  return files;
};
