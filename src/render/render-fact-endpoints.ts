import { SERVICE } from "../config.ts";
import type { SiteModel } from "../build/build-model.ts";
import type { FactCatalog, SingleFactResponse } from "../schemas/fact.ts";
import { DOMAINS } from "../schemas/primitives.ts";
import { jsonText, type SiteFiles } from "./site-files.ts";

/** `/api/v1/facts/index.json`, the six domain bundles and one `/by-id/{id}.json` per fact. */
export const renderFactEndpoints = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  const catalog = (facts: SiteModel["facts"], canonical: string, title: string): FactCatalog => ({
    name: title,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: canonical,
    generated_at: model.generatedAt,
    fact_count: facts.length,
    facts,
  });
  files.set("/api/v1/facts/index.json", jsonText(catalog(model.facts, model.urls.catalog, SERVICE.name)));
  for (const domain of DOMAINS) {
    const facts = model.facts.filter((fact) => fact.domain === domain);
    files.set(`/api/v1/facts/${domain}.json`, jsonText(catalog(facts, model.urls.domainBundle(domain), `${SERVICE.name}: ${domain}`)));
  }
  for (const fact of model.facts) {
    const response: SingleFactResponse = {
      name: SERVICE.name,
      version: SERVICE.apiVersion,
      license: SERVICE.license,
      canonical_url: model.urls.factById(fact.id),
      generated_at: model.generatedAt,
      fact,
    };
    files.set(`/api/v1/facts/by-id/${fact.id}.json`, jsonText(response));
  }
  return files;
};
