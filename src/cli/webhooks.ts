import { setTimeout as delay } from "node:timers/promises";
import { parseArgs } from "node:util";
import { baseUrlFromEnvironment } from "../lib/config.ts";
import { readVariable } from "../lib/environment.ts";
import { mailerFromEnvironment } from "../lib/mailer.ts";
import {
  allowHostsFromEnvironment,
  createDeliveryStore,
  createPinnedClient,
  DEFAULT_CONCURRENCY,
  dispatch,
  type RunOptions,
  type RunSummary,
  runDeliveries,
  subscribersFromEnvironment,
  systemResolver,
} from "../webhooks/index.ts";

const USAGE = `usage: npm run webhooks -- dispatch --base REV --head REV [--root DIR] [--wait SECONDS] [--concurrency N]
       npm run webhooks -- retry [--wait SECONDS] [--concurrency N]`;

const wholeNumber = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
};

const describeSummary = (summary: RunSummary): string => {
  const parts = Object.entries(summary.outcomes)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  return [
    `${summary.attempts} attempt(s)${parts.length > 0 ? `; deliveries now ${parts.join(", ")}` : ""}`,
    summary.noticesSent > 0 ? `${summary.noticesSent} dead-delivery notice(s) emailed` : "",
    summary.nextAttemptAt ? `next retry due ${summary.nextAttemptAt} (made by \`npm run webhooks -- retry\`)` : "no retry scheduled",
  ]
    .filter(Boolean)
    .join("; ");
};

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      base: { type: "string" },
      head: { type: "string" },
      root: { type: "string", default: "." },
      wait: { type: "string" },
      concurrency: { type: "string" },
    },
  });
  const command = positionals[0];
  if (positionals.length !== 1 || (command !== "dispatch" && command !== "retry")) {
    console.error(USAGE);
    return 2;
  }
  const stateDirectory = readVariable("FACTS_WEBHOOK_STATE");
  if (!stateDirectory) throw new Error("FACTS_WEBHOOK_STATE is not set: name the folder that keeps the delivery state between runs");

  const subscribers = await subscribersFromEnvironment();
  const mailer = mailerFromEnvironment();
  const client = createPinnedClient();
  const store = await createDeliveryStore(stateDirectory);
  const options: RunOptions = {
    store,
    client,
    allowHosts: allowHostsFromEnvironment(),
    resolve: systemResolver,
    now: () => new Date(),
    sleep: (ms) => delay(ms),
    log: (line) => console.log(line),
    subscribers,
    ...(mailer ? { mailer } : {}),
    concurrency: Math.max(1, wholeNumber("concurrency", values.concurrency, DEFAULT_CONCURRENCY)),
    // The dispatching job stays for the 1- and 5-minute retries; the scheduled `retry` run makes the rest.
    maxWaitMs: wholeNumber("wait", values.wait, command === "dispatch" ? 600 : 0) * 1000,
  };
  console.log(`${subscribers.length} subscriber(s) configured; state in ${stateDirectory}`);
  try {
    if (command === "dispatch") {
      if (!values.base || !values.head) throw new Error("dispatch needs --base REV and --head REV");
      const summary = await dispatch({ ...options, cwd: values.root, base: values.base, head: values.head, baseUrl: baseUrlFromEnvironment() });
      console.log(
        `dispatch ${summary.base.slice(0, 12)}..${summary.head.slice(0, 12)}: ${summary.events.length} event(s), ${summary.planned} delivery(ies) (${summary.known} already known); ${describeSummary(summary)}`,
      );
    } else {
      console.log(`retry: ${describeSummary(await runDeliveries(options))}`);
    }
  } finally {
    await client.close();
    mailer?.close();
    await store.close();
  }
  return 0;
};

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`webhooks failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
