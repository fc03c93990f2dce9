import { createHash } from "node:crypto";
import { SERVICE } from "../../lib/config.ts";
import { SITE_PATHS } from "../../lib/site-paths.ts";
import { compareText } from "../../lib/text.ts";
import type { Manifest } from "../../schemas/manifest.ts";
import { DOMAINS } from "../../schemas/primitives.ts";
import { SCHEMA_VERSION } from "../../schemas/schema-version.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { seriesOfModel } from "./render-series.ts";

export const MANIFEST_PATH = SITE_PATHS.manifest;

/** `manifest.json` (docs/consumers/api.md#manifest) with the size and SHA-256 of every other published file. */
export const renderManifest = (model: SiteModel, published: SiteFiles): SiteFiles => {
  const files = [...published]
    .filter(([path]) => path !== MANIFEST_PATH)
    .sort(([a], [b]) => compareText(a, b))
    .map(([path, content]) => {
      const bytes = typeof content === "string" ? Buffer.from(content) : content;
      return { path, bytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
    });
  const manifest: Manifest = {
    schema_version: SCHEMA_VERSION,
    name: SERVICE.name,
    version: SERVICE.apiVersion,
    generated_at: model.generatedAt,
    endpoints: {
      catalog: model.urls.catalog,
      by_domain: DOMAINS.map((domain) => model.urls.domainBundle(domain)),
      by_id_pattern: `${model.urls.base}${SITE_PATHS.factById("{id}")}`,
      value_schema_pattern: `${model.urls.base}${SITE_PATHS.valueSchema("{id}")}`,
      series_pattern: `${model.urls.base}${SITE_PATHS.series("{series}")}`,
      llms: model.urls.llms,
      feed: model.urls.feed,
      search_index: model.urls.searchIndex,
      diff_index: model.urls.diffIndex,
      diff_pattern: `${model.urls.base}${SITE_PATHS.diff("{id}", "{from}", "{to}")}`,
      changes: model.urls.changes,
      changes_csv: model.urls.changesCsv,
      affordability_index: `${model.urls.base}${SITE_PATHS.affordabilityIndex}`,
      affordability_latest: `${model.urls.base}${SITE_PATHS.affordabilityLatest}`,
      openapi: model.urls.openApi,
    },
    domain_list: [...DOMAINS],
    fact_id_list: model.facts.map((fact) => fact.id),
    series_list: seriesOfModel(model).map((series) => series.name),
    withdrawn: model.withdrawn.map(({ fact, withdrawal }) => ({
      id: fact.id,
      withdrawn_iso: withdrawal.withdrawn_iso,
      superseded_by: withdrawal.superseded_by?.id ?? null,
    })),
    files,
  };
  return new Map([[MANIFEST_PATH, jsonText(manifest)]]);
};
