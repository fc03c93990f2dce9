import { parseArgs } from "node:util";
import { MAX_WAIT_SECONDS, parseWholeNumber, runCommand } from "../lib/command.ts";
import { publishedBaseUrl } from "../lib/config.ts";
import { UsageError } from "../lib/errors.ts";
import { KEYS_FILE, readSigningKeys } from "../signing/signing-keys.ts";
import {
  createSiteFetcher,
  type SignatureVerdict,
  type TreeReport,
  verifyPublishedTree,
} from "../signing/verify-published-tree.ts";

const USAGE = `usage: npm run verify-site -- BASE-URL [--keys FILE] [--concurrency N] [--timeout-seconds N] [--deadline-seconds N]
  --keys FILE           the committed key set to check the signature against (default keys/jwks.json)
  --concurrency N       files fetched at a time (default 8)
  --timeout-seconds N   a file counts as not served after this long without progress (default 20)
  --deadline-seconds N  the whole check stops after this long, whatever is still being fetched (default 300)`;

/** A day: far beyond any check, and within what a Node timer can wait (a longer one would fire at once). */
const BOUNDS = { min: 1, max: MAX_WAIT_SECONDS };

const signatureSummary = (signature: SignatureVerdict): string => {
  if (signature.state === "valid") return `signature valid (key ${signature.kid})`;
  if (signature.state === "bad") return "bad signature";
  if (signature.state === "unsigned") return "unsigned";
  return `signature not checked: ${signature.reason}`;
};

const summaryOf = (base: string, report: TreeReport, deadline: string | undefined): string => {
  if (report.problems.length === 0 && report.signature.state === "valid") {
    return `verified ${base}: the manifest is signed by key ${report.signature.kid} and all ${report.listed} files it lists match`;
  }
  const files =
    report.listed === undefined
      ? "no file list to check"
      : report.filesChecked
        ? `${report.listed - report.matching} of ${report.listed} listed files differ`
        : `the ${report.listed} listed files were not fetched, since only a manifest signed by a committed key is trusted`;
  return `NOT verified ${base}: ${signatureSummary(report.signature)}; ${files}${deadline === undefined ? "" : `; ${deadline}`}`;
};

/**
 * `npm run verify-site -- BASE-URL`: checks a published tree as a consumer would. The manifest's signature must
 * verify against the committed keys (`--keys`, default keys/jwks.json), never against the key set the tree itself
 * publishes. Only then, and only if it verifies, is every file the manifest lists fetched (`--concurrency`, default
 * 8, at a time, each given up after `--timeout-seconds`, default 20, without progress), hashed as it streams and
 * compared by size and SHA-256; a body longer than listed is cut off one byte past its size. The whole check stops
 * at `--deadline-seconds` (default 300), so a host that answers a byte at a time cannot keep it running. Each
 * problem prints as `path: what differs`, then one summary line; exit 1 unless the tree is signed and every file
 * matches.
 */
const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      keys: { type: "string", default: KEYS_FILE },
      concurrency: { type: "string", default: "8" },
      "timeout-seconds": { type: "string", default: "20" },
      "deadline-seconds": { type: "string", default: "300" },
    },
  });
  if (positionals.length !== 1) throw new UsageError("expected one BASE-URL");
  const base = publishedBaseUrl(positionals[0]!, "the base URL");
  const concurrency = parseWholeNumber(values.concurrency, "--concurrency", BOUNDS);
  const timeoutMs = parseWholeNumber(values["timeout-seconds"], "--timeout-seconds", BOUNDS) * 1000;
  const deadlineSeconds = parseWholeNumber(values["deadline-seconds"], "--deadline-seconds", BOUNDS);
  const keys = await readSigningKeys(values.keys);
  const fetcher = createSiteFetcher(base, { concurrency, timeoutMs, deadlineMs: deadlineSeconds * 1000 });
  try {
    const report = await verifyPublishedTree(fetcher, keys);
    for (const problem of report.problems) console.log(`${problem.path}: ${problem.message}`);
    const deadline = fetcher.deadlinePassed()
      ? `stopped at the overall deadline of ${deadlineSeconds} s (--deadline-seconds)`
      : undefined;
    console.log(summaryOf(base, report, deadline));
    return report.problems.length === 0 && report.signature.state === "valid" ? 0 : 1;
  } finally {
    await fetcher.close();
  }
};

runCommand("verify-site", main, USAGE);
