import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpFailure, httpRequest } from "../../src/lib/http.ts";
import { LIMITS } from "../helpers/limits.ts";

/** A loopback server whose routes answer the ways a remote host can: well, too much, too slowly, not at all. */
let server: Server;
let base: string;
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  "/ok": (_request, response) => response.end("hello"),
  "/echo": (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () =>
      response.end(`${request.method} ${request.headers["x-test"]} ${Buffer.concat(chunks).toString()}`),
    );
  },
  "/big": (_request, response) => response.end("x".repeat(10_000)),
  "/endless": (_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    const timer = setInterval(() => response.write("y".repeat(1024)), 1);
    response.on("close", () => clearInterval(timer));
  },
  "/announced": (_request, response) => {
    response.writeHead(200, { "content-length": "1000000" });
    response.write("z");
  },
  "/silent": () => undefined,
  "/drip": (_request, response) => {
    response.writeHead(200);
    response.write("a");
  },
  "/moved": (_request, response) => {
    response.writeHead(301, { location: "https://example.org/elsewhere" });
    response.end();
  },
  "/missing": (_request, response) => {
    response.writeHead(404);
    response.end("no such page");
  },
};

beforeAll(async () => {
  server = createServer((request, response) => routes[request.url ?? ""]?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failureOf = async (promise: Promise<unknown>): Promise<HttpFailure> => {
  try {
    await promise;
  } catch (error: unknown) {
    if (error instanceof HttpFailure) return error;
    throw error;
  }
  throw new Error("the request succeeded");
};

describe("httpRequest", () => {
  it("returns the status, headers and body, and sends the method, headers and body given", async () => {
    const answer = await httpRequest(`${base}/ok`, { timeoutMs: LIMITS.answer, maxBytes: 100 });
    expect(answer).toMatchObject({ status: 200, bytes: 5, truncated: false });
    expect(answer.body.toString()).toBe("hello");
    const echo = await httpRequest(`${base}/echo`, {
      method: "POST",
      headers: { "x-test": "yes" },
      body: "payload",
      timeoutMs: LIMITS.answer,
      maxBytes: 100,
    });
    expect(echo.body.toString()).toBe("POST yes payload");
  });

  it("answers a redirect and an error status as they are, without following the redirect", async () => {
    const moved = await httpRequest(`${base}/moved`, { timeoutMs: LIMITS.answer, maxBytes: 100 });
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("https://example.org/elsewhere");
    const missing = await httpRequest(`${base}/missing`, { timeoutMs: LIMITS.answer, maxBytes: 100 });
    expect([missing.status, missing.body.toString()]).toEqual([404, "no such page"]);
  });

  it("fails a body past the limit, and stops reading one that never ends", async () => {
    const big = await failureOf(httpRequest(`${base}/big`, { timeoutMs: LIMITS.answer, maxBytes: 1_000 }));
    expect([big.kind, big.status]).toEqual(["too-large", 200]);
    expect(big.message).toBe("10000 bytes announced (Content-Length), more than the 1000 allowed");
    const endless = await failureOf(httpRequest(`${base}/endless`, { timeoutMs: LIMITS.answer, maxBytes: 4_096 }));
    expect(endless.kind).toBe("too-large");
    expect(endless.message).toBe("more than 4096 bytes in the body");
    const announced = await failureOf(httpRequest(`${base}/announced`, { timeoutMs: LIMITS.answer, maxBytes: 1_000 }));
    expect(announced.message).toBe("1000000 bytes announced (Content-Length), more than the 1000 allowed");
  });

  it("keeps the start of a longer body when asked to truncate, or hands each chunk over", async () => {
    const start = await httpRequest(`${base}/endless`, {
      timeoutMs: LIMITS.answer,
      maxBytes: 3_000,
      overLimit: "truncate",
    });
    expect([start.truncated, start.bytes, start.body.length]).toEqual([true, 3_000, 3_000]);
    const chunks: Buffer[] = [];
    const streamed = await httpRequest(`${base}/big`, {
      timeoutMs: LIMITS.answer,
      maxBytes: 20_000,
      onChunk: (chunk) => chunks.push(chunk),
    });
    expect([streamed.bytes, streamed.body.length, Buffer.concat(chunks).length]).toEqual([10_000, 0, 10_000]);
  });

  it("gives up on a host that does not answer, or stops sending, within the time", async () => {
    const silent = await failureOf(httpRequest(`${base}/silent`, { timeoutMs: 300, maxBytes: 100 }));
    expect(silent.kind).toBe("timeout");
    expect(silent.message).toBe("no answer within 0.3 s");
    const drip = await failureOf(httpRequest(`${base}/drip`, { timeoutMs: 300, maxBytes: 100 }));
    expect([drip.kind, drip.status]).toEqual(["timeout", 200]);
    expect(drip.message).toBe("the body did not arrive within 0.3 s (1 bytes read)");
  });

  it("names a refused connection as unreachable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failureOf(
      httpRequest(`http://127.0.0.1:${port}/`, { timeoutMs: LIMITS.answer, maxBytes: 100 }),
    );
    expect(refused.kind).toBe("unreachable");
    expect(refused.message).toContain("ECONNREFUSED");
  });
});
