/**
 * One record per endpoint: its path, what it answers (summary and schema), its parameters, its payload budget and how
 * it is rendered, declared once. The build renders each record's files (render-site.ts), the OpenAPI description
 * lists it (api/render-openapi.ts) with an example, the file published for its parameters' examples
 * (api/openapi-examples.ts), `llms.txt` and the manifest's `endpoints` name it (api/discovery.ts), the payload
 * budgets hold each of its files to its budget (src/build/payload-budgets.ts), and the README's endpoint table is
 * generated from it (`npm run docs:endpoints`). docs/maintainers/architecture.md#adding-an-endpoint says what else a
 * new endpoint needs.
 *
 * Not every endpoint is here yet: the feeds, calendars, CSV files, the value schemas, the Data Package and the
 * discovery files are still declared where they are rendered, and most JSON endpoints are
 * still rendered beside other files (those records have no `render`), several budgeted by rules that read another
 * file (the catalog's fact count), which stay in payload-budgets.ts.
 */
import type { z } from "zod";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import * as schemas from "../schemas/index.ts";
import { DOMAINS } from "../schemas/index.ts";
import {
  renderCatalog,
  renderDiffIndex,
  renderDiffs,
  renderDomainBundles,
  renderFacts,
  renderSeries,
  seriesOfModel,
} from "./api/fact-endpoints.ts";
import { renderLocaleFiles } from "./api/locale-endpoints.ts";
import { renderPlaceFiles, renderPlacesIndex } from "./api/place-endpoints.ts";
import { renderBadges } from "./feeds/badges.ts";
import type { SiteEntry, SiteModel } from "./site-model.ts";

/** A parameter of a path template, e.g. `{id}`: its JSON Schema in the OpenAPI description, read from the model. */
export interface EndpointParameter {
  name: string;
  schema: (model: SiteModel) => Record<string, unknown>;
  /**
   * The value of the OpenAPI example: the operation's example is the file published at the path these values name.
   * Undefined when the data has none (a catalog with no revision has no diff to show).
   */
  example: (model: SiteModel) => string | number | undefined;
}

/** A limit and how it was reached, as `npm run budgets` prints it. */
export interface BudgetLimit {
  limit: number;
  basis: string;
}

/** The payload budget of each file of an endpoint (docs/maintainers/payload-budgets.md gives each budget's reason). */
export interface EndpointBudget {
  /** Which budget the files fall under, e.g. `place`. */
  name: string;
  /**
   * The most one file may weigh gzip-compressed, from its parsed JSON (`body()` parses it when first called), so a
   * limit may grow with what it lists.
   */
  limit: (body: () => unknown, path: string) => BudgetLimit;
}

export interface Endpoint {
  /** The path within the site; a template names each parameter in braces, e.g. `/api/v1/places/{id}.json`. */
  path: string;
  /** One sentence for the OpenAPI description. */
  summary: string;
  /** The response's schema: its OpenAPI component name and the zod schema the component is generated from. */
  schema: { name: string; zod: z.ZodType };
  /** The OpenAPI description of the 200 response; the schema's name when absent. */
  responseDescription?: string;
  mediaType: "application/json";
  /** The path parameters, in the order they appear in `path`. */
  parameters?: readonly EndpointParameter[];
  /** When a parameter names nothing published: the OpenAPI description of the 404. */
  notFound?: string;
  /** When a parameter may name something withdrawn: the OpenAPI description of the 410, whose body is the schema's. */
  gone?: string;
  /**
   * The lists (JSON pointers, `""` for a file that is a list) the OpenAPI example cuts to their first items: a file
   * that lists every fact is an example by its first few.
   */
  exampleCuts?: readonly string[];
  /** What it returns, for the README's endpoint table (one Markdown table cell). */
  readme: string;
  /** Its line in the API section of `llms.txt`, if it has one of its own. */
  llms?: (model: SiteModel) => string;
  /** Its key in the manifest's `endpoints`, whose value is its absolute URL (a template keeps its braces). */
  manifestKey?: string;
  budget?: EndpointBudget;
  /**
   * Every file of the endpoint, by site path; absent while the endpoint's files are still rendered beside others'
   * (render-site.ts lists those renderers).
   */
  render?: (model: SiteModel) => Iterable<SiteEntry>;
}

/** Kilobytes of 1,000 bytes, as payload-budgets.ts counts them. */
const KB = 1000;
const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** A budget whatever the file holds. */
const fixedBudget = (name: string, limit: number): EndpointBudget => ({
  name,
  limit: () => ({ limit, basis: limit < KB ? `${limit} B` : kb(limit) }),
});

