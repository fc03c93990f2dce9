import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { SERVICE, urlsFor } from "../lib/config.ts";
import { isMissingFile } from "../lib/errors.ts";
import { gitResult } from "../lib/git.ts";
import { writeFileAtomic } from "../lib/json-file.ts";
import { loadFactsAtRevision } from "../model/facts.ts";
import { WebhookBody } from "../schemas/index.ts";
import {
  describeOutcome,
  type GuardResult,
  guardUrl,
  type PinnedClient,
  type Resolver,
  sendWebhook,
} from "./delivery.ts";
import {
  buildWebhookBody,
  computeEvents,
  deliveryId,
  eventKey,
  type FactUpdatedEvent,
  resolveCommit,
} from "./events.ts";
import { type RunOptions, type RunSummary, runDeliveries } from "./run-deliveries.ts";
import { signedHeaders } from "./signing.ts";
import type { AttemptOutcome, DeliveryRecord, DeliveryStore, StoredEvent } from "./state.ts";
import { type Subscriber, signingSecrets, wantsFact } from "./subscribers.ts";

/**
 * The commands on the delivery state: `dispatch` (which commits to compare, the deliveries their changes make, then
 * every due attempt), `redeliver` and `ping`.
 */
export interface PlanContext {
  /** Commit time of the dispatch's head, ISO 8601: the body's `startTime`. */
  changedAt: string;
  baseUrl: string;
  createdAt: Date;
  /** The domain of each fact, for subscribers that asked for some domains only. */
  domainOf: (factId: string) => string | undefined;
}

/**
 * The changes to store, once each, and one pending delivery for each change and each subscriber that asked for it,
 * ids derived from the subscriber and the change (never from commits). Each event's body is validated against the
 * published WebhookBody schema here, once, so a body that breaks it is refused before anything is stored or sent.
 */
export const planDeliveries = (
  events: readonly FactUpdatedEvent[],
  subscribers: readonly Pick<Subscriber, "id" | "domains" | "fact_ids">[],
  context: PlanContext,
): { events: StoredEvent[]; records: DeliveryRecord[] } => {
  const stored: StoredEvent[] = [];
  const records = events.flatMap((event) => {
    const body = WebhookBody.safeParse(
      buildWebhookBody(event, { baseUrl: context.baseUrl, changedAt: context.changedAt, sentAt: context.createdAt }),
    );
    if (!body.success)
      throw new Error(
        `the fact.updated body of ${event.factId} v${event.version} breaks the WebhookBody schema: ${z.prettifyError(body.error)}`,
      );
    const key = eventKey(event);
    const domain = context.domainOf(event.factId);
    const receivers = subscribers.filter((subscriber) => wantsFact(subscriber, event.factId, domain));
    if (receivers.length > 0) stored.push({ key, event, changedAt: context.changedAt, baseUrl: context.baseUrl });
    return receivers.map(
      (subscriber): DeliveryRecord => ({
        id: deliveryId(subscriber.id, event),
        subscriber: subscriber.id,
        eventKey: key,
        event,
        changedAt: context.changedAt,
        baseUrl: context.baseUrl,
        status: "pending",
        createdAt: context.createdAt.toISOString(),
        attempts: [],
        nextAttemptAt: context.createdAt.toISOString(),
      }),
    );
  });
  return { events: stored, records };
};

export interface DispatchSummary extends RunSummary {
  base: string;
  head: string;
  events: FactUpdatedEvent[];
  planned: number;
  /** Deliveries already in the state from an earlier run of the same dispatch: not created again. */
  known: number;
}

/**
 * Writes the deliveries the state does not have yet, and the events they use, once each. A change some earlier
 * dispatch already planned (over another commit range, or a run GitHub cancelled) keeps its delivery. The plan is
 * not kept: at a hundred thousand subscribers its records would stay in memory for the whole run.
 */
const storePlan = async (
  store: DeliveryStore,
  plan: ReturnType<typeof planDeliveries>,
): Promise<{ planned: number; known: number }> => {
  const fresh = plan.records.filter((record) => !store.get(record.id));
  const used = new Set(fresh.map((record) => record.eventKey));
  for (const stored of plan.events) if (used.has(stored.key)) await store.addEvent(stored);
  // Written together, so the journal takes them in one append.
  await Promise.all(fresh.map((record) => store.write(record)));
  return { planned: plan.records.length, known: plan.records.length - fresh.length };
};

