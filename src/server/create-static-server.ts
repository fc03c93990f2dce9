import { createServer, type Server } from "node:http";
import { answerClientError, createRequestHandler } from "./respond/index.ts";
import { loadSite, type Site } from "./site/index.ts";

export interface StaticServer extends Server {
  /** The tree being served. */
  site(): Site;
  /** Reads the tree again and swaps it in whole; on failure the previous tree stays served and the error is thrown. */
  reload(): Promise<Site>;
}

/** Seconds a kept-alive connection may stay idle; Node announces it in `Keep-Alive: timeout=5` and enforces it. */
const KEEP_ALIVE_SECONDS = 5;

/**
 * An HTTP server for a built site (`_site/`), with the headers SPEC.md section 8 gives. The tree is read into memory
 * before this resolves; the server is not listening yet, so the caller picks the port (0 in tests).
 *
 * Every request is parsed and answered by `node:http` through its documented options and methods only:
 * - `requireHostHeader: false`: Host is checked by the handler instead, so that a 400 for it carries the same CORS
 *   headers and JSON body as any error;
 * - `optimizeEmptyRequests`: a request without a body (every GET and HEAD a client sends) starts already ended, so
 *   Node skips the readable-stream events and the draining of a body no one reads;
 * - `noDelay`: a response leaves as soon as it is written, since each is written whole in one `end`.
 * A request the parser refuses is answered by the `clientError` listener, which writes its answer to the socket as
 * Node's documentation shows for that event.
 */
export const createStaticServer = async (options: { root: string }): Promise<StaticServer> => {
  let current = await loadSite(options.root);
  const server = createServer(
    { requireHostHeader: false, optimizeEmptyRequests: true, noDelay: true, keepAliveTimeout: KEEP_ALIVE_SECONDS * 1000 },
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
