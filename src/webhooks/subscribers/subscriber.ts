import { z } from "zod";

/** Subscriber ids name files in the delivery state, so they are restricted to a safe file-name alphabet. */
export const SubscriberId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, { error: "must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit" });

/**
 * A Standard Webhooks secret is `whsec_` followed by base64; any other secret is used as its own bytes.
 * Printable ASCII only, so both schemes (and stock verifiers in `raw` mode) read the same key bytes.
 */
export const SubscriberSecret = z
  .string({ error: "must be a string" })
  .min(16, { error: "must be at least 16 characters" })
  .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces" })
  .refine((secret) => !secret.startsWith("whsec_") || /^[A-Za-z0-9+/]{22,}={0,2}$/.test(secret.slice(6)), {
    error: "a whsec_ secret must be followed by base64 of at least 16 bytes",
  });

/** One webhook subscriber as configured in FACTS_WEBHOOK_SUBSCRIBERS; `secret` never leaves memory. */
export const Subscriber = z.strictObject({
  id: SubscriberId,
  url: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }),
  secret: SubscriberSecret,
  email: z.email({ error: "must be an email address" }),
});
export type Subscriber = z.infer<typeof Subscriber>;
