import net from "node:net";
import { Agent, type Dispatcher } from "undici";
import { type Environment, readVariable } from "../lib/environment.ts";
import { UsageError } from "../lib/errors.ts";
import { type HttpAnswer, HttpFailure, httpRequest } from "../lib/http.ts";

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
const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * Fetches one cited address over an injected undici dispatcher (tests route every connection to 127.0.0.1). Redirects
 * are followed one hop at a time, only over https, and every hop is reported so the citation can be updated. Only a
 * 2xx body is read, and at most `maxBytes` of it: a huge page costs no more than the cap.
 */
export const fetchSource = async (url: string, options: FetchOptions): Promise<FetchResult> => {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(timeoutMs);
  const redirects: RedirectHop[] = [];
  const seen = new Set<string>();
  let current = url;
  for (;;) {
    seen.add(current);
    let answer: HttpAnswer;
    try {
      answer = await httpRequest(current, {
        dispatcher: options.dispatcher,
        headers: {
          "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
          accept: "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5",
        },
        timeoutMs,
        signal: deadline,
        maxBytes,
        overLimit: "truncate",
        bodyFor: isSuccess,
      });
    } catch (error: unknown) {
      if (!(error instanceof HttpFailure)) throw error;
      // A failure after the status came while the page was read: the message says how far it got.
      const status = error.status === undefined ? {} : { status: error.status };
      const outcome = error.errorCode === "ENOTFOUND" && error.status === undefined ? "gone" : "unverified";
      return { outcome, url, ...status, redirects, detail: error.message };
    }
    const { status, headers } = answer;
    if (status >= 300 && status < 400) {
      const location = typeof headers.location === "string" ? headers.location : undefined;
      if (location === undefined)
        return { outcome: "gone", url, status, redirects, detail: `${status} without a Location header` };
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        return { outcome: "gone", url, status, redirects, detail: `${status} to an invalid Location "${location}"` };
      }
      redirects.push({ from: current, status, to: next.href });
      if (next.protocol !== "https:")
        return {
          outcome: "gone",
          url,
          status,
          redirects,
          detail: `redirects to ${next.href}, which is not https (not followed)`,
        };
      if (seen.has(next.href))
        return { outcome: "gone", url, status, redirects, detail: `redirect loop at ${next.href}` };
      if (redirects.length > maxRedirects)
        return { outcome: "gone", url, status, redirects, detail: `more than ${maxRedirects} redirects` };
      current = next.href;
      continue;
    }
    if (!isSuccess(status)) {
      const where = current === url ? "" : ` at ${current}`;
      if (REFUSING_CLIENTS.has(status))
        return {
          outcome: "unverified",
          url,
          status,
          redirects,
          detail: `${status}${where}: the site refused an automated check`,
        };
      if (status >= 500)
        return {
          outcome: "unverified",
          url,
          status,
          redirects,
          detail: `${status}${where}: the server failed; try again later`,
        };
      return { outcome: "gone", url, status, redirects, detail: `${status}${where}` };
    }
    const contentType = typeof headers["content-type"] === "string" ? headers["content-type"] : undefined;
    return {
      outcome: "page",
      url,
      finalUrl: current,
      status,
      contentType,
      body: answer.body,
      truncated: answer.truncated,
      maxBytes,
      redirects,
    };
  }
};

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost):(\d{1,5})$/;

/**
 * The undici dispatcher for reading cited sources. Normally a plain agent. `FACTS_LINK_CHECK_CONNECT_TO`
 * (`127.0.0.1:PORT`, loopback only) sends every connection to a local plain-HTTP server instead, keeping each URL's
 * host in the request, so the action can be run end to end in tests without reaching the network.
 */
export const sourceDispatcherFromEnvironment = (environment: Environment = process.env, timeoutMs = 15_000): Agent => {
  const override = readVariable("FACTS_LINK_CHECK_CONNECT_TO", environment);
  if (!override) return new Agent({ connect: { timeout: timeoutMs } });
  const match = LOOPBACK.exec(override);
  if (!match)
    throw new UsageError(`FACTS_LINK_CHECK_CONNECT_TO must be a loopback host:port (for tests), got "${override}"`);
  const host = match[1]!.replace(/^\[|\]$/g, "");
  const port = Number(match[2]);
  return new Agent({
    connect: (_options, callback) => {
      const socket = net.connect({ host, port });
      socket.once("connect", () => callback(null, socket));
      socket.once("error", (error) => callback(error, null));
    },
  });
};
