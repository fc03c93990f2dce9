import { parseArgs } from "node:util";
import { parseBaseUrl } from "../lib/base-url.ts";
import { runCommand } from "../lib/run-command.ts";
import { createSiteFetcher, KEYS_FILE, readSigningKeys, type SignatureVerdict, type TreeReport, verifyPublishedTree } from "../signing/index.ts";

const USAGE = "usage: npm run verify-site -- BASE-URL [--keys FILE] [--concurrency N] [--timeout-seconds N]";

const wholeNumber = (name: string, text: string, minimum: number): number => {
  if (!/^\d+$/.test(text) || Number(text) < minimum) throw new Error(`--${name} must be a whole number of at least ${minimum}, got "${text}"`);
  return Number(text);
};

const baseUrlOf = (text: string): string => {
  const base = parseBaseUrl(text, "the base URL");
  const url = new URL(base);
  if (url.search !== "" || url.hash !== "") throw new Error(`the base URL must have no query or fragment, got "${text}"`);
  return base;
};

const signatureSummary = (signature: SignatureVerdict): string => {
  if (signature.state === "valid") return `signature valid (key ${signature.kid})`;
  if (signature.state === "bad") return "bad signature";
  if (signature.state === "unsigned") return "unsigned";
  return `signature not checked: ${signature.reason}`;
};

const summaryOf = (base: string, report: TreeReport): string => {
  if (report.problems.length === 0 && report.signature.state === "valid") {
    return `verified ${base}: the manifest is signed by key ${report.signature.kid} and all ${report.listed} files it lists match`;
  }
  const files = report.listed === undefined ? "no file list to check" : `${report.listed - report.matching} of ${report.listed} listed files differ`;
  return `NOT verified ${base}: ${signatureSummary(report.signature)}; ${files}`;
};

/**
 * `npm run verify-site -- BASE-URL`: checks a published tree as a consumer would. The manifest's signature must
 * verify against the committed keys (`--keys`, default keys/jwks.json), never against the key set the tree itself
 * publishes; then every file the manifest lists is fetched (`--concurrency`, default 8, at a time, each given up
 * after `--timeout-seconds`, default 20, without progress) and its size and SHA-256 compared. Each problem prints as
 * `path: what differs`, then one summary line; exit 1 unless the tree is signed and every file matches.
 */
const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      keys: { type: "string", default: KEYS_FILE },
      concurrency: { type: "string", default: "8" },
      "timeout-seconds": { type: "string", default: "20" },
    },
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const base = baseUrlOf(positionals[0]!);
  const keys = await readSigningKeys(values.keys);
  const fetcher = createSiteFetcher(base, {
    concurrency: wholeNumber("concurrency", values.concurrency, 1),
    timeoutMs: wholeNumber("timeout-seconds", values["timeout-seconds"], 1) * 1000,
  });
  try {
    const report = await verifyPublishedTree(fetcher.fetchFile, keys);
    for (const problem of report.problems) console.log(`${problem.path}: ${problem.message}`);
    console.log(summaryOf(base, report));
    return report.problems.length === 0 && report.signature.state === "valid" ? 0 : 1;
  } finally {
    await fetcher.close();
  }
};

runCommand("verify-site", main);
