import { parseArgs } from "node:util";
import { digestSubscribersFromEnvironment, runDigest } from "../digest/run-digest.ts";
import { MAX_WAIT_SECONDS, runCommand } from "../lib/command.ts";
import { baseUrlFromEnvironment } from "../lib/config.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { readVariable, readWholeNumber } from "../lib/environment.ts";
import { UsageError } from "../lib/errors.ts";
import { mailerFromEnvironment } from "../lib/mailer.ts";
import { IsoDate } from "../schemas/index.ts";
import { DEFAULT_LOCK_WAIT_SECONDS, lockStateFolder } from "../webhooks/state.ts";

/** The first 90-day cycle boundary when FACTS_DIGEST_EPOCH is not set. */
const DEFAULT_EPOCH = "2026-01-01";

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    strict: true,
    options: {
      root: { type: "string", default: "." },
      revision: { type: "string", default: "HEAD" },
      "dry-run": { type: "boolean", default: false },
    },
  });
  const epochText = readVariable("FACTS_DIGEST_EPOCH") || DEFAULT_EPOCH;
  const epoch = IsoDate.safeParse(epochText);
  if (!epoch.success) throw new UsageError(`FACTS_DIGEST_EPOCH must be a date written YYYY-MM-DD, got "${epochText}"`);
  const subscribers = await digestSubscribersFromEnvironment();
  const mailer = values["dry-run"] ? undefined : mailerFromEnvironment();
  const stateDirectory = readVariable("FACTS_DIGEST_STATE") || readVariable("FACTS_WEBHOOK_STATE");
  // The digest writes into the state folder the webhook commands lock (by default the same one): it takes the lock too.
  let release: (() => Promise<void>) | undefined;
  if (stateDirectory && !values["dry-run"]) {
    release = await lockStateFolder(
      stateDirectory,
      readWholeNumber("FACTS_WEBHOOK_LOCK_WAIT_SECONDS", DEFAULT_LOCK_WAIT_SECONDS, { max: MAX_WAIT_SECONDS }) * 1000,
    );
  }
  try {
    const result = await runDigest({
      cwd: values.root,
      revision: values.revision,
      today: todayFromEnvironment(),
      epoch: epoch.data,
      baseUrl: baseUrlFromEnvironment(),
      subscribers,
      ...(mailer ? { mailer } : {}),
      ...(stateDirectory ? { stateDirectory } : {}),
      dryRun: values["dry-run"],
      now: () => new Date(),
      log: (line) => console.log(line),
    });
    console.log(
      result.cycle
        ? `digest ${result.cycle.start}..${result.cycle.end}: ${result.changes} change(s), sent to ${result.sent} of ${subscribers.length} subscriber(s)${values["dry-run"] ? " (dry run)" : ""}`
        : "digest: nothing to do",
    );
  } finally {
    mailer?.close();
    await release?.();
  }
  return 0;
};

runCommand("digest", main);
