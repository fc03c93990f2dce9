import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";
import { readVariable } from "../src/lib/environment.ts";
import {
  applyAttemptOutcome,
  buildWebhookRequest,
  createPinnedClient,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  forEachConcurrently,
  MAX_ANSWER_BYTES,
  type PinnedClient,
  runDeliveries,
  startAttempt,
  type WebhookRequest,
} from "../src/webhooks/delivery/index.ts";
import type { FactUpdatedEvent } from "../src/webhooks/events/index.ts";
import { createDeliveryStore, type DeliveryRecord, type DeliveryStore, planDeliveries } from "../src/webhooks/state/index.ts";
import type { Subscriber } from "../src/webhooks/subscribers/index.ts";

/**
 * Webhook dispatcher against a bare undici POST loop (issue 7): 3,000 deliveries to a loopback receiver at a
 * fixed concurrency, with everything a delivery does (its state appended to the journal before and after each
 * attempt, the URL guard, the body built, two signatures, the snapshot compacted when the run ends), against the
 * same bodies POSTed with nothing else. Target: dispatcher >= 0.8 x the bare loop, in deliveries per second,
 * measured in one run.
 *
 * The gated comparison is the hardest honest one: a receiver that answers at once (so nothing hides the
 * dispatcher's own cost) and the state on the disk, in FACTS_WEBHOOK_STATE's parent when it is set, else the
 * temporary folder. A receiver answering after 10 ms, as a real endpoint does at best, is printed for information.
 * This machine is shared, so the contenders alternate round by round and the best round of each is compared;
 * every round is printed, and the median ratio beside it. Against the instant receiver a third contender, the
 * required work alone (requiredWorkRun), is printed for information: it separates the cost of what every attempt
 * must do from what the dispatcher adds around it.
 */
const DELIVERIES = 3_000;
/** The dispatcher's own default, used by `npm run webhooks`. */
const CONCURRENCY = DEFAULT_CONCURRENCY;
const ROUNDS = 5;
const INFORMATIONAL_ROUNDS = 2;
const TARGET = 0.8;
const INFORMATIONAL_DELAY_MS = 10;
const configuredState = readVariable("FACTS_WEBHOOK_STATE");
const stateRoot = configuredState ? path.dirname(path.resolve(configuredState)) : os.tmpdir();

