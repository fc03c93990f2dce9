/**
 * How the build writes the tree: each file as it is rendered, into a fresh sibling folder that is swapped in whole
 * once every file is written and within its payload budget. The tree is never held whole: at 1,000 facts × 20
 * versions it is hundreds of megabytes, which the build used to hold twice over (bench/build-scale.bench.ts).
 */

import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { isMissingFile, ProblemsFound } from "../lib/errors.ts";
import type { SiteEntry } from "../render/site-model.ts";
import { BudgetMeter, type BudgetReport, overBudget } from "./payload-budgets.ts";

/** How many files are written at once: enough to keep the file system busy, few enough to hold few buffers. */
const WRITERS = 16;

export interface WriteTreeOptions {
  /**
   * The payload budgets: `refuse` writes nothing when a file is over its budget (`npm run build`), `count` reports the
   * files over it and writes the tree (the build-scale benchmark); without it, no budget is measured (a test's tree).
   */
  budgets?: "refuse" | "count";
  /** Signs the manifest's exact bytes; the signature is written beside it, at SITE_PATHS.manifestSignature. */
  sign?: (manifest: Uint8Array) => string;
}

export interface WrittenTree {
  files: number;
  bytes: number;
  /** The payload budgets of every file written, when they were measured. */
  budgets?: BudgetReport;
}

/**
 * Writes `files` into `outDir`, each as soon as it is given: into a fresh sibling folder, which is swapped in with
 * renames once every file is written (and, with `budgets: "refuse"`, within its budget), so readers see the old tree
 * or the new one, never a mix. A failure, or a file over its budget, leaves the previous tree untouched and nothing
 * beside it. A path that would leave the folder is refused.
 */
export const writeTree = async (
  files: Iterable<SiteEntry>,
  outDir: string,
  options: WriteTreeOptions = {},
): Promise<WrittenTree> => {
  const target = path.resolve(outDir);
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  const previous = `${target}.old-${process.pid}-${Date.now()}`;
  const meter = options.budgets === undefined ? undefined : new BudgetMeter({ async: true });
  const written = { files: 0, bytes: 0 };
  // Each folder is made once (not once per file), and WRITERS files are written at a time: one at a time, the build
  // waited on each write in turn (bench/build-scale.bench.ts).
  const folders = new Map<string, Promise<unknown>>();
  const writing = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let signed = false;
  const put = async (urlPath: string, content: string | Uint8Array): Promise<void> => {
    const file = path.join(staging, ...urlPath.split("/").filter(Boolean));
    if (!file.startsWith(`${staging}${path.sep}`))
      throw new Error(`refusing to write ${urlPath} outside the output folder`);
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    // Measured (gzip) and written on libuv's threads, while this one renders the next files.
    const measured = meter?.add(urlPath, bytes);
    written.files++;
    written.bytes += bytes.byteLength;
    const folder = path.dirname(file);
    let made = folders.get(folder);
    if (made === undefined) {
      made = mkdir(folder, { recursive: true });
      folders.set(folder, made);
    }
    const write: Promise<void> = Promise.all([measured, made.then(() => writeFile(file, bytes))])
      .then(() => {})
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => writing.delete(write));
    writing.add(write);
    if (writing.size >= WRITERS) await Promise.race(writing);
    if (failure !== undefined) throw failure.error;
    if (urlPath === SITE_PATHS.manifest && options.sign !== undefined) {
      signed = true;
      await put(SITE_PATHS.manifestSignature, options.sign(bytes));
    }
  };
  let budgets: BudgetReport | undefined;
  try {
    for (const [urlPath, content] of files) await put(urlPath, content);
    await Promise.all(writing);
    if (failure !== undefined) throw failure.error;
    if (options.sign !== undefined && !signed) throw new Error(`the tree has no ${SITE_PATHS.manifest} to sign`);
    budgets = meter?.report();
    const over = budgets === undefined ? undefined : overBudget(budgets);
    if (over !== undefined && options.budgets === "refuse")
      throw new ProblemsFound(`${over}\nnothing was written to ${outDir}/`);
    await rename(target, previous).catch((error: unknown) => {
      if (!isMissingFile(error)) throw error;
    });
    await rename(staging, target);
  } catch (error: unknown) {
    // The writes still under way finish (or fail) first, so none of them makes a folder again after it is removed.
    await Promise.allSettled(writing);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
  return { ...written, ...(budgets === undefined ? {} : { budgets }) };
};
