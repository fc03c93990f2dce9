import type { SiteModel } from "../build/build-model.ts";
import { renderAffordabilityPage } from "./pages/render-affordability-page.ts";
import { renderCatalogPage } from "./pages/render-catalog-page.ts";
import { renderChangelogPage } from "./pages/render-changelog-page.ts";
import { renderSourcesPage } from "./pages/render-sources-page.ts";
import { siteAssets } from "./pages/site-assets.ts";
import type { SiteFiles } from "./site-files.ts";

/** The human catalog: static HTML readable without JavaScript, plus its stylesheet and search script. */
export const renderPages = (model: SiteModel): SiteFiles =>
  new Map([
    ["/index.html", renderCatalogPage(model)],
    ["/sources.html", renderSourcesPage(model)],
    ["/changelog.html", renderChangelogPage(model)],
    ["/affordability.html", renderAffordabilityPage(model)],
    ...siteAssets(),
  ]);
