import { describe, expect, it } from "vitest";
import { Agent } from "undici";
import { createLinkChecker } from "../../src/links/check-link.ts";
import { linkDispatcherFromEnvironment } from "../../src/links/link-dispatcher-from-environment.ts";
import { startCitationServer } from "./helpers/citation-server.ts";

const checkerFor = async (routes: Parameters<typeof startCitationServer>[0]) => {
  const server = await startCitationServer(routes);
  const dispatcher = linkDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: server.address });
  return { server, check: createLinkChecker({ dispatcher, timeoutMs: 500, maxRedirects: 3 }), dispatcher };
};

describe("citation link checker", () => {
  it("reports an answering page, a dead one, and a site that refuses automated clients", async () => {
    const { check, dispatcher } = await checkerFor({ "/ok": { status: 200 }, "/gone": { status: 410 }, "/broken": { status: 503 }, "/bot-wall": { status: 403 } });
    expect(await check("https://www2.gov.bc.ca/ok")).toEqual({ url: "https://www2.gov.bc.ca/ok", outcome: "ok", status: 200, redirects: [], detail: "200" });
    expect(await check("https://www2.gov.bc.ca/gone")).toMatchObject({ outcome: "dead", status: 410, detail: "410" });
    expect(await check("https://www2.gov.bc.ca/broken")).toMatchObject({ outcome: "dead", status: 503 });
    expect(await check("https://www2.gov.bc.ca/bot-wall")).toMatchObject({ outcome: "unverified", status: 403, detail: "403: the site refused an automated check; open it by hand" });
    await dispatcher.close();
  });

  it("checks each redirect hop itself and refuses to follow one off https, a loop, or too many", async () => {
    const { check, server, dispatcher } = await checkerFor({
      "/old": { status: 301, location: "/newer" },
      "/newer": { status: 302, location: "https://www.canada.ca/newest" },
      "/newest": { status: 200 },
      "/downgrade": { status: 301, location: "http://www2.gov.bc.ca/plain" },
      "/plain": { status: 200 },
      "/a": { status: 302, location: "/b" },
      "/b": { status: 302, location: "/a" },
      "/1": { status: 302, location: "/2" },
      "/2": { status: 302, location: "/3" },
      "/3": { status: 302, location: "/4" },
      "/4": { status: 302, location: "/5" },
    });
    expect(await check("https://www2.gov.bc.ca/old")).toEqual({
      url: "https://www2.gov.bc.ca/old",
      outcome: "redirected",
      status: 200,
      redirects: [
        { from: "https://www2.gov.bc.ca/old", status: 301, to: "https://www2.gov.bc.ca/newer" },
        { from: "https://www2.gov.bc.ca/newer", status: 302, to: "https://www.canada.ca/newest" },
      ],
      detail: "200 at https://www.canada.ca/newest after 2 redirect(s)",
    });
    expect(await check("https://www2.gov.bc.ca/downgrade")).toMatchObject({ outcome: "dead", detail: "redirects to http://www2.gov.bc.ca/plain, which is not https (not followed)" });
    expect(server.requests).not.toContain("GET www2.gov.bc.ca/plain");
    expect(await check("https://www2.gov.bc.ca/a")).toMatchObject({ outcome: "dead", detail: "redirect loop at https://www2.gov.bc.ca/a" });
    expect(await check("https://www2.gov.bc.ca/1")).toMatchObject({ outcome: "dead", detail: "more than 3 redirects" });
    await dispatcher.close();
  });

  it("reports a hanging server as not answering within the timeout, and a missing host as dead", async () => {
    const { check, dispatcher } = await checkerFor({ "/hang": "hang" });
    const started = Date.now();
    expect(await check("https://www2.gov.bc.ca/hang")).toMatchObject({ outcome: "unverified", detail: "no answer within 0.5 s" });
    expect(Date.now() - started).toBeLessThan(5_000);
    await dispatcher.close();

    const nowhere = new Agent({
      connect: (_options, callback) => callback(Object.assign(new Error("getaddrinfo ENOTFOUND www.gone.gov.bc.ca"), { code: "ENOTFOUND" }), null),
    });
    expect(await createLinkChecker({ dispatcher: nowhere })("https://www.gone.gov.bc.ca/page")).toMatchObject({ outcome: "dead", detail: "host not found (www.gone.gov.bc.ca)" });
    await nowhere.close();
  });

  it("routes connections only to loopback when told to, for tests", () => {
    expect(() => linkDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: "10.0.0.1:80" })).toThrow("FACTS_LINK_CHECK_CONNECT_TO must be a loopback host:port (for tests)");
  });
});
