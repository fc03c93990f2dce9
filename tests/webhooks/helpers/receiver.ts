import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply = (request: ReceivedRequest, response: ServerResponse, index: number) => void;

const open: (() => Promise<void>)[] = [];

/** Answers with `status` (and optional headers and body). */
export const status =
  (code: number, headers: Record<string, string> = {}, body = ""): Reply =>
  (_request, response) => {
    response.writeHead(code, headers).end(body);
  };

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and every TCP connection, answering the n-th
 * request with `replies[n]` (the last one repeats). Closed after the test.
 */
export const startReceiver = async (...replies: Reply[]) => {
  const requests: ReceivedRequest[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const received = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = requests.push(received) - 1;
      const reply = replies[Math.min(index, replies.length - 1)] ?? status(200);
      reply(received, response, index);
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  open.push(close);
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/facts?token=t0ps3cr3tpath`,
    requests,
    get connections() {
      return connections;
    },
    close,
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close().catch(() => undefined)));
});
