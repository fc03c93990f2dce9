import { createHmac } from "node:crypto";

/**
 * The HMAC key of the Standard Webhooks signature: for a `whsec_` secret, the bytes its base64 encodes (as the
 * scheme's stock libraries read it); for any other secret, its own bytes (stock libraries' `raw` format).
 */
export const standardWebhooksKey = (secret: string): Buffer =>
  secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret, "utf8");

export interface WebhookSignatures {
  /**
   * SPEC.md 5.3: `sha256=<hex HMAC-SHA256 of the body>`, keyed by the secret exactly as the subscriber holds it.
   * During a rotation it is keyed by the previous secret: the header holds one signature, and the receivers that
   * have not switched yet are the ones that must not break; a receiver that has switched verifies
   * `webhook-signature`, which carries both, until the overlap ends.
   */
  "X-Facts-Signature": string;
  /**
   * Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`; during a rotation, the current
   * secret's signature and then the previous one's, separated by a space, as the scheme allows.
   */
  "webhook-signature": string;
}

/**
 * Each secret's key bytes, decoded once and kept outside Buffer's shared allocation pool: a small Buffer made with
 * `Buffer.from` is a slice of an 8 KB slab that also holds the request bodies of the moment, and a key kept for the
 * whole run would keep each of those slabs alive (at a hundred thousand subscribers, over a hundred megabytes).
 */
const keysBySecret = new Map<string, { facts: Buffer; standard: Buffer }>();
const unpooled = (bytes: Buffer): Buffer => {
  const copy = Buffer.alloc(bytes.length);
  bytes.copy(copy);
  return copy;
};
const keysOf = (secret: string): { facts: Buffer; standard: Buffer } => {
  let keys = keysBySecret.get(secret);
  if (!keys) {
    keys = { facts: unpooled(Buffer.from(secret, "utf8")), standard: unpooled(standardWebhooksKey(secret)) };
    keysBySecret.set(secret, keys);
  }
  return keys;
};

const standardSignature = (secret: string, parts: { id: string; timestamp: number; body: Buffer }): string =>
  `v1,${createHmac("sha256", keysOf(secret).standard).update(`${parts.id}.${parts.timestamp}.`).update(parts.body).digest("base64")}`;

/** Both signatures of one attempt, over the exact body bytes that are sent; with `previousSecret`, a rotation's. */
export const signWebhook = (parts: { id: string; timestamp: number; body: Buffer; secret: string; previousSecret?: string }): WebhookSignatures => {
  const factsKey = keysOf(parts.previousSecret ?? parts.secret).facts;
  const standard = [standardSignature(parts.secret, parts), ...(parts.previousSecret === undefined ? [] : [standardSignature(parts.previousSecret, parts)])];
  return {
    "X-Facts-Signature": `sha256=${createHmac("sha256", factsKey).update(parts.body).digest("hex")}`,
    "webhook-signature": standard.join(" "),
  };
};
