import { periodAnchor } from "../../packages/client/src/index.ts";
import type { Urls } from "../lib/config.ts";
import { compareText } from "../lib/text.ts";
import type { PlaceRegister } from "../model/places.ts";
import {
  type Fact,
  PLACE_KINDS,
  PLACE_PROGRAMMES,
  type PlaceProgramme,
  type PlaceReason,
  type PlaceRecord,
  type PlaceRulePeriod,
  type PlaceSource,
  type PublishedCitation,
} from "../schemas/index.ts";

// Each place's rules by area, derived from the facts that hold the areas: never typed twice, so a revision of a
// fact's areas changes every place file it touches in the same build. A programme reads one fact's whole timeline
// (its current value, its earlier versions and the periods recorded before its first version) and answers, for each
// period, whether the rule applies at a place, from the register's names and regional districts.

/** One period of a fact's timeline that was in force: a corrected version never was, so it is left out. */
interface TimelinePeriod {
  from: string;
  until: string | null;
  value: unknown;
  version: number | null;
  anchor: string;
}

const timelineOf = (fact: Fact): TimelinePeriod[] =>
  [
    {
      from: fact.effective_iso,
      until: null,
      value: fact.value,
      version: fact.version,
      anchor: periodAnchor(fact),
    },
    ...fact.history.flatMap((entry) =>
      entry.value === undefined || entry.effective_iso === undefined || entry.corrected_by !== undefined
        ? []
        : [
            {
              from: entry.effective_iso,
              until: entry.superseded_iso ?? null,
              value: entry.value,
              version: entry.version ?? null,
              anchor: periodAnchor(entry),
            },
          ],
    ),
  ].sort((a, b) => compareText(a.from, b.from));

type Answer = Pick<PlaceRulePeriod, "applies" | "reason">;
type RegisterPlace = PlaceRegister["places"][number];

/** An area named in a fact's value that the register does not know: where it is, and what it says. */
export interface UnknownArea {
  fact_id: string;
  version: number | null;
  from: string;
  /** Where the name is within the period's `value`: its key and index. */
  path: (string | number)[];
  name: string;
}

/** A name of an area in a fact's value, and where it is within the value. */
interface AreaName {
  path: (string | number)[];
  name: string;
}

interface Programme {
  name: PlaceProgramme;
  fact_id: string;
  /**
   * Other facts that state the rule (its rate, its exceptions), by id or yearly series: a search for a place where it
   * applies finds them too.
   */
  related: readonly string[];
  /** The names of areas each period's value holds, with where each is, for the register to resolve. */
  areaNames(value: unknown): AreaName[];
  decide(value: unknown, place: RegisterPlace, register: PlaceRegister): Answer;
}

const stringsAt = (value: unknown, key: string): AreaName[] => {
  const list = (value as Record<string, unknown> | null)?.[key];
  return Array.isArray(list)
    ? list.flatMap((name, index) => (typeof name === "string" ? [{ path: [key, index], name }] : []))
    : [];
};

/**
 * The names of areas a period's value holds that the register cannot resolve: what the check refuses in a fact file
 * and the build in a committed version.
 */
export const unknownNames = (programme: Programme, value: unknown, register: PlaceRegister): AreaName[] =>
  programme.areaNames(value).filter(({ name }) => register.resolve(name) === undefined);

const nameOf = (register: PlaceRegister, id: string | null): string =>
  id === null ? "" : (register.byId(id)?.name ?? id);

/**
 * A period's reason in English words, for its `why`: the same words the pages give it (src/render/place-reasons.ts),
 * passed in by the build. `nameOf` gives a regional district's name from its id.
 */
export type WhyWords = (
  programme: PlaceProgramme,
  place: Pick<PlaceRecord, "id" | "name" | "regional_district_name">,
  reason: PlaceReason,
  nameOf: (id: string) => string,
) => string;

/** How many areas a "not in" answer names before it only counts them. */
const LISTED_IN_FULL = 8;

