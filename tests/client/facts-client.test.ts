import { generateKeyPairSync, sign } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFactsClient, FactsClientError, type Jwk } from "../../packages/client/src/index.ts";
import { createStaticServer, type StaticServer } from "../../src/server/static-server.ts";
import { publishedFacts } from "./published-facts.ts";

/** A fetch that records each answer's status, so a test can see what went over the wire. */
const recordingFetch = () => {
  const statuses: Array<{ url: string; status: number }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push({ url: String(input), status: response.status });
    return response;
  };
  return { statuses, fetchImpl };
};

/** The built tree, served once for the file: the server prepares every file's headers and encodings at start. */
let origin: string;
let siteServer: StaticServer;
const signer = generateKeyPairSync("ed25519");
const stranger = generateKeyPairSync("ed25519");
const jwksOf = (key: typeof signer): { keys: Jwk[] } => {
  const { kty, crv, x } = key.publicKey.export({ format: "jwk" });
  return { keys: [{ kty: kty!, crv: crv!, x: x!, kid: "k", alg: "EdDSA", use: "sig" }] };
};
beforeAll(async () => {
  const { out } = await publishedFacts();
  const manifest = path.join(out, "api", "v1", "facts", "manifest.json");
  await writeFile(`${manifest}.sig`, sign(null, await readFile(manifest), signer.privateKey).toString("base64"));
  siteServer = await createStaticServer({ root: out });
  await new Promise<void>((resolve) => siteServer.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      siteServer.close(() => resolve());
      siteServer.closeAllConnections();
    }),
);

describe("createFactsClient, against the project's own server", () => {
  it("fetches and validates every JSON endpoint", async () => {
    const client = createFactsClient({ baseUrl: origin });
    const catalog = await client.catalog();
    expect(catalog.fact_count).toBe(catalog.facts.length);
    expect((await client.domain("tax")).facts.every((fact) => fact.domain === "tax")).toBe(true);
    expect((await client.fact("bc.ptt.brackets")).fact.history?.length).toBeGreaterThan(0);
    expect((await client.llms()).facts.length).toBe(catalog.fact_count);
    expect((await client.manifest()).fact_id_list).toEqual(catalog.facts.map((fact) => fact.id));
    expect((await client.searchIndex()).length).toBe(catalog.fact_count);
    expect((await client.upcoming()).as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const diffIndex = await client.diffIndex();
    const [first] = diffIndex.diffs;
    expect(first).toBeDefined();
    expect((await client.diff(first!.fact_id, first!.from, first!.to)).value_diff).toBeDefined();
    expect((await client.affordabilityIndex()).series.length).toBeGreaterThan(0);
    expect(await client.affordabilityLatest()).toHaveProperty("publication_status");
    expect(await client.feed()).toContain("<rss");
  });

  it("resolves the yearly series: series() lists the years, resolve() answers the year in force as fact() does", async () => {
    const client = createFactsClient({ baseUrl: origin });
    const manifest = await client.manifest();
    expect(manifest.series_list).toEqual(["bc.rent_cap", "bc.svt.rates"]);
    for (const name of manifest.series_list!) {
      const series = await client.series(name);
      expect(series.members.filter((member) => member.in_force).map((member) => member.id)).toEqual([
        series.in_force_id,
      ]);
      const resolved = await client.resolve(name);
      expect(resolved.series?.series).toBe(name);
      expect(resolved.fact).toEqual((await client.fact(series.in_force_id!)).fact);
    }
    expect((await client.resolve("bc.rent_cap")).fact.id).toBe("bc.rent_cap.2026");
    expect((await client.resolve("bc.svt.rates")).fact.id).toBe("bc.svt.rates_2026");
    const notSeries = await client.series("bc.ptt.brackets").catch((error: unknown) => error);
    expect((notSeries as FactsClientError).status).toBe(404);
  });

  it("revalidates with the ETag: the second fetch is a 304 and returns the same data", async () => {
    const { statuses, fetchImpl } = recordingFetch();
    const client = createFactsClient({ baseUrl: origin, fetch: fetchImpl });
    const first = await client.catalog();
    const second = await client.catalog();
    expect(statuses.map((each) => each.status)).toEqual([200, 304]);
    expect(second).toEqual(first);
  });

  it("returns the manifest only when its signature verifies against the keys the caller trusts", async () => {
    const client = createFactsClient({ baseUrl: origin });
    const signed = await client.signedManifest(jwksOf(signer));
    expect(signed.kid).toBe("k");
    expect(signed.manifest).toEqual(await client.manifest());
    await expect(client.signedManifest(jwksOf(stranger))).rejects.toThrow("no key of the set verifies the signature");
  });

  it("reports a 404 for an unknown fact with the server's error body and the known ids", async () => {
    const error = await createFactsClient({ baseUrl: origin })
      .fact("bc.no_such_fact")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FactsClientError);
    expect(error).toMatchObject({ status: 404, body: { known_ids: expect.arrayContaining(["bc.ptt.brackets"]) } });
  });
});

describe("createFactsClient, against a server that answers garbage", () => {
  const bodies: Record<string, string> = {
    "/api/v1/facts/index.json": JSON.stringify({
      name: "x",
      version: "v1",
      license: "https://example.org",
      fact_count: "many",
      facts: [],
    }),
    "/api/v1/facts/llms.json": "<html>not json</html>",
  };
  let garbageOrigin: string;
  const server = createServer((request, response) => {
    const body = bodies[request.url ?? ""];
    if (body === undefined) response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
    else response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    garbageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it("refuses data that does not match the published schema, naming the JSON path", async () => {
    const error = await createFactsClient({ baseUrl: garbageOrigin })
      .catalog()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FactsClientError);
    expect((error as FactsClientError).issues).toContainEqual(expect.objectContaining({ path: "/fact_count" }));
  });

  it("refuses an answer that is not JSON, and an error page without a JSON body", async () => {
    const client = createFactsClient({ baseUrl: garbageOrigin });
    await expect(client.llms()).rejects.toThrow("did not answer JSON");
    await expect(client.manifest()).rejects.toMatchObject({ status: 502, body: undefined });
  });

  it("reports a network failure as a FactsClientError with the URL asked", async () => {
    // A port nothing listens on: a server is started to learn a free port, then closed before the request.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const error = await createFactsClient({ baseUrl: `http://127.0.0.1:${port}` })
      .catalog()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FactsClientError);
    expect(error).toMatchObject({ url: `http://127.0.0.1:${port}/api/v1/facts/index.json`, status: undefined });
    expect((error as FactsClientError).message).toMatch(
      new RegExp(`^GET http://127\\.0\\.0\\.1:${port}/api/v1/facts/index\\.json failed: `),
    );
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => createFactsClient({ baseUrl: "file:///etc" })).toThrow(
      'baseUrl must use http or https, got "file:///etc"',
    );
  });
});
