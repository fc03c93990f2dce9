import { beforeAll, describe, expect, it } from "vitest";
import { type Fact, factAsOf } from "../../packages/client/src/index.ts";
import { publishedFacts } from "./published-facts.ts";

let brackets: Fact;
let firstTimeBuyers: Fact;
let inCatalog: Fact;
beforeAll(async () => {
  const published = await publishedFacts();
  brackets = await published.fact("bc.ptt.brackets");
  firstTimeBuyers = await published.fact("bc.ptt.fthb_exemption");
  inCatalog = published.catalog.facts.find((fact) => fact.id === "bc.ptt.brackets")!;
});

describe("factAsOf: the value in force on a date, from history", () => {
  it("gives the current value from its effective date on", () => {
    expect(factAsOf(brackets, brackets.effective_iso)).toMatchObject({
      source: "current",
      version: brackets.version,
      value: brackets.value,
    });
    expect(factAsOf(brackets, "2030-01-01")?.source).toBe("current");
  });

  it("gives the earlier version on a date it was in force, up to the day before it was superseded", () => {
    const earlier = brackets.history.find((entry) => entry.superseded_iso === brackets.effective_iso)!;
    const dayBefore = new Date(Date.parse(`${brackets.effective_iso}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(factAsOf(brackets, dayBefore)).toMatchObject({
      source: "history",
      version: earlier.version,
      value: earlier.value,
      superseded_iso: brackets.effective_iso,
    });
    expect(factAsOf(brackets, earlier.effective_iso!)?.version).toBe(earlier.version);
  });

  it("gives the first-time buyers' thresholds as they were before April 2024", () => {
    const before = factAsOf(firstTimeBuyers, "2024-03-31");
    expect(before?.source).toBe("history");
    expect(before?.value).toMatchObject({ full_exemption_fmv_max: 500_000, exemption_ends_fmv: 525_000 });
    expect(factAsOf(firstTimeBuyers, "2024-04-01")?.value).toMatchObject({ capped_exemption_fmv_max: 835_000 });
  });

  it("gives nothing before the earliest period recorded", () => {
    const first = brackets.history.at(-1)!;
    const dayBefore = new Date(Date.parse(`${first.effective_iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(factAsOf(brackets, dayBefore)).toBeUndefined();
  });

  it("answers the same for an earlier date from the catalog's copy of a fact, which carries the same history", () => {
    // The same entries; the sources of the periods before the first version are in the single-fact response only.
    expect(inCatalog.history).toEqual(brackets.history.map(({ citations: _citations, ...entry }) => entry));
    const earlier = brackets.history.filter((entry) => entry.version !== undefined).at(-1)!;
    const fromCatalog = factAsOf(inCatalog, earlier.effective_iso!);
    expect(fromCatalog?.source).toBe("history");
    expect(fromCatalog).toEqual(factAsOf(brackets, earlier.effective_iso!));
  });

  it("takes the single-fact response as fact(id) answers it, its { fact } envelope included", async () => {
    const published = await publishedFacts();
    const response = { fact: await published.fact("bc.ptt.fthb_exemption") };
    expect(factAsOf(response, "2024-03-31")).toEqual(factAsOf(firstTimeBuyers, "2024-03-31"));
    expect(factAsOf(response, "2024-03-31")?.value).toMatchObject({ exemption_ends_fmv: 525_000 });
  });

  it("refuses a date that is not YYYY-MM-DD", () => {
    expect(() => factAsOf(brackets, "1 April 2024")).toThrow(RangeError);
  });
});
