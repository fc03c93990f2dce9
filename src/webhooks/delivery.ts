import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { buildConnector, Pool } from "undici";
import { errorMessage } from "../lib/errors.ts";
import { HttpFailure, httpRequest } from "../lib/http.ts";
import { webhookBodyBytes } from "./events.ts";
import { signedHeaders } from "./signing.ts";
import type { AttemptOutcome, DeliveryRecord, DeliveryStore } from "./state.ts";
import { type Subscriber, signingSecrets } from "./subscribers.ts";

/**
 * One attempt of one delivery: the URL guard (every address the host resolves to must be public), the request signed
 * and sent over a connection pinned to the vetted address, its outcome, and the retry schedule that follows it.
 */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has; injected so tests control DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, order: "verbatim" });

export type GuardResult =
  | { ok: true; url: URL; address: string }
  /** `permanent`: retrying cannot help (the URL itself is refused), unlike a name that resolves badly today. */
  | { ok: false; reason: string; permanent: boolean };

/**
 * Every range a delivery may not reach: the IANA IPv4 and IPv6 Special-Purpose Address Registries (each entry,
 * whatever its "globally reachable" flag), plus multicast (224.0.0.0/4, ff00::/8), the deprecated IPv4-compatible
 * IPv6 addresses (::/96, which ipaddr.js calls unicast although `::7f00:1` is 127.0.0.1) and the deprecated
 * site-local fec0::/10. Each with the words naming it in a refusal.
 */
const SPECIAL_PURPOSE_RANGES: readonly { cidr: string; words: string }[] = [
  // IPv4
  { cidr: "0.0.0.0/8", words: "a this-network" },
  { cidr: "10.0.0.0/8", words: "a private" },
  { cidr: "100.64.0.0/10", words: "a shared (carrier-grade NAT)" },
  { cidr: "127.0.0.0/8", words: "a loopback" },
  { cidr: "169.254.0.0/16", words: "a link-local" },
  { cidr: "172.16.0.0/12", words: "a private" },
  { cidr: "192.0.0.0/24", words: "an IETF protocol assignment" },
  { cidr: "192.0.2.0/24", words: "a documentation" },
  { cidr: "192.31.196.0/24", words: "an AS112" },
  { cidr: "192.52.193.0/24", words: "an AMT" },
  { cidr: "192.88.99.0/24", words: "a deprecated 6to4 relay anycast" },
  { cidr: "192.168.0.0/16", words: "a private" },
  { cidr: "192.175.48.0/24", words: "an AS112 direct delegation" },
  { cidr: "198.18.0.0/15", words: "a benchmarking" },
  { cidr: "198.51.100.0/24", words: "a documentation" },
  { cidr: "203.0.113.0/24", words: "a documentation" },
  { cidr: "224.0.0.0/4", words: "a multicast" },
  { cidr: "240.0.0.0/4", words: "a reserved" },
  { cidr: "255.255.255.255/32", words: "a broadcast" },
  // IPv6
  { cidr: "::/128", words: "an unspecified" },
  { cidr: "::1/128", words: "a loopback" },
  { cidr: "::/96", words: "an IPv4-compatible IPv6" },
  { cidr: "::ffff:0:0/96", words: "an IPv4-mapped IPv6" },
  { cidr: "64:ff9b::/96", words: "an IPv4/IPv6 translation" },
  { cidr: "64:ff9b:1::/48", words: "a local-use IPv4/IPv6 translation" },
  { cidr: "100::/64", words: "a discard-only" },
  { cidr: "100:0:0:1::/64", words: "a dummy-prefix" },
  // Includes Teredo 2001::/32, benchmarking 2001:2::/48, AMT 2001:3::/32, AS112 2001:4:112::/48, ORCHIDv2 2001:20::/28.
  { cidr: "2001::/23", words: "an IETF protocol assignment" },
  { cidr: "2001:db8::/32", words: "a documentation" },
  { cidr: "2002::/16", words: "a 6to4" },
  { cidr: "2620:4f:8000::/48", words: "an AS112 direct delegation" },
  { cidr: "3fff::/20", words: "a documentation" },
  { cidr: "5f00::/16", words: "a segment routing SID" },
  { cidr: "fc00::/7", words: "a unique-local" },
  { cidr: "fe80::/10", words: "a link-local" },
  { cidr: "fec0::/10", words: "a deprecated site-local" },
  { cidr: "ff00::/8", words: "a multicast" },
];

