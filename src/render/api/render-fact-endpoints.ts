import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import type { Fact, FactCatalog, PublishedCitation, SingleFactResponse } from "../../schemas/index.ts";
import { DOMAINS, SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

/** A source as the catalog lists it: where it is and what kind, without the quote and notes of the single-fact response. */
const sourceOf = ({ quote: _quote, notes: _notes, ...source }: PublishedCitation): PublishedCitation => source;

/**
 * A fact as the catalog and the domain bundles carry it: its current state, its sources and its history, as in
 * `/by-id/{id}.json`, but without the quotes and notes of its citations, which only the single-fact response carries.
 * History entries carry no citations anywhere (the diffs publish every version with its own), so the catalog grows
 * by one short entry per revision.
 */
export const catalogFact = (fact: Fact): Fact => ({
  ...fact,
  citations: fact.citations.map(sourceOf),
  scheduled: (fact.scheduled ?? []).map((change) => ({ ...change, citations: change.citations.map(sourceOf) })),
});

/** `/api/v1/facts/index.json`, the six domain bundles and one `/by-id/{id}.json` per fact, withdrawn ones included (their tombstone). */
export const renderFactEndpoints = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  const catalog = (facts: readonly Fact[], canonical: string, title: string): FactCatalog => ({
    schema_version: SCHEMA_VERSION,
    name: title,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: canonical,
    generated_at: model.generatedAt,
    fact_count: facts.length,
    facts: facts.map(catalogFact),
  });
  files.set(SITE_PATHS.catalog, jsonText(catalog(model.facts, model.urls.catalog, SERVICE.name)));
  for (const domain of DOMAINS) {
    const facts = model.facts.filter((fact) => fact.domain === domain);
    files.set(SITE_PATHS.domainBundle(domain), jsonText(catalog(facts, model.urls.domainBundle(domain), `${SERVICE.name}: ${domain}`)));
  }
  // A withdrawn fact's single-fact response is its tombstone: its last state with the withdrawal beside it.
  const singleFact = (fact: SingleFactResponse["fact"], withdrawal?: SingleFactResponse["withdrawn"]): SingleFactResponse => ({
    schema_version: SCHEMA_VERSION,
    name: SERVICE.name,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: model.urls.factById(fact.id),
    generated_at: model.generatedAt,
    fact,
    ...(withdrawal === undefined ? {} : { withdrawn: withdrawal }),
  });
  for (const fact of model.facts) files.set(SITE_PATHS.factById(fact.id), jsonText(singleFact(fact)));
  for (const { fact, withdrawal } of model.withdrawn) {
    files.set(SITE_PATHS.factById(fact.id), jsonText(singleFact(fact, withdrawal)));
  }
  return files;
};
