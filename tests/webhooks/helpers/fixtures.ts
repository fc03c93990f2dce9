import { afterEach } from "vitest";
import { createPinnedClient } from "../../../src/webhooks/delivery.ts";
import { planDeliveries } from "../../../src/webhooks/dispatch.ts";
import type { FactUpdatedEvent } from "../../../src/webhooks/events.ts";
import type { RunOptions } from "../../../src/webhooks/run-deliveries.ts";
import type { DeliveryRecord } from "../../../src/webhooks/state.ts";
import { createDeliveryStore, type DeliveryStore } from "../../../src/webhooks/state.ts";
import type { Subscriber } from "../../../src/webhooks/subscribers.ts";
import { runScript, type ScriptResult } from "../../helpers/run-script.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

export const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
export const RAW_SECRET = "plain-shared-secret-0123456789";

export const subscriber = (url: string, overrides: Partial<Subscriber> = {}): Subscriber => ({
  id: "acme",
  url,
  secret: SECRET,
  email: "hooks@acme.example",
  ...overrides,
});

export const rentCapEvent: FactUpdatedEvent = {
  factId: "bc.rent_cap.2026",
  version: 2,
  previousVersion: 1,
  current: { value: { max_increase: 0.023 }, expires_iso: "2027-02-08", effective_iso: "2026-01-01" },
  previous: { value: { max_increase: 0.03 }, expires_iso: "2026-08-01", effective_iso: "2025-01-01" },
  diff: {
    value: { from: { max_increase: 0.03 }, to: { max_increase: 0.023 } },
    expires_iso: { from: "2026-08-01", to: "2027-02-08" },
    effective_iso: { from: "2025-01-01", to: "2026-01-01" },
  },
};

export const HEAD = "a".repeat(40);
export const BASE = "b".repeat(40);

/** A clock that only moves when told to, and a sleep that moves it instead of waiting. */
export const fakeClock = (start = "2026-11-22T09:00:00.000Z") => {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    sleep: async (ms: number) => {
      current += ms;
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
};

const clients: ReturnType<typeof createPinnedClient>[] = [];
const stores: DeliveryStore[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  // Closing releases the state folder's lock before the folder is removed.
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** Everything a delivery run needs, with a fresh state folder, real HTTP, loopback allowed unless told otherwise. */
export const runContext = async (overrides: Partial<RunOptions> = {}): Promise<RunOptions & { lines: string[] }> => {
  const client = createPinnedClient();
  clients.push(client);
  const clock = fakeClock();
  const lines: string[] = [];
  const store = await createDeliveryStore(await tempDir(), { now: overrides.now ?? clock.now });
  stores.push(store);
  return {
    store,
    client,
    allowHosts: new Set(["127.0.0.1"]),
    resolve: async () => {
      throw Object.assign(new Error("no DNS in this test"), { code: "ENOTFOUND" });
    },
    now: clock.now,
    sleep: clock.sleep,
    log: (line) => lines.push(line),
    // The retry delays' jitter at its midpoint: each delay exactly as the schedule states it.
    random: () => 0.5,
    subscribers: [],
    maxWaitMs: 0,
    lines,
    ...overrides,
  };
};

/** Pending deliveries of `events` to `subscribers`, written to the run's store. */
export const seed = async (
  options: RunOptions,
  events: FactUpdatedEvent[] = [rentCapEvent],
): Promise<DeliveryRecord[]> => {
  const plan = planDeliveries(events, options.subscribers, {
    changedAt: "2026-11-21T18:30:00.000Z",
    baseUrl: "https://facts.example.org",
    createdAt: options.now(),
    domainOf: () => "rental",
  });
  for (const stored of plan.events) await options.store.addEvent(stored);
  for (const record of plan.records) await options.store.write(record);
  return plan.records;
};

/**
 * The environment of `npm run webhooks` in a test: these subscribers, a fresh state folder, loopback allowed, no SMTP.
 */
export const webhookEnvironment = async (subscribers: unknown, extra: Record<string, string> = {}) => {
  const state = await tempDir();
  return {
    state,
    env: {
      FACTS_WEBHOOK_SUBSCRIBERS: JSON.stringify(subscribers),
      FACTS_WEBHOOK_STATE: state,
      FACTS_WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      FACTS_BASE_URL: "https://facts.example.org",
      SMTP_URL: "",
      FACTS_WEBHOOK_SUBSCRIBERS_FILE: "",
      ...extra,
    },
  };
};

/**
 * `npm run webhooks` with these arguments, run from a fresh folder of the test's: only `dispatch` reads a repository,
 * the one its `--root` names; the other commands read nothing of the project's, so none reads the live data.
 */
export const runWebhooks = async (args: string[], options: { env: NodeJS.ProcessEnv }): Promise<ScriptResult> =>
  runScript("src/cli/webhooks.ts", args, { ...options, cwd: await tempDir() });