interface ParsedRange {
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  /** How a refusal names it, e.g. "a loopback address (127.0.0.0/8)". */
  phrase: string;
}

/** Parsed once; longest prefix first, so an address is named by its most specific range (::1 a loopback, not ::/96). */
const PARSED_RANGES: readonly ParsedRange[] = SPECIAL_PURPOSE_RANGES.map(({ cidr, words }) => ({
  range: ipaddr.parseCIDR(cidr),
  phrase: `${words} address (${cidr})`,
})).sort((a, b) => b.range[1] - a.range[1]);

const specialRange = (ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined =>
  PARSED_RANGES.find(({ range }) => range[0].kind() === ip.kind() && ip.match(range))?.phrase;

/**
 * Why an address may not be reached, e.g. "a loopback address (127.0.0.0/8)", or undefined for an ordinary public
 * unicast address. Besides the table, anything ipaddr.js does not call unicast is refused too (it also knows the
 * IPv4-translated ::ffff:0:0:0/96 of RFC 6145).
 */
const forbiddenRange = (address: string): string | undefined => {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return "an unparseable address";
  }
  const phrase = specialRange(ip);
  if (phrase !== undefined) {
    if (ip.kind() !== "ipv6" || !(ip as ipaddr.IPv6).isIPv4MappedAddress()) return phrase;
    // Refused as IPv4-mapped anyway; the IPv4 address it stands for says more about where it leads.
    const ipv4 = (ip as ipaddr.IPv6).toIPv4Address();
    const ipv4Phrase = specialRange(ipv4);
    return ipv4Phrase === undefined ? phrase : `${phrase} for ${ipv4.toString()}, ${ipv4Phrase}`;
  }
  const range = ip.range();
  return range === "unicast" ? undefined : `a special-purpose address (ipaddr.js: ${range})`;
};

/** The URL with its host lower-case and without IPv6 brackets, and 4 or 6 for an address literal (else 0). */
const parseUrl = (rawUrl: string): { url: URL; host: string; family: number } | undefined => {
  try {
    const url = new URL(rawUrl);
    const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
    return { url, host, family: isIP(host) };
  } catch {
    return undefined;
  }
};

/**
 * Decides whether one attempt may reach `rawUrl`, resolving its host now (at every attempt, so a name that later
 * points inward is caught) and returning the vetted address to connect to. Only `https`; every address of the
 * name must be public unicast, outside every range of SPECIAL_PURPOSE_RANGES (loopback, private, CGNAT,
 * link-local, unique-local, multicast, unspecified, IPv4-mapped and IPv4-compatible, NAT64, 6to4, Teredo,
 * documentation, ...), since one bad address is enough to reach inside. Hosts in `allowHosts` (tests) may use plain
 * http and any address.
 */
