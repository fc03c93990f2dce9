import { Agent } from "undici";
import { describe, expect, it } from "vitest";
import { fetchSource, sourceDispatcherFromEnvironment } from "../../src/source-check/fetch-source.ts";
import { LIMITS } from "../helpers/limits.ts";
import { startCitationServer } from "../workflows/helpers/citation-server.ts";

/**
 * Fetches through a citation server on 127.0.0.1. The timeout is one a server on loopback meets on a loaded machine,
 * unless the test is about a server that never answers.
 */
const fetcherFor = async (routes: Parameters<typeof startCitationServer>[0], timeoutMs: number = LIMITS.answer) => {
  const server = await startCitationServer(routes);
  const dispatcher = sourceDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: server.address });
  return {
    server,
    fetch: (url: string) => fetchSource(url, { dispatcher, timeoutMs, maxRedirects: 3 }),
    dispatcher,
  };
};

describe("fetching a cited source", () => {
  it("reads an answering page, and tells a gone page from a failing server and a site that refuses automated clients", async () => {
    const { fetch, dispatcher, server } = await fetcherFor({
      "/ok": { status: 200, body: "<p>text</p>" },
      "/gone": { status: 410 },
      "/broken": { status: 503 },
      "/bot-wall": { status: 403 },
    });
    expect(await fetch("https://www2.gov.bc.ca/ok")).toMatchObject({
      outcome: "page",
      status: 200,
      contentType: "text/html",
      truncated: false,
      redirects: [],
    });
    expect(await fetch("https://www2.gov.bc.ca/gone")).toMatchObject({ outcome: "gone", status: 410, detail: "410" });
    expect(await fetch("https://www2.gov.bc.ca/broken")).toMatchObject({ outcome: "unverified", status: 503 });
    expect(await fetch("https://www2.gov.bc.ca/bot-wall")).toMatchObject({
      outcome: "unverified",
      status: 403,
      detail: "403: the site refused an automated check",
    });
    expect(server.requests[0]).toBe("GET www2.gov.bc.ca/ok");
    await dispatcher.close();
  });

  it("follows each redirect hop itself, reports it, and refuses one off https, a loop, or too many", async () => {
    const { fetch, server, dispatcher } = await fetcherFor({
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
    expect(await fetch("https://www2.gov.bc.ca/old")).toMatchObject({
      outcome: "page",
      finalUrl: "https://www.canada.ca/newest",
      redirects: [
        { from: "https://www2.gov.bc.ca/old", status: 301, to: "https://www2.gov.bc.ca/newer" },
        { from: "https://www2.gov.bc.ca/newer", status: 302, to: "https://www.canada.ca/newest" },
      ],
    });
    expect(await fetch("https://www2.gov.bc.ca/downgrade")).toMatchObject({
      outcome: "gone",
      detail: "redirects to http://www2.gov.bc.ca/plain, which is not https (not followed)",
    });
    expect(server.requests).not.toContain("GET www2.gov.bc.ca/plain");
    expect(await fetch("https://www2.gov.bc.ca/a")).toMatchObject({
      outcome: "gone",
      detail: "redirect loop at https://www2.gov.bc.ca/a",
    });
    expect(await fetch("https://www2.gov.bc.ca/1")).toMatchObject({ outcome: "gone", detail: "more than 3 redirects" });
    await dispatcher.close();
  });

  it("reports a hanging server as not answering within the timeout, and a missing host as gone", async () => {
    // A short timeout of the check's own: the answer must be that the server gave none (a hang ends the test at its limit).
    const { fetch, dispatcher } = await fetcherFor({ "/hang": "hang" }, 500);
    expect(await fetch("https://www2.gov.bc.ca/hang")).toMatchObject({
      outcome: "unverified",
      detail: "no answer within 0.5 s",
    });
    await dispatcher.close();

    const nowhere = new Agent({
      connect: (_options, callback) =>
        callback(Object.assign(new Error("getaddrinfo ENOTFOUND www.gone.gov.bc.ca"), { code: "ENOTFOUND" }), null),
    });
    expect(await fetchSource("https://www.gone.gov.bc.ca/page", { dispatcher: nowhere })).toMatchObject({
      outcome: "gone",
      detail: "host not found (www.gone.gov.bc.ca)",
    });
    await nowhere.close();
  });

  it("routes connections only to loopback when told to, for tests", () => {
    expect(() => sourceDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: "10.0.0.1:80" })).toThrow(
      "FACTS_LINK_CHECK_CONNECT_TO must be a loopback host:port (for tests)",
    );
  });
});
