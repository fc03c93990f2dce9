/**
 * The built tree as the MCP server holds it. At start it reads only small files (`loadSiteTree`): the manifest, the
 * search index, the upcoming list, the places index and the first part of llms.txt, each validated and checked
 * against the others, each problem named with its file and JSON Pointer; the catalog is only checked to exist. A
 * fact's `by-id` file, a series file and a place file are read when a tool call first needs them (tree-files.ts).
 * The tree is read from a folder or from the site that publishes it (site-source.ts), alike.
 */
import { z } from "zod";
import { type ManifestEntry, SITE_PATHS } from "../../packages/client/src/index.ts";
import { formatProblem, type Problem } from "../lib/problem.ts";
import { parseBytes } from "../model/data-files.ts";
import { type JsonDocument, validateWithSchema } from "../model/json-document.ts";
import { LLMS_SOURCE_KINDS } from "../render/api/discovery.ts";
import {
  AbsoluteUrl,
  Fact,
  FactCatalog,
  Manifest,
  type PlaceRecord,
  PlaceResponse,
  type PlaceSummary,
  PlacesIndex,
  SearchIndex,
  SeriesResponse,
  SingleFactResponse,
  Upcoming,
} from "../schemas/index.ts";
import { folderSource, type SiteSource } from "./site-source.ts";
import { OnDemandFiles } from "./tree-files.ts";

/** A fact as a built tree publishes it: the build always gives it its canonical URL, which every answer cites. */
export const PublishedFact = Fact.extend({ canonical_url: AbsoluteUrl });
export type PublishedFact = z.infer<typeof PublishedFact>;

export const PublishedCatalog = FactCatalog.extend({ facts: z.array(PublishedFact) });
export type PublishedCatalog = z.infer<typeof PublishedCatalog>;

/** `/by-id/{id}.json`: the fact with everything, its citations' quotes and notes and its history included. */
export const PublishedFactResponse = SingleFactResponse.extend({ fact: PublishedFact });

/** What the server says of the data at initialization, read at start from the small files. */
export interface TreeAbout {
  /** The service's name and the API version as the manifest states them, the license as the upcoming list does. */
  name: string;
  version: string;
  license: string;
  /** How many facts the tree publishes: the manifest's `fact_id_list`. */
  fact_count: number;
  /** The count of the facts' citations and their organisations, as llms.txt states it (sourcesSummary). */
  sources_summary: string;
}

/**
 * What the server answers from: the small files of one built tree, read and validated at start, and the readers of
 * the files it reads when a tool call first needs them.
 */
export interface SiteTree {
  /** Where the tree was read from: its folder, or the base URL of the site that publishes it. */
  location: string;
  about: TreeAbout;
  searchIndex: SearchIndex;
  upcoming: Upcoming;
  /** The ids of the facts the tree publishes (each has its `by-id` file), in the manifest's order. */
  factIds: ReadonlySet<string>;
  /** The names of the yearly series the tree publishes (each has its series file). */
  seriesNames: ReadonlySet<string>;
  /**
   * The withdrawn facts the manifest lists, by id, so that asking for one says it was withdrawn rather than unknown.
   */
  withdrawn: ReadonlyMap<string, WithdrawnEntry>;
  /** Every place of the register in brief, in the index's order; empty for a tree built before places were published. */
  places: readonly PlaceSummary[];
  /**
   * The fact `id` as its `by-id` file gives it (citations' quotes and notes and its history included), read when first
   * asked for; `id` must be one of factIds. A file that cannot be used is a TreeFileError naming it.
   */
  fact: (id: string) => Promise<PublishedFact>;
  /** The series file of `name`, one of seriesNames, read when first asked for. */
  series: (name: string) => Promise<SeriesResponse>;
  /** The place file of `id`, one of the ids of places, read when first asked for. */
  place: (id: string) => Promise<PlaceRecord>;
}

/** One entry of the manifest's `withdrawn` list. */
export interface WithdrawnEntry {
  id: string;
  withdrawn_iso: string;
  superseded_by: string | null;
}

/**
 * The files the server reads whole at start, in the order loadSiteTree reads them: each is small whatever the number
 * of facts (the search index and the upcoming list have a short entry per fact, the manifest a line per file). The
 * catalog is only checked to exist: the tree is a built tree, and the facts are read one by one when needed.
 */
const REQUIRED = [SITE_PATHS.catalog, SITE_PATHS.manifest, SITE_PATHS.searchIndex, SITE_PATHS.upcoming] as const;

/** llms.txt, whose first part states the count of the facts' citations that the server's instructions quote. */
const LLMS_TXT = "/llms.txt";

/** How much of llms.txt is read: its head, where the count of the citations is (the facts are listed after it). */
const LLMS_HEAD_BYTES = 64 * 1024;

