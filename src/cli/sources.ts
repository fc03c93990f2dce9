import { parseArgs } from "node:util";
import { MAX_WAIT_SECONDS, parseWholeNumber, runCommand } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { UsageError } from "../lib/errors.ts";
import { loadFacts } from "../model/facts.ts";
import {
  checkSources,
  describeFinding,
  needsAttention,
  readFingerprints,
  writeFingerprints,
} from "../source-check/check-sources.ts";
import { fetchSource, sourceDispatcherFromEnvironment } from "../source-check/fetch-source.ts";

const USAGE = "usage: npm run sources -- check [--root DIR] [--fingerprints FILE] [--timeout-seconds N]";

/**
 * `npm run sources -- check`: fetches every cited address, reads the text of its HTML or PDF, and says for each
 * citation whether its quote is still there, and for each page whether it changed since the last run. Exits 1 when
 * a quote or a page is gone.
 */
const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      root: { type: "string", default: "." },
      fingerprints: { type: "string", default: ".sources/fingerprints.json" },
      "timeout-seconds": { type: "string", default: "20" },
    },
  });
  if (positionals.length !== 1 || positionals[0] !== "check") throw new UsageError('expected the command "check"');
  // A day at most: far beyond any page's answer, and within what a Node timer can wait.
  const timeoutMs =
    parseWholeNumber(values["timeout-seconds"], "--timeout-seconds", { min: 1, max: MAX_WAIT_SECONDS }) * 1000;
  const today = todayFromEnvironment();
  const facts = await loadFacts(values.root);
  const previous = await readFingerprints(values.fingerprints);
  const dispatcher = sourceDispatcherFromEnvironment(process.env, timeoutMs);
  try {
    const { findings, fingerprints } = await checkSources(
      facts.map((loaded) => loaded.fact),
      { today, previous, fetch: (url) => fetchSource(url, { dispatcher, timeoutMs }) },
    );
    for (const finding of findings) console.log(describeFinding(finding));
    await writeFingerprints(values.fingerprints, fingerprints);
    const count = (verdict: string) => findings.filter((finding) => finding.verdict === verdict).length;
    const changed = new Set(
      findings.filter((finding) => finding.page?.change === "changed").map((finding) => finding.source.url),
    ).size;
    console.log(
      `${findings.length} citation(s) of ${facts.length} fact(s) on ${today}: ${count("quote-found")} quote found, ${count("quote-gone")} quote gone, ${count("page-gone")} page gone, ${count("unverified")} unverified, ${count("page-ok")} without a quote; ${changed} page(s) changed since the last check`,
    );
    return findings.some(needsAttention) ? 1 : 0;
  } finally {
    await dispatcher.close();
  }
};

runCommand("sources", main, USAGE);
