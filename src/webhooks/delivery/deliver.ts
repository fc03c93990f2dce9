import { applyAttemptOutcome } from "./apply-attempt-outcome.ts";
import { buildWebhookRequest } from "./build-webhook-request.ts";
import type { AttemptOutcome, DeliveryRecord, DeliveryStore } from "../state/index.ts";
import { guardUrl, type Resolver } from "./guard-url.ts";
import type { PinnedClient } from "./pinned-client.ts";
import { sendWebhook } from "./send-webhook.ts";
import { startAttempt } from "./start-attempt.ts";
import type { Subscriber } from "../subscribers/index.ts";

export interface DeliveryContext {
  store: DeliveryStore;
  client: PinnedClient;
  allowHosts: ReadonlySet<string>;
  resolve: Resolver;
  now: () => Date;
  timeoutMs?: number;
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
    const request = buildWebhookRequest(started, subscriber.secret, context.now());
    outcome = await sendWebhook(context.client, target, request, context);
  } else {
    outcome = { kind: "refused", message: target.reason, permanent: target.permanent };
  }
  const finished = applyAttemptOutcome(started, outcome, context.now());
  await context.store.write(finished);
  return finished;
};
