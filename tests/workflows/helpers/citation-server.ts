import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export type CitationRoute = { status: number; location?: string } | "hang";

/**
 * Stands in for the citation sources on 127.0.0.1: the link checker's connections are routed here (the URLs keep their
 * real https hosts), and each path answers as configured. Records the host and path of every request.
 */
export const startCitationServer = async (routes: Record<string, CitationRoute>) => {
  const requests: string[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://placeholder");
    requests.push(`${request.method} ${request.headers.host}${url.pathname}`);
    const route = routes[url.pathname] ?? { status: 404 };
    if (route === "hang") {
      hanging.push(response);
      return;
    }
    response.writeHead(route.status, { "content-type": "text/html", ...(route.location ? { location: route.location } : {}) });
    response.end("<html><body>source</body></html>");
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
  return { address: `127.0.0.1:${port}`, requests, close };
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});
