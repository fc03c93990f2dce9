import type { IncomingHttpHeaders } from "node:http";
import { buildConnector, type Dispatcher, Pool } from "undici";

/** What a receiver answered: the final status and its headers. The body is read and dropped. */
export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

export interface AnswerLimits {
  /** The whole exchange (waiting for a connection, connecting, sending, the answer and its body) ends by then. */
  timeoutMs: number;
  /** The answer's body is read this far; past it the connection is closed and the status stands. */
  maxAnswerBytes: number;
}

/** The exchange did not end within `timeoutMs`; the request was aborted. */
export class AnswerTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs / 1000} s`);
    this.name = "AnswerTimeoutError";
  }
}

export interface PinnedClient {
  /**
   * POSTs to `url` over a connection to `address`, whatever the URL's host resolves to by then. Resolves with the
   * answer once its body is read (or passed the limit); rejects with the connection's error, or an
   * AnswerTimeoutError.
   */
  post(url: URL, address: string, request: { headers: Record<string, string>; body: Buffer }, limits: AnswerLimits): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Reads one answer for `post`, through undici's dispatch interface: only the status and headers are kept, body
 * chunks are counted and dropped, and one timer bounds the exchange. This is what `request()` plus
 * `body.dump({ limit, signal })` did, without the response stream, the AbortSignal and their listeners, which cost
 * more than the rest of an attempt to a receiver that answers at once.
 */
class AnswerReader implements Dispatcher.DispatchHandler {
  private answer: Answer | undefined;
  private bytes = 0;
  private controller: Dispatcher.DispatchController | undefined;
  private settled = false;
  private readonly timer: NodeJS.Timeout;
  private readonly limits: AnswerLimits;
  private readonly resolve: (answer: Answer) => void;
  private readonly reject: (error: Error) => void;

  constructor(limits: AnswerLimits, resolve: (answer: Answer) => void, reject: (error: Error) => void) {
    this.limits = limits;
    this.resolve = resolve;
    this.reject = reject;
    this.timer = setTimeout(() => this.fail(new AnswerTimeoutError(limits.timeoutMs)), limits.timeoutMs);
  }

  /** Ends the exchange with the answer, closing the connection when its body is still coming. */
  private succeed(answer: Answer, abort: boolean): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (abort) this.controller?.abort(new Error("the answer is longer than the dispatcher reads"));
    this.resolve(answer);
  }

  private fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    // Before the request has a connection there is nothing to abort yet: onRequestStart aborts it when it gets one.
    this.controller?.abort(error);
    this.reject(error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.settled) controller.abort(new Error("the attempt has already ended"));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational (1xx) answer is followed by the final one.
    if (statusCode < 200) return;
    this.answer = { statusCode, headers };
    if (Number(headers["content-length"]) > this.limits.maxAnswerBytes) this.succeed(this.answer, true);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxAnswerBytes && this.answer) this.succeed(this.answer, true);
  }

  onResponseEnd(): void {
    if (this.answer) this.succeed(this.answer, false);
    else this.fail(new Error("the connection ended without an answer"));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    // Once the status is in, a body cut short does not change what the receiver answered.
    if (this.answer) this.succeed(this.answer, false);
    else this.fail(error);
  }
}

/**
 * An HTTP client that connects to a given, already vetted IP address while sending the URL's own Host header
 * and TLS server name, so DNS rebinding between the check and the connection cannot swap the address.
 * Connections are pooled per origin and address, so deliveries to one receiver reuse them.
 * Redirects are never followed (undici's dispatch does not follow them).
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
    post: (url, address, request, limits) =>
      new Promise<Answer>((resolve, reject) => {
        const reader = new AnswerReader(limits, resolve, reject);
        poolFor(url, address).dispatch(
          { origin: url.origin, path: `${url.pathname}${url.search}`, method: "POST", headers: request.headers, body: request.body },
          reader,
        );
      }),
    close: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      pools.clear();
    },
  };
};
