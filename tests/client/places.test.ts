import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type FactCatalog,
  type FactSource,
  homeOwnerGrant,
  type PlaceProgramme,
  type PlaceRecord,
  PlaceResponse,
  PlacesIndex,
  periodOn,
  propertyTransferTax,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts } from "./published-facts.ts";

// The rules by place, as a consumer reads them from the published place files, on each side of every date a rule began
// or changed at places of each group: Metro Vancouver, the four districts added in 2018, the speculation tax's
// additions of 2023 and 2024, a resort municipality and a northern city. Each expectation names the source that states
// the rule; the place files are derived from the facts that cite them.

let catalog: FactCatalog;
let places: Map<string, PlaceRecord>;
let source: FactSource;

beforeAll(async () => {
  const published = await publishedFacts();
  catalog = published.catalog;
  const folder = path.join(published.out, "api", "v1", "places");
  const index = PlacesIndex.parse(JSON.parse(await readFile(path.join(folder, "index.json"), "utf8")));
  const files = (await readdir(folder)).filter((file) => file !== "index.json");
  expect(files.length).toBe(index.places.length);
  places = new Map(
    await Promise.all(
      files.map(async (file) => {
        const { place } = PlaceResponse.parse(JSON.parse(await readFile(path.join(folder, file), "utf8")));
        return [place.id, place] as const;
      }),
    ),
  );
  source = { facts: catalog.facts, places: [...places.values()] };
});

/** Whether `programme` applies at `id` on `date`: true, false, null (not recorded), or undefined before its first period. */
const applies = (id: string, programme: PlaceProgramme, date: string): boolean | null | undefined => {
  const place = places.get(id);
  if (place === undefined) throw new Error(`no place file for ${id}`);
  return periodOn(place.rules[programme], date)?.applies;
};

describe("the register's places", () => {
  it("lists every municipality of the Province's count, the 27 regional districts, and the other areas rules name", () => {
    const kinds = [...places.values()].map((place) => place.kind);
    const municipalities = [...places.values()].filter(
      (place) =>
        !["regional-district", "electoral-area", "treaty-first-nation", "unincorporated-area"].includes(place.kind) &&
        place.dissolved_iso === undefined,
    );
    // The Province counts 161 municipalities; BC Stats lists the shíshálh Nation Government District among them.
    expect(municipalities).toHaveLength(161);
    expect(kinds.filter((kind) => kind === "regional-district")).toHaveLength(27);
    expect(places.get("north-vancouver-city")?.name).toBe("North Vancouver");
    expect(places.get("north-vancouver-district")?.kind).toBe("district-municipality");
    expect(places.get("tsawwassen-first-nation")?.regional_district).toBe("metro-vancouver-regional-district");
    expect(places.get("university-endowment-lands")?.kind).toBe("unincorporated-area");
    // A renamed municipality keeps its id and lists its former name; a dissolved one stays with its day.
    expect(places.get("daajing-giids")?.former_names).toEqual([{ name: "Queen Charlotte", until_iso: "2022-07-13" }]);
    expect(places.get("jumbo-glacier")?.dissolved_iso).toBe("2021-12-13");
    expect(places.get("northern-rockies")?.regional_district).toBeNull();
  });
});

