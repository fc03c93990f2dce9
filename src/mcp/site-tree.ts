/**
 * The built tree as the MCP server holds it: the published catalog, search index, upcoming list and manifest, read
 * and validated once at start (`loadSiteTree`), each problem named with its file and JSON Pointer.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { isMissingFile } from "../lib/errors.ts";
import { formatProblem, type Problem } from "../lib/problem.ts";
import { readDocument } from "../model/data-files.ts";
import { type JsonDocument, validateWithSchema } from "../model/json-document.ts";
import {
  AbsoluteUrl,
  Fact,
  FactCatalog,
  Manifest,
  type PlaceRecord,
  PlaceResponse,
  PlacesIndex,
  SearchIndex,
  SingleFactResponse,
  Upcoming,
} from "../schemas/index.ts";

/** A fact as a built tree publishes it: the build always gives it its canonical URL, which every answer cites. */
export const PublishedFact = Fact.extend({ canonical_url: AbsoluteUrl });
export type PublishedFact = z.infer<typeof PublishedFact>;

export const PublishedCatalog = FactCatalog.extend({ facts: z.array(PublishedFact) });
export type PublishedCatalog = z.infer<typeof PublishedCatalog>;

/** `/by-id/{id}.json`: the fact with everything, its citations' quotes and notes and its history included. */
export const PublishedFactResponse = SingleFactResponse.extend({ fact: PublishedFact });

/** What the server answers from: the published files of one built tree, read and validated once at start. */
export interface SiteTree {
  /** The folder the tree was read from. */
  root: string;
  /** The catalog, for its name, version and license, and its facts in the published order. */
  catalog: PublishedCatalog;
  /** Each fact of the catalog as its single-fact response gives it, in the catalog's order. */
  facts: ReadonlyMap<string, PublishedFact>;
  searchIndex: SearchIndex;
  upcoming: Upcoming;
  /**
   * The withdrawn facts the manifest lists, by id, so that asking for one says it was withdrawn rather than unknown.
   */
  withdrawn?: ReadonlyMap<string, WithdrawnEntry>;
  /** Every place of the register with its rules by area, by id; empty for a tree built before places were published. */
  places?: ReadonlyMap<string, PlaceRecord>;
}

/** One entry of the manifest's `withdrawn` list. */
export interface WithdrawnEntry {
  id: string;
  withdrawn_iso: string;
  superseded_by: string | null;
}

/** The published files the server answers from besides each fact's own, in the order loadSiteTree reads them. */
const PUBLISHED = [SITE_PATHS.catalog, SITE_PATHS.searchIndex, SITE_PATHS.upcoming] as const;

/** How many problems the one-line refusal names before it only counts the rest. */
const PROBLEMS_SHOWN = 3;

const BUILD_HINT = "build one with npm run build (or npm run build -- --out DIR)";

/** Reads one published file, or undefined when the tree does not have it. */
const readPublished = async (root: string, sitePath: string): Promise<JsonDocument | undefined> => {
  try {
    return await readDocument(root, sitePath.slice(1));
  } catch (error: unknown) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
};

const validated = <Schema extends z.ZodType>(
  doc: JsonDocument,
  schema: Schema,
): { value: z.infer<Schema> | undefined; problems: Problem[] } =>
  doc.syntaxProblems.length > 0 ? { value: undefined, problems: doc.syntaxProblems } : validateWithSchema(doc, schema);

/**
 * Each fact of the catalog from its single-fact response, which alone carries its citations' quotes and notes (the
 * catalog has the same history); a response that is missing, invalid or about another state of the fact is a problem.
 */
const readFacts = async (
  root: string,
  catalogDoc: JsonDocument,
  catalog: PublishedCatalog,
): Promise<{ facts: PublishedFact[]; problems: Problem[] }> => {
  const read = await Promise.all(
    catalog.facts.map(async (listed, index): Promise<{ fact?: PublishedFact; problems: Problem[] }> => {
      const sitePath = SITE_PATHS.factById(listed.id);
      const doc = await readPublished(root, sitePath);
      if (!doc)
        return {
          problems: [
            catalogDoc.problemAt(
              ["facts", index, "id"],
              `lists ${listed.id}, but the tree has no ${sitePath.slice(1)}`,
            ),
          ],
        };
      const response = validated(doc, PublishedFactResponse);
      if (!response.value) return { problems: response.problems };
      const { fact } = response.value;
      if (fact.id !== listed.id || fact.version !== listed.version) {
        return {
          problems: [
            doc.problemAt(
              ["fact"],
              `is ${fact.id} version ${fact.version}, but the catalog lists ${listed.id} version ${listed.version}`,
            ),
          ],
        };
      }
      return { fact, problems: [] };
    }),
  );
  return {
    facts: read.flatMap(({ fact }) => (fact ? [fact] : [])),
    problems: read.flatMap(({ problems }) => problems),
  };
};