export const guardUrl = async (
  rawUrl: string,
  options: { allowHosts: ReadonlySet<string>; resolve: Resolver },
): Promise<GuardResult> => {
  const parsed = parseUrl(rawUrl);
  if (!parsed) return { ok: false, reason: "the URL is not an absolute URL", permanent: true };
  const { url, host, family } = parsed;
  const allowed = options.allowHosts.has(host);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) {
    return { ok: false, reason: `${url.protocol.slice(0, -1)} URL: only https is accepted`, permanent: true };
  }

  const literal = family !== 0;
  let addresses: readonly ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch (error: unknown) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        reason: `cannot resolve ${host}${typeof code === "string" ? ` (${code})` : ""}`,
        permanent: false,
      };
    }
    if (addresses.length === 0) return { ok: false, reason: `${host} has no address`, permanent: false };
  }

  if (!allowed) {
    for (const { address } of addresses) {
      const range = forbiddenRange(address);
      if (range === undefined) continue;
      const reason = literal ? `${address} is ${range}` : `${host} resolves to ${address}, ${range}`;
      return { ok: false, reason, permanent: literal };
    }
  }
  return { ok: true, url, address: addresses[0]!.address };
};

/**
 * docs/consumers/api.md#delivery-states-and-retries: a failed delivery is retried 1 min, 5 min, 15 min, 1 h, 6 h and 24
 * h after its first failure; when the retry at 24 h fails too, the delivery is dead. Counted from the first failure,
 * the steps keep the 24-hour retry window of docs/consumers/api.md#delivery-states-and-retries.
 */
export const RETRY_SCHEDULE_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
  24 * 60 * 60_000,
] as const;

/**
 * Each step is moved by up to this share either way, so that the retries of many deliveries that failed together
 * (a receiver down for a minute) do not all come back in the same second. ±20% keeps the schedule's order: each
 * step's latest (1.2 × t) comes before the next step's earliest (0.8 × the next t), since every step is at least
 * three times the one before.
 */
export const JITTER = 0.2;

const LONGEST_STEP_MS = Math.max(...RETRY_SCHEDULE_MS);

/**
 * How long after the first failure the retry that follows the `failedAttempts`-th failure comes, or undefined when
 * no retry is left. `random` is a number in [0, 1) (Math.random unless a test fixes it): the step is scaled by a
 * factor in [1 − JITTER, 1 + JITTER).
 */
export const retryOffsetMs = (failedAttempts: number, random: () => number = Math.random): number | undefined => {
  const step = RETRY_SCHEDULE_MS[failedAttempts - 1];
  return step === undefined ? undefined : Math.round(step * (1 - JITTER + 2 * JITTER * random()));
};

/**
 * When to make the next attempt after the `failedAttempts`-th failure, which ended at `failedAt`, of a delivery whose
 * first failure ended at `firstFailedAt`; undefined when no retry is left. A receiver's `Retry-After` is honoured
 * within the schedule: it can push the retry later, never sooner than the step, nor more than the longest step away.
 * A step already past (a slow attempt) is made at once.
 */
