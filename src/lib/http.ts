import type { IncomingHttpHeaders } from "node:http";
import { type Dispatcher, request } from "undici";
import { errorMessage } from "./errors.ts";

export interface HttpRequestOptions {
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /**
   * The undici dispatcher (an Agent with its connection limits, or a test's stand-in); undici's global one if unset.
   */
  dispatcher?: Dispatcher;
  /** The whole exchange, connecting and reading the body included, ends after this long (but see `timeoutPer`). */
  timeoutMs: number;
  /**
   * `exchange` (the default): `timeoutMs` bounds the whole exchange. `wait`: it bounds each wait instead (for the
   * headers, then each pause in the body), so a large body that keeps arriving is read to its end; the whole exchange
   * is then bounded only by `signal` (a tree of files of any size, read under one overall deadline).
   */
  timeoutPer?: "exchange" | "wait";
  /** The body is read at most this far. */
  maxBytes: number;
  /**
   * `error` (the default): a longer body, or one announced as longer, fails the request; `truncate`: its start is kept.
   */
  overLimit?: "error" | "truncate";
  /** Given: each chunk of the body goes to it and the answer's `body` stays empty (a digest of a large file). */
  onChunk?: (chunk: Buffer) => void;
  /**
   * Whether to keep the body of an answer with this status (default: every status); one not kept is drained up to
   * `maxBytes` and dropped, so a short one leaves the connection open.
   */
  bodyFor?: (status: number) => boolean;
  /** Ends the exchange early, with the timeout's failure, when it aborts (an overall deadline shared by requests). */
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body read (empty when `onChunk` took it, or `bodyFor` declined it). */
  body: Buffer;
  /** Bytes of the body read. */
  bytes: number;
  /** True when the body was longer than `maxBytes` and only its start was read (`overLimit: "truncate"`). */
  truncated: boolean;
}

export type HttpFailureKind = "timeout" | "too-large" | "unreachable" | "broken";

/**
 * Why an exchange gave no answer, in words a log line can carry: `timeout` (no answer, or the body stopped arriving,
 * within the time), `too-large` (a body past the limit), `unreachable` (no connection: unknown host, refused, reset
 * before an answer), `broken` (the answer was cut off or malformed). `status` is set when the failure came while the
 * body was read.
 */
export class HttpFailure extends Error {
  override name = "HttpFailure";
  readonly kind: HttpFailureKind;
  readonly status: number | undefined;
  /** Bytes of the body read before the failure, when it came while the body was read. */
  readonly bytes: number | undefined;
  /** The code of the error underneath (`ENOTFOUND`, `ECONNREFUSED`, `UND_ERR_BODY_TIMEOUT`...), when there was one. */
  readonly errorCode: string | undefined;
  constructor(
    kind: HttpFailureKind,
    message: string,
    status?: number,
    more: { bytes?: number; errorCode?: string } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.bytes = more.bytes;
    this.errorCode = more.errorCode;
  }
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "TimeoutError",
  "AbortError",
]);
const UNREACHABLE_CODES = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
]);

const codeOf = (error: unknown): string => {
  const { code, name, cause } = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  return String(cause?.code ?? code ?? name ?? "error");
};

const seconds = (ms: number): string => `${ms / 1000} s`;

/** The body's stated length, when the answer states one as a plain number. */
const announcedLength = (header: string | string[] | undefined): number | undefined =>
  typeof header === "string" && /^\d{1,16}$/.test(header) ? Number(header) : undefined;

/** Stops reading a body; undici reports a body destroyed before its end as an error, which here is the intent. */
const discard = (body: Dispatcher.ResponseData["body"]): void => {
  body.on("error", () => undefined);
  body.destroy();
};

/**
 * One HTTP exchange with undici's `request`, the one way the project's code talks HTTP (cited sources, the
 * affordability index's providers, a published tree's files, WebSub hubs, webhook receivers). Redirects are not
 * followed: a 3xx is an answer like any other, with its `location` header, for the caller to judge. Every status is an
 * answer; what fails is an exchange that gives none in time, a body past `maxBytes`, or a broken connection, each as an
 * {@link HttpFailure}.
 */
