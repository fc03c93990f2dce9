/**
 * The HMAC key of the Standard Webhooks signature: for a `whsec_` secret, the bytes its base64 encodes (as the
 * scheme's stock libraries read it); for any other secret, its own bytes (stock libraries' `raw` format).
 */
export const standardWebhooksKey = (secret: string): Buffer =>
  secret.startsWith("whsec_") ? Buffer.from(secret.slice("whsec_".length), "base64") : Buffer.from(secret, "utf8");
