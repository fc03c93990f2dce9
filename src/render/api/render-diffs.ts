import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

/** `/api/v1/facts/diff/{id}/v{from}-to-v{to}.json` for every transition, and the diff index. */
export const renderDiffs = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const diff of model.diffs) files.set(SITE_PATHS.diff(diff.fact_id, diff.from, diff.to), jsonText(diff));
  files.set(SITE_PATHS.diffIndex, jsonText(model.diffIndex));
  return files;
};
