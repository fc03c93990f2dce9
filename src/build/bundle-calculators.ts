import path from "node:path";
import { build } from "rolldown";

/** The calculators page's script: the client's calculators and the page's own code, bundled for the browser. */
export const CALCULATORS_ENTRY = path.resolve(import.meta.dirname, "../../site/calculators/calculators-page.ts");

let bundled: Promise<string> | undefined;

/**
 * The script `/assets/calculators.js`: the page runs the very calculators the client package exports, so the page
 * and a program reading the same facts get the same answer. One classic script (an IIFE, no module loader), minified.
 * Rolldown's output depends only on the sources, so two builds of one commit publish the same bytes (the manifest
 * lists its digest). Bundled once per process: every build of a test run shares it.
 */
export const bundleCalculators = (): Promise<string> => {
  bundled ??= build({
    input: CALCULATORS_ENTRY,
    write: false,
    platform: "browser",
    logLevel: "warn",
    output: { format: "iife", minify: true, comments: { legal: false } },
  }).then((result) => {
    const chunks = result.output.filter((item) => item.type === "chunk");
    if (chunks.length !== 1)
      throw new Error(`bundling ${CALCULATORS_ENTRY} gave ${chunks.length} scripts, expected one`);
    return chunks[0]!.code;
  });
  // A failed bundle is not kept: the next build tries again instead of repeating this failure.
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
};
