import { describe, expect, it } from "vitest";
import { rawRequest } from "./raw-request.ts";
import { SECRET, writeSiteFixture } from "./site-fixture.ts";
import { startServer } from "./start-server.ts";

/**
 * Request targets, sent byte for byte, that would reach `../secret.txt` or `../site-secret.txt` if paths were joined
 * naively.
 */
const ATTEMPTS = [
  "/../secret.txt",
  "/../../secret.txt",
  "/api/../../secret.txt",
  "/%2e%2e/secret.txt",
  "/%2E%2E/secret.txt",
  "/.%2e/secret.txt",
  "/%2e%2e%2fsecret.txt",
  "/..%2fsecret.txt",
  "/..%2Fsecret.txt",
  "/..%5csecret.txt",
  "/..\\secret.txt",
  "/\\..\\secret.txt",
  "/api/v1/facts/..\\..\\..\\..\\secret.txt",
  "/%252e%252e/secret.txt",
  "/..%00/secret.txt",
  "/index.html%00.json",
  "/secret.txt%00",
  "/./index.html",
  "/%2fsecret.txt",
  "//secret.txt",
  "/../site-secret.txt",
  "/..%c0%afsecret.txt",
  "/%e0%80%ae%e0%80%ae/secret.txt",
  "/%",
  "/%zz",
];

describe("the local server: no path escapes the served folder", () => {
  it.each(ATTEMPTS)("answers %s with 400 or 404, never the file outside", async (target) => {
    const { root } = await writeSiteFixture();
    const { port } = await startServer(root);
    const response = await rawRequest(port, target);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain(SECRET);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(response.body)).toMatchObject({ error: expect.stringMatching(/^(bad_request|not_found)$/) });
  });

  it("answers a raw NUL byte in the request line, refused by the HTTP parser, with a JSON 400", async () => {
    const { root } = await writeSiteFixture();
    const { port } = await startServer(root);
    const response = await rawRequest(port, "/..\0/secret.txt");
    expect(response.status).toBe(400);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(JSON.parse(response.body)).toMatchObject({ error: "bad_request" });
    expect(response.body).not.toContain(SECRET);
  });

  it("still serves ordinary paths sent the same way", async () => {
    const { root } = await writeSiteFixture();
    const { port } = await startServer(root);
    expect((await rawRequest(port, "/api/v1/facts/by-id/bc.ptt.brackets.json")).status).toBe(200);
    expect((await rawRequest(port, "/api/v1/facts/by-id/bc.ptt.brackets%2ejson")).status).toBe(200);
  });
});
