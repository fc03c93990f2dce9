import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { ErrorBody, SCHEMA_VERSION } from "../../src/schemas/index.ts";
import { FIXTURE_IDS, writeSiteFixture } from "./site-fixture.ts";
import { startServer } from "./start-server.ts";

const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";
const CATALOG = "/api/v1/facts/index.json";

const serveFixture = async () => {
  const { root } = await writeSiteFixture();
  return { root, ...(await startServer(root)) };
};

/** undici's `request` leaves the body as sent, so compressed bytes can be checked; `fetch` would decode them. */
const get = async (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => {
  const response = await request(url, { method, headers });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: Buffer.from(await response.body.arrayBuffer()),
  };
};

describe("the local server: successful responses", () => {
  it("serves a file with CORS, the exact Cache-Control of docs/consumers/api.md#headers, its type, length and a strong ETag", async () => {
    const { root, origin } = await serveFixture();
    const response = await get(`${origin}${CATALOG}`);
    expect(response.status).toBe(200);
    expect(response.body.equals(await readFile(path.join(root, "api/v1/facts/index.json")))).toBe(true);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-length"]).toBe(String(response.body.length));
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it.each([
    ["/api/v1/facts/feed.xml", "application/rss+xml; charset=utf-8"],
    ["/.well-known/api-catalog", 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'],
    ["/.well-known/security.txt", "text/plain; charset=utf-8"],
    ["/.well-known/openapi.json", "application/json; charset=utf-8"],
    ["/api/v1/facts/by-id/bc.ptt.brackets.json", "application/json; charset=utf-8"],
    ["/api/v1/facts/tax.json", "application/json; charset=utf-8"],
    ["/api/v1/facts/llms.json", "application/json; charset=utf-8"],
    ["/api/v1/affordability-index/latest.json", "application/json; charset=utf-8"],
    ["/llms.txt", "text/plain; charset=utf-8"],
    ["/index.html", "text/html; charset=utf-8"],
    ["/logo.svg", "image/svg+xml; charset=utf-8"],
    ["/pixel.png", "image/png"],
  ])("serves %s as %s, with CORS and Cache-Control", async (sitePath, contentType) => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}${sitePath}`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe(contentType);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
  });

  it("answers If-None-Match with 304 and no body, and a stale or foreign ETag with the file", async () => {
    const { origin } = await serveFixture();
    const { headers } = await get(`${origin}${CATALOG}`);
    const etag = String(headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await get(`${origin}${CATALOG}`, { "if-none-match": ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
    }
    const changed = await get(`${origin}${CATALOG}`, { "if-none-match": '"not-this-one"' });
    expect(changed.status).toBe(200);
    expect(changed.body.length).toBeGreaterThan(0);
  });

  it("sends brotli or gzip when asked, which decode to the same bytes, each with its own ETag", async () => {
    const { origin } = await serveFixture();
    const plain = await get(`${origin}${CATALOG}`);
    const gzip = await get(`${origin}${CATALOG}`, { "accept-encoding": "gzip" });
    const br = await get(`${origin}${CATALOG}`, { "accept-encoding": "gzip, deflate, br" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    for (const response of [gzip, br]) {
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-length"]).toBe(String(response.body.length));
      expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
    }
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
    const revalidated = await get(`${origin}${CATALOG}`, {
      "accept-encoding": "br",
      "if-none-match": String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it.each([
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.5, br;q=0.8", "br"],
    ["br;q=0.1, gzip;q=0.9", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["gzip;q=0, br;q=0", undefined],
    ["deflate", undefined],
  ])("honours Accept-Encoding %j", async (acceptEncoding, expected) => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}${CATALOG}`, { "accept-encoding": acceptEncoding });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe(expected);
  });

  it("does not compress images, and sends them without Vary", async () => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}/pixel.png`, { "accept-encoding": "gzip, br" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const { origin } = await serveFixture();
    for (const acceptEncoding of ["", "br"]) {
      const full = await get(`${origin}${CATALOG}`, { "accept-encoding": acceptEncoding });
      const head = await get(`${origin}${CATALOG}`, { "accept-encoding": acceptEncoding }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(full.body.length));
      expect(head.headers.etag).toBe(full.headers.etag);
      expect(head.headers["content-type"]).toBe(full.headers["content-type"]);
      expect(head.headers["cache-control"]).toBe(CACHE_CONTROL);
    }
  });

  it("serves a folder's index.html, redirects the folder named without its slash, and ignores query strings", async () => {
    const { root, origin } = await serveFixture();
    const home = await get(`${origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.body.equals(await readFile(path.join(root, "index.html")))).toBe(true);
    const redirect = await get(`${origin}/docs?x=1`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/docs/?x=1");
    expect((await get(`${origin}/docs/`)).body.toString()).toContain("<title>Docs</title>");
    expect((await get(`${origin}${CATALOG}?cachebust=1`)).status).toBe(200);
    expect((await get(`${origin}/api/v1/facts/%69ndex.json`)).status).toBe(200);
  });

  it("answers a CORS preflight with 204, the allowed methods, the asked-for headers and a max age", async () => {
    const { origin } = await serveFixture();
    const response = await request(`${origin}${CATALOG}`, {
      method: "OPTIONS",
      headers: {
        origin: "https://example.org",
        "access-control-request-method": "GET",
        "access-control-request-headers": "if-none-match, x-requested-with",
      },
    });
    await response.body.dump();
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-allow-methods"]).toBe("GET, HEAD, OPTIONS");
    expect(response.headers["access-control-allow-headers"]).toBe("if-none-match, x-requested-with");
    expect(response.headers["access-control-max-age"]).toBe("86400");
    expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("lets a browser on another origin read a fact and its ETag", async () => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}/api/v1/facts/by-id/bc.ptt.brackets.json`, { origin: "https://example.org" });
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-expose-headers"]).toBe("ETag");
  });

  it("serves a rebuilt tree after a reload, and the old ETag no longer matches", async () => {
    const { root, origin, server } = await serveFixture();
    const before = await get(`${origin}${CATALOG}`);
    await writeFile(path.join(root, "api/v1/facts/index.json"), JSON.stringify({ fact_count: 0, facts: [] }));
    expect((await get(`${origin}${CATALOG}`)).body.equals(before.body)).toBe(true);
    await server.reload();
    const after = await get(`${origin}${CATALOG}`, { "if-none-match": String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString())).toEqual({ fact_count: 0, facts: [] });
  });
});

describe("the local server: errors", () => {
  it("answers an unknown fact id with 404 and a JSON body naming the catalog's ids", async () => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}/api/v1/facts/by-id/nope.json`);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    const body = ErrorBody.strict().parse(JSON.parse(response.body.toString()));
    expect(body).toMatchObject({
      schema_version: SCHEMA_VERSION,
      error: "not_found",
      path: "/api/v1/facts/by-id/nope.json",
    });
    expect(body.message).toContain('"nope" is not one of the catalog\'s 3 fact ids');
    expect(body.known_ids).toEqual([...FIXTURE_IDS].sort());
  });

  it("tells a client that asks for a known id without .json where the fact is", async () => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}/api/v1/facts/by-id/bc.ptt.brackets`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString()).message).toBe(
      "a fact is served with a .json extension: /api/v1/facts/by-id/bc.ptt.brackets.json",
    );
  });

  it("answers an unknown path with 404 and a JSON body, also for HEAD (without the body)", async () => {
    const { origin } = await serveFixture();
    const response = await get(`${origin}/api/v1/facts/nope.json?x=1`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({
      schema_version: SCHEMA_VERSION,
      error: "not_found",
      message: "nothing is published at /api/v1/facts/nope.json",
      path: "/api/v1/facts/nope.json",
    });
    const head = await get(`${origin}/missing`, {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"] as const)(
    "answers %s with 405, an Allow header and a JSON body",
    async (method) => {
      const { origin } = await serveFixture();
      const response = await request(`${origin}${CATALOG}`, { method, body: method === "DELETE" ? null : "{}" });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(ErrorBody.strict().parse(await response.body.json())).toMatchObject({
        schema_version: SCHEMA_VERSION,
        error: "method_not_allowed",
        path: CATALOG,
      });
    },
  );
});
