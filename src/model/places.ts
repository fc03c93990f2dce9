import path from "node:path";
import { isMissingFile } from "../lib/errors.ts";
import { nearestName } from "../lib/nearest-name.ts";
import type { Problem } from "../lib/problem.ts";
import { type PlaceFileRecord, type PlaceSource, PlacesFile } from "../schemas/index.ts";
import { readDataDocument } from "./data-files.ts";
import { validateWithSchema } from "./json-document.ts";
import type { Organisations } from "./reference.ts";

// The register of places (reference/places.json): every municipality and regional district of British Columbia and
// the other areas a rule names, each with its kind, its regional district and the sources it was read from. The rules
// that apply by area are derived from the facts against it (src/derive/place-rules.ts).

/** The register's place in the repository. */
export const PLACES_FILE = "reference/places.json";

/** The check rule that holds the register to its schema and to itself (NON_FACT_RULES.places in src/check/rules.ts). */
export const PLACES_RULE = "places";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** The register as read: its places in the file's order, by id, and the sources they cite. */
export interface PlaceRegister {
  readonly places: readonly PlaceFileRecord[];
  readonly sources: readonly PlaceSource[];
  byId(id: string): PlaceFileRecord | undefined;
  /**
   * The place a name in a fact's value means: a place's name, official name, alias or former name, compared without
   * case; a name followed by another in brackets ("Metro Vancouver Regional District (Greater Vancouver Regional
   * District)") means the place both name, or either where only one is known.
   */
  resolve(name: string): PlaceFileRecord | undefined;
}

const key = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, " ");

/** A place's id as its name makes it: lowercase letters and digits, the rest a hyphen ("Qualicum Beach": qualicum-beach). */
export const idOfName = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const registerOf = (file: PlacesFile): PlaceRegister => {
  const byId = new Map(file.places.map((place) => [place.id, place]));
  // A name two places answer to ("Langley") names neither: a fact must write the one it means ("Langley (City)").
  const byName = new Map<string, PlaceFileRecord | null>();
  for (const place of file.places)
    for (const name of new Set(
      [place.name, place.official_name, ...(place.aliases ?? []), ...(place.former_names ?? []).map((f) => f.name)]
        .filter((each) => each !== undefined)
        .map(key),
    ))
      byName.set(name, byName.has(name) ? null : place);
  const resolve = (name: string): PlaceFileRecord | undefined => {
    const whole = byName.get(key(name));
    if (whole !== undefined) return whole ?? undefined;
    const bracketed = /^(.*?)\s*\(([^()]*)\)$/.exec(name.trim());
    if (bracketed === null) return undefined;
    const [outer, inner] = [byName.get(key(bracketed[1]!)) ?? undefined, byName.get(key(bracketed[2]!)) ?? undefined];
    if (outer !== undefined && inner !== undefined && outer !== inner) return undefined;
    return outer ?? inner;
  };
  return { places: file.places, sources: file.sources, byId: (id) => byId.get(id), resolve };
};

export interface PlacesReading {
  /** The register, when the file passed its rules (an empty one for a tree other than this project's without it). */
  register: PlaceRegister | undefined;
  problems: Problem[];
}

const located = (problems: readonly Problem[], rule: string): Problem[] =>
  problems.map((problem) => ({ ...problem, rule }));

/**
 * Reads `reference/places.json` through the data-file reader (size, JSON and text rules) and its schema, then holds it
 * to itself: one place per id; an id made from the name (with a word of the kind where two places share a name); a
 * regional district that is a regional district of the register; sources the register lists, each naming an
 * organisation of the registry, each used; and dates in order (a former name given up before the place began, a
 * place dissolved before it was incorporated). Every problem names the file and its JSON Pointer.
 */