/** The list at `key` of a parsed JSON file, or an error naming the file. */
const listOf = (body: unknown, path: string, key: string): unknown[] => {
  const list = (body as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list)) throw new Error(`${path} has no ${key} list (at /${key})`);
  return list;
};

/**
 * The places (docs/consumers/api.md#places): the index lists each place in a line (its id, name, kind and district),
 * and a place's file gives its record and sources, plus each period of each rule there, counted in the file, so a place
 * whose rules change often may grow with its periods, and a period that grows past a few sentences is caught.
 */
const PLACES_BUDGET = { indexFixed: 1 * KB, perPlace: 32, fileFixed: 2 * KB, perPeriod: 96 } as const;

/**
 * The diff index: its envelope, plus a line per diff it lists (the fact, the two versions, the URL, the dates and the
 * version's note, which is a sentence or two), counted in the file, and never below the approximate size the service
 * was described with.
 */
const DIFF_INDEX_BUDGET = { fixed: 1 * KB, perDiff: 128, floor: 5 * KB } as const;

/** The ids a fact's files answer for: every fact's, and every withdrawn fact's, whose files keep its tombstone. */
const factOrWithdrawnIds = (model: SiteModel) => ({
  type: "string",
  enum: [...model.facts.map((fact) => fact.id), ...model.withdrawn.map(({ fact }) => fact.id)],
});
const factIds = (model: SiteModel) => ({ type: "string", enum: model.facts.map((fact) => fact.id) });

/**
 * The fact the OpenAPI examples show: the first of the catalog that has a published diff, so its history and its diff
 * are shown too (the first fact when none has); the examples of its domain's files show its domain.
 */
export const exampleFact = (model: SiteModel): SiteModel["facts"][number] | undefined => {
  const revised = new Set(model.diffs.map((diff) => diff.fact_id));
  return model.facts.find((fact) => revised.has(fact.id)) ?? model.facts[0];
};
/** The diff the OpenAPI examples show: the example fact's first. */
const exampleDiff = (model: SiteModel) => {
  const id = exampleFact(model)?.id;
  return model.diffs.find((diff) => diff.fact_id === id);
};
const NOT_A_FACT = "The id is not one of the catalog's.";
/** A 404 that says no more than the generic one. */
const NO_SUCH_RESOURCE = "No such resource.";

const CATALOG: Endpoint = {
  path: SITE_PATHS.catalog,
  summary: "The full catalog, with every fact's history.",
  schema: { name: "FactCatalog", zod: schemas.FactCatalog },
  mediaType: "application/json",
  exampleCuts: ["/facts"],
  readme: "the catalog: every fact's current state, sources and history (quotes and notes are per fact)",
  llms: (model) => `- [Full catalog with history](${model.urls.catalog}): every fact with its earlier versions, JSON`,
  manifestKey: "catalog",
  render: renderCatalog,
};

const DOMAIN_BUNDLE: Endpoint = {
  path: SITE_PATHS.domainBundle("{domain}"),
  summary: "The catalog limited to one domain.",
  schema: { name: "FactCatalog", zod: schemas.FactCatalog },
  responseDescription: "FactCatalog of one domain",
  mediaType: "application/json",
  parameters: [
    {
      name: "domain",
      schema: () => ({ type: "string", enum: [...DOMAINS] }),
      example: (model) => exampleFact(model)?.domain,
    },
  ],
  notFound: NO_SUCH_RESOURCE,
  exampleCuts: ["/facts"],
  readme: "the catalog of one domain: `tax`, `mortgage`, `legal`, `foreign-buyer`, `strata`, `rental`",
  llms: (model) =>
    `- Catalog of one domain, with history, JSON: ${DOMAINS.map((domain) => `[${domain}](${model.urls.domainBundle(domain)})`).join(", ")}`,
  render: renderDomainBundles,
};

const FACT: Endpoint = {
  path: SITE_PATHS.factById("{id}"),
  summary: "One fact.",
  schema: { name: "SingleFactResponse", zod: schemas.SingleFactResponse },
  mediaType: "application/json",
  parameters: [{ name: "id", schema: factOrWithdrawnIds, example: (model) => exampleFact(model)?.id }],
  notFound: NOT_A_FACT,
  gone: "The fact was withdrawn (an id of the manifest's withdrawn list): the body is its tombstone, its last state with `withdrawn`. The local server answers 410; a static host such as GitHub Pages serves the same body with 200.",
  readme:
    "one fact with its quotes, notes and history; `404` for an unknown id; a withdrawn fact's tombstone (`withdrawn`; `410` on the local server)",
  manifestKey: "by_id_pattern",
  render: renderFacts,
};

