/**
 * The words of the rules by place, in a page's language: each rule's name, each kind of place, and the reason each
 * period of a rule is answered as it is (a period's `reason`). The build words the reasons in English with the same
 * messages for the API's `why` (src/build/build-model.ts), so the page and the API never say it differently. Place
 * names, and the names of areas as a fact writes them, stay as they are written.
 */
import type { Words } from "../i18n/words.ts";
import type { PlaceKind, PlaceProgramme, PlaceReason, PlaceRecord } from "../schemas/index.ts";

/** A rule's full name: the heading of its section on a place's page. */
export const programmeName = (w: Words, programme: PlaceProgramme): string => {
  switch (programme) {
    case "foreign_buyer_specified_area":
      return w.text("places.rule.foreign-buyer");
    case "speculation_vacancy_tax":
      return w.text("places.rule.speculation-vacancy");
    case "str_principal_residence_requirement":
      return w.text("places.rule.principal-residence");
    case "home_owner_grant_northern_rural":
      return w.text("places.rule.home-owner-grant");
  }
};

/** A rule in a few words, for the places index's lists. */
export const programmeShortName = (w: Words, programme: PlaceProgramme): string => {
  switch (programme) {
    case "foreign_buyer_specified_area":
      return w.text("places.short.foreign-buyer");
    case "speculation_vacancy_tax":
      return w.text("places.short.speculation-vacancy");
    case "str_principal_residence_requirement":
      return w.text("places.short.principal-residence");
    case "home_owner_grant_northern_rural":
      return w.text("places.short.home-owner-grant");
  }
};

/** What a place is, as a word after its name ("Kamloops city"). */
export const placeKindWords = (w: Words, kind: PlaceKind): string => {
  switch (kind) {
    case "city":
      return w.text("places.kind.city");
    case "district-municipality":
      return w.text("places.kind.district-municipality");
    case "town":
      return w.text("places.kind.town");
    case "village":
      return w.text("places.kind.village");
    case "resort-municipality":
      return w.text("places.kind.resort-municipality");
    case "mountain-resort-municipality":
      return w.text("places.kind.mountain-resort-municipality");
    case "island-municipality":
      return w.text("places.kind.island-municipality");
    case "regional-municipality":
      return w.text("places.kind.regional-municipality");
    case "indian-government-district":
      return w.text("places.kind.indian-government-district");
    case "regional-district":
      return w.text("places.kind.regional-district");
    case "electoral-area":
      return w.text("places.kind.electoral-area");
    case "treaty-first-nation":
      return w.text("places.kind.treaty-first-nation");
    case "unincorporated-area":
      return w.text("places.kind.unincorporated-area");
  }
};

/** What a place is, as the sentence "Kamloops is a city" needs it: with its article, where the language has one. */
export const placeKindSentence = (w: Words, kind: PlaceKind): string => {
  switch (kind) {
    case "city":
      return w.text("place.is-kind.city");
    case "district-municipality":
      return w.text("place.is-kind.district-municipality");
    case "town":
      return w.text("place.is-kind.town");
    case "village":
      return w.text("place.is-kind.village");
    case "resort-municipality":
      return w.text("place.is-kind.resort-municipality");
    case "mountain-resort-municipality":
      return w.text("place.is-kind.mountain-resort-municipality");
    case "island-municipality":
      return w.text("place.is-kind.island-municipality");
    case "regional-municipality":
      return w.text("place.is-kind.regional-municipality");
    case "indian-government-district":
      return w.text("place.is-kind.indian-government-district");
    case "regional-district":
      return w.text("place.is-kind.regional-district");
    case "electoral-area":
      return w.text("place.is-kind.electoral-area");
    case "treaty-first-nation":
      return w.text("place.is-kind.treaty-first-nation");
    case "unincorporated-area":
      return w.text("place.is-kind.unincorporated-area");
  }
};

/** Names run together as a list of names is written in the language ("A, B, C"). */
export const namesList = (w: Words, names: readonly string[]): string => names.join(w.text("places.name-separator"));

type Place = Pick<PlaceRecord, "id" | "name" | "regional_district_name">;

