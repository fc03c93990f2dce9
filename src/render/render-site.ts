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

/**
 * Every published file; the manifest comes last because it lists the digest of all the others. With `bytes`, each
 * renderer's files are turned into their UTF-8 bytes as soon as it has rendered them, so the tree is never held whole
 * as text: `npm run build` asks for this, since at 1,000 facts × 20 versions the text of the tree alone takes well over
 * a gigabyte of the heap (bench/build-scale.bench.ts). The bytes are those the text would be written as.
 */
export const renderSite = (model: SiteModel, options: { bytes?: boolean } = {}): SiteFiles => {
  const files: SiteFiles = new Map();
  const renderers: (() => SiteFiles)[] = [
    () => renderLlms(model),
    () => renderFeed(model),
    () => renderFactFeeds(model),
    () => renderUpcoming(model),
    () => renderChangeFeeds(model),
    () => renderDomainFeeds(model),
    () => renderSearchIndex(model),
    () => renderChanges(model),
    () => renderValueSchemas(model),
    () => renderAffordability(model),
    () => renderBulk(model),
    () => renderOpenApi(model),
    () => renderWellKnown(model),
    () => renderHostFiles(),
    () => renderPages(model),
    // The endpoints declared by a record (endpoints.ts).
    ...ENDPOINTS.map((endpoint) => () => renderEndpoint(endpoint, model)),
    () => renderPlacePages(model),
    // The manifest reads every file rendered before it.
    () => renderManifest(model, files),
  ];
  for (const [index, render] of renderers.entries()) {
    const manifest = index === renderers.length - 1;
    for (const [path, content] of render()) {
      if (!manifest && files.has(path)) throw new Error(`two renderers produced ${path}`);
      files.set(path, options.bytes === true && typeof content === "string" ? Buffer.from(content) : content);
    }
  }
  return files;
};
