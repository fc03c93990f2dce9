import { request, type Dispatcher } from "undici";

/**
 * What checking one citation URL found:
 * - `ok`: answered 2xx at that address;
 * - `redirected`: answered 2xx only after redirects, each reported, so the citation can be updated;
 * - `dead`: the page is gone or broken (404, 410, other 4xx, 5xx), the host does not exist, or a redirect leads
 *   somewhere that is not checked (plain http, a loop, too many hops);
 * - `unverified`: no verdict (timeout, connection error, or 401/403/429 from a site that refuses automated clients).
 */
export type LinkOutcome = "ok" | "redirected" | "dead" | "unverified";

export interface RedirectHop {
  from: string;
  status: number;
  to: string;
}

export interface LinkCheck {
  url: string;
  outcome: LinkOutcome;
  /** The last HTTP status received, when any answer came. */
  status?: number;
  redirects: RedirectHop[];
  /** One line a person can act on. */
  detail: string;
}

export type CheckLink = (url: string) => Promise<LinkCheck>;

export interface LinkCheckerOptions {
  dispatcher: Dispatcher;
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
}

/** Statuses that say the server refused an automated client rather than that the page is gone. */
const REFUSING_CLIENTS = new Set([401, 403, 429]);

/** A name for what went wrong: the abort signal's TimeoutError, else the system or undici error code. */
const errorCode = (error: unknown): string => {
  const { code, name, cause } = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  if (name === "TimeoutError" || name === "AbortError") return name;
  return String(cause?.code ?? code ?? name ?? "error");
};

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A link checker over an undici dispatcher (injected: tests route every connection to 127.0.0.1). It sends GET and
 * never follows a redirect by itself: each hop is checked, must stay on https and is reported, up to `maxRedirects`.
 */
export const createLinkChecker = (options: LinkCheckerOptions): CheckLink => {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const userAgent = options.userAgent ?? "bc-real-estate-facts-link-check/1.0";

  return async (url) => {
    const redirects: RedirectHop[] = [];
    const seen = new Set<string>();
    let current = url;
    for (;;) {
      seen.add(current);
      let response: Dispatcher.ResponseData;
      try {
        response = await request(current, {
          method: "GET",
          dispatcher: options.dispatcher,
          headers: { "user-agent": userAgent, accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8" },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error: unknown) {
        const code = errorCode(error);
        if (code === "ENOTFOUND") return { url, outcome: "dead", redirects, detail: `host not found (${new URL(current).hostname})` };
        const timedOut = code === "TimeoutError" || code === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT";
        return {
          url,
          outcome: "unverified",
          redirects,
          detail: timedOut ? `no answer within ${timeoutMs / 1000} s` : `request failed: ${code}: ${describeError(error)}`,
        };
      }
      const status = response.statusCode;
      // The body is not needed: read a little so the connection can be reused, and drop the rest.
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);

      if (status >= 300 && status < 400) {
        const location = response.headers.location;
        const target = typeof location === "string" ? location : undefined;
        if (target === undefined) return { url, outcome: "dead", status, redirects, detail: `${status} without a Location header` };
        let next: URL;
        try {
          next = new URL(target, current);
        } catch {
          return { url, outcome: "dead", status, redirects, detail: `${status} to an invalid Location "${target}"` };
        }
        redirects.push({ from: current, status, to: next.href });
        if (next.protocol !== "https:") return { url, outcome: "dead", status, redirects, detail: `redirects to ${next.href}, which is not https (not followed)` };
        if (seen.has(next.href)) return { url, outcome: "dead", status, redirects, detail: `redirect loop at ${next.href}` };
        if (redirects.length > maxRedirects) return { url, outcome: "dead", status, redirects, detail: `more than ${maxRedirects} redirects` };
        current = next.href;
        continue;
      }
      if (status >= 200 && status < 300) {
        return redirects.length === 0
          ? { url, outcome: "ok", status, redirects, detail: `${status}` }
          : { url, outcome: "redirected", status, redirects, detail: `${status} at ${current} after ${redirects.length} redirect(s)` };
      }
      if (REFUSING_CLIENTS.has(status)) return { url, outcome: "unverified", status, redirects, detail: `${status}: the site refused an automated check; open it by hand` };
      return { url, outcome: "dead", status, redirects, detail: `${status}${current === url ? "" : ` at ${current}`}` };
    }
  };
};

/** Checks each distinct URL once, a few at a time, and answers in the order given. */
export const checkLinks = async (urls: readonly string[], checkLink: CheckLink, concurrency = 4): Promise<Map<string, LinkCheck>> => {
  const distinct = [...new Set(urls)];
  const results = new Map<string, LinkCheck>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < distinct.length) {
      const url = distinct[next++]!;
      results.set(url, await checkLink(url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, distinct.length) }, worker));
  return new Map(distinct.map((url) => [url, results.get(url)!]));
};