describe("the additional property transfer tax for foreign buyers, by place", () => {
  it("applies in Metro Vancouver from August 2, 2016, and not the day before", () => {
    // The Province's backgrounder of 2016 (news.gov.bc.ca 2016PREM0080-001346): "Effective Aug. 2, 2016 … in Metro
    // Vancouver"; the treaty lands of the Tsawwassen First Nation excluded.
    expect(applies("surrey", "foreign_buyer_specified_area", "2016-08-01")).toBeUndefined();
    expect(applies("surrey", "foreign_buyer_specified_area", "2016-08-02")).toBe(true);
    expect(applies("tsawwassen-first-nation", "foreign_buyer_specified_area", "2016-08-02")).toBe(false);
    expect(applies("kelowna", "foreign_buyer_specified_area", "2016-08-02")).toBe(false);
  });

  it("applies in the four districts added from February 21, 2018, and not on February 20", () => {
    // The Ministry's B.C. areas page and Singleton Reynolds on Budget 2018: the Capital, Fraser Valley, Central
    // Okanagan and Nanaimo regional districts added for transfers registered from February 21, 2018.
    for (const id of ["victoria", "abbotsford", "kelowna", "nanaimo"]) {
      expect(applies(id, "foreign_buyer_specified_area", "2018-02-20"), id).toBe(false);
      expect(applies(id, "foreign_buyer_specified_area", "2018-02-21"), id).toBe(true);
    }
    expect(applies("kamloops", "foreign_buyer_specified_area", "2018-02-21")).toBe(false);
  });

  it("charges the Surrey buyer of 2018 one total, naming the rule that decided it", () => {
    // $3,400,000 registered March 1, 2018: general tax 1% to $200,000, 2% to $2,000,000, 3% above and a further 2% above
    // $3,000,000 ($88,000), plus 20% for a foreign buyer in a specified area ($680,000).
    const result = propertyTransferTax(source, {
      price: 3_400_000,
      foreignBuyer: true,
      place: "surrey",
      asOf: "2018-03-01",
    });
    expect(result).toMatchObject({ general: 88_000, additional: 680_000, total: 768_000 });
    expect(result.total_if_in_specified_area).toBeUndefined();
    const line = result.breakdown.find((each) => each.fact_id === "bc.ptt.foreign_buyer_additional");
    expect(line?.label).toMatch(/Surrey is in Metro Vancouver Regional District, named in the specified areas/);
    expect(result.citations.map((used) => `${used.fact_id} ${used.version}`)).toContain(
      "bc.foreign_buyer_specified_areas 2",
    );
  });

  it("spares a transfer in an added district registered by May 18, 2018 under an agreement of February 20, not in Metro Vancouver", () => {
    // Singleton Reynolds (law firm) on Budget 2018: no tax in the four added districts where the transfer was
    // registered by May 18, 2018 under a written agreement made on or before February 20, 2018; Metro Vancouver had
    // the tax already.
    const foreign = { price: 1_000_000, foreignBuyer: true, agreementDate: "2018-02-20" } as const;
    expect(propertyTransferTax(source, { ...foreign, place: "kelowna", asOf: "2018-05-18" }).additional).toBe(0);
    expect(propertyTransferTax(source, { ...foreign, place: "kelowna", asOf: "2018-05-19" }).additional).toBe(200_000);
    expect(
      propertyTransferTax(source, { ...foreign, place: "kelowna", agreementDate: "2018-02-21", asOf: "2018-05-18" })
        .additional,
    ).toBe(200_000);
    expect(propertyTransferTax(source, { ...foreign, place: "surrey", asOf: "2018-05-18" }).additional).toBe(200_000);
    // Without the agreement date the tax is counted, and the assumption says what an earlier agreement would change.
    const unknown = propertyTransferTax(source, {
      price: 1_000_000,
      foreignBuyer: true,
      place: "kelowna",
      asOf: "2018-04-01",
    });
    expect(unknown.additional).toBe(200_000);
    expect(unknown.assumptions.join(" ")).toMatch(/agreement was made after 2018-02-20/);
  });
});

