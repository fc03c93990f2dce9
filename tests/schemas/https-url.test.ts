import { describe, expect, it } from "vitest";
import { HttpsUrl } from "../../src/schemas/index.ts";

describe("HttpsUrl, the type of every citation URL", () => {
  it("accepts https URIs, percent-encoded characters included", () => {
    for (const url of [
      "https://www2.gov.bc.ca/gov/content/taxes",
      "https://www.bccourts.ca/search_judgments.aspx?obd=%7B%7D&court=1#SearchTitle",
    ]) {
      expect(HttpsUrl.safeParse(url).success, url).toBe(true);
    }
  });

  it("refuses characters RFC 3986 does not allow, which the published schemas' format uri rejects", () => {
    for (const url of [
      "https://www.bccourts.ca/search_judgments.aspx?obd={}&court=1",
      "https://example.org/a b",
      "https://example.org/x|y",
    ]) {
      const result = HttpsUrl.safeParse(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("percent-encode");
    }
  });

  it("refuses plain http", () => {
    expect(HttpsUrl.safeParse("http://www2.gov.bc.ca/").success).toBe(false);
  });
});