export const nextRetryAt = (
  failedAttempts: number,
  firstFailedAt: number,
  failedAt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined => {
  const offset = retryOffsetMs(failedAttempts, random);
  if (offset === undefined) return undefined;
  const scheduled = Math.max(firstFailedAt + offset, failedAt);
  return retryAfterMs === undefined
    ? scheduled
    : Math.min(Math.max(scheduled, failedAt + retryAfterMs), failedAt + LONGEST_STEP_MS);
};

/** One line for logs, state and emails. */
export const describeOutcome = (outcome: AttemptOutcome): string => {
  switch (outcome.kind) {
    case "response":
      return `HTTP ${outcome.status}${outcome.retryAfterSeconds === undefined ? "" : ` (Retry-After ${outcome.retryAfterSeconds} s)`}`;
    case "timeout":
      return `timeout: ${outcome.message}`;
    case "error":
      return `connection error: ${outcome.message}`;
    case "refused":
      return `refused: ${outcome.message}`;
    case "interrupted":
      return `interrupted: ${outcome.message}`;
  }
};

export interface WebhookRequest {
  headers: Record<string, string>;
  body: Buffer;
}

/** The headers and body bytes of one attempt of a delivery, signed afresh with the attempt's time. */
export const buildWebhookRequest = (
  record: DeliveryRecord,
  secrets: { current: string; previous?: string },
  sentAt: Date,
): WebhookRequest => {
  const body = webhookBodyBytes(record.event, { baseUrl: record.baseUrl, changedAt: record.changedAt, sentAt });
  const headers = signedHeaders(
    { id: record.id, event: "fact.updated", factId: record.event.factId, version: record.event.version, body },
    secrets,
    sentAt,
  );
  return { headers, body };
};

export interface PinnedClient {
  /** The undici dispatcher whose connections go to `address`, whatever the URL's host resolves to by then. */
  dispatcherFor(url: URL, address: string): Pool;
  close(): Promise<void>;
}

/**
 * The DNS-rebinding guard's other half: connections go to the address the guard vetted, while the request keeps the
 * URL's own Host header and TLS server name, so a name that resolves elsewhere between the check and the connection
 * cannot swap the address. One undici Pool per origin and address, given to `httpRequest` as its dispatcher, so
 * deliveries to one receiver reuse their connections. Redirects are never followed (httpRequest does not).
 */
export const createPinnedClient = (
  options: { connectTimeoutMs?: number; tls?: { ca?: string | Buffer } } = {},
): PinnedClient => {
  const pools = new Map<string, Pool>();
  return {
    dispatcherFor: (url, address) => {
      const key = `${url.origin} ${address}`;
      let pool = pools.get(key);
      if (!pool) {
        const connector = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, ...options.tls });
        // `host` (the URL's host) still names the TLS server; only the address connected to is replaced.
        pool = new Pool(url.origin, {
          connect: (connectOptions, callback) => connector({ ...connectOptions, hostname: address }, callback),
        });
        pools.set(key, pool);
      }
      return pool;
    },
    close: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      pools.clear();
    },
  };
};

/**
 * A `Retry-After` header (delay in seconds, or an HTTP date) as seconds from `now`; undefined when absent or
 * unreadable.
 */
export const parseRetryAfter = (header: string | string[] | undefined, now: Date): number | undefined => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
};

/**
 * Receivers' answers are read this far and no further: only the status matters, and a huge body must not stall the
 * dispatcher.
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One HTTP attempt: POST to the vetted address, the whole exchange (connect, answer, reading) bounded by `timeoutMs`.
 * The answer's body is read up to MAX_ANSWER_BYTES and dropped; past that the connection is closed and the status
 * stands, as it does when the body is cut short. Never throws: a timeout and a connection error are outcomes like any
 * status.
 */
export const sendWebhook = async (
  client: PinnedClient,
  target: { url: URL; address: string },
  request: WebhookRequest,
  options: { timeoutMs?: number; now: () => Date },
): Promise<AttemptOutcome> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const answer = await httpRequest(target.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      dispatcher: client.dispatcherFor(target.url, target.address),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      // Only the status and Retry-After count: the answer's body is drained up to the limit and dropped.
      bodyFor: () => false,
    });
    const retryAfterSeconds = parseRetryAfter(answer.headers["retry-after"], options.now());
    return {
      kind: "response",
      status: answer.status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
  } catch (error: unknown) {
    if (error instanceof HttpFailure && error.kind === "timeout")
      return { kind: "timeout", message: `no complete answer within ${timeoutMs / 1000} s` };
    // Once the status is in, a body cut short does not change what the receiver answered.
    if (error instanceof HttpFailure && error.status !== undefined) return { kind: "response", status: error.status };
    return { kind: "error", message: errorMessage(error) };
  }
};

/**
 * docs/consumers/api.md#delivery-states-and-retries as a pure transition: the record after its current attempt ended
 * with `outcome`. 2xx is delivered; 410 Gone stops the subscriber; a permanent refusal is dead at once; anything else
 * is retried on the schedule, counted from the first failure, until it runs out.
 */
