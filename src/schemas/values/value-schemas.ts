import { z } from "zod";
import { FOREIGN_BUYER_VALUE_SCHEMAS } from "./foreign-buyer.ts";
import { LEGAL_VALUE_SCHEMAS } from "./legal.ts";
import { MORTGAGE_VALUE_SCHEMAS } from "./mortgage.ts";
import { RENTAL_VALUE_SCHEMAS } from "./rental.ts";
import { STRATA_VALUE_SCHEMAS } from "./strata.ts";
import { TAX_VALUE_SCHEMAS } from "./tax.ts";

/**
 * The schema of each fact's `value`, by fact id: one file per domain, in the order of DOMAINS. A schema describes
 * the id's value across its history (the current value, every scheduled value and each earlier version), so it is
 * a union only where an earlier version had a genuinely different shape, and a member that came or went between
 * versions is optional with a description saying which versions have it. `npm run check` refuses a fact whose id
 * has no schema here.
 */
export const FACT_VALUE_SCHEMAS = {
  ...TAX_VALUE_SCHEMAS,
  ...MORTGAGE_VALUE_SCHEMAS,
  ...LEGAL_VALUE_SCHEMAS,
  ...FOREIGN_BUYER_VALUE_SCHEMAS,
  ...STRATA_VALUE_SCHEMAS,
  ...RENTAL_VALUE_SCHEMAS,
} as const;

/** Every fact id that has a value schema. */
export type KnownFactId = keyof typeof FACT_VALUE_SCHEMAS;

/** The type of one fact's value, from its schema: `FactValueOf<"bc.ptt.brackets">` is the bracket array. */
export type FactValueOf<Id extends KnownFactId> = z.output<(typeof FACT_VALUE_SCHEMAS)[Id]>;

/**
 * The value schema shared by every year of a yearly series (see `series` in CONTRIBUTING.md): a new year's fact, such
 * as `bc.rent_cap.2027`, states the same kind of rule as the year before, so it takes its series' schema and needs no
 * entry of its own. An id's own entry, where it has one, comes first.
 */
export const SERIES_VALUE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  "bc.rent_cap": RENTAL_VALUE_SCHEMAS["bc.rent_cap.2026"],
  "bc.svt.rates": TAX_VALUE_SCHEMAS["bc.svt.rates_2026"],
};

/** The value schema of `id` (or, failing that, of the yearly series it declares), or undefined when it has none. */
export const valueSchemaFor = (id: string, series?: string): z.ZodType | undefined => {
  if (Object.hasOwn(FACT_VALUE_SCHEMAS, id)) return FACT_VALUE_SCHEMAS[id as KnownFactId];
  return series !== undefined && Object.hasOwn(SERIES_VALUE_SCHEMAS, series) ? SERIES_VALUE_SCHEMAS[series] : undefined;
};

const generated = new Map<string, Record<string, unknown>>();

/**
 * The JSON Schema (2020-12) of one fact id's value, generated from its zod schema: what is published at
 * `/api/v1/facts/schemas/{id}.json`, referenced from the OpenAPI document, and what the client's value types are
 * generated from. Orders between members (thresholds, brackets, date ranges) are checked by `npm run check` and
 * have no JSON Schema keyword, so the description says so.
 */
export const valueJsonSchema = (id: string, series?: string): Record<string, unknown> => {
  const known = generated.get(id);
  if (known) return known;
  const zodSchema = valueSchemaFor(id, series);
  if (zodSchema === undefined)
    throw new Error(`no value schema for ${id}${series === undefined ? "" : ` or its series ${series}`}`);
  const { $schema, description, ...rest } = z.toJSONSchema(zodSchema, {
    target: "draft-2020-12",
    io: "output",
  }) as Record<string, unknown>;
  const schema = {
    $schema,
    title: `The value of the fact ${id}`,
    description: [
      typeof description === "string" ? `${description.replace(/\.$/, "")}.` : undefined,
      "Rates and shares are fractions (0.01 = 1%), amounts of money are CAD and never negative, dates are real calendar dates (YYYY-MM-DD); members that come in order (thresholds, brackets, date ranges) are also checked in that order when the fact is published.",
    ]
      .filter(Boolean)
      .join(" "),
    ...rest,
  };
  generated.set(id, schema);
  return schema;
};

