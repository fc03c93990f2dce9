import { setTimeout as delay } from "node:timers/promises";
import { parseArgs } from "node:util";
import { MAX_WAIT_SECONDS, parseWholeNumber, runCommand, type WholeNumberBounds } from "../lib/command.ts";
import { baseUrlFromEnvironment } from "../lib/config.ts";
import { readVariable, readWholeNumber } from "../lib/environment.ts";
import { UsageError } from "../lib/errors.ts";
import { mailerFromEnvironment } from "../lib/mailer.ts";
import { createPinnedClient, systemResolver } from "../webhooks/delivery.ts";
import {
  chooseDispatchBase,
  dispatch,
  pingSubscriber,
  recordDispatchedHead,
  requeueDeliveries,
} from "../webhooks/dispatch.ts";
import { DEFAULT_CONCURRENCY, type RunOptions, type RunSummary, runDeliveries } from "../webhooks/run-deliveries.ts";
import { createDeliveryStore, DEFAULT_LOCK_WAIT_SECONDS, DEFAULT_RETENTION_DAYS } from "../webhooks/state.ts";
import { allowHostsFromEnvironment, type Subscriber, subscribersFromEnvironment } from "../webhooks/subscribers.ts";

/**
 * `npm run webhooks -- dispatch | retry | ping | redeliver`. Exit codes (runCommand's): 0 done, including a dispatch
 * whose head was already dispatched; 1 a ping the endpoint did not accept; 2 it could not run: a wrong argument or
 * setting, a state folder locked by another command, or a torn or malformed state.
 */
const USAGE = `usage: npm run webhooks -- dispatch --head REV [--base REV] [--root DIR] [--wait SECONDS] [--concurrency N]
       npm run webhooks -- retry [--wait SECONDS] [--concurrency N]
       npm run webhooks -- ping --subscriber ID
       npm run webhooks -- redeliver --subscriber ID --since ISO-DATE [--wait SECONDS]`;

const COMMANDS = ["dispatch", "retry", "ping", "redeliver"] as const;

/** A whole-number option within its bounds, or its fallback when it is not given. */
const wholeNumber = (name: string, text: string | undefined, fallback: number, bounds: WholeNumberBounds): number =>
  text === undefined ? fallback : parseWholeNumber(text, `--${name}`, bounds);

const describeSummary = (summary: RunSummary): string => {
  const parts = Object.entries(summary.outcomes)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  return [
    `${summary.attempts} attempt(s)${parts.length > 0 ? `; deliveries now ${parts.join(", ")}` : ""}`,
    summary.noticesSent > 0 ? `${summary.noticesSent} notice(s) emailed` : "",
    summary.disabled.length > 0 ? `disabled (every delivery failing for 5 days): ${summary.disabled.join(", ")}` : "",
    summary.nextAttemptAt
      ? `next retry due ${summary.nextAttemptAt} (made by \`npm run webhooks -- retry\`)`
      : "no retry scheduled",
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
      subscriber: { type: "string" },
      since: { type: "string" },
    },
  });
  const command = positionals[0] as (typeof COMMANDS)[number];
  if (positionals.length !== 1 || !COMMANDS.includes(command))
    throw new UsageError("name one command: dispatch, retry, ping or redeliver");
  const subscribers = await subscribersFromEnvironment();
  const named = (): Subscriber => {
    if (!values.subscriber) throw new UsageError(`${command} needs --subscriber ID`);
    const subscriber = subscribers.find((entry) => entry.id === values.subscriber);
    if (!subscriber) throw new UsageError(`no subscriber "${values.subscriber}" in FACTS_WEBHOOK_SUBSCRIBERS`);
    return subscriber;
  };

  if (command === "ping") {
    const subscriber = named();
    const client = createPinnedClient();
    try {
      const result = await pingSubscriber(subscriber, {
        client,
        allowHosts: allowHostsFromEnvironment(),
        resolve: systemResolver,
        now: () => new Date(),
        baseUrl: baseUrlFromEnvironment(),
      });
      console.log(
        `ping ${subscriber.id} (delivery ${result.deliveryId}): ${result.description}${result.ok ? "" : " -- the endpoint did not accept it"}`,
      );
      return result.ok ? 0 : 1;
    } finally {
      await client.close();
    }
  }

  const concurrency = wholeNumber("concurrency", values.concurrency, DEFAULT_CONCURRENCY, { min: 1, max: 1024 });
  // The dispatching job stays for the 1- and 5-minute retries; the scheduled `retry` run makes the rest.
  const maxWaitMs =
    wholeNumber("wait", values.wait, command === "dispatch" ? 600 : 0, { max: MAX_WAIT_SECONDS }) * 1000;
  const stateDirectory = readVariable("FACTS_WEBHOOK_STATE");
  if (!stateDirectory)
    throw new UsageError("FACTS_WEBHOOK_STATE is not set: name the folder that keeps the delivery state between runs");
  const store = await createDeliveryStore(stateDirectory, {
    now: () => new Date(),
    retentionDays: readWholeNumber("FACTS_WEBHOOK_RETENTION_DAYS", DEFAULT_RETENTION_DAYS, { max: 3_650 }),
    lockWaitMs:
      readWholeNumber("FACTS_WEBHOOK_LOCK_WAIT_SECONDS", DEFAULT_LOCK_WAIT_SECONDS, { max: MAX_WAIT_SECONDS }) * 1000,
  });
  const mailer = mailerFromEnvironment();
  const client = createPinnedClient();
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
    concurrency,
    maxWaitMs,
  };
  console.log(`${subscribers.length} subscriber(s) configured; state in ${stateDirectory}`);
  try {
    if (command === "dispatch") {
      if (!values.head) throw new UsageError("dispatch needs --head REV");
      const choice = await chooseDispatchBase({
        cwd: values.root,
        stateDirectory,
        head: values.head,
        ...(values.base ? { base: values.base } : {}),
      });
      if ("done" in choice) {
        console.log(`dispatch: nothing to send, ${choice.done}`);
        return 0;
      }
      console.log(`dispatch from ${choice.base}: ${choice.why}`);
      const summary = await dispatch({
        ...options,
        cwd: values.root,
        base: choice.base,
        head: values.head,
        baseUrl: baseUrlFromEnvironment(),
      });
      recordDispatchedHead(stateDirectory, summary.head);
      console.log(
        `dispatch ${summary.base.slice(0, 12)}..${summary.head.slice(0, 12)}: ${summary.events.length} event(s), ${summary.planned} delivery(ies) (${summary.known} already known); ${describeSummary(summary)}`,
      );
    } else if (command === "redeliver") {
      const subscriber = named();
      if (!values.since) throw new UsageError("redeliver needs --since ISO-DATE");
      const { requeued, foldedThrough } = await requeueDeliveries(store, subscriber.id, values.since, options.now());
      if (foldedThrough)
        console.log(
          `deliveries to ${subscriber.id} that finished up to ${foldedThrough} were folded out of the state and cannot be sent again`,
        );
      console.log(
        `redeliver ${subscriber.id} since ${values.since}: ${requeued} delivery(ies) sent again under their original ids`,
      );
      console.log(`redeliver: ${describeSummary(await runDeliveries({ ...options, only: subscriber.id }))}`);
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

runCommand("webhooks", main, USAGE);
