import { createServer, type Server } from "node:http";
import { answerClientError } from "./answer-client-error.ts";
import { attachFastPath } from "./attach-fast-path.ts";
import { createRequestHandler } from "./create-request-handler.ts";
import { loadSite, type Site } from "./load-site.ts";

export interface StaticServer extends Server {
  /** The tree being served. */
  site(): Site;
  /** Reads the tree again and swaps it in whole; on failure the previous tree stays served and the error is thrown. */
  reload(): Promise<Site>;
}

/**
 * An HTTP server for a built site (`_site/`), with the headers SPEC.md section 8 gives. The tree is read into memory
 * before this resolves; the server is not listening yet, so the caller picks the port (0 in tests).
 */
export const createStaticServer = async (options: { root: string }): Promise<StaticServer> => {
  let current = await loadSite(options.root);
  // Host is checked by the handler instead, so that a 400 for it carries the same CORS headers and JSON body as any error.
  const server = createServer({ requireHostHeader: false }, createRequestHandler(() => current));
  server.on("clientError", answerClientError);
  attachFastPath(server, () => current);
  return Object.assign(server, {
    site: () => current,
    reload: async () => {
      current = await loadSite(options.root);
      return current;
    },
  });
};
