import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMonthlyRates } from "../../src/affordability/providers/bank-of-canada.ts";
import { fetchMonthlyPrices } from "../../src/affordability/providers/crea.ts";

/** A loopback server that never answers `/silent`, sends more than 16 MB from `/huge`, and redirects the others. */
let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/huge")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.alloc(17 * 1024 * 1024, " "));
    } else if (request.url?.startsWith("/moved")) {
      response.writeHead(301, { location: `/huge${request.url.slice("/moved".length)}` });
      response.end();
    } else if (request.url?.startsWith("/insecure")) {
      response.writeHead(302, { location: "http://example.org/valet" });
      response.end();
    } else if (request.url?.startsWith("/loop")) {
      response.writeHead(302, { location: request.url });
      response.end();
    } else if (request.url?.startsWith("/hop")) {
      const hop = Number(/^\/hop(\d+)/.exec(request.url)?.[1] ?? 0);
      response.writeHead(302, { location: `/hop${hop + 1}` });
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the index providers over HTTP", () => {
  const valetUrl = (base: string) => `${origin}/${base}/observations/V80691335/json?start_date=2023-01-01`;

  it("gives up on a source that does not answer in time, naming it and the time", async () => {
    await expect(fetchMonthlyRates(`${origin}/silent`, 300)).rejects.toThrow(
      `Bank of Canada Valet: ${valetUrl("silent")} could not be reached (no answer within 0.3 s)`,
    );
  });

  it("refuses an answer past its cap without holding it", async () => {
    await expect(fetchMonthlyRates(`${origin}/huge`)).rejects.toThrow(
      `Bank of Canada Valet: ${valetUrl("huge")} is larger than the 16 MB cap on its download`,
    );
  });

  it("follows a redirect within the origin or to https, to the answer it leads to", async () => {
    await expect(fetchMonthlyRates(`${origin}/moved`)).rejects.toThrow(
      `Bank of Canada Valet: ${valetUrl("moved")} is larger than the 16 MB cap on its download`,
    );
  });

  it("refuses a redirect to plain http elsewhere, a loop, and a chain longer than the limit", async () => {
    await expect(fetchMonthlyRates(`${origin}/insecure`)).rejects.toThrow(
      `Bank of Canada Valet: ${valetUrl("insecure")} redirects to http://example.org/valet, which is not https`,
    );
    await expect(fetchMonthlyRates(`${origin}/loop`)).rejects.toThrow(
      `Bank of Canada Valet: ${valetUrl("loop")} redirects in a loop (${valetUrl("loop")} again)`,
    );
    await expect(fetchMonthlyPrices(`${origin}/hop0`)).rejects.toThrow(
      `CREA MLS® HPI: the HPI tool page ${origin}/hop0 redirects more than 5 times`,
    );
  });
});
