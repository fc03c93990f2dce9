import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Client } from "undici";
import { describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/schemas/index.ts";
import { LIMITS } from "../helpers/limits.ts";
import { exchange, parseResponses, type RawResponse, rawRequest } from "./raw-request.ts";
import { writeSiteFixture } from "./site-fixture.ts";
import { startServer } from "./start-server.ts";

const CATALOG = "/api/v1/facts/index.json";
const FACT = "/api/v1/facts/by-id/bc.ptt.brackets.json";

const serveFixture = async () => {
  const { root } = await writeSiteFixture();
  return startServer(root);
};

const request = (method: string, target: string, headers = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

/** Headers a user would compare, without the ones that depend on the moment or the connection. */
const stable = (response: RawResponse): Record<string, string> => {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = response.headers;
  return rest;
};

/**
 * A `Content-Length: 0` on a GET is legal and changes nothing for the client; Node handles such a request apart from
 * one without a body (`optimizeEmptyRequests` only applies to the latter), so both kinds are compared.
 */
describe("the local server: a GET with an empty body is answered like one without", () => {
  it.each([
    ["GET", ""],
    ["HEAD", ""],
    ["GET", "Accept-Encoding: gzip\r\n"],
    ["GET", "Accept-Encoding: gzip, deflate, br\r\n"],
    ["HEAD", "Accept-Encoding: br\r\n"],
  ])("%s with %j: same status, headers and body", async (method, headers) => {
    const { port } = await serveFixture();
    const bodiless = await rawRequest(port, CATALOG, method, headers);
    const empty = await rawRequest(port, CATALOG, method, `${headers}Content-Length: 0\r\n`);
    expect(bodiless.status).toBe(200);
    expect(empty.status).toBe(200);
    expect(stable(bodiless)).toEqual(stable(empty));
    expect(bodiless.body).toBe(empty.body);
    expect(bodiless.headers.date).toMatch(/GMT$/);
  });

  it("304: same headers either way", async () => {
    const { port } = await serveFixture();
    const { headers } = await rawRequest(port, FACT);
    const bodiless = await rawRequest(port, FACT, "GET", `If-None-Match: ${headers.etag}\r\n`);
    const empty = await rawRequest(port, FACT, "GET", `If-None-Match: ${headers.etag}\r\nContent-Length: 0\r\n`);
    expect(bodiless.status).toBe(304);
    expect(empty.status).toBe(304);
    expect(stable(bodiless)).toEqual(stable(empty));
  });
});

describe("the local server: connections", () => {
  it("answers pipelined requests in order, successes and errors alike", async () => {
    const { port } = await serveFixture();
    const text = await exchange(port, [
      request("GET", FACT) +
        request("HEAD", CATALOG) +
        request("OPTIONS", CATALOG) +
        request("GET", "/api/v1/facts/by-id/nope.json") +
        request("GET", CATALOG, "Connection: close\r\n"),
    ]);
    const responses = parseResponses(text, [false, true]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 204, 404, 200]);
    expect(JSON.parse(responses[0]?.body ?? "").fact.id).toBe("bc.ptt.brackets");
    expect(responses[1]?.body).toBe("");
    expect(JSON.parse(responses[3]?.body ?? "").error).toBe("not_found");
    expect(JSON.parse(responses[4]?.body ?? "").fact_count).toBe(3);
  });

  it("keeps a connection alive across an error answer", async () => {
    const { origin } = await serveFixture();
    const client = new Client(origin);
    try {
      for (const [path, status] of [
        [FACT, 200],
        ["/missing", 404],
        [FACT, 200],
        [CATALOG, 200],
      ] as const) {
        const response = await client.request({ path, method: "GET" });
        await response.body.dump();
        expect(response.statusCode).toBe(status);
      }
    } finally {
      await client.close();
    }
  });

  it("answers a request whose head arrives in pieces", async () => {
    const { port } = await serveFixture();
    const text = await exchange(
      port,
      [`GET ${FACT} HTTP/1.1\r\nHo`, "st: 127.0.0.1\r\nConnec", "tion: close\r\n\r\n"],
      { pauseMs: 30 },
    );
    expect(parseResponses(text)[0]?.status).toBe(200);
  });

  it("answers a client that half-closes after its request", async () => {
    const { port } = await serveFixture();
    const text = await exchange(port, [request("GET", FACT)], { halfClose: true });
    const [response] = parseResponses(text);
    expect(response?.status).toBe(200);
    expect(JSON.parse(response?.body ?? "").fact.id).toBe("bc.ptt.brackets");
  });

  it("closes the connection after a response to Connection: close", async () => {
    const { port } = await serveFixture();
    const text = await exchange(port, [request("GET", FACT, "Connection: close\r\n") + request("GET", FACT)]);
    const responses = parseResponses(text);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.headers.connection).toBe("close");
  });

  it("closes the connection after refusing a request with two Host headers", async () => {
    const { port } = await serveFixture();
    const text = await exchange(port, [`GET ${FACT} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n${request("GET", FACT)}`]);
    const responses = parseResponses(text);
    expect(responses.map((response) => response.status)).toEqual([400]);
    expect(responses[0]?.headers.connection).toBe("close");
  });

  it.each([
    ["an HTTP/1.0 request", `GET ${FACT} HTTP/1.0\r\n\r\n`, [200]],
    ["a request without Host", `GET ${FACT} HTTP/1.1\r\nConnection: close\r\n\r\n`, [400]],
    ["two Host headers", `GET ${FACT} HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n`, [400]],
    ["bare LF line endings", `GET ${FACT} HTTP/1.1\nHost: a\nConnection: close\n\n`, [200, 400]],
    [
      "an absolute-form target",
      `GET http://127.0.0.1${FACT} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
      [200, 400],
    ],
    [
      "a header folded over two lines",
      `GET ${FACT} HTTP/1.1\r\nHost: a\r\nX-A: 1\r\n 2\r\nConnection: close\r\n\r\n`,
      [400],
    ],
    [
      "a head larger than Node accepts",
      `GET ${FACT} HTTP/1.1\r\nHost: a\r\nX-Big: ${"b".repeat(20_000)}\r\nConnection: close\r\n\r\n`,
      [431],
    ],
    [
      "Transfer-Encoding on a GET",
      `GET ${FACT} HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`,
      [200],
    ],
  ])("answers %s as Node's HTTP parser decides", async (_name, raw, statuses) => {
    const { port } = await serveFixture();
    const [response] = parseResponses(await exchange(port, [raw]));
    expect(statuses).toContain(response?.status);
    expect(response?.headers["access-control-allow-origin"]).toBe("*");
    // Every error answer has the published error body, even one for a request the parser refused.
    if ((response?.status ?? 0) >= 400)
      expect(ErrorBody.strict().safeParse(JSON.parse(response?.body ?? "")).error).toBeUndefined();
  });

  it("answers a malformed request after the responses to the requests before it, even when they are still being written", async () => {
    const { root } = await writeSiteFixture();
    // Far more than the kernel buffers of a connection whose client is not reading: the response is still being written
    // when the next request is refused.
    const large = randomBytes(16 * 1024 * 1024);
    await writeFile(path.join(root, "large.png"), large);
    const { port } = await startServer(root);
    const text = await exchange(
      port,
      [`${request("GET", "/large.png")}${request("GET", FACT)}GET /\0 HTTP/1.1\r\n\r\n`],
      { readAfterMs: 200 },
    );
    const responses = parseResponses(text);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 400]);
    expect(Buffer.from(responses[0]?.body ?? "", "latin1").equals(large)).toBe(true);
    expect(JSON.parse(responses[1]?.body ?? "").fact.id).toBe("bc.ptt.brackets");
    expect(JSON.parse(responses[2]?.body ?? "").error).toBe("bad_request");
  });

  it("keeps serving after clients reset their connections in the middle of responses", async () => {
    const { port, origin } = await serveFixture();
    await Promise.all(
      Array.from(
        { length: 20 },
        (_, index) =>
          new Promise<void>((resolve) => {
            const socket = net.connect(port, "127.0.0.1", () => {
              socket.write(
                request("GET", CATALOG).repeat(50) +
                  (index % 2 === 0 ? request("GET", CATALOG, "Connection: close\r\n") : ""),
              );
              setTimeout(() => socket.resetAndDestroy(), index % 5);
            });
            socket.on("error", () => undefined);
            socket.on("close", () => resolve());
          }),
      ),
    );
    expect((await fetch(`${origin}${FACT}`)).status).toBe(200);
  });

  it("answers 408 and closes a connection that sends no complete request head, even if the client never closes its side", async () => {
    // The server's own request-head timeout ends these connections; a server that kept them would end this test at its
    // time limit.
    const { server, port } = await serveFixture();
    const answers = await Promise.all(
      ["", `GET ${FACT} HTTP/1.1\r\nHost: 127.0.0.1\r\n`].map(
        (sent) =>
          new Promise<string>((resolve, reject) => {
            const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true }, () => socket.write(sent));
            let text = "";
            socket.setEncoding("latin1");
            socket.on("data", (chunk: string) => (text += chunk));
            socket.on("error", reject);
            socket.on("end", () => resolve(text));
          }),
      ),
    );
    for (const answer of answers) {
      const [response] = parseResponses(answer);
      expect(response?.status).toBe(408);
      expect(JSON.parse(response?.body ?? "").error).toBe("request_timeout");
    }
    // The clients keep their side open: the server must let go of the connections itself, freeing their descriptors.
    const openConnections = () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await expect.poll(openConnections, { timeout: LIMITS.wait, interval: 100 }).toBe(0);
  });

  it("stops on close() without waiting for idle kept-alive connections to time out", async () => {
    const { server, origin } = await serveFixture();
    // An idle connection would keep the server open for this long, far past the test's limit, if close() left it.
    server.keepAliveTimeout = 24 * 60 * 60 * 1000;
    const client = new Client(origin);
    const response = await client.request({ path: FACT, method: "GET" });
    await response.body.dump();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await client.close();
  });
});
