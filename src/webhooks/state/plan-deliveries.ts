import { z } from "zod";
import { WebhookBody } from "../../schemas/webhook.ts";
import { buildWebhookBody, deliveryId, type FactUpdatedEvent } from "../events/index.ts";
import type { DeliveryRecord } from "./delivery-record.ts";

export interface PlanContext {
  base: string;
  head: string;
  /** Commit time of `head`, ISO 8601. */
  changedAt: string;
  baseUrl: string;
  createdAt: Date;
}

/**
 * One pending delivery for each event and each subscriber, ids derived from both and the head commit.
 * Each event's body is validated against the published WebhookBody schema here, once, so a body that breaks it
 * is refused before anything is stored or sent.
 */
export const planDeliveries = (events: readonly FactUpdatedEvent[], subscriberIds: readonly string[], context: PlanContext): DeliveryRecord[] =>
  events.flatMap((event) => {
    const body = WebhookBody.safeParse(buildWebhookBody(event, { baseUrl: context.baseUrl, changedAt: context.changedAt, sentAt: context.createdAt }));
    if (!body.success)
      throw new Error(`the fact.updated body of ${event.factId} v${event.version} breaks the WebhookBody schema: ${z.prettifyError(body.error)}`);
    return subscriberIds.map((subscriberId) => ({
      id: deliveryId({ subscriberId, factId: event.factId, version: event.version, headCommit: context.head }),
      subscriber: subscriberId,
      event,
      changedAt: context.changedAt,
      baseUrl: context.baseUrl,
      base: context.base,
      head: context.head,
      status: "pending" as const,
      createdAt: context.createdAt.toISOString(),
      attempts: [],
      nextAttemptAt: context.createdAt.toISOString(),
    }));
  });
