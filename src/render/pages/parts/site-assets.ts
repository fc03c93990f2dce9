import { readFileSync } from "node:fs";
import path from "node:path";
import { SITE_PATHS } from "../../../../packages/client/src/index.ts";
import type { SiteFiles } from "../../site-files.ts";

const SITE = path.resolve(import.meta.dirname, "../../../../site");

/** The stylesheets and the search script, published as written in `site/assets/` (no bundler, no build step). */
export const ASSET_FILES = ["site.css", "search.js", "calculators.css"] as const;

/** The site's icon, published as written in `site/` at `SITE_PATHS.favicon`, the root, where browsers look for one. */
const FAVICON = SITE_PATHS.favicon;

/**
 * Reads the assets once, when the module loads: they are part of the source tree like the code itself, so the
 * renderers stay functions of the model alone.
 */
const contents: ReadonlyMap<string, string> = new Map([
  ...ASSET_FILES.map((name): [string, string] => [`/assets/${name}`, readFileSync(path.join(SITE, "assets", name), "utf8")]),
  [FAVICON, readFileSync(path.join(SITE, FAVICON.slice(1)), "utf8")],
]);

export const siteAssets = (): SiteFiles => new Map(contents);