export const applyAttemptOutcome = (
  record: DeliveryRecord,
  outcome: AttemptOutcome,
  finishedAt: Date,
  random: () => number = Math.random,
): DeliveryRecord => {
  const current = record.attempts.at(-1);
  if (!current || current.outcome) throw new Error(`delivery ${record.id} has no attempt in progress`);
  const attempts = [...record.attempts.slice(0, -1), { ...current, finishedAt: finishedAt.toISOString(), outcome }];
  const base = { ...record, attempts, nextAttemptAt: null };

  if (outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300)
    return { ...base, status: "delivered" };
  if (outcome.kind === "response" && outcome.status === 410) {
    return { ...base, status: "gone", reason: "the receiver answered 410 Gone: no more deliveries to this subscriber" };
  }
  if (outcome.kind === "refused" && outcome.permanent)
    return { ...base, status: "dead", reason: describeOutcome(outcome) };

  const retryAfterMs =
    outcome.kind === "response" && outcome.retryAfterSeconds !== undefined
      ? outcome.retryAfterSeconds * 1000
      : undefined;
  // The schedule counts from this round's first failure: the latest first attempt that the receiver answered or failed.
  const first = [...attempts]
    .reverse()
    .find((attempt) => attempt.number === 1 && attempt.outcome?.kind !== "interrupted");
  const firstFailedAt = Date.parse(first?.finishedAt ?? finishedAt.toISOString());
  const next = nextRetryAt(current.number, firstFailedAt, finishedAt.getTime(), retryAfterMs, random);
  if (next === undefined) {
    return {
      ...base,
      status: "dead",
      reason: `${current.number} attempts failed; the last: ${describeOutcome(outcome)}`,
    };
  }
  return { ...base, status: "retrying", nextAttemptAt: new Date(next).toISOString() };
};

/**
 * The record as written just before an attempt is made. An attempt left unfinished by a killed process is closed
 * as `interrupted` first; it does not count against the retry schedule, since the receiver never failed it. Nor do
 * the attempts made before the delivery was last redelivered: a redelivery starts the schedule again.
 */
export const startAttempt = (record: DeliveryRecord, startedAt: Date): DeliveryRecord => {
  const attempts = record.attempts.map((attempt) =>
    attempt.outcome
      ? attempt
      : {
          ...attempt,
          outcome: { kind: "interrupted" as const, message: "the dispatcher stopped during this attempt" },
        },
  );
  const counted = attempts.filter(
    (attempt) =>
      attempt.outcome?.kind !== "interrupted" &&
      (record.redeliveredAt === undefined || (attempt.startedAt ?? attempt.finishedAt ?? "") >= record.redeliveredAt),
  ).length;
  return {
    ...record,
    status: "attempted",
    attempts: [...attempts, { number: counted + 1, startedAt: startedAt.toISOString() }],
    nextAttemptAt: null,
  };
};

export interface DeliveryContext {
  store: DeliveryStore;
  client: PinnedClient;
  allowHosts: ReadonlySet<string>;
  resolve: Resolver;
  now: () => Date;
  timeoutMs?: number;
  /** The jitter's source of randomness, a number in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

/**
 * One attempt of one delivery. The attempt is written to the store before anything is sent, so a process killed
 * at any point leaves a record that the next run finds and sends again under the same delivery id.
 * A URL the guard refuses gets no request at all.
 */
export const deliver = async (
  record: DeliveryRecord,
  subscriber: Subscriber,
  context: DeliveryContext,
): Promise<DeliveryRecord> => {
  const started = startAttempt(record, context.now());
  await context.store.write(started);
  const target = await guardUrl(subscriber.url, context);
  let outcome: AttemptOutcome;
  if (target.ok) {
    const sentAt = context.now();
    const request = buildWebhookRequest(started, signingSecrets(subscriber, sentAt), sentAt);
    outcome = await sendWebhook(context.client, target, request, context);
  } else {
    outcome = { kind: "refused", message: target.reason, permanent: target.permanent };
  }
  const finished = applyAttemptOutcome(started, outcome, context.now(), context.random);
  await context.store.write(finished);
  return finished;
};
