import path from "node:path";
import { describe, expect, it } from "vitest";
import { PlaceResponse, periodOn } from "../../packages/client/src/index.ts";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { PLACES_FILE } from "../../src/model/places.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { readTree } from "../helpers/build-site.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// A place's rules are derived from the facts that hold the areas, never typed twice: a revision of a fact's areas
// changes the place files in the same build, and the files say which version they were read from.

const TODAY = "2026-11-21";
const ID = "bc.foreign_buyer_specified_areas";
const SOURCE = {
  id: "register-source",
  url: "https://www2.gov.bc.ca/gov/content/governments/local-governments/facts-framework",
  org: "bc-government",
  kind: "official",
  title: "Local government facts and framework",
  retrieved_iso: "2026-11-20",
  quote: "There are 162 municipalities and 27 regional districts in B.C.",
};
const place = (id: string, name: string, kind: string, regional_district: string | null) => ({
  id,
  name,
  kind,
  regional_district,
  sources: [SOURCE.id],
});
const REGISTER = {
  sources: [SOURCE],
  places: [
    {
      ...place("metro-vancouver-regional-district", "Metro Vancouver Regional District", "regional-district", null),
      former_names: [{ name: "Greater Vancouver Regional District", until_iso: "2017-01-30" }],
    },
    place("regional-district-of-central-okanagan", "Regional District of Central Okanagan", "regional-district", null),
    place("surrey", "Surrey", "city", "metro-vancouver-regional-district"),
    place("kelowna", "Kelowna", "city", "regional-district-of-central-okanagan"),
  ],
};
const areas = (specified: string[]) => ({ specified_areas: specified, excluded_lands: [], in_force_iso: "2016-08-02" });

const buildTo = async (repo: GitRepo) => {
  const out = path.join(await tempDir(), "_site");
  const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
  await writeSite(renderSite(model), out);
  const tree = await readTree(out);
  const placeFile = (id: string) =>
    PlaceResponse.parse(JSON.parse(tree.get(`/api/v1/places/${id}.json`)!.toString("utf8"))).place;
  return { tree, placeFile };
};

/** A repository with the register and version 1 of the specified areas: the Greater Vancouver Regional District. */
const metroVancouverOnly = async (): Promise<GitRepo> => {
  const repo = await createGitRepo();
  await repo.writeJson(PLACES_FILE, REGISTER);
  await repo.writeFact({
    id: ID,
    domain: "foreign-buyer",
    unit: "object",
    value: areas(["Greater Vancouver Regional District"]),
    effective_iso: "2016-08-02",
    summary_keys: ["specified_areas"],
  });
  await repo.commit(`${ID} v1\n\nSource: ${SOURCE.url}\nImpact: The tax applies in Metro Vancouver.`);
  return repo;
};

describe("each place's rules, derived from the facts", () => {
  it("changes Kelowna's file in the same build as the revision that adds its district, citing the new version", async () => {
    const repo = await metroVancouverOnly();

    const before = await buildTo(repo);
    expect(periodOn(before.placeFile("surrey").rules.foreign_buyer_specified_area, "2018-03-01")).toMatchObject({
      applies: true,
      version: 1,
      fact_id: ID,
      until_iso: null,
    });
    expect(periodOn(before.placeFile("kelowna").rules.foreign_buyer_specified_area, "2018-03-01")?.applies).toBe(false);

    await repo.writeFact({
      id: ID,
      domain: "foreign-buyer",
      unit: "object",
      version: 2,
      value: {
        ...areas(["Greater Vancouver Regional District", "Regional District of Central Okanagan"]),
        in_force_iso: "2018-02-21",
      },
      effective_iso: "2018-02-21",
      summary_keys: ["specified_areas"],
    });
    await repo.commit(`${ID} v2\n\nSource: ${SOURCE.url}\nImpact: The tax applies in Central Okanagan too.`);

    const after = await buildTo(repo);
    const kelowna = after.placeFile("kelowna").rules.foreign_buyer_specified_area;
    expect(
      kelowna.map(({ from_iso, until_iso, applies, version }) => ({ from_iso, until_iso, applies, version })),
    ).toEqual([
      { from_iso: "2016-08-02", until_iso: "2018-02-21", applies: false, version: 1 },
      { from_iso: "2018-02-21", until_iso: null, applies: true, version: 2 },
    ]);
    expect(kelowna[1]?.why).toBe(
      'Kelowna is in Regional District of Central Okanagan, named in the specified areas of the additional property transfer tax: "Regional District of Central Okanagan"',
    );
    // The same reason as a code with the names it rests on, for a page in another language to word.
    expect(kelowna.map((period) => period.reason)).toEqual([
      { code: "not-named", count: 1, written: ["Greater Vancouver Regional District"] },
      {
        code: "district-named",
        district: "regional-district-of-central-okanagan",
        written: "Regional District of Central Okanagan",
      },
    ]);
    expect(kelowna[1]?.period_url).toBe(`https://facts.example.org/${ID}.html#v2`);
    // The pages say it too, and the search finds the fact under the place's name.
    expect(after.tree.get("/places/kelowna.html")?.toString("utf8")).toContain("Applies");
    const search = JSON.parse(after.tree.get("/api/v1/facts/search-index.json")!.toString("utf8")) as {
      id: string;
      aliases: string[];
    }[];
    expect(search.find((item) => item.id === ID)?.aliases).toEqual(expect.arrayContaining(["kelowna", "surrey"]));
    expect(before.tree.get("/api/v1/places/kelowna.json")?.equals(after.tree.get("/api/v1/places/kelowna.json")!)).toBe(
      false,
    );
  });

  it("stops the build, naming the file and version, when a committed version names an area the register lost", async () => {
    const repo = await metroVancouverOnly();
    await repo.writeJson(PLACES_FILE, {
      ...REGISTER,
      places: REGISTER.places.map((each) => ({ ...each, former_names: undefined })),
    });
    await repo.commit("The register forgets Metro Vancouver's former name");
    await expect(buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY })).rejects.toThrow(
      /facts\/foreign-buyer\/bc\.foreign_buyer_specified_areas\.json.*version 1 at \/value\/specified_areas\/0: "Greater Vancouver Regional District"|is no place of reference\/places\.json/,
    );
  });
});