const ALL_FACTS: Endpoint = {
  path: SITE_PATHS.factsAll,
  summary:
    "Every fact's full record in one file: each entry is the `fact` of its single-fact response, quotes and notes included.",
  schema: { name: "AllFacts", zod: schemas.AllFacts },
  mediaType: "application/json",
  exampleCuts: ["/facts"],
  readme: "every fact's full record (quotes, notes, history, scheduled changes) in one file",
  llms: (model) =>
    `- [Every fact's full record](${model.urls.factsAll}): with citation quotes, notes, history and scheduled changes, JSON`,
};

const SERIES: Endpoint = {
  path: SITE_PATHS.series("{series}"),
  summary:
    "The stable alias of a yearly series (e.g. bc.rent_cap): the member in force on the build date, with its full record, and every member's id, year, dates and URL.",
  schema: { name: "SeriesResponse", zod: schemas.SeriesResponse },
  mediaType: "application/json",
  parameters: [
    {
      name: "series",
      schema: (model) => ({ type: "string", enum: seriesOfModel(model).map((series) => series.name) }),
      example: (model) => seriesOfModel(model)[0]?.name,
    },
  ],
  notFound: "The name is not one of the published series.",
  exampleCuts: ["/members"],
  readme:
    "a yearly series under a name that stays (`bc.rent_cap`, `bc.svt.rates`): the year in force, with every year's id",
  manifestKey: "series_pattern",
  render: renderSeries,
};

const UPCOMING: Endpoint = {
  path: SITE_PATHS.upcoming,
  summary:
    "Scheduled changes, expected announcements and verification lapses within 365 days of the build date, soonest first, and any expected announcement past its date whose newer value is not recorded here yet.",
  schema: { name: "Upcoming", zod: schemas.Upcoming },
  mediaType: "application/json",
  exampleCuts: ["/items"],
  readme:
    "scheduled changes, expected announcements (those past their date and not recorded yet too) and verification lapses in the next 365 days",
};

const BADGE: Endpoint = {
  path: SITE_PATHS.badge("{id}"),
  summary:
    'A fact\'s badge in the Shields endpoint format (https://shields.io/badges/endpoint-badge): its label and its value in force on the build date, never a scheduled one; yellow and "announced, not enacted" for a rule announced but not confirmed enacted, orange and "unverified since" past its re-verification date, light grey and "withdrawn" for a withdrawn fact. Embed it as https://img.shields.io/endpoint?url={this URL, encoded}.',
  schema: { name: "Badge", zod: schemas.Badge },
  mediaType: "application/json",
  parameters: [{ name: "id", schema: factOrWithdrawnIds, example: (model) => exampleFact(model)?.id }],
  notFound: NOT_A_FACT,
  readme:
    "a fact's value in force as a Shields endpoint badge, to show on another page ([badges](docs/consumers/badges.md))",
  llms: (model) =>
    `- Badges: each fact's value in force, in the Shields endpoint format, at ${model.urls.base}${SITE_PATHS.badge("{id}")}`,
  manifestKey: "badge_pattern",
  // One fact's label and value in a line; Shields fetches it for every page that shows the badge.
  budget: fixedBudget("badge", 512),
  render: renderBadges,
};

const LLMS: Endpoint = {
  path: SITE_PATHS.llms,
  summary: "Compact catalog for language models, without history.",
  schema: { name: "LlmCatalog", zod: schemas.LlmCatalog },
  responseDescription: "LLM catalog",
  mediaType: "application/json",
  exampleCuts: ["/facts"],
  readme: "a compact catalog for language models, summarized by `/llms.txt`",
  llms: (model) => `- [Compact catalog for language models](${model.urls.llms}): every fact without history, JSON`,
  manifestKey: "llms",
};

const MANIFEST: Endpoint = {
  path: SITE_PATHS.manifest,
  summary: "Endpoints, ids and the SHA-256 of every published file.",
  schema: { name: "Manifest", zod: schemas.Manifest },
  mediaType: "application/json",
  exampleCuts: ["/files"],
  readme: "the endpoints, the domain, id and series lists, and the size and SHA-256 of every other file",
};

