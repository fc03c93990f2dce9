import type { SiteModel } from "../build/build-model.ts";
import { jsonText, type SiteFiles } from "./site-files.ts";

/** `/api/v1/facts/diff/{id}/v{from}-to-v{to}.json` for every transition, and the diff index. */
export const renderDiffs = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const diff of model.diffs) files.set(`/api/v1/facts/diff/${diff.fact_id}/v${diff.from}-to-v${diff.to}.json`, jsonText(diff));
  files.set("/api/v1/facts/diff/index.json", jsonText(model.diffIndex));
  return files;
};
