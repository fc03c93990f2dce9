import { renderHostFiles, renderLlms, renderManifest, renderSearchIndex, renderWellKnown } from "./api/discovery.ts";
import { renderChanges, renderValueSchemas } from "./api/fact-endpoints.ts";
import { renderAffordability } from "./api/render-affordability.ts";
import { renderBulk } from "./api/render-bulk.ts";
import { renderOpenApi } from "./api/render-openapi.ts";
import { ENDPOINTS, renderEndpoint } from "./endpoints.ts";
import { renderDomainFeeds } from "./feeds/domain-feeds.ts";
import { renderChangeFeeds, renderFactFeeds, renderFeed } from "./feeds/fact-feeds.ts";
import { renderUpcoming } from "./feeds/upcoming.ts";
import { renderPages } from "./pages/render-pages.ts";
import { renderPlacePages } from "./pages/render-places-pages.ts";
import type { SiteFiles, SiteModel } from "./site-model.ts";

/** Every published file; the manifest comes last because it lists the digest of all the others. */
export const renderSite = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  const parts = [
    renderLlms(model),
    renderFeed(model),
    renderFactFeeds(model),
    renderUpcoming(model),
    renderChangeFeeds(model),
    renderDomainFeeds(model),
    renderSearchIndex(model),
    renderChanges(model),
    renderValueSchemas(model),
    renderAffordability(model),
    renderBulk(model),
    renderOpenApi(model),
    renderWellKnown(model),
    renderHostFiles(),
    renderPages(model),
    // The endpoints declared by a record (endpoints.ts).
    ...ENDPOINTS.map((endpoint) => renderEndpoint(endpoint, model)),
    renderPlacePages(model),
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
