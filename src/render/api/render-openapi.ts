import { z } from "zod";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { CACHE_CONTROL, SERVICE } from "../../lib/config.ts";
import * as schemas from "../../schemas/index.ts";
import { DOMAINS, SCHEMA_VERSION, valueJsonSchema, valueSchemaFor } from "../../schemas/index.ts";
import { ENDPOINTS, type Endpoint, exampleFact, placedInOrder } from "../endpoints.ts";
import type { SiteModel } from "../site-model.ts";
import { jsonText, type SiteFiles } from "../site-model.ts";
import {
  type Example,
  type ExampleSource,
  exampleSources,
  type OpenApiResponse,
  type PathItem,
  type PathParameter,
  withExamples,
} from "./openapi-examples.ts";
import { AFFORDABILITY_PATHS } from "./render-affordability.ts";

/** The component schemas, generated from zod: one source of truth for validation, JSON Schema and OpenAPI. */
const COMPONENTS: Record<string, z.ZodType> = {
  Citation: schemas.Citation,
  HistoryEntry: schemas.HistoryEntry,
  Fact: schemas.Fact,
  FactCatalog: schemas.FactCatalog,
  SingleFactResponse: schemas.SingleFactResponse,
  AllFacts: schemas.AllFacts,
  SeriesMember: schemas.SeriesMember,
  SeriesResponse: schemas.SeriesResponse,
  Withdrawal: schemas.Withdrawal,
  LlmCatalog: schemas.LlmCatalog,
  Manifest: schemas.Manifest,
  FactDiff: schemas.FactDiff,
  DiffIndex: schemas.DiffIndex,
  ChangeEvent: schemas.ChangeEvent,
  ChangesIndex: schemas.ChangesIndex,
  SearchIndex: schemas.SearchIndex,
  ScheduledChange: schemas.PublishedScheduledChange,
  Upcoming: schemas.Upcoming,
  Badge: schemas.Badge,
  AffordabilityEntry: schemas.AffordabilityEntry,
  AffordabilitySeries: schemas.AffordabilitySeries,
  AffordabilityLatest: schemas.AffordabilityLatest,
  WebhookBody: schemas.WebhookBody,
  ErrorBody: schemas.ErrorBody,
};

