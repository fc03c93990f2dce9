import { z } from "zod";
import { WebhookBody } from "../../schemas/index.ts";
import { buildWebhookBody, deliveryId, eventKey, type FactUpdatedEvent } from "../events/index.ts";
import { type Subscriber, wantsFact } from "../subscribers/index.ts";
import type { DeliveryRecord } from "./delivery-record.ts";
import type { StoredEvent } from "./state-file.ts";

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
    const body = WebhookBody.safeParse(buildWebhookBody(event, { baseUrl: context.baseUrl, changedAt: context.changedAt, sentAt: context.createdAt }));
    if (!body.success)
      throw new Error(`the fact.updated body of ${event.factId} v${event.version} breaks the WebhookBody schema: ${z.prettifyError(body.error)}`);
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
