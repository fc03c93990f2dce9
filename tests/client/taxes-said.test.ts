import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AssumptionCode,
  type FactCatalog,
  type FactSource,
  gstOnNewHome,
  homeOwnerGrant,
  type PlaceProgramme,
  type PlaceRecord,
  PlaceResponse,
  type PlaceRulePeriod,
  propertyTransferTax,
  SAID_CODES,
  type Said,
} from "../../packages/client/src/index.ts";
import { refusal } from "../helpers/refusal.ts";
import { publishedFacts, withValue } from "./published-facts.ts";
import { englishOf, expectSaidAsEnglish } from "./said-english.ts";

// The taxes' sentences (bc-taxes.ts, gst-on-new-home.ts) in their two forms, which the calculators page says in five
// languages: every code of the group and every assumption of these calculators is emitted by some answer below, and
// each reads, in its English message with the answer's values, as the calculator's English sentence.

let catalog: FactCatalog;
let places: PlaceRecord[];
let source: FactSource;

beforeAll(async () => {
  const published = await publishedFacts();
  catalog = published.catalog;
  const folder = path.join(published.out, "api", "v1", "places");
  const files = (await readdir(folder)).filter((file) => file !== "index.json");
  places = await Promise.all(
    files.map(async (file) => PlaceResponse.parse(JSON.parse(await readFile(path.join(folder, file), "utf8"))).place),
  );
  source = { facts: catalog.facts, places };
});

const place = (id: string): PlaceRecord => places.find((each) => each.id === id)!;

/** A copy of a place whose periods of `programme` are `periods` (none, or one the facts do not record). */
const withPeriods = (id: string, programme: PlaceProgramme, periods: PlaceRecord["rules"][PlaceProgramme]) => {
  const changed = { ...place(id), rules: { ...place(id).rules, [programme]: periods } };
  return { facts: catalog.facts, places: places.map((each) => (each.id === id ? changed : each)) };
};

/** What leaves a rule unrecorded at a place, as the build words it: a district named in part, regions not set apart. */
const UNRECORDED: Record<
  "foreign_buyer_specified_area" | "home_owner_grant_northern_rural",
  (name: string) => Pick<PlaceRulePeriod, "reason" | "why">
> = {
  foreign_buyer_specified_area: (name) => ({
    reason: { code: "part-named", written: ["District of Example"] },
    why: `in part: the specified areas of the additional property transfer tax names places of ${name} (District of Example), not the whole district; each place's page says whether it applies there`,
  }),
  home_owner_grant_northern_rural: () => ({
    reason: { code: "no-regions" },
    why: "this period of the fact does not set the grant apart by region",
  }),
};

/** A copy of a place whose period of `programme` answers null from 2016 on, as the facts leave it unrecorded. */
const unrecordedAt = (id: string, programme: keyof typeof UNRECORDED) =>
  withPeriods(id, programme, [
    {
      ...place(id).rules[programme]!.at(-1)!,
      from_iso: "2016-01-01",
      until_iso: null,
      applies: null,
      ...UNRECORDED[programme](place(id).name),
    },
  ]);

const ptt = (options: Parameters<typeof propertyTransferTax>[1], facts: FactSource = source) =>
  propertyTransferTax(facts, options);
const gst = (options: Parameters<typeof gstOnNewHome>[1], facts: FactSource = source) => gstOnNewHome(facts, options);
const grant = (options: Parameters<typeof homeOwnerGrant>[1], facts: FactSource = source) =>
  homeOwnerGrant(facts, options);

const TAXES = SAID_CODES.filter((code) => /^(ptt|gst|grant)\./.test(code));
const ASSUMED: readonly AssumptionCode[] = [
  "registered-on-date",
  "fair-market-value-taxed",
  "property-in-place",
  "eligible-share-whole",
  "eligible-share-given",
  "land-half-hectare-or-less",
  "land-over-half-hectare-given",
  "in-specified-area-as-given",
  "specified-area-unknown",
  "agreement-after-transitional-date",
  "foreign-buyer-whole-interest",
  "gst-price-whole-consideration",
  "gst-rebate-condition",
  "gst-agreement-in-window-assumed",
  "gst-agreement-in-window-given",
  "gst-first-time-buyer-condition",
];

