import { describe, expect, it } from "vitest";
import { organisationKindsText, sourceCounts, sourcesSummary } from "../../src/render/site-model.ts";

const cite = (
  kind: "official" | "official-copy" | "secondary",
  org_id = "bc-ministry-of-finance",
  org_kind = "government" as const,
) => ({
  kind,
  org_id,
  org_kind,
});

describe("sourceCounts, the count of a fact's sources by kind that the fact's page and the catalog show", () => {
  it("counts official texts, official copies and secondary sources, and says so in one line", () => {
    expect(sourceCounts({ citations: [cite("official"), cite("official-copy"), cite("official-copy")] })).toEqual({
      official: 1,
      official_copy: 2,
      secondary: 0,
      total: 3,
      kinds: "1 official, 2 official copies",
      text: "3 sources: 1 official, 2 official copies",
    });
  });

  it("always states the official count, so a fact that rests on no official text says so", () => {
    expect(sourceCounts({ citations: [cite("secondary")] }).text).toBe("1 source: 0 official, 1 secondary");
    expect(sourceCounts({ citations: [cite("official"), cite("secondary"), cite("secondary")] }).text).toBe(
      "3 sources: 1 official, 2 secondary",
    );
  });
});

describe("sourcesSummary, the build-time description of the catalog's sources", () => {
  it("counts citations by kind and distinct organisations by kind", () => {
    const facts = [
      { citations: [cite("official"), cite("official-copy", "bc-government")] },
      {
        citations: [
          cite("official"),
          cite("secondary", "bennett-jones", "firm" as "government"),
          cite("secondary", "daily-hive", "news" as "government"),
        ],
      },
    ];
    expect(sourcesSummary(facts)).toBe(
      "The 2 facts carry 5 citations (2 official, 1 official copy read on another site, 2 secondary) of 4 organisations: 2 government bodies, 1 news publisher and 1 firm.",
    );
  });

  it("joins organisation kinds in the registry's order, singular and plural", () => {
    expect(organisationKindsText(new Map([["court", 1]]))).toBe("1 court");
    expect(
      organisationKindsText(
        new Map([
          ["firm", 2],
          ["regulator", 1],
        ]),
      ),
    ).toBe("1 regulator and 2 firms");
  });
});
