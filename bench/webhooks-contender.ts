import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pMap from "p-map";
import { Agent, request } from "undici";
import { buildWebhookRequest, createPinnedClient } from "../src/webhooks/delivery.ts";
import { planDeliveries } from "../src/webhooks/dispatch.ts";
import type { FactUpdatedEvent } from "../src/webhooks/events.ts";
import { runDeliveries } from "../src/webhooks/run-deliveries.ts";
import { createDeliveryStore, SNAPSHOT_FILE } from "../src/webhooks/state.ts";
import type { Subscriber } from "../src/webhooks/subscribers.ts";

/**
 * One contender of `npm run bench -- webhooks`, in a process of its own so its CPU time and peak memory are its
 * own: `dispatcher` (the real planning, delivery store and runDeliveries) or `bare` (an undici POST loop of the same
 * signed bodies, built before the clock starts). Prints one JSON line with its figures.
 */
export interface ContenderResult {
  contender: "dispatcher" | "bare";
  deliveries: number;
  seconds: number;
  perSecond: number;
  cpuMicrosPerDelivery: number;
  peakRssMb: number;
  stateBytes?: number;
}

const [contender, subscriberCount, eventCount, origin, stateFolder, concurrency] = process.argv.slice(2) as [
  "dispatcher" | "bare",
  string,
  string,
  string,
  string,
  string,
];

const events: FactUpdatedEvent[] = Array.from({ length: Number(eventCount) }, (_, index) => ({
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

/** Each subscriber its own path and secret on the loopback receiver, as distinct endpoints would be. */
const subscribers: Subscriber[] = Array.from({ length: Number(subscriberCount) }, (_, index) => ({
  id: `s${String(index).padStart(6, "0")}`,
  url: `${origin}/hooks/${index}`,
  secret: `whsec_${Buffer.from(`bench-secret-of-subscriber-${index}`).toString("base64")}`,
  email: `s${index}@example.org`,
}));

const context = { changedAt: "2026-11-21T18:30:00.000Z", baseUrl: "https://facts.example.org", domainOf: () => "tax" };
const limit = Number(concurrency);

const measure = async (work: () => Promise<number>): Promise<Omit<ContenderResult, "contender" | "stateBytes">> => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deliveries = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    deliveries,
    seconds,
    perSecond: deliveries / seconds,
    cpuMicrosPerDelivery: (used.user + used.system) / deliveries,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
};

let result: ContenderResult;
if (contender === "dispatcher") {
  const client = createPinnedClient();
  const figures = await measure(async () => {
    // What `webhooks dispatch` does once the events are known: plan, store each event once, write the pending
    // deliveries, make every attempt, and compact the state.
    const store = await createDeliveryStore(stateFolder, { now: () => new Date() });
    const plan = planDeliveries(events, subscribers, { ...context, createdAt: new Date() });
    for (const stored of plan.events) await store.addEvent(stored);
    await Promise.all(plan.records.map((record) => store.write(record)));
    // As dispatch does: the plan is not kept once its deliveries are in the store.
    plan.records.length = 0;
    const summary = await runDeliveries({
      store,
      client,
      subscribers,
      allowHosts: new Set(["127.0.0.1"]),
      resolve: async () => [],
      now: () => new Date(),
      sleep: async () => undefined,
      log: () => undefined,
      concurrency: limit,
      maxWaitMs: 0,
    });
    await store.close();
    return summary.outcomes.delivered;
  });
  await client.close();
  result = { contender, ...figures, stateBytes: readFileSync(`${stateFolder}/${SNAPSHOT_FILE}`).length };
} else {
  const now = new Date();
  const plan = planDeliveries(events, subscribers, { ...context, createdAt: now });
  const secrets = new Map(subscribers.map((subscriber) => [subscriber.id, { current: subscriber.secret }]));
  const urls = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber.url]));
  const requests = plan.records.map((record) => ({
    url: urls.get(record.subscriber)!,
    ...buildWebhookRequest(record, secrets.get(record.subscriber)!, now),
  }));
  const agent = new Agent();
  const figures = await measure(async () => {
    let ok = 0;
    await pMap(
      requests,
      async (webhook) => {
        const response = await request(webhook.url, {
          method: "POST",
          headers: webhook.headers,
          body: webhook.body,
          dispatcher: agent,
        });
        await response.body.dump();
        if (response.statusCode === 204) ok++;
      },
      { concurrency: limit },
    );
    return ok;
  });
  await agent.close();
  result = { contender, ...figures };
}
console.log(JSON.stringify(result));