/** The codes of a result's sentences: its lines' labels, or its breakdown. */
const codesOf = (result: {
  breakdown: ReadonlyArray<string | { label_said: Said }>;
  breakdown_said?: readonly Said[];
}): string[] =>
  result.breakdown_said?.map((said) => said.code) ??
  result.breakdown.flatMap((line) => (typeof line === "string" ? [] : [line.label_said.code]));

describe("the taxes' sentences as codes with values", () => {
  it("says every line and assumption as a code with values that read as its English", () => {
    const foreign = { price: 1_000_000, foreignBuyer: true } as const;
    const ban = (change: (value: Record<string, unknown>) => Record<string, unknown>) => ({
      facts: withValue(catalog, "ca.foreign_buyer_ban", (value) => change(value as Record<string, unknown>)).facts,
    });
    const withoutEnd = ({ scheduled_repeal_iso: _, ...value }: Record<string, unknown>) => value;
    const ptts = [
      // The brackets, wholly and partly residential.
      ptt({ price: 650_000 }),
      ptt({ price: 4_500_000 }),
      ptt({ price: 4_000_000, residentialShare: 0.9 }),
      // The first-time buyers' exemption: capped, after its end, uncapped for part of the transfer, on land.
      ptt({ price: 400_000, firstTimeBuyer: true, asOf: "2026-06-01" }),
      ptt({ price: 1_000_000, firstTimeBuyer: true, asOf: "2026-06-01" }),
      ptt({ price: 400_000, firstTimeBuyer: true, eligibleShare: 0.5, asOf: "2020-01-01" }),
      ptt({
        price: 600_000,
        firstTimeBuyer: true,
        landOverHalfHectare: { hectares: 2, landValue: 400_000, residentialImprovementsValue: 200_000 },
        asOf: "2026-06-01",
      }),
      ptt({
        price: 600_000,
        firstTimeBuyer: true,
        landOverHalfHectare: { hectares: 0.4, landValue: 400_000, residentialImprovementsValue: 200_000 },
        asOf: "2026-06-01",
      }),
      // The newly built home exemption alone, and both compared: a tie, one larger, neither, before the second began.
      ptt({ price: 1_000_000, newlyBuilt: true, asOf: "2026-06-01" }),
      ptt({ price: 1_200_000, newlyBuilt: true, asOf: "2026-06-01" }),
      ptt({ price: 400_000, newlyBuilt: true, asOf: "2016-01-01" }),
      ptt({ price: 400_000, firstTimeBuyer: true, newlyBuilt: true, asOf: "2026-06-01" }),
      ptt({ price: 1_000_000, firstTimeBuyer: true, newlyBuilt: true, asOf: "2026-06-01" }),
      ptt({ price: 1_200_000, firstTimeBuyer: true, newlyBuilt: true, asOf: "2026-06-01" }),
      ptt({ price: 400_000, firstTimeBuyer: true, newlyBuilt: true, asOf: "2016-01-01" }),
      ptt({ price: 600_000, firstTimeBuyer: true, newlyBuilt: true, asOf: "2016-01-01" }),
      // The additional tax for foreign buyers: before it, as given, not given, by place, and the transitional rule.
      ptt({ ...foreign, asOf: "2016-01-01" }),
      ptt({ ...foreign, inSpecifiedArea: true, asOf: "2026-06-01" }),
      ptt({ ...foreign, inSpecifiedArea: false, asOf: "2026-06-01" }),
      ptt({ ...foreign, asOf: "2026-06-01" }),
      ptt({ ...foreign, place: "surrey", asOf: "2026-06-01" }),
      ptt({ ...foreign, place: "kamloops", asOf: "2026-06-01" }),
      ptt(
        { ...foreign, place: "kamloops", asOf: "2026-06-01" },
        withPeriods("kamloops", "foreign_buyer_specified_area", []),
      ),
      ptt(
        { ...foreign, place: "regional-district-of-nanaimo", asOf: "2026-06-01" },
        unrecordedAt("regional-district-of-nanaimo", "foreign_buyer_specified_area"),
      ),
      ptt({ ...foreign, place: "kelowna", agreementDate: "2018-02-20", asOf: "2018-05-18" }),
      ptt({ ...foreign, place: "kelowna", asOf: "2018-04-01" }),
      ptt({ ...foreign, place: "kelowna", agreementDate: "2018-02-21", asOf: "2018-05-18" }),
      // The federal ban: not answered past its scheduled end, and each wording of its dates.
      ptt({ ...foreign, inSpecifiedArea: true, asOf: "2027-01-01" }),
      ptt({ ...foreign, inSpecifiedArea: true, asOf: "2026-06-01" }, ban(withoutEnd)),
      ptt(
        { ...foreign, inSpecifiedArea: true, asOf: "2026-06-01" },
        ban((value) => ({ ...value, repealed_iso: "2026-01-01" })),
      ),
      ptt(
        { ...foreign, inSpecifiedArea: true, asOf: "2026-06-01" },
        ban((value) => ({ ...withoutEnd(value), in_force_iso: "2026-12-01" })),
      ),
    ];
    const gsts = [
      gst({ price: 300_000, firstTimeBuyer: true, asOf: "2026-06-01" }),
      gst({ price: 400_000, asOf: "2026-06-01" }),
      gst({ price: 500_000, asOf: "2026-06-01" }),
      gst({ price: 1_200_000, firstTimeBuyer: true, agreementDate: "2025-06-01", asOf: "2026-06-01" }),
      gst({ price: 1_600_000, firstTimeBuyer: true, asOf: "2026-06-01" }),
      gst({ price: 500_000, firstTimeBuyer: true, agreementDate: "2025-01-01", asOf: "2026-06-01" }),
      gst({ price: 500_000, firstTimeBuyer: true, asOf: "2024-06-01" }),
      // The other wordings of the conditions: one year, the spouse's home not counted, no completion date.
      gst(
        { price: 500_000, firstTimeBuyer: true, asOf: "2026-06-01" },
        withValue(catalog, "ca.gst.fthb_new_home_rebate", (value) => {
          const { substantial_completion_before_iso: _, ...rest } = value as Record<string, unknown>;
          return { ...rest, no_owner_occupied_home_previous_calendar_years: 1, spouse_ownership_counts: false };
        }),
      ),
    ];
    const grants = [
      grant({ assessedValue: 1_000_000, place: "kamloops", asOf: "2026-06-01" }),
      grant({ assessedValue: 2_100_000, additional: true, place: "surrey", asOf: "2026-06-01" }),
      grant({ assessedValue: 3_000_000, additional: true, northernRural: true, asOf: "2026-06-01" }),
      grant({ assessedValue: 1_000_000, northernRural: false, propertyTax: 100, asOf: "2026-06-01" }),
      grant({ assessedValue: 1_000_000, place: "surrey", asOf: "2020-06-01" }),
    ];
    const results = [...ptts, ...gsts, ...grants];
    for (const result of results) expect(expectSaidAsEnglish(result, places)).toBeGreaterThan(0);

    // The refusals the page can reach say their message as a code too.
    const errors = [
      refusal(() => ptt({ price: 500_000, firstTimeBuyer: true, foreignBuyer: true })),
      refusal(() => ptt({ price: 500_000, firstTimeBuyer: true, residentialShare: 0.5 })),
      refusal(() => ptt({ price: 500_000, firstTimeBuyer: true, newlyBuilt: true, eligibleShare: 0.5 })),
      refusal(() => ptt({ ...foreign, agreementDate: "2026-06-02", asOf: "2026-06-01" })),
      refusal(() => grant({ assessedValue: 1_000_000, place: "kamloops", asOf: "2015-06-01" })),
      refusal(() =>
        grant(
          { assessedValue: 1_000_000, place: "kamloops", asOf: "2026-06-01" },
          unrecordedAt("kamloops", "home_owner_grant_northern_rural"),
        ),
      ),
    ];
    const said = errors.map((error) => error.said!);
    // Where the client's message is meant for a person as it is, its code reads the same.
    for (const index of [0, 1])
      expect(englishOf(`calc.said.${said[index]!.code}`, said[index]!.values, places)).toBe(
        `${errors[index]!.message.charAt(0).toUpperCase()}${errors[index]!.message.slice(1)}.`,
      );
    // The others leave out the option and the place's id, which a reader of the form does not give.
    expect(englishOf(`calc.said.${said[3]!.code}`, said[3]!.values)).toBe(
      "The agreement date, 2026-06-02, is after the registration date, 2026-06-01: the agreement comes first.",
    );
    expect(englishOf(`calc.said.${said[4]!.code}`, said[4]!.values)).toBe(
      "Whether the home owner grant's northern and rural amount applies in Kamloops on 2015-06-01 is not recorded.",
    );
    expect(englishOf(`calc.said.${said[5]!.code}`, said[5]!.values, places)).toBe(
      `${errors[5]!.message.replace(/^place "kamloops": w/, "W")}.`,
    );

    // The buyer's conditions for the first-time buyers' rebate read as the client's sentences, but the statuses (the
    // fact's own words, which the page names by the fact) and the new housing rebate's conditions (the same).
    const conditions = gsts.flatMap((result) =>
      result.assumed.flatMap((each, index) =>
        each.code === "gst-first-time-buyer-condition" ? [[each, result.assumptions[index]!] as const] : [],
      ),
    );
    const which = (each: (typeof conditions)[number][0]) =>
      (each.values?.condition as { choice: string } | undefined)?.choice;
    const sayings = conditions.filter(([each]) => which(each) !== "status");
    expect(new Set(sayings.map(([each]) => which(each)))).toEqual(
      new Set(["age", "noHomeOwned", "primaryResidence", "firstOccupant", "construction", "transfer"]),
    );
    for (const [each, sentence] of sayings)
      expect(englishOf(`calc.assumed.${each.code}`, each.values).replace(/\.$/, "")).toBe(
        `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`,
      );
    expect(sayings.map(([, sentence]) => sentence)).toEqual(
      expect.arrayContaining([
        "the buyer did not live, in the current or the 1 previous calendar year, in a home that they owned",
        "construction begins before 2031-01-01",
      ]),
    );

    const emitted = new Set([...results.flatMap(codesOf), ...said.map((each) => each.code)]);
    expect([...emitted].sort()).toEqual([...TAXES].sort());
    const assumed = new Set([...ptts, ...gsts].flatMap((result) => result.assumed.map((each) => each.code)));
    expect([...assumed].sort()).toEqual([...ASSUMED].sort());
  });

  it("names a place with its regional district, and a period before the fact's first version, as the English does", () => {
    const kamloops = ptt({ price: 1_000_000, foreignBuyer: true, place: "kamloops", asOf: "2026-06-01" });
    expect(kamloops.breakdown.find((line) => line.fact_id === "bc.ptt.foreign_buyer_additional")!.label).toContain(
      "Kamloops (Thompson-Nicola Regional District) is not in the specified areas",
    );
    expect(kamloops.assumptions).toContain("the property is in Kamloops (city, Thompson-Nicola Regional District)");
    const then = grant({ assessedValue: 1_000_000, place: "surrey", asOf: "2020-06-01" });
    expect(then.breakdown.join("\n")).toContain(
      "(tax year of 2020-06-01, the period recorded before its first version)",
    );
    expect(then.breakdown.join("\n")).not.toContain("undefined");
  });
});