/**
 * A rule that applies in the areas a fact lists by name (`areasKey`) less those it excludes (`excludedKey`): a place
 * named, or in a regional district named, unless the place is excluded. A regional district only some of whose places
 * are named is answered null: the rule applies in part of it, and each of its places says where.
 */
const listedAreas = (
  name: PlaceProgramme,
  fact_id: string,
  areasKey: string,
  excludedKey: string | undefined,
  related: readonly string[],
): Programme => ({
  name,
  fact_id,
  related,
  areaNames: (value) => [
    ...stringsAt(value, areasKey),
    ...(excludedKey === undefined ? [] : stringsAt(value, excludedKey)),
  ],
  decide: (value, place, register) => {
    const resolved = (key: string) =>
      stringsAt(value, key).flatMap(({ name: each }) => {
        const found = register.resolve(each);
        return found === undefined ? [] : [{ id: found.id, written: each }];
      });
    const areas = resolved(areasKey);
    const excluded = excludedKey === undefined ? [] : resolved(excludedKey);
    const exclusion = excluded.find((each) => each.id === place.id);
    if (exclusion !== undefined) return { applies: false, reason: { code: "excluded", written: exclusion.written } };
    const named = areas.find((each) => each.id === place.id);
    if (named !== undefined) return { applies: true, reason: { code: "named", written: named.written } };
    const district = areas.find((each) => each.id === place.regional_district);
    if (district !== undefined && place.regional_district !== null)
      return {
        applies: true,
        reason: { code: "district-named", district: place.regional_district, written: district.written },
      };
    if (place.kind === "regional-district") {
      const members = areas.filter((each) => register.byId(each.id)?.regional_district === place.id);
      if (members.length > 0)
        return { applies: null, reason: { code: "part-named", written: members.map((each) => each.written) } };
    }
    // A short list is named in full; a long one (the speculation tax's 59 areas) is counted, and its fact lists it.
    return {
      applies: false,
      reason: {
        code: "not-named",
        count: areas.length,
        ...(areas.length <= LISTED_IN_FULL ? { written: areas.map((each) => each.written) } : {}),
      },
    };
  },
});

/**
 * The regional districts that the home owner grant's keys name (`…_capital_fraser_valley_metro_vancouver`): the fact
 * gives one amount for homes in them and another, the northern and rural amount, for homes elsewhere (`…_elsewhere`).
 */
export const HOME_OWNER_GRANT_SOUTHERN_DISTRICTS = [
  "capital-regional-district",
  "fraser-valley-regional-district",
  "metro-vancouver-regional-district",
] as const;
const SOUTHERN_SUFFIX = "_capital_fraser_valley_metro_vancouver";

const homeOwnerGrant: Programme = {
  name: "home_owner_grant_northern_rural",
  fact_id: "bc.home_owner_grant.threshold",
  related: [],
  areaNames: () => [],
  decide: (value, place) => {
    const keys = Object.keys((value as Record<string, unknown> | null) ?? {});
    if (!keys.some((key) => key.endsWith(SOUTHERN_SUFFIX))) return { applies: null, reason: { code: "no-regions" } };
    const southern = HOME_OWNER_GRANT_SOUTHERN_DISTRICTS.find(
      (id) => id === place.id || id === place.regional_district,
    );
    const districts = [...HOME_OWNER_GRANT_SOUTHERN_DISTRICTS];
    return southern === undefined
      ? { applies: true, reason: { code: "outside-districts", districts } }
      : { applies: false, reason: { code: "in-district", district: southern, districts } };
  },
};

/**
 * The short-term rental principal residence requirement, from the communities a fact lists where it applies and where
 * it does not. A community in neither list is answered null: the lists say whether they are complete, and where they
 * are not, the fact does not record the answer.
 */
