import { type Dispatcher, request } from "undici";

export interface FetchOptions {
  dispatcher: Dispatcher;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** Bytes read at most; the rest of a larger body is left unread. */
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export interface RedirectHop {
  from: string;
  status: number;
  to: string;
}

/**
 * What fetching one cited address gave:
 * - `page`: a 2xx body (at most `maxBytes` of it, `truncated` when there was more), after the redirects listed;
 * - `gone`: the page is not there (404, 410 or another 4xx, a host that does not exist, a redirect to plain http, a
 *   loop or too many hops);
 * - `unverified`: no verdict (timeout, refused connection, 5xx, or 401/403/429 from a site refusing automated clients).
 */
export type FetchResult =
  | {
      outcome: "page";
      url: string;
      finalUrl: string;
      status: number;
      contentType: string | undefined;
      body: Uint8Array;
      /** True when the page was larger than `maxBytes` and only its first `maxBytes` were read. */
      truncated: boolean;
      maxBytes: number;
      redirects: RedirectHop[];
    }
  | { outcome: "gone" | "unverified"; url: string; status?: number; redirects: RedirectHop[]; detail: string };

export const DEFAULT_USER_AGENT =
  "bc-real-estate-facts-source-check/1.0 (+https://bc-real-estate-facts.org; checks that cited sources still say what they are cited for)";
const REFUSING_CLIENTS = new Set([401, 403, 429]);

const errorCode = (error: unknown): string => {
  const { code, name, cause } = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  if (name === "TimeoutError" || name === "AbortError") return "TimeoutError";
  return String(cause?.code ?? code ?? name ?? "error");
};

/** Reads at most `maxBytes` of a body, then stops reading: a huge page costs no more than the cap. */
const readCapped = async (body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> => {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    if (length + buffer.length > maxBytes) {
      chunks.push(buffer.subarray(0, maxBytes - length));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buffer);
    length += buffer.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
};

/**
 * Fetches one cited address over an injected undici dispatcher (tests route every connection to 127.0.0.1). Redirects
 * are followed one hop at a time, only over https, and every hop is reported so the citation can be updated.
 */
export const fetchSource = async (url: string, options: FetchOptions): Promise<FetchResult> => {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(timeoutMs);
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
        headers: {
          "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
          accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5",
        },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal,
      });
    } catch (error: unknown) {
      const code = errorCode(error);
      if (code === "ENOTFOUND") return { outcome: "gone", url, redirects, detail: `host not found (${new URL(current).hostname})` };
      const timedOut = code === "TimeoutError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT";
      return { outcome: "unverified", url, redirects, detail: timedOut ? `no answer within ${timeoutMs / 1000} s` : `request failed: ${code}` };
    }
    const status = response.statusCode;
    if (status >= 300 && status < 400) {
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const location = typeof response.headers.location === "string" ? response.headers.location : undefined;
      if (location === undefined) return { outcome: "gone", url, status, redirects, detail: `${status} without a Location header` };
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return { outcome: "gone", url, status, redirects, detail: `${status} to an invalid Location "${location}"` };
      }
      redirects.push({ from: current, status, to: next.href });
      if (next.protocol !== "https:")
        return { outcome: "gone", url, status, redirects, detail: `redirects to ${next.href}, which is not https (not followed)` };
      if (seen.has(next.href)) return { outcome: "gone", url, status, redirects, detail: `redirect loop at ${next.href}` };
      if (redirects.length > maxRedirects) return { outcome: "gone", url, status, redirects, detail: `more than ${maxRedirects} redirects` };
      current = next.href;
      continue;
    }
    if (status < 200 || status >= 300) {
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const where = current === url ? "" : ` at ${current}`;
      if (REFUSING_CLIENTS.has(status))
        return { outcome: "unverified", url, status, redirects, detail: `${status}${where}: the site refused an automated check` };
      if (status >= 500) return { outcome: "unverified", url, status, redirects, detail: `${status}${where}: the server failed; try again later` };
      return { outcome: "gone", url, status, redirects, detail: `${status}${where}` };
    }
    try {
      const { bytes, truncated } = await readCapped(response.body, maxBytes);
      const contentType = typeof response.headers["content-type"] === "string" ? response.headers["content-type"] : undefined;
      return { outcome: "page", url, finalUrl: current, status, contentType, body: bytes, truncated, maxBytes, redirects };
    } catch (error: unknown) {
      const code = errorCode(error);
      return {
        outcome: "unverified",
        url,
        status,
        redirects,
        detail:
          code === "TimeoutError" || code === "UND_ERR_BODY_TIMEOUT"
            ? `the page did not arrive within ${timeoutMs / 1000} s`
            : `reading the page failed: ${code}`,
      };
    }
  }
};
