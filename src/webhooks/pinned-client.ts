import { buildConnector, Pool, type Dispatcher } from "undici";

export interface PinnedClient {
  /** POSTs to `url` over a connection to `address`, whatever the URL's host resolves to by then. */
  post(url: URL, address: string, headers: Record<string, string>, body: Buffer, signal: AbortSignal): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

/**
 * An HTTP client that connects to a given, already vetted IP address while sending the URL's own Host header
 * and TLS server name, so DNS rebinding between the check and the connection cannot swap the address.
 * Connections are pooled per origin and address, so deliveries to one receiver reuse them.
 * Redirects are never followed (undici's request does not).
 */
export const createPinnedClient = (options: { connectTimeoutMs?: number; tls?: { ca?: string | Buffer } } = {}): PinnedClient => {
  const pools = new Map<string, Pool>();
  const poolFor = (url: URL, address: string): Pool => {
    const key = `${url.origin} ${address}`;
    let pool = pools.get(key);
    if (!pool) {
      const connector = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, ...options.tls });
      // `host` (the URL's host) still names the TLS server; only the address connected to is replaced.
      pool = new Pool(url.origin, { connect: (connectOptions, callback) => connector({ ...connectOptions, hostname: address }, callback) });
      pools.set(key, pool);
    }
    return pool;
  };
  return {
    post: (url, address, headers, body, signal) =>
      poolFor(url, address).request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: "POST", headers, body, signal }),
    close: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      pools.clear();
    },
  };
};
