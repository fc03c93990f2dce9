import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

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
 * The Standard Webhooks key of each secret, made once. A KeyObject, because `createHmac` with a Buffer key costs
 * several times an HMAC of a whole body (it imports the key anew at every call); the key's bytes live in native
 * memory, so no Buffer slab is kept alive with it. The `X-Facts-Signature` key is the secret string itself, which
 * `createHmac` takes as cheaply.
 */
const standardKeys = new Map<string, KeyObject>();
const standardKeyOf = (secret: string): KeyObject => {
  let key = standardKeys.get(secret);
  if (!key) {
    key = createSecretKey(standardWebhooksKey(secret));
    standardKeys.set(secret, key);
  }
  return key;
};

const standardSignature = (secret: string, parts: { id: string; timestamp: number; body: Buffer }): string =>
  `v1,${createHmac("sha256", standardKeyOf(secret)).update(`${parts.id}.${parts.timestamp}.`).update(parts.body).digest("base64")}`;

/** Both signatures of one attempt, over the exact body bytes that are sent; with `previousSecret`, a rotation's. */
export const signWebhook = (parts: { id: string; timestamp: number; body: Buffer; secret: string; previousSecret?: string }): WebhookSignatures => {
  const factsKey = parts.previousSecret ?? parts.secret;
  const standard = [standardSignature(parts.secret, parts), ...(parts.previousSecret === undefined ? [] : [standardSignature(parts.previousSecret, parts)])];
  return {
    "X-Facts-Signature": `sha256=${createHmac("sha256", factsKey).update(parts.body).digest("hex")}`,
    "webhook-signature": standard.join(" "),
  };
};
