import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { siteAssets } from "./parts/index.ts";
import { renderAffordabilityPage } from "./render-affordability-page.ts";
import { renderCalculatorsPage } from "./render-calculators-page.ts";
import { renderCatalogPage } from "./render-catalog-page.ts";
import { renderChangelogPage } from "./render-changelog-page.ts";
import { renderFactPage } from "./render-fact-page.ts";
import { renderNotFoundPage } from "./render-not-found-page.ts";
import { renderSourcesPage } from "./render-sources-page.ts";

/** The human catalog: static HTML readable without JavaScript (a page per fact beside it), plus its stylesheet and search script. */
export const renderPages = (model: SiteModel): SiteFiles =>
  new Map([
    ["/index.html", renderCatalogPage(model)],
    ["/sources.html", renderSourcesPage(model)],
    ["/changelog.html", renderChangelogPage(model)],
    ["/affordability.html", renderAffordabilityPage(model)],
    [SITE_PATHS.notFoundPage, renderNotFoundPage(model)],
    ["/calculators.html", renderCalculatorsPage(model)],
    ["/assets/calculators.js", model.calculatorsScript],
    ...model.facts.map((fact): [string, string] => [`/${fact.id}.html`, renderFactPage(model, fact)]),
    ...siteAssets(),
  ]);