/** How many problems the one-line refusal names before it only counts the rest. */
const PROBLEMS_SHOWN = 3;

/** Reads one published file, or undefined when the tree does not have it. */
const readPublished = async (source: SiteSource, sitePath: string): Promise<JsonDocument | undefined> => {
  const bytes = await source.read(sitePath);
  return bytes === undefined ? undefined : parseBytes(sitePath.slice(1), bytes);
};

const validated = <Schema extends z.ZodType>(
  doc: JsonDocument,
  schema: Schema,
): { value: z.infer<Schema> | undefined; problems: Problem[] } =>
  doc.syntaxProblems.length > 0 ? { value: undefined, problems: doc.syntaxProblems } : validateWithSchema(doc, schema);

/** Each fact id a file names that the manifest does not list, as a problem at its place in the file. */
const unknownIds = (
  doc: JsonDocument,
  named: readonly { id: string; at: (string | number)[] }[],
  published: ReadonlySet<string>,
): Problem[] =>
  named.flatMap(({ id, at }) =>
    published.has(id)
      ? []
      : [doc.problemAt(at, `names ${id}, which the tree does not publish (the manifest's fact_id_list lacks it)`)],
  );

const refuse = (source: SiteSource, problems: readonly Problem[]): never => {
  const shown = problems
    .slice(0, PROBLEMS_SHOWN)
    .map((problem) => formatProblem({ ...problem, file: source.where(`/${problem.file}`) }));
  const more = problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : "";
  throw new Error(`${source.location} is not a valid built tree: ${shown.join("; ")}${more}`);
};

/**
 * The count of the citations llms.txt states at its head: the text before LLMS_SOURCE_KINDS on its line. Only the
 * first LLMS_HEAD_BYTES are read, however long the list of facts after it.
 */
const readSourcesSummary = async (source: SiteSource): Promise<string | undefined> => {
  const head = await source.head(LLMS_TXT, LLMS_HEAD_BYTES);
  if (head === undefined) return undefined;
  const line = new TextDecoder()
    .decode(head)
    .split("\n")
    .find((each) => each.includes(` ${LLMS_SOURCE_KINDS}`));
  return line?.slice(0, line.indexOf(` ${LLMS_SOURCE_KINDS}`));
};

/**
 * Reads the small files of a tree `npm run build` wrote: the manifest, the search index, the upcoming list, the
 * places index and the head of llms.txt, each validated with its schema, and checks that the catalog exists and that
 * every fact the search index and the upcoming list name is one the manifest lists. A folder or a site that is not
 * such a tree is refused with one line that says what is wrong with it. Nothing else is read at start: a fact's, a series' or a
 * place's file is read when a tool call first needs it, checked against the manifest's SHA-256 and its schema, and
 * a problem with it is answered to that call (tree-files.ts). `onRead`, when given, is called with the site path of
 * each such file before it is read.
 */
