import { readFile } from "node:fs/promises";
import { z } from "zod";
import { type Environment, listTextFromEnvironment, readVariable } from "../lib/environment.ts";
import { parseJsonDocument } from "../model/json-document.ts";
import { AbsoluteUrl, Domain, FactId } from "../schemas/index.ts";

/** Webhook subscribers: who they are, what they asked for, and the list they come from. */

/** Subscriber ids name files in the delivery state, so they are restricted to a safe file-name alphabet. */
export const SubscriberId = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, {
  error: "must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit",
});

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
    url: AbsoluteUrl,
    secret: SubscriberSecret,
    email: z.email({ error: "must be an email address" }),
    previous_secret: SubscriberSecret.optional(),
    previous_secret_until: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date and time, such as 2027-01-31T00:00:00Z" })
      .optional(),
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
export const wantsFact = (
  subscriber: Pick<Subscriber, "domains" | "fact_ids">,
  factId: string,
  domain: string | undefined,
): boolean => {
  if (!subscriber.domains && !subscriber.fact_ids) return true;
  return (
    (domain !== undefined && (subscriber.domains?.includes(domain as never) ?? false)) ||
    (subscriber.fact_ids?.includes(factId) ?? false)
  );
};

/** The secrets to sign with at `at`: the current one, and the previous one while the rotation's overlap lasts. */
export const signingSecrets = (subscriber: Subscriber, at: Date): { current: string; previous?: string } =>
  subscriber.previous_secret !== undefined &&
  subscriber.previous_secret_until !== undefined &&
  at.getTime() < Date.parse(subscriber.previous_secret_until)
    ? { current: subscriber.secret, previous: subscriber.previous_secret }
    : { current: subscriber.secret };

/**
 * Parses a JSON array of subscriber entries and reports every problem at once, each naming the entry's index
 * (and its `id` or `email` when it has one) and the field. Messages never quote the input: it may hold secrets.
 * Entries whose `key` repeats an earlier one's are refused.
 */
export const parseSubscriberList = <T>(
  text: string,
  source: string,
  schema: z.ZodType<T>,
  shape: string,
  key: (entry: T) => string,
): T[] => {
  const document = parseJsonDocument(source, text);
  if (document.syntaxProblems.length > 0) {
    const first = document.syntaxProblems[0]!;
    throw new Error(`${source}: ${first.message} at line ${first.line}, column ${first.column}`);
  }
  const list = z.array(z.unknown()).safeParse(document.value);
  if (!list.success) throw new Error(`${source}: must be a JSON array of subscribers (${shape})`);

  const problems: string[] = [];
  const entries: T[] = [];
  const seen = new Map<string, number>();
  list.data.forEach((entry, index) => {
    const named = entry as { id?: unknown; email?: unknown } | null;
    const name = typeof named?.id === "string" ? named.id : typeof named?.email === "string" ? named.email : undefined;
    const label = `subscriber ${index}${name === undefined ? "" : ` ("${name.slice(0, 64)}")`}`;
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join(".") : "(the entry)";
        const message =
          issue.code === "unrecognized_keys" ? `unknown field(s) ${issue.keys.join(", ")}` : issue.message;
        problems.push(`${label}: ${field}: ${message}`);
      }
      return;
    }
    const earlier = seen.get(key(parsed.data));
    if (earlier !== undefined) problems.push(`${label}: the same subscriber as subscriber ${earlier}`);
    else seen.set(key(parsed.data), index);
    entries.push(parsed.data);
  });
  if (problems.length > 0) throw new Error(`${source} has ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  return entries;
};

/** The webhook subscriber list (a JSON array), every problem reported at once by subscriber index and field. */
export const parseSubscribers = (text: string, source: string): Subscriber[] =>
  parseSubscriberList(
    text,
    source,
    Subscriber,
    '{"id", "url", "secret", "email"}, optionally with "previous_secret" and "previous_secret_until", "domains", "fact_ids"',
    (subscriber) => subscriber.id.toLowerCase(),
  );

/**
 * The subscribers from FACTS_WEBHOOK_SUBSCRIBERS (JSON, a repository secret in the workflow) or from the file
 * named by FACTS_WEBHOOK_SUBSCRIBERS_FILE. Neither set means no subscribers.
 */
export const subscribersFromEnvironment = async (
  environment: Environment = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<Subscriber[]> => {
  const list = await listTextFromEnvironment("FACTS_WEBHOOK_SUBSCRIBERS", environment, read);
  return list ? parseSubscribers(list.text, list.source) : [];
};

/**
 * FACTS_WEBHOOK_ALLOW_HOSTS: comma-separated host names or IP literals that may be reached over plain http and at
 * non-public addresses. Meant for tests (127.0.0.1); empty in production.
 */
export const allowHostsFromEnvironment = (environment: Environment = process.env): ReadonlySet<string> =>
  new Set(
    (readVariable("FACTS_WEBHOOK_ALLOW_HOSTS", environment) ?? "")
      .split(",")
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, "$1"),
      )
      .filter(Boolean),
  );