export const componentSchemas = (): Record<string, unknown> => {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  // The response schema of each endpoint declared by a record (endpoints.ts) that is not a component above.
  for (const { schema } of ENDPOINTS) if (!registry.has(schema.zod)) registry.add(schema.zod, { id: schema.name });
  const generated = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => {
      // Inside an OpenAPI document a component is addressed by its location, not by $id or its own $schema.
      const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
};

/** The component name of one fact id's value schema, e.g. `FactValue.bc.ptt.brackets`. */
export const valueComponentName = (id: string): string => `FactValue.${id}`;

/** A component per published fact id: the schema of its `value`, as published at `/api/v1/facts/schemas/{id}.json`. */
const valueComponents = (facts: readonly { id: string; series?: string | undefined }[]): Record<string, unknown> =>
  Object.fromEntries(
    facts
      .filter(({ id, series }) => valueSchemaFor(id, series) !== undefined)
      .map(({ id, series }) => {
        const { $schema: _dialect, ...schema } = valueJsonSchema(id, series);
        return [valueComponentName(id), schema];
      }),
  );

/** What `/api/v1/facts/schemas/{id}.json` answers: a JSON Schema document of the 2020-12 dialect, with its address. */
const VALUE_SCHEMA_DOCUMENT = {
  type: "object",
  description:
    "A JSON Schema (2020-12) document: the schema of one fact's value, the same as the component FactValue.{id}.",
  properties: {
    $schema: { const: "https://json-schema.org/draft/2020-12/schema" },
    $id: { type: "string", format: "uri" },
    title: { type: "string" },
  },
  required: ["$schema", "$id"],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const HEADERS = {
  "Cache-Control": { $ref: "#/components/headers/Cache-Control" },
  "Access-Control-Allow-Origin": { $ref: "#/components/headers/Access-Control-Allow-Origin" },
  ETag: { $ref: "#/components/headers/ETag" },
};
const json = (schema: unknown, description: string): OpenApiResponse => ({
  description,
  headers: HEADERS,
  content: { "application/json": { schema } },
});
const NOT_FOUND = {
  description: "No such resource.",
  headers: { "Access-Control-Allow-Origin": HEADERS["Access-Control-Allow-Origin"] },
  content: { "application/json": { schema: ref("ErrorBody") } },
};
const get = (summary: string, responses: Record<string, OpenApiResponse>, parameters?: PathParameter[]): PathItem => ({
  get: { summary, ...(parameters ? { parameters } : {}), responses },
});
/** A path parameter, with the value its operation's example was published for when the data has one. */
const pathParameter = (name: string, schema: unknown, example: string | number | undefined): PathParameter => ({
  name,
  in: "path",
  required: true,
  schema,
  ...(example === undefined ? {} : { example }),
});

/** The path item of an endpoint declared by a record (endpoints.ts). */
const endpointPathItem = (endpoint: Endpoint, model: SiteModel) =>
  get(
    endpoint.summary,
    {
      200: {
        description: endpoint.responseDescription ?? endpoint.schema.name,
        headers: HEADERS,
        content: { [endpoint.mediaType]: { schema: ref(endpoint.schema.name) } },
      },
      ...(endpoint.notFound === undefined ? {} : { 404: { ...NOT_FOUND, description: endpoint.notFound } }),
      ...(endpoint.gone === undefined
        ? {}
        : {
            410: {
              description: endpoint.gone,
              headers: HEADERS,
              content: { [endpoint.mediaType]: { schema: ref(endpoint.schema.name) } },
            },
          }),
    },
    endpoint.parameters?.map((parameter) =>
      pathParameter(parameter.name, parameter.schema(model), parameter.example(model)),
    ),
  );

/** Every path of the description, by its template, with its parameters' examples and no response example yet. */
const pathItems = (model: SiteModel): Record<string, PathItem> => {
  const factIds = model.facts.map((fact) => fact.id);
  // The endpoints declared by a record keep the places they had among the others, as the document's key order is part
  // of its bytes; an endpoint declared since follows every other path.
  const declared = placedInOrder((endpoint) => [endpoint.path, endpointPathItem(endpoint, model)] as const);
  const registered = (path: string) => Object.fromEntries(declared.at(path));
  const paths: Record<string, PathItem> = {
    ...registered(SITE_PATHS.catalog),
    ...registered(SITE_PATHS.domainBundle("{domain}")),
    ...registered(SITE_PATHS.factById("{id}")),
    [SITE_PATHS.valueSchema("{id}")]: get(
      "The JSON Schema (2020-12) of one fact's value, across its versions and scheduled changes; the same schema is this document's component FactValue.{id}.",
      {
        200: json(ref("ValueSchemaDocument"), "A JSON Schema (2020-12) document"),
        404: { ...NOT_FOUND, description: "The id is not one of the catalog's." },
      },
      [pathParameter("id", { type: "string", enum: factIds }, exampleFact(model)?.id)],
    ),
    ...registered(SITE_PATHS.series("{series}")),
    ...registered(SITE_PATHS.llms),
    ...registered(SITE_PATHS.manifest),
    [SITE_PATHS.feed]: get("RSS 2.0 feed of fact revisions: one item per fact.", {
      200: {
        description: "RSS 2.0",
        headers: HEADERS,
        content: { "application/rss+xml": { schema: { type: "string" } } },
      },
    }),
    ...registered(SITE_PATHS.diff("{fact-id}", "{from}", "{to}")),
    ...registered(SITE_PATHS.diffIndex),
    ...registered(SITE_PATHS.changes),
    [SITE_PATHS.changesCsv]: get("The events of changes.json as RFC 4180 CSV with a header row, in the same order.", {
      200: { description: "CSV (RFC 4180)", headers: HEADERS, content: { "text/csv": { schema: { type: "string" } } } },
    }),
    ...registered(SITE_PATHS.searchIndex),
    ...registered(SITE_PATHS.placesIndex),
    ...registered(SITE_PATHS.place("{id}")),
    [SITE_PATHS.factFeed("{id}")]: get(
      "Atom 1.0 feed of one fact: an entry per version and per scheduled change.",
      {
        200: {
          description: "Atom 1.0",
          headers: HEADERS,
          content: { "application/atom+xml": { schema: { type: "string" } } },
        },
        404: { ...NOT_FOUND, description: "The id is not one of the catalog's." },
      },
      [pathParameter("id", { type: "string", enum: factIds }, exampleFact(model)?.id)],
    ),
    ...registered(SITE_PATHS.upcoming),
    [SITE_PATHS.upcomingCalendar]: get(
      "The upcoming items as an iCalendar (RFC 5545) file: one all-day event each, with stable UIDs. The union of changes.ics without its revisions and lapses.ics.",
      {
        200: {
          description: "iCalendar",
          headers: HEADERS,
          content: { "text/calendar": { schema: { type: "string" } } },
        },
      },
    ),
    [SITE_PATHS.upcomingFeed]: get("The upcoming items as an Atom 1.0 feed.", {
      200: {
        description: "Atom 1.0",
        headers: HEADERS,
        content: { "application/atom+xml": { schema: { type: "string" } } },
      },
    }),
    [SITE_PATHS.changesCalendar]: get(
      "Rule changes only, as an iCalendar (RFC 5545) file: each revision of a fact on the day it was published, and each scheduled change and expected announcement of upcoming.json; one all-day event each, with stable UIDs, its URL the fact's page and its ATTACH the fact's JSON. No verification lapse.",
      {
        200: {
          description: "iCalendar",
          headers: HEADERS,
          content: { "text/calendar": { schema: { type: "string" } } },
        },
      },
    ),
    [SITE_PATHS.changesFeed]: get(
      "The events of changes.ics as an Atom 1.0 feed, newest first: each entry links the fact's page (alternate, text/html) and its JSON (alternate, application/json).",
      {
        200: {
          description: "Atom 1.0",
          headers: HEADERS,
          content: { "application/atom+xml": { schema: { type: "string" } } },
        },
      },
    ),
    [SITE_PATHS.lapsesCalendar]: get(
      "For maintainers: each fact's re-verify-by date (its verification lapse) within 365 days, as an iCalendar (RFC 5545) file.",
      {
        200: {
          description: "iCalendar",
          headers: HEADERS,
          content: { "text/calendar": { schema: { type: "string" } } },
        },
      },
    ),
    [SITE_PATHS.domainFeed("{domain}")]: get(
      "The entries of changes.atom whose fact is of one domain, as an Atom 1.0 feed, newest first, with the same entry ids: each revision when published, and each scheduled change and expected announcement. The six domains' feeds together carry every entry of changes.atom.",
      {
        200: {
          description: "Atom 1.0",
          headers: HEADERS,
          content: { "application/atom+xml": { schema: { type: "string" } } },
        },
        404: NOT_FOUND,
      },
      [pathParameter("domain", { type: "string", enum: [...DOMAINS] }, exampleFact(model)?.domain)],
    ),
    [SITE_PATHS.domainCalendar("{domain}")]: get(
      "The events of changes.ics whose fact is of one domain, as an iCalendar (RFC 5545) file, with the same UIDs: each revision on the day it was published, and each scheduled change and expected announcement. No verification lapse.",
      {
        200: {
          description: "iCalendar",
          headers: HEADERS,
          content: { "text/calendar": { schema: { type: "string" } } },
        },
        404: NOT_FOUND,
      },
      [pathParameter("domain", { type: "string", enum: [...DOMAINS] }, exampleFact(model)?.domain)],
    ),
    ...registered(SITE_PATHS.badge("{id}")),
    ...registered(SITE_PATHS.factsAll),
    [SITE_PATHS.factValuesCsv]: get(
      "Every scalar leaf of every version of every fact as RFC 4180 CSV (long format); /datapackage.json describes its columns.",
      {
        200: {
          description: "CSV with a header row",
          headers: HEADERS,
          content: { "text/csv": { schema: { type: "string" } } },
        },
      },
    ),
    [SITE_PATHS.dataPackage]: get(
      "Frictionless Data Package describing the CSV files with their Table Schemas, licence and sources.",
      {
        200: json({ type: "object" }, "Tabular Data Package descriptor"),
      },
    ),
    [SITE_PATHS.openApi]: get("This document.", { 200: json({ type: "object" }, "OpenAPI 3.1 document") }),
  };
  for (const prefix of AFFORDABILITY_PATHS) {
    Object.assign(paths, registered(`${prefix}/index.json`), registered(`${prefix}/latest.json`));
    paths[`${prefix}/series.csv`] = get(
      "The affordability index series as RFC 4180 CSV: one row per board and month, with its sources' kinds.",
      {
        200: {
          description: "CSV with a header row",
          headers: HEADERS,
          content: { "text/csv": { schema: { type: "string" } } },
        },
      },
    );
  }
  for (const [path, item] of declared.rest()) paths[path] = item;
  return paths;
};

/** The lists a template's example cuts: those its record names (endpoints.ts); any other file is shown whole. */
const cutsOf = (template: string): readonly string[] =>
  ENDPOINTS.find((endpoint) => endpoint.path === template)?.exampleCuts ?? [];

/**
 * The file each operation's example is made from, by its site path: the build makes each example from its file as it
 * publishes it, before it renders this description (src/render/render-site.ts). The description's own example is
 * its head, made here.
 */
export const openApiExampleSources = (model: SiteModel): Map<string, ExampleSource> =>
  exampleSources(pathItems(model), cutsOf, new Set([SITE_PATHS.openApi]));

/**
 * `/.well-known/openapi.json`: OpenAPI 3.1 for every endpoint of docs/consumers/api.md#endpoints, and the
 * `fact.updated` webhook. Each operation's example is the one `examples` holds for the path its parameters' examples
 * name (see openApiExampleSources).
 */
export const renderOpenApi = (model: SiteModel, examples: ReadonlyMap<string, Example>): SiteFiles => {
  const signatureHeader = (name: string, description: string, schema: unknown = { type: "string" }) => ({
    name,
    in: "header",
    required: true,
    description,
    schema,
  });
  const head = {
    openapi: "3.1.0",
    info: {
      title: SERVICE.name,
      // docs/consumers/api.md#versioning fixes the document's own version; the schemas' version rides beside it, as
      // every response states it.
      version: SERVICE.openApiVersion,
      "x-schema-version": SCHEMA_VERSION,
      summary: "Verified facts about British Columbia residential real estate rules.",
      description:
        "A read-only, public, CORS-enabled JSON API of verified facts about BC residential real estate: tax, mortgage, legal, foreign-buyer, strata and rental rules. No authentication; static files served from a CDN.",
      license: { name: SERVICE.licenseName, url: SERVICE.license },
      contact: { email: SERVICE.contactEmail },
    },
    servers: [{ url: model.urls.base }],
  };
  const itself: Example = {
    summary: "As published, cut",
    description:
      "This document, cut to fit: its openapi, info and servers; its paths, webhooks and components are left out.",
    value: head,
  };
  const document = {
    ...head,
    paths: withExamples(pathItems(model), new Map([...examples, [SITE_PATHS.openApi, itself]])),
    webhooks: {
      "fact.updated": {
        post: {
          summary: "A fact's value, effective_iso or expires_iso changed (pre-launch).",
          description:
            "Signed with HMAC-SHA256 over the exact body bytes with the subscriber's secret. Receivers verify X-Facts-Signature, reject an endTime more than 5 minutes old, and dedupe on (X-Facts-Delivery, fact id, version). Retries back off 1 min, 5 min, 15 min, 1 h, 6 h and 24 h.",
          parameters: [
            signatureHeader("User-Agent", `${SERVICE.slug}-webhook/1.0`),
            signatureHeader("X-Facts-Signature", "sha256=<hex HMAC-SHA256 of the body>", {
              type: "string",
              pattern: "^sha256=[0-9a-f]{64}$",
            }),
            signatureHeader("X-Facts-Delivery", "Delivery UUID, the same on every retry.", {
              type: "string",
              format: "uuid",
            }),
            signatureHeader("X-Facts-Event", "Event kind.", { type: "string", const: "fact.updated" }),
            signatureHeader("X-Facts-Fact-Id", "The fact id.", { type: "string" }),
            signatureHeader("X-Facts-Version", "The new version.", { type: "integer" }),
          ],
          requestBody: { required: true, content: { "application/json": { schema: ref("WebhookBody") } } },
          responses: { "2XX": { description: "Delivered. Any other answer is retried." } },
        },
      },
    },
    components: {
      schemas: { ...componentSchemas(), ValueSchemaDocument: VALUE_SCHEMA_DOCUMENT, ...valueComponents(model.facts) },
      headers: {
        "Cache-Control": {
          description: "Caching for browsers, the CDN and stale revalidation.",
          schema: { type: "string", const: CACHE_CONTROL },
        },
        "Access-Control-Allow-Origin": {
          description: "Every response may be read from any origin.",
          schema: { type: "string", const: "*" },
        },
        ETag: {
          description: "Validator for conditional requests (If-None-Match answers 304).",
          schema: { type: "string" },
        },
      },
    },
  };
  return new Map([[SITE_PATHS.openApi, jsonText(document)]]);
};
