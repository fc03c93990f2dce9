import { writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

// Preloaded (node --import) by peakRssProbe: at exit, the process's peak resident set size in KiB, as the OS counts it.
const file = process.env.PEAK_RSS_FILE;
if (file && isMainThread) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
