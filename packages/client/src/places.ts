import { z } from "zod";
import { AbsoluteUrl, FactId, IsoDate, NonEmptyText, PublishedCitation, SchemaVersion } from "./fact-schemas.ts";

// The places of British Columbia and the rules that apply there by area, as the API publishes them
// (/api/v1/places/index.json and /api/v1/places/{id}.json), and the one way a calculator finds a place and the rule of
// an area on a date.

/** A place's id: its name in lowercase words joined by hyphens ("north-vancouver-district", "100-mile-house"). */
export const PlaceId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: "must be lowercase letters and digits in words joined by hyphens, e.g. north-vancouver-city",
});
export type PlaceId = z.infer<typeof PlaceId>;

/**
 * What a place is, as the Province classifies it: the kinds of municipality, the regional district, and the other
 * areas a rule names (an electoral area of a regional district, Treaty First Nation lands, land outside any
 * municipality such as the University Endowment Lands, a region that belongs to no regional district).
 */
export const PLACE_KINDS = {
  city: "City",
  "district-municipality": "District municipality",
  town: "Town",
  village: "Village",
  "resort-municipality": "Resort municipality",
  "mountain-resort-municipality": "Mountain resort municipality",
  "island-municipality": "Island municipality",
  "regional-municipality": "Regional municipality",
  "indian-government-district": "Indian government district",
  "regional-district": "Regional district",
  "electoral-area": "Electoral area",
  "treaty-first-nation": "Treaty First Nation lands",
  "unincorporated-area": "Unincorporated area",
} as const;
export type PlaceKind = keyof typeof PLACE_KINDS;
export const PlaceKind = z.enum(Object.keys(PLACE_KINDS) as [PlaceKind, ...PlaceKind[]]);

/**
 * The rules that apply by area, each derived at build from the facts that hold its areas:
 * - `foreign_buyer_specified_area`: the additional property transfer tax for foreign buyers applies there;
 * - `speculation_vacancy_tax`: the place is in the speculation and vacancy tax's taxable region;
 * - `str_principal_residence_requirement`: short-term rentals there are limited to the host's principal residence;
 * - `home_owner_grant_northern_rural`: the home owner grant's higher northern and rural amount applies there.
 */
export const PLACE_PROGRAMMES = {
  foreign_buyer_specified_area: "Additional property transfer tax for foreign buyers (specified area)",
  speculation_vacancy_tax: "Speculation and vacancy tax (taxable region)",
  str_principal_residence_requirement: "Short-term rental principal residence requirement",
  home_owner_grant_northern_rural: "Home owner grant: northern and rural area amount",
} as const;
export type PlaceProgramme = keyof typeof PLACE_PROGRAMMES;
export const PlaceProgramme = z.enum(Object.keys(PLACE_PROGRAMMES) as [PlaceProgramme, ...PlaceProgramme[]]);

/**
 * What decided a period's answer, as a code with the names it rests on, for a program to word in its own language
 * (`why` says the same in English). `written` is a name as the fact writes it; `district` and `districts` are ids of
 * regional districts of the places index.
 * - `named`: the fact names the place among the areas where the rule applies;
 * - `excluded`: the fact names the place among the areas it leaves out (or where the rule does not apply);
 * - `district-named`: the fact names the place's regional district;
 * - `part-named`: (a regional district, answered null) the fact names some of its places (`written`), not the whole
 *   district: each place's own answer says where the rule applies;
 * - `not-named`: the place is not among the `count` areas the fact names, listed in `written` when they are at most 8;
 * - `not-named-lists-complete`: the fact names the place in neither of its lists, which are complete;
 * - `not-in-incomplete-lists`: (answered null) the fact names the place in neither of its lists, which are incomplete;
 * - `no-regions`: (answered null) this period of the fact does not set the amounts apart by region;
 * - `outside-districts`: the place is outside the regional districts `districts`, where the other amount applies;
 * - `in-district`: the place is, or is in, the regional district `district`, one of the regional districts
 *   `districts` where the other amount applies.
 */
export const PlaceReason = z.discriminatedUnion("code", [
  z.object({ code: z.literal("named"), written: NonEmptyText }),
  z.object({ code: z.literal("excluded"), written: NonEmptyText }),
  z.object({ code: z.literal("district-named"), district: PlaceId, written: NonEmptyText }),
  z.object({ code: z.literal("part-named"), written: z.array(NonEmptyText).min(1) }),
  z.object({
    code: z.literal("not-named"),
    count: z.int().min(0),
    written: z.array(NonEmptyText).optional(),
  }),
  z.object({ code: z.literal("not-named-lists-complete") }),
  z.object({ code: z.literal("not-in-incomplete-lists") }),
  z.object({ code: z.literal("no-regions") }),
  z.object({ code: z.literal("outside-districts"), districts: z.array(PlaceId).min(1) }),
  z.object({ code: z.literal("in-district"), district: PlaceId, districts: z.array(PlaceId).min(1) }),
]);
export type PlaceReason = z.infer<typeof PlaceReason>;

