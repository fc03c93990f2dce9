import { SERVICE } from "../../lib/config.ts";
import { webhookBodyBytes } from "../events/index.ts";
import { signWebhook } from "../signing/index.ts";
import type { DeliveryRecord } from "../state/index.ts";

export interface WebhookRequest {
  headers: Record<string, string>;
  body: Buffer;
}

export const USER_AGENT = `${SERVICE.slug}-webhook/1.0`;

/** The headers of one signed request: the same set for every event type (a ping names no fact and no version). */
export const signedHeaders = (
  parts: { id: string; event: string; factId?: string; version?: number; body: Buffer },
  secrets: { current: string; previous?: string },
  sentAt: Date,
): Record<string, string> => {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const signatures = signWebhook({
    id: parts.id,
    timestamp,
    body: parts.body,
    secret: secrets.current,
    ...(secrets.previous === undefined ? {} : { previousSecret: secrets.previous }),
  });
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Facts-Signature": signatures["X-Facts-Signature"],
    "X-Facts-Delivery": parts.id,
    "X-Facts-Event": parts.event,
    ...(parts.factId === undefined ? {} : { "X-Facts-Fact-Id": parts.factId }),
    ...(parts.version === undefined ? {} : { "X-Facts-Version": String(parts.version) }),
    "webhook-id": parts.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatures["webhook-signature"],
  };
};

/** The headers and body bytes of one attempt of a delivery, signed afresh with the attempt's time. */
export const buildWebhookRequest = (record: DeliveryRecord, secrets: { current: string; previous?: string }, sentAt: Date): WebhookRequest => {
  const body = webhookBodyBytes(record.event, { baseUrl: record.baseUrl, changedAt: record.changedAt, sentAt });
  const headers = signedHeaders({ id: record.id, event: "fact.updated", factId: record.event.factId, version: record.event.version, body }, secrets, sentAt);
  return { headers, body };
};
