import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

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

const RANGE_WORDS: Record<string, string> = {
  unspecified: "an unspecified",
  loopback: "a loopback",
  private: "a private",
  carrierGradeNat: "a carrier-grade NAT (100.64/10)",
  linkLocal: "a link-local",
  uniqueLocal: "a unique-local (fc00::/7)",
  multicast: "a multicast",
  broadcast: "a broadcast",
  ipv4Mapped: "an IPv4-mapped IPv6",
  reserved: "a reserved",
};

/** Why an address may not be reached, or undefined for an ordinary public unicast address. */
const forbiddenRange = (address: string): string | undefined => {
  let range: string;
  try {
    range = ipaddr.parse(address).range();
  } catch {
    return "an unparseable";
  }
  return range === "unicast" ? undefined : (RANGE_WORDS[range] ?? `a special-purpose (${range})`);
};

interface ParsedUrl {
  url: URL;
  /** The host without IPv6 brackets, lower-case. */
  host: string;
  /** 4 or 6 for an address literal, else 0. */
  family: number;
}

/**
 * Subscribers' URLs, parsed: the same few URLs come back at every attempt, and parsing is the same every time.
 * Only DNS is asked again. Bounded, since the strings come from configuration that a long process may reload.
 */
const parsedUrls = new Map<string, ParsedUrl | undefined>();
const MAX_PARSED_URLS = 10_000;

const parseUrl = (rawUrl: string): ParsedUrl | undefined => {
  if (parsedUrls.has(rawUrl)) return parsedUrls.get(rawUrl);
  let parsed: ParsedUrl | undefined;
  try {
    const url = new URL(rawUrl);
    const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
    parsed = { url, host, family: isIP(host) };
  } catch {
    parsed = undefined;
  }
  if (parsedUrls.size >= MAX_PARSED_URLS) parsedUrls.clear();
  parsedUrls.set(rawUrl, parsed);
  return parsed;
};

/**
 * Decides whether one attempt may reach `rawUrl`, resolving its host now (at every attempt, so a name that later
 * points inward is caught) and returning the vetted address to connect to. Only `https`; every address of the
 * name must be public unicast (no loopback, private, CGNAT, link-local, unique-local, multicast, unspecified or
 * IPv4-mapped), since one bad address is enough to reach inside. Hosts in `allowHosts` (tests) may use plain
 * http and any address.
 */
export const guardUrl = async (rawUrl: string, options: { allowHosts: ReadonlySet<string>; resolve: Resolver }): Promise<GuardResult> => {
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
      return { ok: false, reason: `cannot resolve ${host}${typeof code === "string" ? ` (${code})` : ""}`, permanent: false };
    }
    if (addresses.length === 0) return { ok: false, reason: `${host} has no address`, permanent: false };
  }

  if (!allowed) {
    for (const { address } of addresses) {
      const range = forbiddenRange(address);
      if (range === undefined) continue;
      const reason = literal ? `${address} is ${range} address` : `${host} resolves to ${address}, ${range} address`;
      return { ok: false, reason, permanent: literal };
    }
  }
  return { ok: true, url, address: addresses[0]!.address };
};
