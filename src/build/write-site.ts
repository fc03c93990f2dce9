import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SiteFiles } from "../render/site-model.ts";

/**
 * Writes the tree into a fresh sibling folder, then swaps it in with renames: readers see the old tree or the new
 * one, never a mix, and a failure while writing leaves the previous tree untouched.
 */
export const writeSite = async (files: SiteFiles, outDir: string): Promise<void> => {
  const target = path.resolve(outDir);
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  const previous = `${target}.old-${process.pid}-${Date.now()}`;
  try {
    for (const [urlPath, content] of files) {
      const file = path.join(staging, ...urlPath.split("/").filter(Boolean));
      if (!file.startsWith(`${staging}${path.sep}`)) throw new Error(`refusing to write ${urlPath} outside the output folder`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(staging, target);
  } catch (error: unknown) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
};
