import { describe, expect, it } from "vitest";
import type { ComputedSeries } from "../../src/affordability/compute-series.ts";
import type { SourceTerms } from "../../src/schemas/index.ts";
import { pullRequestText } from "../../src/workflows/index-data-text.ts";
import { readAsGitHub } from "../workflows/helpers/rendered-markdown.ts";

/** A source whose terms are not yet read, so the body asks the reviewer about them, at `terms_url`. */
const source = (name: string, terms_url: string): SourceTerms => ({
  citations: [],
  source: name,
  used_for: "Benchmark prices.",
  terms_url,
  terms_read: false,
  terms: "Not yet read.",
  attribution: "Source: the board.",
});

const series = {
  entries: [{ board: "greater-vancouver", monthSlug: "2026-01", idx: 1.25 }],
  gaps: [],
  monthsCovered: { "greater-vancouver": ["2026-01"], "fraser-valley": [] },
  period: { from: "2026-01", to: "2026-01" },
  quality: { "greater-vancouver": {}, "fraser-valley": {} },
} as unknown as ComputedSeries;

describe("the index-update pull request body", () => {
  it("links a terms address only when it is https, normalised so it cannot end early; shows anything else as text", () => {
    const { body } = pullRequestText([], series, [
      source("Good board", "https://example.org/terms"),
      source("Tricky board", "https://example.org/terms of use)<img src=x> @maintainers"),
      source("Plain board", "http://evil.example/terms [x](https://evil.example) @team"),
      source("Not a URL", "<b>bold</b> javascript:alert(1)"),
    ]);
    const reader = readAsGitHub(body);
    expect(reader.html).not.toMatch(/<(img|b)[\s>]/);
    const links = [...reader.html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toEqual([
      "https://example.org/terms",
      "https://example.org/terms%20of%20use)%3Cimg%20src=x%3E%20@maintainers",
    ]);
    expect(reader.visible).toContain(
      "The terms of use of Plain board (http://evil.example/terms [x](https://evil.example) @team) are not recorded",
    );
    expect(reader.visible).toContain(
      "The terms of use of Not a URL (<b>bold</b> javascript:alert(1)) are not recorded",
    );
    // Nothing else is linked: the text addresses and the mention are broken for GitHub's own linking.
    expect(reader.linked.filter((linked) => !linked.startsWith("https://"))).toEqual([]);
  });

  it("writes each board as a known board id", () => {
    const { body } = pullRequestText([], series);
    expect(body).toContain("| greater-vancouver | 2026-01 | 1.25 |");
    expect(body).toContain("| fraser-valley | (none published) | |");
  });
});
