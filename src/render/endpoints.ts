/**
 * One record per endpoint: its path, what it answers (summary and schema), its parameters, its payload budget and how
 * it is rendered, declared once. The build renders each record's files (render-site.ts), the OpenAPI description
 * lists it (api/render-openapi.ts), `llms.txt` and the manifest's `endpoints` name it (api/discovery.ts), the payload
 * budgets hold each of its files to its budget (src/build/payload-budgets.ts), and the README's endpoint table is
 * generated from it (`npm run docs:endpoints`). docs/maintainers/architecture.md#adding-an-endpoint says what else a
 * new endpoint needs.
 *
 * Not every endpoint is here yet: the feeds, calendars, CSV files, the affordability index and the discovery files
 * are still declared where they are rendered.
 */
import type { z } from "zod";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import * as schemas from "../schemas/index.ts";
import { renderPlaceFiles, renderPlacesIndex } from "./api/place-endpoints.ts";
import type { SiteFiles, SiteModel } from "./site-model.ts";

/** A parameter of a path template, e.g. `{id}`: its JSON Schema in the OpenAPI description, read from the model. */
export interface EndpointParameter {
  name: string;
  schema: (model: SiteModel) => Record<string, unknown>;
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
  /** The most one file may weigh gzip-compressed, from its parsed JSON, so a limit may grow with what it lists. */
  limit: (body: unknown, path: string) => BudgetLimit;
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
  /** What it returns, for the README's endpoint table (one Markdown table cell). */
  readme: string;
  /** Its line in the API section of `llms.txt`, if it has one of its own. */
  llms?: (model: SiteModel) => string;
  /** Its key in the manifest's `endpoints`, whose value is its absolute URL (a template keeps its braces). */
  manifestKey?: string;
  budget?: EndpointBudget;
  /** Every file of the endpoint, by site path. */
  render: (model: SiteModel) => SiteFiles;
}

/** Kilobytes of 1,000 bytes, as payload-budgets.ts counts them. */
const KB = 1000;
const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

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

const PLACES_INDEX: Endpoint = {
  path: SITE_PATHS.placesIndex,
  summary:
    "Every place of the register: each municipality and regional district of British Columbia and the other areas a rule names, with its kind and regional district.",
  schema: { name: "PlacesIndex", zod: schemas.PlacesIndex },
  mediaType: "application/json",
  readme:
    "every municipality and regional district of British Columbia, and the other areas a rule names, from the register `reference/places.json` ([places](docs/consumers/api.md#places))",
  llms: (model) =>
    `- [Places](${model.urls.placesIndex}): every municipality and regional district of British Columbia (and other areas a rule names), JSON; each place at ${model.urls.base}${SITE_PATHS.place("{id}")} gives the periods of each rule that applies there by area (the foreign buyers' tax, the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount), each naming the fact and version it was read from`,
  manifestKey: "places_index",
  budget: {
    name: "places index",
    limit: (body, path) => {
      const places = listOf(body, path, "places").length;
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
  parameters: [{ name: "id", schema: (model) => ({ type: "string", enum: model.places.map((place) => place.id) }) }],
  notFound: "The id is not one of the register's.",
  readme:
    "one place with the periods of each rule that applies there by area (the foreign buyers' tax, the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount), each derived from the fact that lists the areas and naming its version",
  manifestKey: "place_pattern",
  budget: {
    name: "place",
    limit: (body, path) => {
      const rules = (body as { place?: { rules?: Record<string, unknown[]> } } | null)?.place?.rules;
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

/** Every endpoint declared by a record, in the order of the README's table. */
export const ENDPOINTS: readonly Endpoint[] = [PLACES_INDEX, PLACE];

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
export const renderEndpoint = (endpoint: Endpoint, model: SiteModel): SiteFiles => {
  const files = endpoint.render(model);
  for (const path of files.keys())
    if (endpointOf(path) !== endpoint) throw new Error(`the renderer of ${endpoint.path} produced ${path}`);
  return files;
};
