import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runChecks } from "../../src/check/run-checks.ts";
import { formatProblem } from "../../src/lib/problem.ts";
import { PLACES_FILE } from "../../src/model/places.ts";
import { copyOrganisations, factJson } from "../helpers/git-repo.ts";
import { runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// The register of places (reference/places.json) is reviewed data held by npm run check like the facts: every bad
// record is refused with the file, line, column and JSON path, and nothing is built from a register with a problem.

const TODAY = "2026-11-21";

const SOURCE = {
  id: "bc-stats-estimates",
  url: "https://www2.gov.bc.ca/gov/content/data/statistics/people-population-community/population",
  org: "bc-government",
  kind: "official",
  title: "Population estimates",
  retrieved_iso: "2026-11-20",
  quote: "Population estimates for municipalities and regional districts.",
};

const district = { id: "metro-vancouver-regional-district", name: "Metro Vancouver Regional District" };
const GOOD_PLACES = [
  { ...district, kind: "regional-district", regional_district: null, sources: [SOURCE.id] },
  { id: "surrey", name: "Surrey", kind: "city", regional_district: district.id, sources: [SOURCE.id] },
  {
    id: "north-vancouver-city",
    name: "North Vancouver",
    kind: "city",
    regional_district: district.id,
    sources: [SOURCE.id],
  },
  {
    id: "north-vancouver-district",
    name: "North Vancouver",
    kind: "district-municipality",
    regional_district: district.id,
    sources: [SOURCE.id],
  },
];

/** A folder holding the organisation registry and this register (and any facts), checked as npm run check does. */
const checkRegister = async (places: unknown[], facts: Record<string, unknown>[] = []) => {
  const root = await tempDir();
  await copyOrganisations(root);
  await mkdir(path.join(root, "facts", "foreign-buyer"), { recursive: true });
  await writeFile(path.join(root, PLACES_FILE), `${JSON.stringify({ sources: [SOURCE], places }, null, 2)}\n`);
  for (const fact of facts)
    await writeFile(path.join(root, "facts", "foreign-buyer", `${fact.id}.json`), `${JSON.stringify(fact, null, 2)}\n`);
  const report = await runChecks(root, { today: TODAY });
  return { report, lines: report.problems.map(formatProblem) };
};

describe("npm run check on the register of places", () => {
  it("accepts a register whose places have their own ids, known districts and sources", async () => {
    const { report } = await checkRegister(GOOD_PLACES);
    expect(report.problems).toEqual([]);
    expect(report.places?.resolve("Surrey")?.id).toBe("surrey");
    // A name two places share names neither: a fact must say which it means.
    expect(report.places?.resolve("North Vancouver")).toBeUndefined();
  });

  it("refuses two places with one id, naming the file, line and JSON path", async () => {
    const { lines } = await checkRegister([...GOOD_PLACES, { ...GOOD_PLACES[1] }]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^reference\/places\.json:\d+:\d+: duplicate id "surrey": already used by places\[1\] \(Surrey\) \(at \/places\/4\/id\) \[places\]$/,
      ),
    ]);
  });

  it("refuses a regional district that is not in the register, suggesting the nearest", async () => {
    const { lines } = await checkRegister([
      ...GOOD_PLACES,
      {
        id: "kamloops",
        name: "Kamloops",
        kind: "city",
        regional_district: "metro-vancover-regional-district",
        sources: [SOURCE.id],
      },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /: no regional district "metro-vancover-regional-district" in the register \(nearest: "metro-vancouver-regional-district"\) \(at \/places\/4\/regional_district\) \[places\]$/,
      ),
    ]);
  });

  it("refuses a regional district that names a place of another kind", async () => {
    const { lines } = await checkRegister([
      ...GOOD_PLACES,
      { id: "white-rock", name: "White Rock", kind: "city", regional_district: "surrey", sources: [SOURCE.id] },
    ]);
    expect(lines.join("\n")).toMatch(
      /"surrey" is a city, not a regional district: .*\(at \/places\/4\/regional_district\)/,
    );
  });

  it("refuses a place with no source, and one naming a source the file does not list", async () => {
    const { lines } = await checkRegister([
      ...GOOD_PLACES,
      { id: "delta", name: "Delta", kind: "city", regional_district: district.id, sources: [] },
    ]);
    expect(lines.join("\n")).toMatch(/a place names at least one source .*\(at \/places\/4\/sources\) \[places\]/);
    const unknown = await checkRegister([
      ...GOOD_PLACES,
      { id: "delta", name: "Delta", kind: "city", regional_district: district.id, sources: ["delta-news"] },
    ]);
    expect(unknown.lines.join("\n")).toMatch(
      /no source "delta-news" in this file's sources \(at \/places\/4\/sources\/0\)/,
    );
  });

  it("refuses an id not made from the name, and one place of a shared name without the word of its kind", async () => {
    const { lines } = await checkRegister([
      ...GOOD_PLACES.slice(0, 2),
      { ...GOOD_PLACES[2], id: "north-vancouver" },
      GOOD_PLACES[3],
      { id: "port-moody-city", name: "Port Moody", kind: "city", regional_district: district.id, sources: [SOURCE.id] },
    ]);
    const text = lines.join("\n");
    expect(text).toMatch(
      /"North Vancouver" is the name of more than one place, so its id is "north-vancouver-" .*\(at \/places\/2\/id\)/,
    );
    expect(text).toMatch(
      /the id of "Port Moody" is its name in lowercase with hyphens, "port-moody", not "port-moody-city" \(at \/places\/4\/id\)/,
    );
  });

  it("refuses a period that ends before it starts, and former names out of order", async () => {
    const { lines } = await checkRegister([
      ...GOOD_PLACES,
      {
        id: "sun-peaks",
        name: "Sun Peaks",
        kind: "mountain-resort-municipality",
        regional_district: district.id,
        incorporated_iso: "2010-06-28",
        dissolved_iso: "2010-06-01",
        former_names: [
          { name: "Sun Peaks Resort", until_iso: "2012-01-01" },
          { name: "Tod Mountain", until_iso: "2011-01-01" },
        ],
        sources: [SOURCE.id],
      },
    ]);
    const text = lines.join("\n");
    expect(text).toMatch(
      /dissolved on 2010-06-01, which is not after it was incorporated \(2010-06-28\).*\(at \/places\/4\/dissolved_iso\)/,
    );
    expect(text).toMatch(/former names are listed oldest first.*\(at \/places\/4\/former_names\/1\/until_iso\)/);
  });

  it("refuses a fact that names an area the register does not know, at the name's JSON path", async () => {
    const fact = factJson({
      id: "bc.foreign_buyer_specified_areas",
      domain: "foreign-buyer",
      value: { specified_areas: ["Surrey", "Kelowna"], excluded_lands: [], in_force_iso: "2018-02-21" },
      effective_iso: "2018-02-21",
    });
    const { lines } = await checkRegister(GOOD_PLACES, [
      { ...fact, unit: "object", summary_keys: ["specified_areas"] },
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^facts\/foreign-buyer\/bc\.foreign_buyer_specified_areas\.json:\d+:\d+: "Kelowna" is no place of reference\/places\.json .* \(at \/value\/specified_areas\/1\) \[places\]$/,
      ),
    );
  });

  it("prints the problems and fails, as the pull-request check does", async () => {
    const root = await tempDir();
    await copyOrganisations(root);
    await mkdir(path.join(root, "facts"), { recursive: true });
    await writeFile(
      path.join(root, PLACES_FILE),
      `${JSON.stringify({ sources: [SOURCE], places: [...GOOD_PLACES, GOOD_PLACES[1]] }, null, 2)}\n`,
    );
    const result = await runCheck(root, TODAY);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/reference\/places\.json:\d+:\d+: duplicate id "surrey"/);
  });
});
