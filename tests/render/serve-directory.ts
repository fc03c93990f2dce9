import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/rss+xml",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticServer {
  url: string;
  port: number;
  /** Sets the folder to serve; the server starts first so its port can go into FACTS_BASE_URL before the build. */
  serve(root: string): void;
  close(): Promise<void>;
}

/**
 * A minimal static file server on 127.0.0.1 for the browser tests, kept apart from src/server/ so the page tests
 * exercise the pages alone. `/` is `index.html`; anything outside the folder or missing is a 404.
 */
export const startStaticServer = async (): Promise<StaticServer> => {
  let root: string | undefined;
  const server: Server = createServer((request, response) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = path.join(root ?? "/nonexistent", pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    if (root === undefined || !file.startsWith(`${root}${path.sep}`)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404, { "Content-Type": "text/plain" }).end("not found"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    serve: (folder) => {
      root = path.resolve(folder);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