describe("the speculation and vacancy tax, by place", () => {
  it("applies in the areas of 2018 from the 2018 tax year, not before", () => {
    // The Ministry's taxable regions page (before 2023): Surrey among the Metro Vancouver areas; Bowen Island not.
    expect(applies("surrey", "speculation_vacancy_tax", "2017-12-31")).toBeUndefined();
    expect(applies("surrey", "speculation_vacancy_tax", "2018-01-01")).toBe(true);
    expect(applies("bowen-island", "speculation_vacancy_tax", "2018-01-01")).toBe(false);
  });

  it("adds Squamish and Lions Bay from the 2023 tax year", () => {
    // Speculation and Vacancy Tax Regulation s. 2.1, enacted by B.C. Reg. 174/2022, effective January 1, 2023.
    for (const id of ["squamish", "lions-bay", "duncan"]) {
      expect(applies(id, "speculation_vacancy_tax", "2022-12-31"), id).toBe(false);
      expect(applies(id, "speculation_vacancy_tax", "2023-01-01"), id).toBe(true);
    }
  });

  it("adds Kamloops, Vernon and Courtenay from the 2024 tax year", () => {
    // The Ministry's taxable areas page (13 new municipalities for the 2024 tax year), named by the Canadian Press.
    for (const id of ["kamloops", "vernon", "courtenay", "parksville"]) {
      expect(applies(id, "speculation_vacancy_tax", "2023-12-31"), id).toBe(false);
      expect(applies(id, "speculation_vacancy_tax", "2024-01-01"), id).toBe(true);
    }
    // A resort municipality and a northern city are not taxable areas.
    expect(applies("whistler", "speculation_vacancy_tax", "2024-01-01")).toBe(false);
    expect(applies("prince-george", "speculation_vacancy_tax", "2024-01-01")).toBe(false);
  });
});

describe("the short-term rental principal residence requirement, by place", () => {
  it("follows the opt-ins and opt-outs of November 1, 2025, and says where it is not recorded", () => {
    // The Province's release of April 30, 2025: Creston opts in and Tofino (a resort municipality) opts out, each
    // from November 1, 2025.
    expect(applies("creston", "str_principal_residence_requirement", "2025-10-31")).toBeNull();
    expect(applies("creston", "str_principal_residence_requirement", "2025-11-01")).toBe(true);
    expect(applies("tofino", "str_principal_residence_requirement", "2025-11-01")).toBe(false);
    // The Province's list as of May 1, 2024, read to its third name, Belcarra; as of November 1, 2024, from A to C.
    expect(applies("abbotsford", "str_principal_residence_requirement", "2024-04-30")).toBeUndefined();
    expect(applies("abbotsford", "str_principal_residence_requirement", "2024-05-01")).toBe(true);
    expect(applies("burnaby", "str_principal_residence_requirement", "2024-10-31")).toBeNull();
    expect(applies("burnaby", "str_principal_residence_requirement", "2024-11-01")).toBe(true);
    const kamloops = periodOn(places.get("kamloops")!.rules.str_principal_residence_requirement, "2026-01-01");
    expect(kamloops?.applies).toBeNull();
    expect(kamloops?.why).toMatch(/^not recorded here/);
  });
});

describe("the home owner grant's northern and rural amount, by place", () => {
  it("gives a northern city the higher grant and Metro Vancouver the lower one", () => {
    // The Province's release of January 2, 2026 (copy): "as much as $570 for properties in the Capital Regional
    // District, Fraser Valley Regional District and Metro Vancouver Regional District", "$770 … outside those areas";
    // the same amounts in 2024.
    expect(applies("prince-george", "home_owner_grant_northern_rural", "2016-01-01")).toBe(true);
    expect(applies("surrey", "home_owner_grant_northern_rural", "2016-01-01")).toBe(false);
    expect(homeOwnerGrant(source, { assessedValue: 600_000, place: "prince-george", asOf: "2024-06-01" }).grant).toBe(
      770,
    );
    expect(homeOwnerGrant(source, { assessedValue: 600_000, place: "surrey", asOf: "2024-06-01" }).grant).toBe(570);
  });
});

describe("a place the calculators cannot use", () => {
  it("refuses an unknown place by name, with the nearest names", () => {
    const error = refusal(() => propertyTransferTax(source, { price: 500_000, place: "kamlops" }));
    expect(error.reason).toBe("unknown-place");
    expect(error.nearest?.[0]).toBe("Kamloops");
    expect(error.message).toMatch(/no place "kamlops"/);
  });

  it("refuses a place and a yes or no answer together, and a place without the place records", () => {
    const both = refusal(() =>
      propertyTransferTax(source, { price: 500_000, foreignBuyer: true, place: "surrey", inSpecifiedArea: true }),
    );
    expect(both.option).toBe("inSpecifiedArea");
    const bare = refusal(() => propertyTransferTax({ facts: catalog.facts }, { price: 500_000, place: "surrey" }));
    expect(bare.reason).toBe("missing-places");
  });
});
