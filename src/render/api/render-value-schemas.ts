import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { valueJsonSchema, valueSchemaFor } from "../../schemas/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

/**
 * `/api/v1/facts/schemas/{id}.json`: the JSON Schema (2020-12) of each published fact's `value`, with its own
 * address as `$id`. `npm run check` refuses a fact whose id has no schema, so every published fact has one.
 */
export const renderValueSchemas = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const { id, series } of model.facts) {
    if (valueSchemaFor(id, series) === undefined) continue;
    const { $schema, ...rest } = valueJsonSchema(id, series);
    files.set(SITE_PATHS.valueSchema(id), jsonText({ $schema, $id: model.urls.valueSchema(id), ...rest }));
  }
  return files;
};