/**
 * `webhooks dispatch`: the events between two commits, one delivery per event and subscriber written to the
 * store (those already there are left as they are), then every due attempt, staying `maxWaitMs` for early retries.
 */
export const dispatch = async (
  options: RunOptions & { cwd: string; base: string; head: string; baseUrl: string },
): Promise<DispatchSummary> => {
  const [base, head] = await Promise.all([
    resolveCommit(options.cwd, options.base),
    resolveCommit(options.cwd, options.head),
  ]);
  const [before, after] = await Promise.all([
    loadFactsAtRevision(options.cwd, base.sha),
    loadFactsAtRevision(options.cwd, head.sha),
  ]);
  for (const skipped of after.skipped) options.log(`skipped at ${head.sha.slice(0, 12)}: ${skipped}`);
  const events = computeEvents(before.facts, after.facts);
  options.log(`${events.length} fact.updated event(s) between ${base.sha.slice(0, 12)} and ${head.sha.slice(0, 12)}`);
  for (const event of events) {
    options.log(
      `  ${event.factId} v${event.previousVersion} -> v${event.version}: ${Object.keys(event.diff).join(", ")} changed`,
    );
  }

  const [gone, disabled] = await Promise.all([options.store.goneSubscribers(), options.store.disabledSubscribers()]);
  const active = options.subscribers.filter((subscriber) => !gone.has(subscriber.id) && !disabled.has(subscriber.id));
  const domains = new Map(after.facts.map((fact) => [fact.id, fact.domain]));
  const { planned, known } = await storePlan(
    options.store,
    planDeliveries(events, active, {
      changedAt: head.committedAt,
      baseUrl: options.baseUrl,
      createdAt: options.now(),
      domainOf: (factId) => domains.get(factId),
    }),
  );
  options.log(
    `${planned} delivery(ies) for ${active.length} subscriber(s); ${known} already known from an earlier run`,
  );
  const summary = await runDeliveries(options);
  return { ...summary, base: base.sha, head: head.sha, events, planned, known };
};

/** In the state folder: the last pushed commit whose changes were dispatched. */
export const DISPATCHED_HEAD_FILE = "dispatched-head";

/**
 * Whether `ancestor` is `descendant` or one of its ancestors; false too when either is not a commit of the repository.
 */
const isAncestor = async (cwd: string, ancestor: string, descendant: string): Promise<boolean> =>
  (await gitResult(cwd, ["merge-base", "--is-ancestor", ancestor, descendant])).code === 0;

export type BaseChoice = { base: string; why: string } | { done: string };

/**
 * The commit a dispatch of `head` starts from. The commit recorded in DISPATCHED_HEAD_FILE when it is an ancestor of
 * `head`: starting from it rather than from the push's `before` covers a push whose own dispatch job was cancelled
 * while queued, and a scheduled run (after a promotion, whose push starts no workflow). When `head` is that commit or
 * one of its ancestors, it was already dispatched: `done` says so. Otherwise (nothing recorded, or a force-push made
 * the recorded commit foreign to `head`) `--base`, the push's `before`; without one there is nothing to compare
 * against, and nothing is sent (as when `head` was already dispatched: a scheduled or manual run before any push).
 */
export const chooseDispatchBase = async (options: {
  cwd: string;
  stateDirectory: string;
  head: string;
  base?: string;
}): Promise<BaseChoice> => {
  const file = path.join(options.stateDirectory, DISPATCHED_HEAD_FILE);
  const recorded = await readFile(file, "utf8").then(
    (text) => text.trim(),
    (error: unknown) => {
      if (isMissingFile(error)) return undefined;
      throw error;
    },
  );
  if (recorded) {
    if (await isAncestor(options.cwd, options.head, recorded))
      return { done: `${options.head} was already dispatched (up to ${recorded})` };
    if (await isAncestor(options.cwd, recorded, options.head))
      return { base: recorded, why: `the last dispatched commit (${file})` };
  }
  if (options.base)
    return {
      base: options.base,
      why: recorded ? `--base (${recorded} in ${file} is not an ancestor of ${options.head})` : "--base",
    };
  return {
    done: `nothing to compare against: no dispatch is recorded in ${file} and no --base was given (a run not started by a push); the first push dispatches from its own base`,
  };
};

