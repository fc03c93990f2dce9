import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchMonthlyRates } from "../../src/affordability/providers/bank-of-canada.ts";
import { fetchMonthlyPrices } from "../../src/affordability/providers/crea.ts";

/** A loopback server that never answers `/silent`, sends more than 16 MB from `/huge` and redirects `/moved`. */
let server: Server;
let origin = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/huge")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.alloc(17 * 1024 * 1024, " "));
    } else if (request.url?.startsWith("/moved")) {
      response.writeHead(301, { location: "https://example.org/" });
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
    await expect(fetchMonthlyRates(`${origin}/huge`)).rejects.toThrow(`Bank of Canada Valet: ${valetUrl("huge")} is larger than the 16 MB cap on its download`);
  });

  it("does not follow a redirect: the answer's status is refused", async () => {
    await expect(fetchMonthlyPrices(`${origin}/moved`)).rejects.toThrow(`CREA MLS® HPI: the HPI tool page ${origin}/moved answered 301`);
  });
});
