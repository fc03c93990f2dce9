import {
  renderAffordability,
  renderBulk,
  renderChanges,
  renderDiffs,
  renderFactEndpoints,
  renderHostFiles,
  renderLlms,
  renderManifest,
  renderOpenApi,
  renderSearchIndex,
  renderSeries,
  renderValueSchemas,
  renderWellKnown,
} from "./api/index.ts";
import { renderChangeFeeds, renderFactFeeds, renderFeed, renderUpcoming } from "./feeds/index.ts";
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