/** Each fact id a file names that the catalog does not publish, as a problem at its place in the file. */
const unknownIds = (
  doc: JsonDocument,
  named: readonly { id: string; at: (string | number)[] }[],
  published: ReadonlySet<string>,
): Problem[] =>
  named.flatMap(({ id, at }) =>
    published.has(id) ? [] : [doc.problemAt(at, `names ${id}, which the catalog does not publish`)],
  );

const refuse = (root: string, problems: readonly Problem[]): never => {
  const shown = problems
    .slice(0, PROBLEMS_SHOWN)
    .map((problem) => formatProblem({ ...problem, file: path.join(root, problem.file) }));
  const more = problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : "";
  throw new Error(`${root} is not a valid built tree: ${shown.join("; ")}${more}`);
};

/**
 * Reads what a tree `npm run build` wrote, once: the catalog, each fact's single-fact response, the search index and
 * the upcoming list, each validated with its schema and checked against the catalog. A folder that is not such a
 * tree is refused with one line that says what is wrong with it (including a citation URL that is not the RFC 3986
 * URI the answers' output schemas promise).
 */
export const loadSiteTree = async (root: string): Promise<SiteTree> => {
  const folder = await stat(root).catch((error: unknown) => {
    if (isMissingFile(error)) throw new Error(`${root}: no such folder; ${BUILD_HINT}`);
    throw error;
  });
  if (!folder.isDirectory()) throw new Error(`${root} is a file, not the folder of a built tree; ${BUILD_HINT}`);

  const documents = await Promise.all(PUBLISHED.map((sitePath) => readPublished(root, sitePath)));
  const missing = PUBLISHED.filter((_, index) => documents[index] === undefined).map((sitePath) => sitePath.slice(1));
  if (missing.length > 0)
    throw new Error(`${root} is not a built tree: it has no ${missing.join(", ")}; ${BUILD_HINT}`);
  const [catalogDoc, searchDoc, upcomingDoc] = documents as [JsonDocument, JsonDocument, JsonDocument];

  const catalog = validated(catalogDoc, PublishedCatalog);
  const searchIndex = validated(searchDoc, SearchIndex);
  const upcoming = validated(upcomingDoc, Upcoming);
  const problems = [...catalog.problems, ...searchIndex.problems, ...upcoming.problems];
  if (problems.length > 0 || !catalog.value || !searchIndex.value || !upcoming.value) return refuse(root, problems);

  const published = new Set(catalog.value.facts.map((fact) => fact.id));
  const facts = await readFacts(root, catalogDoc, catalog.value);
  const inconsistencies = [
    ...facts.problems,
    ...unknownIds(
      searchDoc,
      searchIndex.value.map((item, index) => ({ id: item.id, at: [index, "id"] })),
      published,
    ),
    ...unknownIds(
      upcomingDoc,
      upcoming.value.items.map((item, index) => ({ id: item.fact_id, at: ["items", index, "fact_id"] })),
      published,
    ),
  ];
  if (inconsistencies.length > 0) return refuse(root, inconsistencies);

  const places = await readPlaces(root);
  if (places.problems.length > 0) return refuse(root, places.problems);

  // The manifest is read only for its withdrawn list; a tree without one (or an older one) has no withdrawn facts.
  const manifestDoc = await readPublished(root, SITE_PATHS.manifest);
  const manifest = manifestDoc === undefined ? undefined : Manifest.safeParse(manifestDoc.value);
  const withdrawn = manifest?.success ? (manifest.data.withdrawn ?? []) : [];
  return {
    root,
    withdrawn: new Map(withdrawn.map((entry) => [entry.id, entry])),
    catalog: catalog.value,
    facts: new Map(facts.facts.map((fact) => [fact.id, fact])),
    searchIndex: searchIndex.value,
    upcoming: upcoming.value,
    places: new Map(places.places.map((place) => [place.id, place])),
  };
};

/**
 * The places index and each place file it lists, validated with their schemas; a tree without the index (built
 * before places were published) has none, and a place the index lists but the tree lacks is a problem.
 */
const readPlaces = async (root: string): Promise<{ places: PlaceRecord[]; problems: Problem[] }> => {
  const indexDoc = await readPublished(root, SITE_PATHS.placesIndex);
  if (indexDoc === undefined) return { places: [], problems: [] };
  const index = validated(indexDoc, PlacesIndex);
  if (index.value === undefined) return { places: [], problems: index.problems };
  const read = await Promise.all(
    index.value.places.map(async ({ id }, at): Promise<{ place?: PlaceRecord; problems: Problem[] }> => {
      const doc = await readPublished(root, SITE_PATHS.place(id));
      if (doc === undefined)
        return {
          problems: [
            indexDoc.problemAt(
              ["places", at, "id"],
              `lists ${id}, but the tree has no ${SITE_PATHS.place(id).slice(1)}`,
            ),
          ],
        };
      const response = validated(doc, PlaceResponse);
      return response.value === undefined
        ? { problems: response.problems }
        : { place: response.value.place, problems: [] };
    }),
  );
  return {
    places: read.flatMap(({ place }) => (place ? [place] : [])),
    problems: read.flatMap(({ problems }) => problems),
  };
};
