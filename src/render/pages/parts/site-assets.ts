import { readFileSync } from "node:fs";
import path from "node:path";
import type { SiteFiles } from "../../site-files.ts";

const ASSETS = path.resolve(import.meta.dirname, "../../../../site/assets");

/** The stylesheets and the search script, published as written in `site/assets/` (no bundler, no build step). */
export const ASSET_FILES = ["site.css", "search.js", "calculators.css"] as const;

/**
 * Reads the assets once, when the module loads: they are part of the source tree like the code itself, so the
 * renderers stay functions of the model alone.
 */
const contents: ReadonlyMap<string, string> = new Map(ASSET_FILES.map((name) => [name, readFileSync(path.join(ASSETS, name), "utf8")]));

export const siteAssets = (): SiteFiles => new Map([...contents].map(([name, content]) => [`/assets/${name}`, content]));