/**
 * One period of one rule at one place: from `from_iso` until the day before `until_iso` (null while in force), the
 * rule applies there (true), does not (false), or the facts do not record whether (null, with `why` saying what is not
 * recorded). Each period names the fact and the period of its timeline it was read from.
 */
export const PlaceRulePeriod = z.object({
  from_iso: IsoDate,
  until_iso: IsoDate.nullable(),
  applies: z.boolean().nullable(),
  why: NonEmptyText.describe("In plain words, what decided the answer: the area of the fact that names the place."),
  reason: PlaceReason.describe("What decided the answer, as a code with the names it rests on: `why` in structure."),
  fact_id: FactId,
  version: z
    .int()
    .min(1)
    .nullable()
    .describe("The fact's version the period was read from; null for a period recorded before its first version."),
  period_url: AbsoluteUrl.describe("The fact page's section on that period (#v{N} or #earlier-{date})."),
});
export type PlaceRulePeriod = z.infer<typeof PlaceRulePeriod>;

/** A place as the places index lists it. */
export const PlaceSummary = z.object({
  id: PlaceId,
  name: NonEmptyText,
  kind: PlaceKind,
  regional_district: PlaceId.nullable().describe(
    "The id of the regional district the place is in; null for a regional district itself and for a place in none.",
  ),
});
export type PlaceSummary = z.infer<typeof PlaceSummary>;

/** One name a place had before, until the day it was renamed. */
export const FormerName = z.object({ name: NonEmptyText, until_iso: IsoDate });

/** A place with every rule that applies by area there, as `/api/v1/places/{id}.json` carries it. */
export const PlaceRecord = PlaceSummary.extend({
  official_name: NonEmptyText.optional(),
  kind_label: NonEmptyText,
  regional_district_name: NonEmptyText.nullable(),
  former_names: z.array(FormerName).optional(),
  incorporated_iso: IsoDate.optional(),
  dissolved_iso: IsoDate.optional(),
  notes: NonEmptyText.optional().describe("What is particular about the place or its record, for the reader."),
  page_url: AbsoluteUrl,
  rules: z
    .record(PlaceProgramme, z.array(PlaceRulePeriod))
    .describe("Each rule's periods at this place, oldest first, with no gap or overlap between them."),
  sources: z
    .array(PublishedCitation.extend({ url: AbsoluteUrl }))
    .min(1)
    .describe("Where the place, its kind and its regional district were read (an older page may be plain http)."),
});
export type PlaceRecord = z.infer<typeof PlaceRecord>;

/** `/api/v1/places/index.json`: every place of the register, regional districts included, by id. */
export const PlacesIndex = z.object({
  schema_version: SchemaVersion,
  places: z.array(PlaceSummary),
});
export type PlacesIndex = z.infer<typeof PlacesIndex>;

/** `/api/v1/places/{id}.json`. */
export const PlaceResponse = z.object({
  schema_version: SchemaVersion,
  place: PlaceRecord,
});
export type PlaceResponse = z.infer<typeof PlaceResponse>;

/** The words a name is compared by: lowercase letters and digits, so "Langley (City)" is "langley city". */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
};

/**
 * The places whose id or name is nearest `input`, best first: those it begins, then by the fewest edits between the
 * words of each. What a refusal of an unknown place suggests ("kamlops": Kamloops).
 */
export const nearestPlaces = (
  input: string,
  places: readonly Pick<PlaceSummary, "id" | "name">[],
  count = 3,
): PlaceSummary["name"][] => {
  const wanted = wordsOf(input).join(" ");
  const ranked = places.map((place) => {
    const names = [place.id.replaceAll("-", " "), wordsOf(place.name).join(" ")];
    return {
      name: place.name,
      prefix: names.some((name) => wanted !== "" && name.startsWith(wanted)) ? 0 : 1,
      edits: Math.min(...names.map((name) => editDistance(wanted, name))),
    };
  });
  ranked.sort((a, b) => a.prefix - b.prefix || a.edits - b.edits || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return ranked.slice(0, count).map((each) => each.name);
};

/** The period of `periods` in force on `date`, if any. */
export const periodOn = (periods: readonly PlaceRulePeriod[], date: string): PlaceRulePeriod | undefined =>
  periods.find((period) => period.from_iso <= date && (period.until_iso === null || date < period.until_iso));