const SEARCH_INDEX: Endpoint = {
  path: SITE_PATHS.searchIndex,
  summary: "Pre-normalized search items, one per fact.",
  schema: { name: "SearchIndex", zod: schemas.SearchIndex },
  responseDescription: "Search index",
  mediaType: "application/json",
  exampleCuts: [""],
  readme:
    "one lowercase search item per fact, with aliases (places and everyday words from `reference/search-aliases.json`); the catalog's search box and the MCP server's `search_facts` rank it with one function",
  manifestKey: "search_index",
};

const DIFF: Endpoint = {
  path: SITE_PATHS.diff("{fact-id}", "{from}", "{to}"),
  summary: "The change of one fact between two versions, with both states and a structured value_diff.",
  schema: { name: "FactDiff", zod: schemas.FactDiff },
  mediaType: "application/json",
  parameters: [
    { name: "fact-id", schema: factIds, example: (model) => exampleDiff(model)?.fact_id },
    { name: "from", schema: () => ({ type: "integer", minimum: 1 }), example: (model) => exampleDiff(model)?.from },
    { name: "to", schema: () => ({ type: "integer", minimum: 2 }), example: (model) => exampleDiff(model)?.to },
  ],
  notFound: NO_SUCH_RESOURCE,
  readme: "what changed between two versions of a fact",
  // One fact at two versions, each with its full citations: its size does not depend on how many facts there are.
  budget: fixedBudget("diff", 8 * KB),
  render: renderDiffs,
};

const DIFF_INDEX: Endpoint = {
  path: SITE_PATHS.diffIndex,
  summary: "Every published diff, newest first.",
  schema: { name: "DiffIndex", zod: schemas.DiffIndex },
  mediaType: "application/json",
  exampleCuts: ["/diffs"],
  readme: "every recorded revision, newest first",
  llms: (model) => `- [Diff index](${model.urls.diffIndex}): every revision with its structured diff`,
  manifestKey: "diff_index",
  // One line per published diff, counted in the file: the index lists every diff, so it grows with each revision.
  budget: {
    name: "diff index",
    limit: (body, path) => {
      const lines = listOf(body(), path, "diffs").length;
      const scaled = DIFF_INDEX_BUDGET.fixed + DIFF_INDEX_BUDGET.perDiff * lines;
      return scaled >= DIFF_INDEX_BUDGET.floor
        ? {
            limit: scaled,
            basis: `${kb(DIFF_INDEX_BUDGET.fixed)} + ${DIFF_INDEX_BUDGET.perDiff} B × ${lines} diffs`,
          }
        : {
            limit: DIFF_INDEX_BUDGET.floor,
            basis: `${kb(DIFF_INDEX_BUDGET.floor)}, the floor (${kb(DIFF_INDEX_BUDGET.fixed)} + ${DIFF_INDEX_BUDGET.perDiff} B × ${lines} diffs is less)`,
          };
    },
  },
  render: renderDiffIndex,
};

const CHANGES: Endpoint = {
  path: SITE_PATHS.changes,
  summary:
    "Every change event of every fact, newest first, each with a stable id: a mirror reads from the top and stops at the last id it processed.",
  schema: { name: "ChangesIndex", zod: schemas.ChangesIndex },
  mediaType: "application/json",
  exampleCuts: ["/events"],
  readme:
    "every change of every fact (added, revision, promoted, scheduled, re-verification, editorial, withdrawn), newest recorded first, each with a stable id to sync from, the day it was recorded and the date the fact's state after it took effect",
  manifestKey: "changes",
};

/**
 * The affordability index, `index.json` and `latest.json`, under its name and under its older name
 * (`SITE_PATHS.affordabilityFolders`, the same bytes); its CSV is not declared by a record yet. Rendered by
 * renderAffordability, which writes both names' files.
 */