export const loadSiteTree = async (
  site: SiteSource | string,
  options: { onRead?: (sitePath: string) => void } = {},
): Promise<SiteTree> => {
  const source = typeof site === "string" ? folderSource(site) : site;
  await source.check();
  const present = await Promise.all(REQUIRED.map((sitePath) => source.has(sitePath)));
  const missing = REQUIRED.filter((_, index) => !present[index]).map((sitePath) => sitePath.slice(1));
  if (missing.length > 0)
    throw new Error(`${source.location} is not a built tree: it has no ${missing.join(", ")}; ${source.hint}`);
  const [manifestDoc, searchDoc, upcomingDoc] = (await Promise.all(
    [SITE_PATHS.manifest, SITE_PATHS.searchIndex, SITE_PATHS.upcoming].map((sitePath) =>
      readPublished(source, sitePath),
    ),
  )) as [JsonDocument, JsonDocument, JsonDocument];

  const manifest = validated(manifestDoc, Manifest);
  const searchIndex = validated(searchDoc, SearchIndex);
  const upcoming = validated(upcomingDoc, Upcoming);
  const problems = [...manifest.problems, ...searchIndex.problems, ...upcoming.problems];
  if (problems.length > 0 || !manifest.value || !searchIndex.value || !upcoming.value) return refuse(source, problems);
  const listed = manifestLists(manifestDoc, manifest.value);
  if (listed.problems.length > 0) return refuse(source, listed.problems);

  const factIds = new Set(manifest.value.fact_id_list);
  const inconsistencies = [
    ...unknownIds(
      searchDoc,
      searchIndex.value.map((item, index) => ({ id: item.id, at: [index, "id"] })),
      factIds,
    ),
    ...unknownIds(
      upcomingDoc,
      upcoming.value.items.map((item, index) => ({ id: item.fact_id, at: ["items", index, "fact_id"] })),
      factIds,
    ),
  ];
  if (inconsistencies.length > 0) return refuse(source, inconsistencies);

  const places = await readPlacesIndex(source);
  if (places.problems.length > 0) return refuse(source, places.problems);

  const sourcesSummary = await readSourcesSummary(source);
  if (sourcesSummary === undefined)
    throw new Error(
      `${source.location} is not a valid built tree: ${source.where(LLMS_TXT)} does not state the count of the facts' citations in its first ${LLMS_HEAD_BYTES / 1024} KB; ${source.hint}`,
    );

  const { files } = listed;
  const facts = new OnDemandFiles(
    source,
    files,
    {
      name: "fact",
      pathOf: SITE_PATHS.factById,
      schema: PublishedFactResponse,
      check: (id, response) =>
        response.fact.id === id
          ? undefined
          : { message: `is the file of ${response.fact.id}, not ${id}`, at: ["fact", "id"] },
      take: (response) => response.fact,
    },
    options.onRead,
  );
  const series = new OnDemandFiles(
    source,
    files,
    {
      name: "series",
      pathOf: SITE_PATHS.series,
      schema: SeriesResponse,
      check: (name, response) =>
        response.series === name
          ? undefined
          : { message: `is the file of ${response.series}, not ${name}`, at: ["series"] },
      take: (response) => response,
    },
    options.onRead,
  );
  const placeFiles = new OnDemandFiles(
    source,
    files,
    {
      name: "place",
      pathOf: SITE_PATHS.place,
      schema: PlaceResponse,
      check: (id, response) =>
        response.place.id === id
          ? undefined
          : { message: `is the file of ${response.place.id}, not ${id}`, at: ["place", "id"] },
      take: (response) => response.place,
    },
    options.onRead,
  );
  return {
    location: source.location,
    about: {
      name: listed.name,
      version: listed.version,
      license: upcoming.value.license,
      fact_count: factIds.size,
      sources_summary: sourcesSummary,
    },
    searchIndex: searchIndex.value,
    upcoming: upcoming.value,
    factIds,
    seriesNames: new Set(manifest.value.series_list ?? []),
    withdrawn: new Map((manifest.value.withdrawn ?? []).map((entry) => [entry.id, entry])),
    places: places.places,
    fact: (id) => facts.get(id),
    series: (name) => series.get(name),
    place: (id) => placeFiles.get(id),
  };
};

/**
 * What the manifest must state for the server to answer from the tree: the service's name and the API version, the
 * published fact ids, and every file with its size and SHA-256 (by path), which each file read on demand is checked
 * against.
 */
const manifestLists = (
  doc: JsonDocument,
  manifest: Manifest,
): { name: string; version: string; files: ReadonlyMap<string, ManifestEntry>; problems: Problem[] } => {
  const problems = [
    ...(manifest.name === undefined ? [doc.problemAt([], "states no name")] : []),
    ...(manifest.version === undefined ? [doc.problemAt([], "states no version")] : []),
    ...(manifest.fact_id_list === undefined ? [doc.problemAt([], "lists no fact_id_list")] : []),
    ...(manifest.files === undefined ? [doc.problemAt([], "lists no files with their SHA-256")] : []),
  ];
  return {
    name: manifest.name ?? "",
    version: manifest.version ?? "",
    files: new Map((manifest.files ?? []).map((entry) => [entry.path, entry])),
    problems,
  };
};

/**
 * The places index, validated with its schema: every place of the register in brief. A tree without it (built before
 * places were published) has no places; each place's own file is read when a call first asks about it.
 */
const readPlacesIndex = async (source: SiteSource): Promise<{ places: PlaceSummary[]; problems: Problem[] }> => {
  const indexDoc = await readPublished(source, SITE_PATHS.placesIndex);
  if (indexDoc === undefined) return { places: [], problems: [] };
  const index = validated(indexDoc, PlacesIndex);
  if (index.value === undefined) return { places: [], problems: index.problems };
  return { places: index.value.places, problems: [] };
};

/**
 * The tree with `facts` given in memory: each is answered for its id instead of the tree's `by-id` file, and an id
 * the tree does not publish becomes one it does. What the tests use to put fixtures in a built tree.
 */
export const withGivenFacts = (tree: SiteTree, facts: readonly PublishedFact[]): SiteTree => {
  const given = new Map(facts.map((fact) => [fact.id, fact]));
  return {
    ...tree,
    factIds: new Set([...tree.factIds, ...given.keys()]),
    fact: (id) => {
      const fact = given.get(id);
      return fact === undefined ? tree.fact(id) : Promise.resolve(fact);
    },
  };
};
