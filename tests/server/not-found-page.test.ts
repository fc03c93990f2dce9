import { writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/schemas/index.ts";
import { writeSiteFixture } from "./site-fixture.ts";
import { startServer } from "./start-server.ts";

const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

/** A 404 page long enough for compression to pay, as the built one is. */
const PAGE = `<!doctype html><html lang="en"><title>Page not found</title><h1>Page not found</h1>${"<p>There is no page at this address.</p>".repeat(30)}</html>\n`;

const serve = async (withPage: boolean) => {
  const { root } = await writeSiteFixture();
  if (withPage) await writeFile(path.join(root, "404.html"), PAGE);
  return startServer(root);
};

const get = async (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") => {
  const response = await request(url, { method, headers });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: Buffer.from(await response.body.arrayBuffer()),
  };
};

describe("the local server: missing paths", () => {
  it("answers a missing page with the tree's 404.html, status 404, not cached and without a validator", async () => {
    const { origin } = await serve(true);
    for (const missing of ["/missing", "/no/such/page.html?x=1", "/docs/nope/", "/apiary"]) {
      const response = await get(`${origin}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers["content-type"], missing).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"], missing).toBe("no-store");
      expect(response.headers.etag, missing).toBeUndefined();
      expect(response.headers["access-control-allow-origin"], missing).toBe("*");
      expect(response.body.toString(), missing).toBe(PAGE);
    }
  });

  it("sends the 404 page compressed when the client accepts it, and its headers alone for HEAD", async () => {
    const { origin } = await serve(true);
    const compressed = await get(`${origin}/missing`, { "accept-encoding": "br" });
    expect(compressed.status).toBe(404);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(compressed.body).toString()).toBe(PAGE);
    const head = await get(`${origin}/missing`, {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(PAGE)));
    expect(head.body.length).toBe(0);
  });

  it("serves 404.html itself, asked for by name, as any page", async () => {
    const { origin } = await serve(true);
    const response = await get(`${origin}/404.html`);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
    expect(response.body.toString()).toBe(PAGE);
  });

  it.each([
    "/api/v1/facts/nope.json",
    "//api/v1/facts/nope.json",
    "/api/v1/facts/by-id/nope.json",
    "/api",
    "/api/",
    "/.well-known/nope",
    "/.well-known",
  ])("keeps the JSON error body for %s, a path for programs", async (missing) => {
    const { origin } = await serve(true);
    const response = await get(`${origin}${missing}`);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ErrorBody.parse(JSON.parse(response.body.toString())).error).toBe("not_found");
  });

  it("answers JSON for every missing path of a tree without 404.html", async () => {
    const { origin } = await serve(false);
    const response = await get(`${origin}/missing`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({
      error: "not_found",
      message: "nothing is published at /missing",
    });
  });
});