/** Where the generated types live in the client package, relative to the repository's root. */
export const CLIENT_VALUE_TYPES_FILE = "packages/client/src/fact-values.ts";

type JsonSchema = {
  type?: string | string[];
  description?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const comment = (text: string | undefined, indent: string): string =>
  text === undefined ? "" : `${indent}/** ${text.replaceAll("*/", "* /")} */\n`;

/** A TypeScript type for a JSON Schema of the subset the value schemas generate. */
const typeOf = (schema: JsonSchema, indent: string): string => {
  if (schema.anyOf) return schema.anyOf.map((member) => typeOf(member, indent)).join(" | ");
  if (schema.enum) return schema.enum.map((member) => JSON.stringify(member)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.type)) return schema.type.map((type) => typeOf({ ...schema, type }, indent)).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = typeOf(schema.items ?? {}, indent);
      return /[|&]/.test(item) && !item.startsWith("{") ? `Array<${item}>` : `${item}[]`;
    }
    case "object": {
      const inner = `${indent}  `;
      const required = new Set(schema.required ?? []);
      const members = Object.entries(schema.properties ?? {}).map(
        ([key, member]) =>
          `${comment(member.description, inner)}${inner}${key}${required.has(key) ? "" : "?"}: ${typeOf(member, inner)};\n`,
      );
      return `{\n${members.join("")}${indent}}`;
    }
    default:
      throw new Error(
        `the value schemas use a JSON Schema the client type generator does not know: ${JSON.stringify(schema)}`,
      );
  }
};

/**
 * The id pattern of each yearly series' years, as a template literal type, with the known id whose value type the
 * series shares: read from that id (the series' name, "." or "_", the year), since a series' schema is the schema of
 * one of its years. A series whose schema is no known year's, written that way, is an error naming it.
 */
const seriesPatterns = (): { pattern: string; id: KnownFactId }[] =>
  Object.keys(SERIES_VALUE_SCHEMAS)
    .sort()
    .map((series) => {
      const ids = Object.keys(FACT_VALUE_SCHEMAS) as KnownFactId[];
      const id = ids.find(
        (each) =>
          FACT_VALUE_SCHEMAS[each] === SERIES_VALUE_SCHEMAS[series] &&
          /^[._]\d{4}$/.test(each.slice(series.length)) &&
          each.startsWith(series),
      );
      if (id === undefined)
        throw new Error(
          `series "${series}": its value schema is not the schema of a known id written ${series}.YYYY or ${series}_YYYY`,
        );
      return { pattern: `\`${series}${id.charAt(series.length)}\${number}\``, id };
    });

/**
 * The text of `packages/client/src/fact-values.ts`: the type of each fact id's value, printed from the same JSON
 * Schema that is published for it, so the client's types and the published schemas cannot disagree. Type-only: the
 * client gains no code and no dependency on the repository.
 */
export const clientValueTypesText = (): string => {
  // Ids in UTF-16 code unit order (the project's compareText; schemas/ does not import lib/).
  const ids = (Object.keys(FACT_VALUE_SCHEMAS) as KnownFactId[]).sort();
  const entries = ids.map((id) => `  ${JSON.stringify(id)}: ${typeOf(valueJsonSchema(id) as JsonSchema, "  ")};\n`);
  return [
    "// Generated by `npm run client:types` from the value schemas in src/schemas/values/; do not edit by hand.\n",
    "\n",
    "/** The type of each fact's `value`, by fact id, as published at /api/v1/facts/schemas/{id}.json. */\n",
    "export interface FactValues {\n",
    ...entries,
    "}\n",
    "\n",
    "/**\n",
    " * The type of a yearly series' value, by the pattern of its years' ids: a new year (such as `bc.rent_cap.2027`) has\n",
    " * its series' value type before the client knows the id itself.\n",
    " */\n",
    "export interface SeriesValues {\n",
    ...seriesPatterns().map(({ pattern, id }) => `  [id: ${pattern}]: FactValues[${JSON.stringify(id)}];\n`),
    "}\n",
  ].join("");
};