export const readPlaces = async (root: string, organisations: Organisations | undefined): Promise<PlacesReading> => {
  let doc: Awaited<ReturnType<typeof readDataDocument>>;
  try {
    doc = await readDataDocument(root, PLACES_FILE);
  } catch (error: unknown) {
    if (!isMissingFile(error)) throw error;
    if (path.resolve(root) !== PROJECT_ROOT) return { register: registerOf({ sources: [], places: [] }), problems: [] };
    const message = `${PLACES_FILE} is missing: the place endpoints and the calculators read the places from it (see CONTRIBUTING.md)`;
    return {
      register: undefined,
      problems: [{ file: PLACES_FILE, line: 1, column: 1, pointer: "", message, rule: PLACES_RULE }],
    };
  }
  if (doc.syntaxProblems.length > 0) return { register: undefined, problems: located(doc.syntaxProblems, "json") };
  if (doc.textProblems.length > 0) return { register: undefined, problems: located(doc.textProblems, "text") };
  const { value, problems: schemaProblems } = validateWithSchema(doc, PlacesFile);
  if (value === undefined) return { register: undefined, problems: located(schemaProblems, PLACES_RULE) };

  const problems: Problem[] = [];
  const at = (where: (string | number)[], message: string) => problems.push(doc.problemAt(where, message));

  const sourceIndex = new Map<string, number>();
  value.sources.forEach((source, index) => {
    const first = sourceIndex.get(source.id);
    if (first !== undefined)
      at(["sources", index, "id"], `duplicate source id "${source.id}": already sources[${first}]`);
    else sourceIndex.set(source.id, index);
    if (organisations !== undefined && organisations.byId(source.org) === undefined) {
      const nearest = organisations.nearestId(source.org);
      at(
        ["sources", index, "org"],
        `no organisation "${source.org}" in reference/organisations.json${nearest === undefined ? "" : ` (nearest id: "${nearest}")`}`,
      );
    }
  });

  const placeIndex = new Map<string, number>();
  value.places.forEach((place, index) => {
    const first = placeIndex.get(place.id);
    if (first !== undefined)
      at(
        ["places", index, "id"],
        `duplicate id "${place.id}": already used by places[${first}] (${value.places[first]!.name})`,
      );
    else placeIndex.set(place.id, index);
  });

  // The ids each name is used by: a name of two places (not one place listed twice) needs the word of its kind.
  const sharedNames = new Map<string, Set<string>>();
  for (const place of value.places)
    sharedNames.set(key(place.name), (sharedNames.get(key(place.name)) ?? new Set()).add(place.id));
  const used = new Set<string>();
  const ids = [...placeIndex.keys()];
  value.places.forEach((place, index) => {
    const own = idOfName(place.name);
    if ((sharedNames.get(key(place.name))?.size ?? 0) > 1) {
      if (!place.id.startsWith(`${own}-`))
        at(
          ["places", index, "id"],
          `"${place.name}" is the name of more than one place, so its id is "${own}-" and a word of its kind (as north-vancouver-city), not "${place.id}"`,
        );
    } else if (place.id !== own) {
      at(
        ["places", index, "id"],
        `the id of "${place.name}" is its name in lowercase with hyphens, "${own}", not "${place.id}"`,
      );
    }
    const district = place.regional_district;
    if (place.kind === "regional-district" && district !== null)
      at(["places", index, "regional_district"], "a regional district is in no other regional district: null");
    if (district !== null) {
      const named = value.places[placeIndex.get(district) ?? -1];
      if (named === undefined) {
        const nearest = nearestName(
          district,
          ids.filter((id) => value.places[placeIndex.get(id)!]!.kind === "regional-district"),
        );
        at(
          ["places", index, "regional_district"],
          `no regional district "${district}" in the register${nearest === undefined ? "" : ` (nearest: "${nearest}")`}`,
        );
      } else if (named.kind !== "regional-district") {
        at(
          ["places", index, "regional_district"],
          `"${district}" is a ${named.kind}, not a regional district: name the regional district ${place.name} is in`,
        );
      }
    }
    place.sources.forEach((source, at_) => {
      if (sourceIndex.has(source)) used.add(source);
      else at(["places", index, "sources", at_], `no source "${source}" in this file's sources`);
    });
    if (
      place.incorporated_iso !== undefined &&
      place.dissolved_iso !== undefined &&
      place.dissolved_iso <= place.incorporated_iso
    )
      at(
        ["places", index, "dissolved_iso"],
        `dissolved on ${place.dissolved_iso}, which is not after it was incorporated (${place.incorporated_iso}): a period ends after it starts`,
      );
    let previous: string | undefined;
    (place.former_names ?? []).forEach((former, at_) => {
      if (place.incorporated_iso !== undefined && former.until_iso <= place.incorporated_iso)
        at(
          ["places", index, "former_names", at_, "until_iso"],
          `the name "${former.name}" ends on ${former.until_iso}, not after the place was incorporated (${place.incorporated_iso})`,
        );
      if (previous !== undefined && former.until_iso <= previous)
        at(
          ["places", index, "former_names", at_, "until_iso"],
          `former names are listed oldest first, each given up after the one before it (${previous}), and the periods they were used would overlap`,
        );
      previous = former.until_iso;
    });
  });
  value.sources.forEach((source, index) => {
    if (!used.has(source.id)) at(["sources", index, "id"], `source "${source.id}" is named by no place: remove it`);
  });
  if (problems.length > 0) return { register: undefined, problems: located(problems, PLACES_RULE) };
  return { register: registerOf(value), problems: [] };
};
