/**
 * The local server (`npm run serve`): what the command line, the tests and the benchmark use. It serves the site
 * from memory (site.ts) through `node:http`'s public API (respond.ts, errors.ts), and reports the open-file limit,
 * since each connection holds one file descriptor.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { answerClientError } from "./errors.ts";
import { createRequestHandler } from "./respond.ts";
import { loadSite, type Site } from "./site.ts";

export interface StaticServer extends Server {
  /** The tree being served. */
  site(): Site;
  /** Reads the tree again and swaps it in whole; on failure the previous tree stays served and the error is thrown. */
  reload(): Promise<Site>;
}

/** Seconds a kept-alive connection may stay idle; Node announces it in `Keep-Alive: timeout=5` and enforces it. */
const KEEP_ALIVE_SECONDS = 5;

/**
 * Seconds a connection has to send a complete request head, counted from when it opened or from the first byte of
 * its next request. Node's default let one client hold every file descriptor of the process with connections that
 * send nothing, refusing everyone else until that much longer deadline passed; a request head is small, and honest
 * clients send it at once.
 */
const HEAD_SECONDS = 6;

/**
 * Seconds a whole request (head and any body) may take. The server reads no body (it answers GET, HEAD and OPTIONS
 * only), so this only needs to leave the head its full time.
 */
const REQUEST_SECONDS = 10;

/**
 * How often Node looks for connections past those deadlines. A connection is answered 408 at the first check after
 * its deadline, so the interval adds to the deadline and is kept short.
 */
const CHECK_SECONDS = 1;

/**
 * An HTTP server for a built site (`_site/`), with the headers docs/consumers/api.md#headers gives. The tree is read
 * into memory before this resolves; the server is not listening yet, so the caller picks the port (0 in tests).
 *
 * Every request is parsed and answered by `node:http` through its documented options and methods only:
 * - `requireHostHeader: false`: Host is checked by the handler instead, so that a 400 for it carries the same CORS
 *   headers and JSON body as any error;
 * - `optimizeEmptyRequests`: a request without a body (every GET and HEAD a client sends) starts already ended, so
 *   Node skips the readable-stream events and the draining of a body no one reads;
 * - `noDelay`: a response leaves as soon as it is written, since each is written whole in one `end`;
 * - `headersTimeout`, `requestTimeout` and `connectionsCheckingInterval`: a connection that has not sent a complete
 *   request head within HEAD_SECONDS (plus at most CHECK_SECONDS) is answered 408 and closed, so connections held
 *   open without a request free their file descriptors in seconds (see docs/operators/deploy.md for what a public
 *   deployment needs beyond this).
 * A request the parser refuses is answered by the `clientError` listener, which writes its answer to the socket as
 * Node's documentation shows for that event.
 */
export const createStaticServer = async (options: { root: string }): Promise<StaticServer> => {
  let current = await loadSite(options.root);
  const server = createServer(
    {
      requireHostHeader: false,
      optimizeEmptyRequests: true,
      noDelay: true,
      keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000,
      headersTimeout: HEAD_SECONDS * 1000,
      requestTimeout: REQUEST_SECONDS * 1000,
      connectionsCheckingInterval: CHECK_SECONDS * 1000,
    },
    createRequestHandler(() => current),
  );
  server.on("clientError", answerClientError);
  return Object.assign(server, {
    site: () => current,
    reload: async () => {
      current = await loadSite(options.root);
      return current;
    },
  });
};

export interface OpenFileLimit {
  /** The limit the process runs with (RLIMIT_NOFILE's soft limit); `Infinity` when unlimited. */
  soft: number;
  /** The ceiling the soft limit may be raised to without privileges. */
  hard: number;
}

const limitValue = (text: string): number => (text === "unlimited" ? Number.POSITIVE_INFINITY : Number(text));

/**
 * The open-file limit of this process, from /proc/self/limits; undefined where there is no such file (any system but
 * Linux). Node raises the soft limit to the hard limit as it starts on every POSIX system, so there is nothing left
 * for the server to raise: this only reads what Node obtained, so that the server can say how many connections it
 * can hold (each holds one file descriptor).
 */
export const readOpenFileLimit = async (): Promise<OpenFileLimit | undefined> => {
  const text = await readFile("/proc/self/limits", "utf8").catch(() => undefined);
  const match = text === undefined ? null : /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)\s/m.exec(text);
  return match === null ? undefined : { soft: limitValue(match[1]!), hard: limitValue(match[2]!) };
};

const shown = (value: number): string => (value === Number.POSITIVE_INFINITY ? "unlimited" : String(value));

/** One line for the server's start-up output. */
export const describeOpenFileLimit = (limit: OpenFileLimit | undefined): string => {
  if (limit === undefined)
    return `Open-file limit: not readable on ${process.platform} (see ulimit -n); each connection holds one file`;
  const below =
    limit.soft < limit.hard ? ` (the hard limit is ${shown(limit.hard)}, but the soft limit was not raised to it)` : "";
  return `Open-file limit: ${shown(limit.soft)}${below}; each connection holds one file`;
};
