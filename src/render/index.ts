import { renderAffordability } from "./api/render-affordability.ts";
import { renderBulk } from "./api/render-bulk.ts";
import { renderChanges } from "./api/render-changes.ts";
import { renderDiffs } from "./api/render-diffs.ts";
import { renderFactEndpoints } from "./api/render-fact-endpoints.ts";
import { renderHostFiles } from "./api/render-host-files.ts";
import { renderLlms } from "./api/render-llms.ts";
import { renderManifest } from "./api/render-manifest.ts";
import { renderOpenApi } from "./api/render-openapi.ts";
import { renderSearchIndex } from "./api/render-search-index.ts";
import { renderSeries } from "./api/render-series.ts";
import { renderValueSchemas } from "./api/render-value-schemas.ts";
import { renderWellKnown } from "./api/render-well-known.ts";
import { renderChangeFeeds } from "./feeds/render-change-feeds.ts";
import { renderFactFeeds } from "./feeds/render-fact-feeds.ts";
import { renderFeed } from "./feeds/render-feed.ts";
import { renderUpcoming } from "./feeds/render-upcoming.ts";
import { renderPages } from "./pages/index.ts";
import type { SiteFiles } from "./site-files.ts";
import type { SiteModel } from "./site-model.ts";

/** Every published file; the manifest comes last because it lists the digest of all the others. */
export const renderSite = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  const parts = [
    renderFactEndpoints(model),
    renderSeries(model),
    renderLlms(model),
    renderFeed(model),
    renderFactFeeds(model),
    renderUpcoming(model),
    renderChangeFeeds(model),
    renderSearchIndex(model),
    renderDiffs(model),
    renderChanges(model),
    renderValueSchemas(model),
    renderAffordability(model),
    renderBulk(model),
    renderOpenApi(model),
    renderWellKnown(model),
    renderHostFiles(),
    renderPages(model),
  ];
  for (const part of parts) {
    for (const [path, content] of part) {
      if (files.has(path)) throw new Error(`two renderers produced ${path}`);
      files.set(path, content);
    }
  }
  for (const [path, content] of renderManifest(model, files)) files.set(path, content);
  return files;
};
