import { describe, expect, it } from "vitest";
import { baseUrlFromEnvironment, websubHubFromEnvironment } from "../../src/lib/config.ts";
import { readUrlVariable } from "../../src/lib/environment.ts";
import { createGitHubClient } from "../../src/workflows/github.ts";

const REFUSAL =
  'must not carry a user name or password before the host ("user@" or "user:password@"): it would be published, and the host is what follows the @';

describe("settings that hold a URL", () => {
  it("refuse a user name or password in every one, naming the setting and never echoing the value", () => {
    const readers: [string, (url: string) => unknown][] = [
      ["FACTS_BASE_URL", (url) => baseUrlFromEnvironment({ FACTS_BASE_URL: url })],
      ["FACTS_WEBSUB_HUB", (url) => websubHubFromEnvironment({ FACTS_WEBSUB_HUB: url })],
      ["GITHUB_API_URL", (url) => createGitHubClient("token", { GITHUB_API_URL: url })],
      [
        "INDEX_SOURCES_BANK_OF_CANADA",
        (url) => readUrlVariable("INDEX_SOURCES_BANK_OF_CANADA", { INDEX_SOURCES_BANK_OF_CANADA: url }),
      ],
      ["INDEX_SOURCES_CREA", (url) => readUrlVariable("INDEX_SOURCES_CREA", { INDEX_SOURCES_CREA: url })],
      ["GITHUB_SERVER_URL", (url) => readUrlVariable("GITHUB_SERVER_URL", { GITHUB_SERVER_URL: url })],
    ];
    for (const [name, read] of readers) {
      for (const url of ["https://www2.gov.bc.ca@evil.example/", "https://user:pa55word@example.org/"]) {
        let message = "";
        try {
          read(url);
        } catch (error: unknown) {
          message = (error as Error).message;
        }
        expect(message, `${name} = ${url}`).toBe(`${name} ${REFUSAL}`);
        expect(message).not.toContain("pa55word");
      }
    }
  });

  it("accept an address without one, and are undefined when unset or empty", () => {
    expect(readUrlVariable("INDEX_SOURCES_CREA", { INDEX_SOURCES_CREA: "http://127.0.0.1:9/crea" })?.href).toBe(
      "http://127.0.0.1:9/crea",
    );
    expect(readUrlVariable("INDEX_SOURCES_CREA", { INDEX_SOURCES_CREA: "" })).toBeUndefined();
    expect(websubHubFromEnvironment({ FACTS_WEBSUB_HUB: "https://hub.example.org/" })).toBe("https://hub.example.org/");
    expect(() => readUrlVariable("GITHUB_API_URL", { GITHUB_API_URL: "not a url" })).toThrow(
      'GITHUB_API_URL must be an absolute http(s) URL, got "not a url"',
    );
  });
});