const principalResidence: Programme = {
  name: "str_principal_residence_requirement",
  fact_id: "bc.str.principal_residence_areas",
  related: ["bc.straa"],
  areaNames: (value) => [...stringsAt(value, "applies_in"), ...stringsAt(value, "does_not_apply_in")],
  decide: (value, place, register) => {
    const named = (key: string) => stringsAt(value, key).find(({ name }) => register.resolve(name)?.id === place.id);
    const applies = named("applies_in");
    if (applies !== undefined) return { applies: true, reason: { code: "named", written: applies.name } };
    const exempt = named("does_not_apply_in");
    if (exempt !== undefined) return { applies: false, reason: { code: "excluded", written: exempt.name } };
    const complete = (value as { lists_complete?: unknown } | null)?.lists_complete === true;
    return complete
      ? { applies: false, reason: { code: "not-named-lists-complete" } }
      : { applies: null, reason: { code: "not-in-incomplete-lists" } };
  },
};

/** The programmes, each with the fact that holds its areas. */
export const PROGRAMMES: readonly Programme[] = [
  listedAreas("foreign_buyer_specified_area", "bc.foreign_buyer_specified_areas", "specified_areas", "excluded_lands", [
    "bc.ptt.foreign_buyer_additional",
  ]),
  listedAreas("speculation_vacancy_tax", "bc.svt.taxable_areas", "taxable_areas", undefined, ["bc.svt.rates"]),
  principalResidence,
  homeOwnerGrant,
];

/** The names of areas in the facts' timelines that the register cannot resolve, each with where it is. */
export const unknownAreas = (facts: readonly Fact[], register: PlaceRegister): UnknownArea[] =>
  PROGRAMMES.flatMap((programme) => {
    const fact = facts.find((each) => each.id === programme.fact_id);
    if (fact === undefined) return [];
    return timelineOf(fact).flatMap((period) =>
      unknownNames(programme, period.value, register).map(({ path, name }) => ({
        fact_id: fact.id,
        version: period.version,
        from: period.from,
        path,
        name,
      })),
    );
  });

/**
 * Every place of the register with each rule's periods there, by id. `publish` turns a register source into a
 * published citation (the organisation's name, id and kind); `why` words each period's reason in English.
 */
export const placeRecords = (
  facts: readonly Fact[],
  register: PlaceRegister,
  urls: Urls,
  publish: (source: PlaceSource) => PublishedCitation,
  why: WhyWords,
): PlaceRecord[] => {
  const timelines = PROGRAMMES.flatMap((programme) => {
    const fact = facts.find((each) => each.id === programme.fact_id);
    return fact === undefined ? [] : [{ programme, fact, periods: timelineOf(fact) }];
  });
  const sources = new Map(register.sources.map((source) => [source.id, source]));
  return [...register.places]
    .sort((a, b) => compareText(a.id, b.id))
    .map((place) => {
      const named = {
        id: place.id,
        name: place.name,
        regional_district_name: place.regional_district === null ? null : nameOf(register, place.regional_district),
      };
      // Every programme is listed, with no period where its fact is not in the catalog.
      const rules = Object.fromEntries(
        (Object.keys(PLACE_PROGRAMMES) as PlaceProgramme[]).map((name) => [name, [] as PlaceRulePeriod[]]),
      ) as PlaceRecord["rules"];
      for (const { programme, fact, periods } of timelines) {
        rules[programme.name] = periods.map((period) => {
          const { applies, reason } = programme.decide(period.value, place, register);
          return {
            from_iso: period.from,
            until_iso: period.until,
            applies,
            why: why(programme.name, named, reason, (id) => nameOf(register, id)),
            reason,
            fact_id: fact.id,
            version: period.version,
            period_url: `${urls.factPage(fact.id)}#${period.anchor}`,
          };
        });
      }
      const { id, name, official_name, kind, regional_district, former_names, incorporated_iso, dissolved_iso, notes } =
        place;
      return {
        id,
        name,
        ...(official_name === undefined ? {} : { official_name }),
        kind,
        kind_label: PLACE_KINDS[kind],
        regional_district,
        regional_district_name: named.regional_district_name,
        ...(former_names === undefined ? {} : { former_names }),
        ...(incorporated_iso === undefined ? {} : { incorporated_iso }),
        ...(dissolved_iso === undefined ? {} : { dissolved_iso }),
        ...(notes === undefined ? {} : { notes }),
        page_url: urls.placePage(id),
        rules,
        sources: place.sources.map((source) => publish(sources.get(source)!)),
      };
    });
};
