import { z } from "zod";
import { Domain, FactId } from "../../schemas/index.ts";

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

/**
 * One webhook subscriber as configured in FACTS_WEBHOOK_SUBSCRIBERS; the secrets never leave memory.
 * `previous_secret` and `previous_secret_until` rotate the secret: until that instant, both signatures are sent.
 * `domains` and `fact_ids` narrow what it receives: a change is sent when its fact's domain is listed or its id is
 * (either list alone narrows to it; with neither, every change is sent).
 */
export const Subscriber = z
  .strictObject({
    id: SubscriberId,
    url: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }),
    secret: SubscriberSecret,
    email: z.email({ error: "must be an email address" }),
    previous_secret: SubscriberSecret.optional(),
    previous_secret_until: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time, such as 2027-01-31T00:00:00Z" }).optional(),
    domains: z.array(Domain).min(1, { error: "list at least one domain, or leave the field out" }).optional(),
    fact_ids: z.array(FactId).min(1, { error: "list at least one fact id, or leave the field out" }).optional(),
  })
  // Checked even when another field is wrong (`when`), so that every problem of an entry is reported at once; the
  // entry may then be anything, even null, hence the optional chaining.
  .refine((entry) => (entry?.previous_secret === undefined) === (entry?.previous_secret_until === undefined), {
    error: "previous_secret and previous_secret_until go together: the old secret is sent until that date",
    path: ["previous_secret_until"],
    when: () => true,
  })
  .refine((entry) => entry?.previous_secret === undefined || entry.previous_secret !== entry.secret, {
    error: "must differ from secret",
    path: ["previous_secret"],
    when: () => true,
  });
export type Subscriber = z.infer<typeof Subscriber>;

/** Whether `subscriber` asked for changes of this fact. */
export const wantsFact = (subscriber: Pick<Subscriber, "domains" | "fact_ids">, factId: string, domain: string | undefined): boolean => {
  if (!subscriber.domains && !subscriber.fact_ids) return true;
  return (domain !== undefined && (subscriber.domains?.includes(domain as never) ?? false)) || (subscriber.fact_ids?.includes(factId) ?? false);
};

/** The secrets to sign with at `at`: the current one, and the previous one while the rotation's overlap lasts. */
export const signingSecrets = (subscriber: Subscriber, at: Date): { current: string; previous?: string } =>
  subscriber.previous_secret !== undefined && subscriber.previous_secret_until !== undefined && at.getTime() < Date.parse(subscriber.previous_secret_until)
    ? { current: subscriber.secret, previous: subscriber.previous_secret }
    : { current: subscriber.secret };