const impossible = (programme: PlaceProgramme, reason: PlaceReason): never => {
  throw new Error(`the rule ${programme} is never answered for the reason "${reason.code}"`);
};

/**
 * The reason of a rule read from named areas (the foreign buyers' specified areas, the speculation tax's taxable
 * region). The two rules' messages are apart so each language can phrase each area as it reads.
 */
const listedAreasReason = (
  w: Words,
  programme: "foreign_buyer_specified_area" | "speculation_vacancy_tax",
  place: Place,
  reason: PlaceReason,
  nameOf: (id: string) => string,
): string => {
  const foreign = programme === "foreign_buyer_specified_area";
  const where = {
    place: place.name,
    hasDistrict: place.regional_district_name === null ? "no" : "yes",
    district: place.regional_district_name ?? "",
  };
  switch (reason.code) {
    case "named":
      return foreign
        ? w.text("place.why.foreign-buyer.named", { place: place.name, written: reason.written })
        : w.text("place.why.speculation-vacancy.named", { place: place.name, written: reason.written });
    case "excluded":
      return foreign
        ? w.text("place.why.foreign-buyer.excluded", { place: place.name, written: reason.written })
        : w.text("place.why.speculation-vacancy.excluded", { place: place.name, written: reason.written });
    case "district-named": {
      const values = { place: place.name, district: nameOf(reason.district), written: reason.written };
      return foreign
        ? w.text("place.why.foreign-buyer.district-named", values)
        : w.text("place.why.speculation-vacancy.district-named", values);
    }
    case "part-named": {
      const values = { place: place.name, names: namesList(w, reason.written) };
      return foreign
        ? w.text("place.why.foreign-buyer.part-named", values)
        : w.text("place.why.speculation-vacancy.part-named", values);
    }
    case "not-named":
      if (reason.written === undefined)
        return foreign
          ? w.text("place.why.foreign-buyer.not-among", { ...where, count: reason.count })
          : w.text("place.why.speculation-vacancy.not-among", { ...where, count: reason.count });
      return foreign
        ? w.text("place.why.foreign-buyer.not-named", { ...where, names: namesList(w, reason.written) })
        : w.text("place.why.speculation-vacancy.not-named", { ...where, names: namesList(w, reason.written) });
    default:
      return impossible(programme, reason);
  }
};

/**
 * What decided a period's answer, in words: "Kamloops is named in the taxable region of the speculation and vacancy
 * tax: "Kamloops"". `nameOf` gives a regional district's name from its id.
 */
export const placeReasonWords = (
  w: Words,
  programme: PlaceProgramme,
  place: Place,
  reason: PlaceReason,
  nameOf: (id: string) => string,
): string => {
  switch (programme) {
    case "foreign_buyer_specified_area":
    case "speculation_vacancy_tax":
      return listedAreasReason(w, programme, place, reason, nameOf);
    case "str_principal_residence_requirement":
      switch (reason.code) {
        case "named":
          return w.text("place.why.principal-residence.named", { place: place.name, written: reason.written });
        case "excluded":
          return w.text("place.why.principal-residence.excluded", { place: place.name, written: reason.written });
        case "not-named-lists-complete":
          return w.text("place.why.principal-residence.lists-complete", { place: place.name });
        case "not-in-incomplete-lists":
          return w.text("place.why.principal-residence.lists-incomplete", { place: place.name });
        default:
          return impossible(programme, reason);
      }
    case "home_owner_grant_northern_rural":
      switch (reason.code) {
        case "no-regions":
          return w.text("place.why.home-owner-grant.no-regions");
        case "outside-districts":
          return w.text("place.why.home-owner-grant.outside", {
            place: place.name,
            districts: namesList(w, reason.districts.map(nameOf)),
          });
        case "in-district": {
          const districts = namesList(w, reason.districts.map(nameOf));
          return reason.district === place.id
            ? w.text("place.why.home-owner-grant.is-district", { place: place.name, districts })
            : w.text("place.why.home-owner-grant.in-district", {
                place: place.name,
                district: nameOf(reason.district),
                districts,
              });
        }
        default:
          return impossible(programme, reason);
      }
  }
};