const affordabilityEndpoints = (folder: string, older: boolean): Endpoint[] => [
  {
    path: `${folder}/index.json`,
    summary: "Full affordability index series with its methodology.",
    schema: { name: "AffordabilitySeries", zod: schemas.AffordabilitySeries },
    responseDescription: "Series",
    mediaType: "application/json",
    // The methodology carries every month's mortgage rate and benchmark price and every gap: the series' months.
    exampleCuts: [
      "/series",
      "/methodology/mortgage_rate/months",
      "/methodology/benchmark_prices/*",
      "/methodology/gaps",
    ],
    readme: older
      ? `the same as \`${SITE_PATHS.affordabilityIndex}\`, under the index's older name`
      : "the affordability index: every month, with its methodology",
    ...(older ? {} : { manifestKey: "affordability_index" }),
  },
  {
    path: `${folder}/latest.json`,
    summary: "Latest affordability index entry, or the pre-publication state.",
    schema: { name: "AffordabilityLatest", zod: schemas.AffordabilityLatest },
    responseDescription: "Latest",
    mediaType: "application/json",
    readme: older
      ? `the same as \`${SITE_PATHS.affordabilityLatest}\`, under the index's older name`
      : "the latest month, with how current and complete the index is (`publication`), or why none is published yet",
    ...(older ? {} : { manifestKey: "affordability_latest" }),
  },
];

const PLACES_INDEX: Endpoint = {
  path: SITE_PATHS.placesIndex,
  summary:
    "Every place of the register: each municipality and regional district of British Columbia and the other areas a rule names, with its kind and regional district.",
  schema: { name: "PlacesIndex", zod: schemas.PlacesIndex },
  mediaType: "application/json",
  exampleCuts: ["/places"],
  readme:
    "every municipality and regional district of British Columbia, and the other areas a rule names, from the register `reference/places.json` ([places](docs/consumers/api.md#places))",
  llms: (model) =>
    `- [Places](${model.urls.placesIndex}): every municipality and regional district of British Columbia (and other areas a rule names), JSON; each place at ${model.urls.base}${SITE_PATHS.place("{id}")} gives the periods of each rule that applies there by area (the foreign buyers' tax, the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount), each naming the fact and version it was read from`,
  manifestKey: "places_index",
  budget: {
    name: "places index",
    limit: (body, path) => {
      const places = listOf(body(), path, "places").length;
      return {
        limit: PLACES_BUDGET.indexFixed + PLACES_BUDGET.perPlace * places,
        basis: `${kb(PLACES_BUDGET.indexFixed)} + ${PLACES_BUDGET.perPlace} B × ${places} places`,
      };
    },
  },
  render: renderPlacesIndex,
};

const PLACE: Endpoint = {
  path: SITE_PATHS.place("{id}"),
  summary:
    "One place with the periods of each rule that applies there by area (the foreign buyers' specified areas, the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount), each period derived from the fact that lists the areas and naming its version.",
  schema: { name: "PlaceResponse", zod: schemas.PlaceResponse },
  mediaType: "application/json",
  parameters: [
    {
      name: "id",
      schema: (model) => ({ type: "string", enum: model.places.map((place) => place.id) }),
      example: (model) => model.places[0]?.id,
    },
  ],
  notFound: "The id is not one of the register's.",
  readme:
    "one place with the periods of each rule that applies there by area (the foreign buyers' tax, the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount), each derived from the fact that lists the areas and naming its version",
  manifestKey: "place_pattern",
  budget: {
    name: "place",
    limit: (body, path) => {
      const rules = (body() as { place?: { rules?: Record<string, unknown[]> } } | null)?.place?.rules;
      if (rules === undefined) throw new Error(`${path} has no place rules (at /place/rules)`);
      const periods = Object.values(rules).reduce((sum, list) => sum + list.length, 0);
      return {
        limit: PLACES_BUDGET.fileFixed + PLACES_BUDGET.perPeriod * periods,
        basis: `${kb(PLACES_BUDGET.fileFixed)} + ${PLACES_BUDGET.perPeriod} B × ${periods} periods`,
      };
    },
  },
  render: renderPlaceFiles,
};

/**
 * A language's words for the facts: the labels of every value key and unit, and each fact's label, description and
 * summary. Its fixed part is the glossary's labels (some 700 keys, each a few words), then a label, a description of
 * a few sentences and a summary line per fact; counted in the file, so a new fact or key needs no edit here.
 */
const LOCALE_BUDGET = { fixed: 4 * KB, perKey: 40, perFact: 640 } as const;

