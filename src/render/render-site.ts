import {
  MANIFEST_PATH,
  type ManifestFile,
  manifestFile,
  renderHostFiles,
  renderLlms,
  renderManifest,
  renderSearchIndex,
  renderWellKnown,
} from "./api/discovery.ts";
import { renderChanges, renderValueSchemas } from "./api/fact-endpoints.ts";
import { type Example, publishedExample } from "./api/openapi-examples.ts";
import { renderAffordability } from "./api/render-affordability.ts";
import { renderBulk } from "./api/render-bulk.ts";
import { openApiExampleSources, renderOpenApi } from "./api/render-openapi.ts";
import { ENDPOINTS, renderEndpoint } from "./endpoints.ts";
import { renderDomainFeeds } from "./feeds/domain-feeds.ts";
import { renderChangeFeeds, renderFactFeeds, renderFeed } from "./feeds/fact-feeds.ts";
import { renderUpcoming } from "./feeds/upcoming.ts";
import { renderPages } from "./pages/render-pages.ts";
import { renderPlacePages } from "./pages/render-places-pages.ts";
import type { SiteEntry, SiteFiles, SiteModel } from "./site-model.ts";

/**
 * Every published file, one at a time, in the order the renderers give them; the OpenAPI description comes after the
 * files its examples are made from, and the manifest last because it lists the digest of all the others. The
 * renderers of the files that grow with the catalog (a page, a single fact, a diff, a feed per fact) give them one by
 * one, so the build can write and measure each file and let it go (src/build/write-tree.ts): the tree is never held
 * whole (bench/build-scale.bench.ts). With `bytes`, each text is given as its UTF-8 bytes, which the manifest then
 * hashes. A path given twice is an error.
 */
export function* renderSiteFiles(model: SiteModel, options: { bytes?: boolean } = {}): Generator<SiteEntry> {
  const seen = new Set<string>();
  const digests: ManifestFile[] = [];
  // Each example is made from its file as it passes, so a large file is not kept until the description is rendered.
  const exampleSources = openApiExampleSources(model);
  const examples = new Map<string, Example>();
  const renderers: (() => Iterable<SiteEntry>)[] = [
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
    () => renderWellKnown(model),
    () => renderHostFiles(),
    () => renderPages(model),
    // The endpoints declared by a record (endpoints.ts).
    ...ENDPOINTS.map((endpoint) => () => renderEndpoint(endpoint, model)),
    // The pages of places in every language.
    ...model.languages.map((lang) => () => renderPlacePages(model, lang)),
  ];
  function* publish(entries: Iterable<SiteEntry>): Generator<SiteEntry> {
    for (const [path, rendered] of entries) {
      if (seen.has(path)) throw new Error(`two renderers produced ${path}`);
      seen.add(path);
      const source = exampleSources.get(path);
      if (source !== undefined)
        examples.set(
          path,
          publishedExample(
            path,
            typeof rendered === "string" ? rendered : Buffer.from(rendered).toString("utf8"),
            source,
          ),
        );
      const content = options.bytes === true && typeof rendered === "string" ? Buffer.from(rendered) : rendered;
      digests.push(manifestFile(path, content));
      yield [path, content];
    }
  }
  for (const render of renderers) yield* publish(render());
  // The manifest lists the description's digest, so its example is the manifest of the files before the description:
  // cut to its first files by path, it is the one published (the description's own path sorts after those).
  const manifestSource = exampleSources.get(MANIFEST_PATH);
  if (manifestSource !== undefined)
    examples.set(
      MANIFEST_PATH,
      publishedExample(MANIFEST_PATH, String(renderManifest(model, digests).get(MANIFEST_PATH)), manifestSource),
    );
  yield* publish(renderOpenApi(model, examples));
  // The manifest lists every file rendered before it.
  for (const [path, rendered] of renderManifest(model, digests))
    yield [path, options.bytes === true && typeof rendered === "string" ? Buffer.from(rendered) : rendered];
}

/** Every published file, held whole (what the tests read); `npm run build` writes renderSiteFiles as it goes. */
export const renderSite = (model: SiteModel, options: { bytes?: boolean } = {}): SiteFiles =>
  new Map(renderSiteFiles(model, options));
