import type { AttemptOutcome, DeliveryRecord, DeliveryStore } from "../state/index.ts";
import { type Subscriber, signingSecrets } from "../subscribers/index.ts";
import { buildWebhookRequest } from "./build-webhook-request.ts";
import { describeOutcome } from "./describe-outcome.ts";
import { guardUrl, type Resolver } from "./guard-url.ts";
import type { PinnedClient } from "./pinned-client.ts";
import { nextRetryAt } from "./retry-schedule.ts";
import { sendWebhook } from "./send-webhook.ts";

/**
 * docs/consumers/api.md#delivery-states-and-retries as a pure transition: the record after its current attempt ended with `outcome`.
 * 2xx is delivered; 410 Gone stops the subscriber; a permanent refusal is dead at once; anything else
 * is retried on the schedule, counted from the first failure, until it runs out.
 */
export const applyAttemptOutcome = (record: DeliveryRecord, outcome: AttemptOutcome, finishedAt: Date, random: () => number = Math.random): DeliveryRecord => {
  const current = record.attempts.at(-1);
  if (!current || current.outcome) throw new Error(`delivery ${record.id} has no attempt in progress`);
  const attempts = [...record.attempts.slice(0, -1), { ...current, finishedAt: finishedAt.toISOString(), outcome }];
  const base = { ...record, attempts, nextAttemptAt: null };

  if (outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300) return { ...base, status: "delivered" };
  if (outcome.kind === "response" && outcome.status === 410) {
    return { ...base, status: "gone", reason: "the receiver answered 410 Gone: no more deliveries to this subscriber" };
  }
  if (outcome.kind === "refused" && outcome.permanent) return { ...base, status: "dead", reason: describeOutcome(outcome) };

  const retryAfterMs = outcome.kind === "response" && outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : undefined;
  // The schedule counts from this round's first failure: the latest first attempt that the receiver answered or failed.
  const first = [...attempts].reverse().find((attempt) => attempt.number === 1 && attempt.outcome?.kind !== "interrupted");
  const firstFailedAt = Date.parse(first?.finishedAt ?? finishedAt.toISOString());
  const next = nextRetryAt(current.number, firstFailedAt, finishedAt.getTime(), retryAfterMs, random);
  if (next === undefined) {
    return { ...base, status: "dead", reason: `${current.number} attempts failed; the last: ${describeOutcome(outcome)}` };
  }
  return { ...base, status: "retrying", nextAttemptAt: new Date(next).toISOString() };
};

/**
 * The record as written just before an attempt is made. An attempt left unfinished by a killed process is closed
 * as `interrupted` first; it does not count against the retry schedule, since the receiver never failed it. Nor do
 * the attempts made before the delivery was last redelivered: a redelivery starts the schedule again.
 */
export const startAttempt = (record: DeliveryRecord, startedAt: Date): DeliveryRecord => {
  const attempts = record.attempts.map((attempt) =>
    attempt.outcome ? attempt : { ...attempt, outcome: { kind: "interrupted" as const, message: "the dispatcher stopped during this attempt" } },
  );
  const counted = attempts.filter(
    (attempt) =>
      attempt.outcome?.kind !== "interrupted" &&
      (record.redeliveredAt === undefined || (attempt.startedAt ?? attempt.finishedAt ?? "") >= record.redeliveredAt),
  ).length;
  return {
    ...record,
    status: "attempted",
    attempts: [...attempts, { number: counted + 1, startedAt: startedAt.toISOString() }],
    nextAttemptAt: null,
  };
};

export interface DeliveryContext {
  store: DeliveryStore;
  client: PinnedClient;
  allowHosts: ReadonlySet<string>;
  resolve: Resolver;
  now: () => Date;
  timeoutMs?: number;
  /** The jitter's source of randomness, a number in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

/**
 * One attempt of one delivery. The attempt is written to the store before anything is sent, so a process killed
 * at any point leaves a record that the next run finds and sends again under the same delivery id.
 * A URL the guard refuses gets no request at all.
 */
export const deliver = async (record: DeliveryRecord, subscriber: Subscriber, context: DeliveryContext): Promise<DeliveryRecord> => {
  const started = startAttempt(record, context.now());
  await context.store.write(started);
  const target = await guardUrl(subscriber.url, context);
  let outcome: AttemptOutcome;
  if (target.ok) {
    const sentAt = context.now();
    const request = buildWebhookRequest(started, signingSecrets(subscriber, sentAt), sentAt);
    outcome = await sendWebhook(context.client, target, request, context);
  } else {
    outcome = { kind: "refused", message: target.reason, permanent: target.permanent };
  }
  const finished = applyAttemptOutcome(started, outcome, context.now(), context.random);
  await context.store.write(finished);
  return finished;
};