export const httpRequest = async (url: string | URL, options: HttpRequestOptions): Promise<HttpAnswer> => {
  const perWait = options.timeoutPer === "wait";
  // The exchange's own deadline is a timer cleared as soon as the exchange ends: AbortSignal.timeout would keep a
  // timer for the full time after every request, which a dispatch of 100,000 deliveries pays for in memory.
  const deadline = perWait ? undefined : new AbortController();
  const timer =
    deadline === undefined
      ? undefined
      : setTimeout(() => deadline.abort(new DOMException("The exchange timed out", "TimeoutError")), options.timeoutMs);
  try {
    return await exchange(url, options, perWait, [
      ...(deadline === undefined ? [] : [deadline.signal]),
      ...(options.signal === undefined ? [] : [options.signal]),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const exchange = async (
  url: string | URL,
  options: HttpRequestOptions,
  perWait: boolean,
  signals: AbortSignal[],
): Promise<HttpAnswer> => {
  const signal = signals.length <= 1 ? signals[0] : AbortSignal.any(signals);
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: options.method ?? "GET",
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error: unknown) {
    const code = codeOf(error);
    if (TIMEOUT_CODES.has(code) || signal?.aborted === true)
      throw new HttpFailure("timeout", `no answer within ${seconds(options.timeoutMs)}`, undefined, {
        errorCode: code,
      });
    if (code === "ENOTFOUND")
      throw new HttpFailure("unreachable", `host not found (${new URL(url).hostname})`, undefined, { errorCode: code });
    throw new HttpFailure(
      UNREACHABLE_CODES.has(code) ? "unreachable" : "broken",
      `request failed: ${errorMessage(error)}`,
      undefined,
      { errorCode: code },
    );
  }
  const { statusCode: status, headers } = response;
  if (options.bodyFor !== undefined && !options.bodyFor(status)) {
    // An empty body is let go at once. Any other is drained, not kept, up to maxBytes: a short answer leaves the
    // connection open for the next request, and a longer one is cut there (undici closes the connection).
    if (status === 204 || status === 304 || headers["content-length"] === "0") discard(response.body);
    else await response.body.dump({ limit: options.maxBytes }).catch(() => undefined);
    return { status, headers, body: Buffer.alloc(0), bytes: 0, truncated: false };
  }
  const truncate = options.overLimit === "truncate";
  const announced = announcedLength(headers["content-length"]);
  if (!truncate && announced !== undefined && announced > options.maxBytes) {
    discard(response.body);
    throw new HttpFailure(
      "too-large",
      `${announced} bytes announced (Content-Length), more than the ${options.maxBytes} allowed`,
      status,
      { bytes: 0 },
    );
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (bytes + chunk.length > options.maxBytes) {
        discard(response.body);
        if (!truncate)
          throw new HttpFailure("too-large", `more than ${options.maxBytes} bytes in the body`, status, {
            bytes: bytes + chunk.length,
          });
        const start = chunk.subarray(0, options.maxBytes - bytes);
        if (options.onChunk === undefined) chunks.push(start);
        else options.onChunk(start);
        return { status, headers, body: Buffer.concat(chunks), bytes: options.maxBytes, truncated: true };
      }
      bytes += chunk.length;
      if (options.onChunk === undefined) chunks.push(chunk);
      else options.onChunk(chunk);
    }
  } catch (error: unknown) {
    if (error instanceof HttpFailure) throw error;
    const code = codeOf(error);
    if (TIMEOUT_CODES.has(code) || signal?.aborted === true) {
      const late = perWait
        ? `nothing more received for ${seconds(options.timeoutMs)}`
        : `the body did not arrive within ${seconds(options.timeoutMs)}`;
      throw new HttpFailure("timeout", `${late} (${bytes} bytes read)`, status, { bytes, errorCode: code });
    }
    throw new HttpFailure("broken", `reading the body failed: ${errorMessage(error)} (${bytes} bytes read)`, status, {
      bytes,
      errorCode: code,
    });
  }
  return { status, headers, body: Buffer.concat(chunks), bytes, truncated: false };
};
