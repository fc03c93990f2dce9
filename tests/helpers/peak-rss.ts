import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "./temp-dir.ts";

/**
 * The environment that makes a script run by runScript write its peak resident set size (the whole process's, its
 * worker threads included) to a file when it exits, and a way to read it back, in MiB. The operating system keeps
 * the peak, so nothing is sampled and nothing is missed.
 */
export const peakRssProbe = async (): Promise<{ env: NodeJS.ProcessEnv; peakMiB: () => Promise<number> }> => {
  const file = path.join(await tempDir(), "peak-rss");
  const preload = pathToFileURL(path.join(import.meta.dirname, "write-peak-rss.ts")).href;
  return {
    env: { NODE_OPTIONS: `--import=${preload}`, PEAK_RSS_FILE: file },
    peakMiB: async () => Math.round(Number(await readFile(file, "utf8")) / 1024),
  };
};
