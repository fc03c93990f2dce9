export { INDEX_FORMULA, latestEntry, renderAffordability } from "./render-affordability.ts";
export { renderDiffs } from "./render-diffs.ts";
export { renderFactEndpoints } from "./render-fact-endpoints.ts";
export { renderHostFiles } from "./render-host-files.ts";
export { renderLlms } from "./render-llms.ts";
export { renderManifest } from "./render-manifest.ts";
export { renderOpenApi } from "./render-openapi.ts";
export { renderSearchIndex } from "./render-search-index.ts";
export { renderWellKnown } from "./render-well-known.ts";
