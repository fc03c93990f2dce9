import { createHmac } from "node:crypto";
import { SERVICE } from "../lib/config.ts";

/**
 * The HMAC signing of webhook requests: both signatures of one attempt, and the headers that carry them. The other
 * side (verifying a delivery) is the client package's verifyFactsWebhook.
 */
export interface WebhookSignatures {
  /**
   * docs/consumers/api.md#signatures-and-replays: `sha256=<hex HMAC-SHA256 of the body>`, keyed by the secret exactly
   * as the subscriber holds it. During a rotation it is keyed by the previous secret: the header holds one signature,
   * and the receivers that have not switched yet are the ones that must not break; a receiver that has switched
   * verifies `webhook-signature`, which carries both, until the overlap ends.
   */
  "X-Facts-Signature": string;
  /**
   * Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`; during a rotation, the current
   * secret's signature and then the previous one's, separated by a space, as the scheme allows.
   */
  "webhook-signature": string;
}

/**
 * The Standard Webhooks signature with `secret`. Its HMAC key is, for a `whsec_` secret, the bytes its base64
 * encodes (as the scheme's stock libraries read it), and for any other secret its own bytes (their `raw` format).
 * The key is handed to `createHmac` as a string with its encoding: a Buffer key is re-imported at every call and
 * costs several times the HMAC, and caching a KeyObject per secret would hold native memory for every subscriber.
 */
const standardSignature = (secret: string, parts: { id: string; timestamp: number; body: Buffer }): string => {
  const hmac = secret.startsWith("whsec_")
    ? createHmac("sha256", secret.slice("whsec_".length), { encoding: "base64" })
    : createHmac("sha256", secret);
  return `v1,${hmac.update(`${parts.id}.${parts.timestamp}.`).update(parts.body).digest("base64")}`;
};

/** Both signatures of one attempt, over the exact body bytes that are sent; with `previousSecret`, a rotation's. */
export const signWebhook = (parts: {
  id: string;
  timestamp: number;
  body: Buffer;
  secret: string;
  previousSecret?: string;
}): WebhookSignatures => {
  const factsKey = parts.previousSecret ?? parts.secret;
  const standard = [
    standardSignature(parts.secret, parts),
    ...(parts.previousSecret === undefined ? [] : [standardSignature(parts.previousSecret, parts)]),
  ];
  return {
    "X-Facts-Signature": `sha256=${createHmac("sha256", factsKey).update(parts.body).digest("hex")}`,
    "webhook-signature": standard.join(" "),
  };
};

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
