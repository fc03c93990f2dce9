import { renderAffordability } from "../render/render-affordability.ts";
import { renderDiffs } from "../render/render-diffs.ts";
import { renderFactEndpoints } from "../render/render-fact-endpoints.ts";
import { renderFactFeeds } from "../render/render-fact-feeds.ts";
import { renderFeed } from "../render/render-feed.ts";
import { renderHostFiles } from "../render/render-host-files.ts";
import { renderLlms } from "../render/render-llms.ts";
import { renderManifest } from "../render/render-manifest.ts";
import { renderOpenApi } from "../render/render-openapi.ts";
import { renderPages } from "../render/render-pages.ts";
import { renderSearchIndex } from "../render/render-search-index.ts";
import { renderUpcoming } from "../render/render-upcoming.ts";
import { renderWellKnown } from "../render/render-well-known.ts";
import type { SiteFiles } from "../render/site-files.ts";
import type { SiteModel } from "./build-model.ts";

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
