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
 * name must be public unicast, outside every range of SPECIAL_PURPOSE_RANGES (loopback, private, CGNAT,
 * link-local, unique-local, multicast, unspecified, IPv4-mapped and IPv4-compatible, NAT64, 6to4, Teredo,
 * documentation, ...), since one bad address is enough to reach inside. Hosts in `allowHosts` (tests) may use plain
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
      const reason = literal ? `${address} is ${range}` : `${host} resolves to ${address}, ${range}`;
      return { ok: false, reason, permanent: literal };
    }
  }
  return { ok: true, url, address: addresses[0]!.address };
};