/** The receiver runs in its own process, so it does not share an event loop with either contender. */
const startReceiver = async (delayMs: number): Promise<{ port: number; stop: () => void }> => {
  const code = `
    const http = require("node:http");
    const answer = (response) => response.writeHead(204).end();
    const server = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => (${delayMs} > 0 ? setTimeout(answer, ${delayMs}, response) : answer(response)));
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (exitCode) => reject(new Error(`receiver exited ${exitCode}`)));
  });
  return { port, stop: () => child.kill() };
};

const eventsFor = (count: number): FactUpdatedEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    factId: `bc.bench.fact_${index}`,
    version: 3,
    previousVersion: 2,
    current: {
      value: [
        { upper: 200000, rate: 0.01 },
        { upper: 2000000, rate: 0.02 },
        { upper: null, rate: 0.03 },
      ],
      expires_iso: "2027-05-20",
      effective_iso: "2026-01-01",
    },
    previous: {
      value: [
        { upper: 200000, rate: 0.01 },
        { upper: 2000000, rate: 0.02 },
        { upper: null, rate: 0.025 },
      ],
      expires_iso: "2026-11-20",
      effective_iso: "2025-01-01",
    },
    diff: {
      value: { from: [{ upper: null, rate: 0.025 }], to: [{ upper: null, rate: 0.03 }] },
      expires_iso: { from: "2026-11-20", to: "2027-05-20" },
      effective_iso: { from: "2025-01-01", to: "2026-01-01" },
    },
  }));

const SUBSCRIBER_COUNT = 3;

const stateFolders: string[] = [];

const subscribersFor = (url: string): Subscriber[] =>
  Array.from({ length: SUBSCRIBER_COUNT }, (_, index) => ({
    id: `bench-${index}`,
    url,
    secret: `whsec_${Buffer.from(`bench-secret-number-${index}-0123456789`).toString("base64")}`,
    email: `bench${index}@example.org`,
  }));

const plannedFor = (subscribers: readonly Subscriber[]): DeliveryRecord[] =>
  planDeliveries(
    eventsFor(DELIVERIES / SUBSCRIBER_COUNT),
    subscribers.map((subscriber) => subscriber.id),
    {
      base: "b".repeat(40),
      head: "a".repeat(40),
      changedAt: "2026-11-21T18:30:00.000Z",
      baseUrl: "https://facts.example.org",
      createdAt: new Date(),
    },
  );

const newStateFolder = async (stateRoot: string): Promise<string> => {
  const state = await mkdtemp(path.join(stateRoot, "webhooks-bench-"));
  // Removed at the end, not here: deleting 3,000 files is disk work that would slow the next contender.
  stateFolders.push(state);
  return state;
};

interface Contender {
  store: DeliveryStore;
  client: PinnedClient;
  subscribers: Subscriber[];
  planned: DeliveryRecord[];
}

/**
 * One timed run of a contender that uses the delivery store: the same subscribers, planned deliveries and fresh
 * state folder for each, and the same timed span, from the first attempt to the store closed (compacted).
 * `deliver` resolves with the number of deliveries that ended delivered.
 */
const storeRun = async (url: string, stateRoot: string, name: string, deliver: (contender: Contender) => Promise<number>): Promise<number> => {
  const subscribers = subscribersFor(url);
  const store = await createDeliveryStore(await newStateFolder(stateRoot));
  const planned = plannedFor(subscribers);
  await Promise.all(planned.map((record) => store.write(record)));
  const client = createPinnedClient();
  const started = performance.now();
  const delivered = await deliver({ store, client, subscribers, planned });
  await store.close();
  const elapsed = performance.now() - started;
  await client.close();
  if (delivered !== DELIVERIES) throw new Error(`${name}: only ${delivered} of ${DELIVERIES} delivered`);
  return DELIVERIES / (elapsed / 1000);
};

const dispatcherRun = (url: string, stateRoot: string): Promise<number> =>
  storeRun(url, stateRoot, "webhook dispatcher", async ({ store, client, subscribers }) => {
    const summary = await runDeliveries({
      store,
      client,
      subscribers,
      allowHosts: new Set(["127.0.0.1"]),
      resolve: async () => [],
      now: () => new Date(),
      sleep: async () => undefined,
      log: () => undefined,
      concurrency: CONCURRENCY,
      maxWaitMs: 0,
    });
    return summary.outcomes.delivered;
  });

/**
 * The work every delivery must do and nothing else, through the dispatcher's own parts: the attempt written to the
 * delivery store before the request, the body built and signed twice, the POST, the outcome written after, and the
 * store compacted when the run ends. No URL guard, no retry, gone or notice handling, no log lines. It shows how
 * much of the gap to the bare loop is the required work itself, and how much the dispatcher adds around it.
 */
const requiredWorkRun = (url: string, stateRoot: string): Promise<number> =>
  storeRun(url, stateRoot, "required work alone", async ({ store, client, subscribers, planned }) => {
    const secrets = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber.secret]));
    const target = new URL(url);
    let delivered = 0;
    await forEachConcurrently(planned, CONCURRENCY, async (record) => {
      const attempt = startAttempt(record, new Date());
      await store.write(attempt);
      const request = buildWebhookRequest(attempt, secrets.get(record.subscriber)!, new Date());
      const answer = await client.post(target, "127.0.0.1", request, { timeoutMs: DEFAULT_TIMEOUT_MS, maxAnswerBytes: MAX_ANSWER_BYTES });
      const outcome = applyAttemptOutcome(attempt, { kind: "response", status: answer.statusCode }, new Date());
      await store.write(outcome);
      if (outcome.status === "delivered") delivered++;
    });
    return delivered;
  });

const bareRun = async (url: string, requests: readonly WebhookRequest[]): Promise<number> => {
  const agent = new Agent();
  const started = performance.now();
  let ok = 0;
  await forEachConcurrently(requests, CONCURRENCY, async (webhook) => {
    const response = await request(url, { method: "POST", headers: webhook.headers, body: webhook.body, dispatcher: agent });
    await response.body.dump();
    if (response.statusCode === 204) ok++;
  });
  const elapsed = performance.now() - started;
  await agent.close();
  if (ok !== requests.length) throw new Error(`bare loop: only ${ok} of ${requests.length} answered 204`);
  return requests.length / (elapsed / 1000);
};

const bodies = plannedFor(subscribersFor("http://127.0.0.1/")).map((record) =>
  buildWebhookRequest(record, "whsec_YmVuY2gtc2VjcmV0LW51bWJlci0wLTAxMjM0NTY3ODk=", new Date()),
);

interface Comparison {
  bare: number;
  ours: number;
  ratio: number;
}

/** The contenders against one receiver, taking turns round by round, best round of each. */
const compare = async (delayMs: number, stateRoot: string, rounds: number, withRequiredWork: boolean): Promise<Comparison> => {
  const receiver = await startReceiver(delayMs);
  try {
    const url = `http://127.0.0.1:${receiver.port}/hooks/facts`;
    await bareRun(url, bodies.slice(0, 300));
    await dispatcherRun(url, stateRoot);
    if (withRequiredWork) await requiredWorkRun(url, stateRoot);
    const bare: number[] = [];
    const ours: number[] = [];
    const required: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bare.push(await bareRun(url, bodies));
      ours.push(await dispatcherRun(url, stateRoot));
      if (withRequiredWork) required.push(await requiredWorkRun(url, stateRoot));
    }
    const format = (value: number): string => value.toFixed(0).padStart(6);
    const median = (values: number[]): number => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const line = (label: string, values: number[], ratios: string): void =>
      console.log(`  ${label.padEnd(27)}${format(Math.max(...values))} deliveries/s  (rounds: ${values.map(format).join(",")})${ratios}`);
    const againstBare = (values: number[]): string =>
      `  ratio ${(Math.max(...values) / Math.max(...bare)).toFixed(2)} best, ${(median(values) / median(bare)).toFixed(2)} median`;
    console.log(`receiver answering ${delayMs === 0 ? "at once" : `after ${delayMs} ms`}, state in ${stateRoot}:`);
    line("bare undici POST loop:", bare, "");
    line("webhook dispatcher:", ours, againstBare(ours));
    if (withRequiredWork) line("required work alone:", required, againstBare(required));
    return { bare: Math.max(...bare), ours: Math.max(...ours), ratio: Math.max(...ours) / Math.max(...bare) };
  } finally {
    receiver.stop();
  }
};

console.log(`${DELIVERIES} deliveries to a loopback receiver, concurrency ${CONCURRENCY}, best round of each contender`);
try {
  const gated = await compare(0, stateRoot, ROUNDS, true);
  await compare(INFORMATIONAL_DELAY_MS, stateRoot, INFORMATIONAL_ROUNDS, false);
  console.log(
    `gated: receiver answering at once, state in ${stateRoot}: bare ${gated.bare.toFixed(0)} deliveries/s, dispatcher ${gated.ours.toFixed(0)} deliveries/s, ratio ${gated.ratio.toFixed(2)} (target >= ${TARGET})`,
  );
  if (gated.ratio < TARGET) {
    console.error(`webhook dispatcher is below ${TARGET} x the bare undici loop`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all(stateFolders.map((folder) => rm(folder, { recursive: true, force: true })));
}
