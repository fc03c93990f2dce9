import { SERVICE } from "../../lib/config.ts";
import { webhookBodyBytes } from "../events/index.ts";
import { signWebhook } from "../signing/index.ts";
import type { DeliveryRecord } from "../state/index.ts";

export interface WebhookRequest {
  headers: Record<string, string>;
  body: Buffer;
}

export const USER_AGENT = `${SERVICE.slug}-webhook/1.0`;

/** The headers and body bytes of one attempt of a delivery, signed afresh with the attempt's time. */
export const buildWebhookRequest = (record: DeliveryRecord, secret: string, sentAt: Date): WebhookRequest => {
  const body = webhookBodyBytes(record.event, { baseUrl: record.baseUrl, changedAt: record.changedAt, sentAt });
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const signatures = signWebhook({ id: record.id, timestamp, body, secret });
  return {
    headers: {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "X-Facts-Signature": signatures["X-Facts-Signature"],
      "X-Facts-Delivery": record.id,
      "X-Facts-Event": "fact.updated",
      "X-Facts-Fact-Id": record.event.factId,
      "X-Facts-Version": String(record.event.version),
      "webhook-id": record.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatures["webhook-signature"],
    },
    body,
  };
};
