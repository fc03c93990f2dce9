import path from "node:path";
import { build } from "rolldown";

/** The calculators page's script: the client's calculators and the page's own code, bundled for the browser. */
export const CALCULATORS_ENTRY = path.resolve(import.meta.dirname, "../../site/calculators/calculators-page.ts");

/** The catalog page's search: the page's own code and the one ranking the MCP server uses (src/lib/search-ranking.ts). */
export const SEARCH_ENTRY = path.resolve(import.meta.dirname, "../../site/search/search-page.ts");

const bundled = new Map<string, Promise<string>>();

/**
 * One classic script (an IIFE, no module loader), minified, from `entry`. Rolldown's output depends only on the
 * sources, so two builds of one commit publish the same bytes (the manifest lists their digests). Bundled once per
 * process: every build of a test run shares it.
 */
const bundle = (entry: string): Promise<string> => {
  const existing = bundled.get(entry);
  if (existing !== undefined) return existing;
  const script = build({
    input: entry,
    write: false,
    platform: "browser",
    logLevel: "warn",
    output: { format: "iife", minify: true, comments: { legal: false } },
  }).then((result) => {
    const chunks = result.output.filter((item) => item.type === "chunk");
    if (chunks.length !== 1) throw new Error(`bundling ${entry} gave ${chunks.length} scripts, expected one`);
    return chunks[0]!.code;
  });
  bundled.set(entry, script);
  // A failed bundle is not kept: the next build tries again instead of repeating this failure.
  script.catch(() => {
    bundled.delete(entry);
  });
  return script;
};

/**
 * The script `/assets/calculators.js`: the page runs the very calculators the client package exports, so the page
 * and a program reading the same facts get the same answer.
 */
export const bundleCalculators = (): Promise<string> => bundle(CALCULATORS_ENTRY);

/**
 * The script `/assets/search.js`: the catalog's search box ranks the facts with the very function the MCP server's
 * `search_facts` uses, so a reader and an assistant see the same facts first.
 */
export const bundleSearch = (): Promise<string> => bundle(SEARCH_ENTRY);
