import { z } from "zod";
import { valueSchemaFor } from "./index.ts";

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
  if (zodSchema === undefined) throw new Error(`no value schema for ${id}${series === undefined ? "" : ` or its series ${series}`}`);
  const { $schema, description, ...rest } = z.toJSONSchema(zodSchema, { target: "draft-2020-12", io: "output" }) as Record<string, unknown>;
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
