import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { headTrailer, KEEP_ALIVE_SECONDS } from "./head-trailer.ts";
import { ifNoneMatchHits } from "./if-none-match-hits.ts";
import type { Site } from "./load-site.ts";
import { negotiateEncoding } from "./negotiate-encoding.ts";
import { parseSimpleRequest } from "./parse-simple-request.ts";

const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * Puts a fast path in front of Node's HTTP server: every new connection is read here first, and each request that
 * is complete in what has arrived, plain (see `parseSimpleRequest`) and names a published file exactly is answered
 * by writing the precomputed head and body straight to the socket. That costs about half the CPU of going through
 * `http.ServerResponse`, which is what lets the server keep up with nginx (`npm run bench`).
 *
 * The first request that is anything else (a 404, a percent-encoded path, OPTIONS, a body, a head split across
 * packets...) hands the connection, with the bytes not yet consumed, to Node's own connection listener for the rest
 * of its life, so every unusual case is parsed and answered by `node:http` and `createRequestHandler`. Requests are
 * answered in order on either path, so pipelining stays correct across the hand-over.
 */
export const attachFastPath = (server: Server, currentSite: () => Site): void => {
  const [httpConnectionListener] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (httpConnectionListener === undefined) throw new Error("the HTTP server has no connection listener to fall back on");
  server.removeListener("connection", httpConnectionListener);
  server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000;
  const fastSockets = new Set<Socket>();

  server.on("connection", (socket: Socket) => {
    fastSockets.add(socket);
    const onTimeout = (): void => {
      socket.destroy();
    };
    const onError = (): void => {
      socket.destroy();
    };
    const onClose = (): void => {
      fastSockets.delete(socket);
    };
    // Node's HTTP server allows half-open connections; a client that has said all it will say is answered, then closed.
    const onEnd = (): void => {
      socket.end();
    };
    const release = (): void => {
      socket.off("data", onData);
      socket.off("timeout", onTimeout);
      socket.off("error", onError);
      socket.off("close", onClose);
      socket.off("end", onEnd);
      socket.setTimeout(0);
      fastSockets.delete(socket);
    };
    const handOver = (unread: Buffer): void => {
      release();
      httpConnectionListener.call(server, socket);
      if (unread.length > 0) socket.emit("data", unread);
    };

    function onData(chunk: Buffer): void {
      const site = currentSite();
      let offset = 0;
      while (offset < chunk.length) {
        const end = chunk.indexOf(HEAD_END, offset);
        // Heads Node would refuse as too large (431) are left to it, like every head not complete in this chunk.
        if (end === -1 || end - offset > maxHeaderSize) break;
        const request = parseSimpleRequest(chunk.toString("latin1", offset, end));
        const file = request === undefined || request.path.includes("%") ? undefined : site.files.get(request.path);
        if (request === undefined || file === undefined) break;

        const representation = file[negotiateEncoding(request.acceptEncoding)];
        const notModified = request.ifNoneMatch !== undefined && ifNoneMatchHits(request.ifNoneMatch, representation.etag);
        socket.cork();
        socket.write(notModified ? representation.notModifiedHead : representation.okHead);
        socket.write(headTrailer(request.close));
        if (!notModified && !request.head && representation.body.length > 0) socket.write(representation.body);
        socket.uncork();
        offset = end + HEAD_END.length;

        if (request.close) {
          socket.off("data", onData);
          socket.end();
          return;
        }
        if (socket.writableNeedDrain) break;
      }
      if (offset < chunk.length) handOver(chunk.subarray(offset));
      else if (socket.writableNeedDrain) {
        // The client is not reading its responses: stop reading its requests until it does.
        socket.pause();
        socket.once("drain", () => socket.resume());
      }
    }

    socket.setTimeout(server.keepAliveTimeout);
    socket.on("timeout", onTimeout);
    socket.on("error", onError);
    socket.on("close", onClose);
    socket.on("end", onEnd);
    socket.on("data", onData);
  });

  // `close()` ends idle connections through these; the fast path's connections are idle between requests.
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  const closeAllConnections = server.closeAllConnections.bind(server);
  server.closeIdleConnections = () => {
    for (const socket of fastSockets) socket.end();
    closeIdleConnections();
  };
  server.closeAllConnections = () => {
    for (const socket of fastSockets) socket.destroy();
    closeAllConnections();
  };
};