/** Records `head` as dispatched, for the next dispatch to start from. */
export const recordDispatchedHead = (stateDirectory: string, head: string): void =>
  writeFileAtomic(path.join(stateDirectory, DISPATCHED_HEAD_FILE), `${head}\n`);

/**
 * `webhooks redeliver`: makes every delivery of `subscriber` planned since `since` (an ISO date or date and time)
 * pending again under its original delivery id, its retry schedule starting afresh, and returns how many. A gone or
 * disabled subscriber is refused: its marker must be removed first. Deliveries folded out of the state after the
 * retention window cannot be sent again; the message says from when they were.
 */
export const requeueDeliveries = async (
  store: DeliveryStore,
  subscriber: string,
  since: string,
  now: Date,
): Promise<{ requeued: number; foldedThrough?: string }> => {
  const [gone, disabled] = await Promise.all([store.goneSubscribers(), store.disabledSubscribers()]);
  for (const [marks, folder] of [
    [gone, "gone"],
    [disabled, "disabled"],
  ] as const) {
    if (marks.has(subscriber)) {
      throw new Error(
        `subscriber ${subscriber} is ${folder} (${store.directory}/${folder}/${subscriber}.json): remove that marker first, then redeliver`,
      );
    }
  }
  const from = new Date(since);
  if (Number.isNaN(from.getTime()))
    throw new Error(`--since must be an ISO 8601 date or date and time, got "${since}"`);
  const at = now.toISOString();
  let requeued = 0;
  for (const record of await store.list()) {
    if (record.subscriber !== subscriber || Date.parse(record.createdAt) < from.getTime()) continue;
    const { reason: _reason, deadNoticeSentAt: _notice, ...rest } = record;
    await store.write({ ...rest, status: "pending", nextAttemptAt: at, redeliveredAt: at });
    requeued++;
  }
  const { foldedThrough } = store.summary(subscriber);
  return foldedThrough !== undefined && foldedThrough >= from.toISOString()
    ? { requeued, foldedThrough }
    : { requeued };
};

export interface PingResult {
  deliveryId: string;
  outcome: AttemptOutcome;
  ok: boolean;
  description: string;
}

/**
 * `webhooks ping`: one signed `fact.ping` event to a subscriber's endpoint, with the headers and signatures of a
 * real delivery (and both signatures during a secret rotation), through the same URL guard. Nothing is stored: it
 * tests the endpoint, gone or disabled ones included, and answers whether it took the event.
 */
export const pingSubscriber = async (
  subscriber: Subscriber,
  context: {
    client: PinnedClient;
    allowHosts: ReadonlySet<string>;
    resolve: Resolver;
    now: () => Date;
    baseUrl: string;
    timeoutMs?: number;
  },
): Promise<PingResult> => {
  const id = randomUUID();
  const sentAt = context.now();
  const urls = urlsFor(context.baseUrl);
  const body = Buffer.from(
    JSON.stringify({
      "@context": "https://schema.org",
      "@type": "CheckAction",
      name: "fact.ping",
      description: `A test event from ${SERVICE.name}, sent on request to check this endpoint. It carries no change.`,
      agent: { "@type": "Person", name: SERVICE.name, alternateName: SERVICE.slug, url: urls.catalogPage },
      endTime: sentAt.toISOString(),
    }),
  );
  const target: GuardResult = await guardUrl(subscriber.url, context);
  const outcome: AttemptOutcome = target.ok
    ? await sendWebhook(
        context.client,
        target,
        { headers: signedHeaders({ id, event: "fact.ping", body }, signingSecrets(subscriber, sentAt), sentAt), body },
        context,
      )
    : { kind: "refused", message: target.reason, permanent: target.permanent };
  const ok = outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300;
  return { deliveryId: id, outcome, ok, description: describeOutcome(outcome) };
};
