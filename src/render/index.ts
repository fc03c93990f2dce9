import { renderAffordability } from "./api/render-affordability.ts";
import { renderDiffs } from "./api/render-diffs.ts";
import { renderFactEndpoints } from "./api/render-fact-endpoints.ts";
import { renderFactFeeds } from "./feeds/render-fact-feeds.ts";
import { renderFeed } from "./feeds/render-feed.ts";
import { renderHostFiles } from "./api/render-host-files.ts";
import { renderLlms } from "./api/render-llms.ts";
import { renderManifest } from "./api/render-manifest.ts";
import { renderOpenApi } from "./api/render-openapi.ts";
import { renderPages } from "./pages/index.ts";
import { renderSearchIndex } from "./api/render-search-index.ts";
import { renderUpcoming } from "./feeds/render-upcoming.ts";
import { renderWellKnown } from "./api/render-well-known.ts";
import type { SiteFiles } from "./site-files.ts";
import type { SiteModel } from "./site-model.ts";

/** Every published file; the manifest comes last because it lists the digest of all the others. */
export const renderSite = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  const parts = [
    renderFactEndpoints(model),
    renderLlms(model),
    renderFeed(model),
    renderFactFeeds(model),
    renderUpcoming(model),
    renderSearchIndex(model),
    renderDiffs(model),
    renderAffordability(model),
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