const LOCALE: Endpoint = {
  path: SITE_PATHS.locale("{lang}"),
  summary:
    "One language's words for the facts (English, French, Traditional and Simplified Chinese, Punjabi): the label of every value key and unit, and each fact's label, description and one-line summary of its current value. English is authoritative; an untranslated fact keeps its English words, flagged.",
  schema: { name: "LocaleWords", zod: schemas.LocaleWords },
  mediaType: "application/json",
  parameters: [
    {
      name: "lang",
      schema: (model) => ({ type: "string", enum: model.languages.map((lang) => lang.locale.code) }),
      example: () => "fr-CA",
    },
  ],
  notFound: "The language is not one the site is published in.",
  readme:
    "one language's words for the facts (`en`, `fr-CA`, `zh-Hant`, `zh-Hans`, `pa`): every value key's label, each unit, and each fact's label, description and summary ([languages](docs/consumers/api.md#languages))",
  llms: (model) =>
    `- [Words in other languages](${model.urls.base}${SITE_PATHS.locale("fr-CA")}): each fact's label, description and summary, and every value key's label, in ${model.languages.map((lang) => `${lang.locale.name} (${lang.locale.code})`).join(", ")}, at ${model.urls.base}${SITE_PATHS.locale("{lang}")}; English is authoritative`,
  manifestKey: "locale_pattern",
  budget: {
    name: "locale words",
    limit: (body, path) => {
      const parsed = body() as { keys?: Record<string, unknown>; facts?: Record<string, unknown> } | null;
      if (parsed?.keys === undefined || parsed.facts === undefined)
        throw new Error(`${path} has no keys or facts (at /keys, /facts)`);
      const keys = Object.keys(parsed.keys).length;
      const facts = Object.keys(parsed.facts).length;
      return {
        limit: LOCALE_BUDGET.fixed + LOCALE_BUDGET.perKey * keys + LOCALE_BUDGET.perFact * facts,
        basis: `${kb(LOCALE_BUDGET.fixed)} + ${LOCALE_BUDGET.perKey} B × ${keys} keys + ${LOCALE_BUDGET.perFact} B × ${facts} facts`,
      };
    },
  },
  render: renderLocaleFiles,
};

/** Every endpoint declared by a record, in the order of the README's table. */
export const ENDPOINTS: readonly Endpoint[] = [
  CATALOG,
  DOMAIN_BUNDLE,
  FACT,
  ALL_FACTS,
  SERIES,
  UPCOMING,
  BADGE,
  LLMS,
  MANIFEST,
  SEARCH_INDEX,
  DIFF,
  DIFF_INDEX,
  CHANGES,
  ...SITE_PATHS.affordabilityFolders.flatMap((folder, at) => affordabilityEndpoints(folder, at > 0)),
  PLACES_INDEX,
  PLACE,
  LOCALE,
];

/** A path template as a pattern of the paths it serves: each `{parameter}` stands for one path segment. */
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}/]+\}/g, "[^/]+")}$`);

const TEMPLATES = ENDPOINTS.map((endpoint) => [endpoint, templatePattern(endpoint.path)] as const);

/**
 * The endpoint that serves a site path, as a router would match it: a path without parameters first, so
 * `/api/v1/places/index.json` is the index, not the place `index`.
 */
export const endpointOf = (path: string): Endpoint | undefined =>
  ENDPOINTS.find((endpoint) => endpoint.path === path) ??
  TEMPLATES.find(([endpoint, pattern]) => endpoint.path.includes("{") && pattern.test(path))?.[0];

/** The files of one endpoint, each at a path the endpoint serves, or an error naming the file that is not. */
export function* renderEndpoint(endpoint: Endpoint, model: SiteModel): Generator<SiteEntry> {
  for (const entry of endpoint.render?.(model) ?? []) {
    if (endpointOf(entry[0]) !== endpoint) throw new Error(`the renderer of ${endpoint.path} produced ${entry[0]}`);
    yield entry;
  }
}

/**
 * A list the records feed whose order is older than the records (the OpenAPI paths, the lines of `llms.txt`, the
 * manifest's endpoints; their order is part of the published bytes): `at(path)` gives the item of the record at `path`,
 * for the place it has always had, and `rest()` the items of the records not placed, in the records' order, so an
 * endpoint declared since goes last. A record without an item (`item` gives undefined) adds nothing.
 */
export const placedInOrder = <T>(item: (endpoint: Endpoint) => T | undefined) => {
  const left = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));
  const itemsOf = (endpoints: readonly Endpoint[]): T[] =>
    endpoints.flatMap((endpoint) => {
      const value = item(endpoint);
      return value === undefined ? [] : [value];
    });
  return {
    at: (path: string): T[] => {
      const endpoint = left.get(path);
      if (endpoint === undefined) throw new Error(`${path} is declared by no record of endpoints.ts, or placed twice`);
      left.delete(path);
      return itemsOf([endpoint]);
    },
    rest: (): T[] => itemsOf([...left.values()]),
  };
};
