import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export type CitationRoute =
  | { status: number; location?: string; body?: string | Uint8Array; contentType?: string; delayMs?: number }
  /** A 200 page of `bytes` bytes of HTML, streamed in chunks, ending with `tail`. */
  | { huge: number; tail: string }
  | "hang";

/**
 * Stands in for the citation sources on 127.0.0.1: the link checker's connections are routed here (the URLs keep their
 * real https hosts), and each path answers as configured. Routes are keyed by path, or by `host/path` when a host
 * needs its own answer. Records the host and path of every request, how many were under way at once (in all and
 * per host), and how many bytes of each huge page were sent before the client hung up.
 */
export const startCitationServer = async (routes: Record<string, CitationRoute>) => {
  const requests: string[] = [];
  const hanging: ServerResponse[] = [];
  const hugeBytesSent: number[] = [];
  const inFlight = new Map<string, number>();
  let inFlightTotal = 0;
  const peaks = { total: 0, perHost: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://placeholder");
    const host = request.headers.host ?? "";
    requests.push(`${request.method} ${host}${url.pathname}`);
    const route = routes[`${host}${url.pathname}`] ?? routes[url.pathname] ?? { status: 404 };
    if (route === "hang") {
      hanging.push(response);
      return;
    }
    inFlightTotal++;
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    peaks.total = Math.max(peaks.total, inFlightTotal);
    peaks.perHost = Math.max(peaks.perHost, inFlight.get(host)!);
    response.on("close", () => {
      inFlightTotal--;
      inFlight.set(host, inFlight.get(host)! - 1);
    });
    if ("huge" in route) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      const chunk = Buffer.alloc(64 * 1024, "<p>filler text of a very long page</p>\n");
      let sent = 0;
      const index = hugeBytesSent.push(0) - 1;
      const pump = (): void => {
        while (sent < route.huge) {
          const ok = response.write(chunk);
          sent += chunk.length;
          hugeBytesSent[index] = sent;
          if (!ok) {
            response.once("drain", pump);
            return;
          }
        }
        response.end(route.tail);
      };
      response.on("close", () => response.removeAllListeners("drain"));
      pump();
      return;
    }
    const answer = () => {
      response.writeHead(route.status, {
        "content-type": route.contentType ?? "text/html",
        ...(route.location ? { location: route.location } : {}),
      });
      response.end(route.body ?? "<html><body>source</body></html>");
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const response of hanging.splice(0)) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { address: `127.0.0.1:${port}`, port, requests, peaks, hugeBytesSent, close };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});
