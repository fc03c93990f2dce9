/**
 * The JSON about facts: the catalog, the domain bundles and each fact's single-fact response, the series, the diffs,
 * the change log (`changes.json`) and the value schemas.
 */

import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { memberInForce, type Series, seriesMembers, seriesOf } from "../../model/facts.ts";
import type {
  ChangeEvent,
  ChangesIndex,
  Fact,
  FactCatalog,
  PublishedCitation,
  SeriesResponse,
  SingleFactResponse,
} from "../../schemas/index.ts";
import { DOMAINS, SCHEMA_VERSION, valueJsonSchema, valueSchemaFor } from "../../schemas/index.ts";
import {
  factChangedAt,
  jsonText,
  newestChangeOf,
  type SiteEntry,
  type SiteFiles,
  type SiteModel,
} from "../site-model.ts";
import { csvText } from "./render-bulk.ts";

/**
 * A source as the catalog lists it: where it is and what kind, without the quote and notes of the single-fact response.
 */
const sourceOf = ({ quote: _quote, notes: _notes, ...source }: PublishedCitation): PublishedCitation => source;

/**
 * A fact as the catalog and the domain bundles carry it: its current state, its sources and its history, as in
 * `/by-id/{id}.json`, but without the quotes and notes of its citations, which only the single-fact response carries.
 * A version's history entry carries no citations anywhere (the diffs publish every version with its own), so the
 * catalog grows by one short entry per revision; a period recorded before the first version carries its sources in
 * the single-fact response and all.json only.
 */
export const catalogFact = (fact: Fact): Fact => ({
  ...fact,
  citations: fact.citations.map(sourceOf),
  history: fact.history.map(({ citations: _citations, ...entry }) => entry),
  scheduled: (fact.scheduled ?? []).map((change) => ({ ...change, citations: change.citations.map(sourceOf) })),
});

/** A catalog of `facts`: the whole catalog, or a domain's bundle. */
const catalog = (facts: readonly Fact[], canonical: string, title: string, generatedAt: string): FactCatalog => ({
  schema_version: SCHEMA_VERSION,
  name: title,
  version: SERVICE.apiVersion,
  license: SERVICE.license,
  canonical_url: canonical,
  generated_at: generatedAt,
  fact_count: facts.length,
  facts: facts.map(catalogFact),
});

/** `/api/v1/facts/index.json`, dated by the newest change to the data. */
export const renderCatalog = (model: SiteModel): SiteFiles =>
  new Map([[SITE_PATHS.catalog, jsonText(catalog(model.facts, model.urls.catalog, SERVICE.name, model.generatedAt))]]);

/** The six domain bundles, `/api/v1/facts/{domain}.json`, each dated by the newest of its facts' changes. */
export const renderDomainBundles = (model: SiteModel): SiteFiles =>
  new Map(
    DOMAINS.map((domain) => {
      const facts = model.facts.filter((fact) => fact.domain === domain);
      return [
        SITE_PATHS.domainBundle(domain),
        jsonText(
          catalog(
            facts,
            model.urls.domainBundle(domain),
            `${SERVICE.name}: ${domain}`,
            newestChangeOf(
              model,
              facts.map((fact) => fact.id),
            ),
          ),
        ),
      ];
    }),
  );

/** One `/api/v1/facts/by-id/{id}.json` per fact, withdrawn ones included (their tombstone). */
export function* renderFacts(model: SiteModel): Generator<SiteEntry> {
  // A withdrawn fact's single-fact response is its tombstone: its last state with the withdrawal beside it.
  const singleFact = (
    fact: SingleFactResponse["fact"],
    withdrawal?: SingleFactResponse["withdrawn"],
  ): SingleFactResponse => ({
    schema_version: SCHEMA_VERSION,
    name: SERVICE.name,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: model.urls.factById(fact.id),
    // The fact's own last change: another fact's edit leaves this file as it was.
    generated_at: factChangedAt(model, fact.id),
    fact,
    ...(withdrawal === undefined ? {} : { withdrawn: withdrawal }),
  });
  for (const fact of model.facts) yield [SITE_PATHS.factById(fact.id), jsonText(singleFact(fact))];
  for (const { fact, withdrawal } of model.withdrawn)
    yield [SITE_PATHS.factById(fact.id), jsonText(singleFact(fact, withdrawal))];
}

/** The yearly series of the model's facts, by name, each with its members oldest first. */
export const seriesOfModel = (model: Pick<SiteModel, "facts">): Series<Fact>[] => seriesOf(model.facts);

/**
 * `/api/v1/facts/series/{series}.json` for every series the facts declare: the member in force on the build date,
 * with its full record (the same `fact` as its `/by-id/{id}.json`), and every member in brief, newest first. The
 * check has made sure at most one member is in force on any day.
 */
export const renderSeries = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const series of seriesOfModel(model)) {
    const current = memberInForce(series, model.today);
    const response: SeriesResponse = {
      schema_version: SCHEMA_VERSION,
      name: SERVICE.name,
      version: SERVICE.apiVersion,
      license: SERVICE.license,
      canonical_url: model.urls.series(series.name),
      generated_at: newestChangeOf(
        model,
        series.members.map((member) => member.id),
      ),
      series: series.name,
      as_of: model.today,
      in_force_id: current?.id ?? null,
      fact: current ?? null,
      members: seriesMembers(series, model.today, model.urls.factById),
    };
    files.set(SITE_PATHS.series(series.name), jsonText(response));
  }
  return files;
};

/** `/api/v1/facts/diff/{id}/v{from}-to-v{to}.json` for every transition. */
export function* renderDiffs(model: SiteModel): Generator<SiteEntry> {
  for (const diff of model.diffs) yield [SITE_PATHS.diff(diff.fact_id, diff.from, diff.to), jsonText(diff)];
}

/** `/api/v1/facts/diff/index.json`: every transition, newest first. */
export const renderDiffIndex = (model: SiteModel): SiteFiles =>
  new Map([[SITE_PATHS.diffIndex, jsonText(model.diffIndex)]]);

/**
 * The columns of `changes.csv`, in order: the members of a change event, `diff_url` empty where there is none. Columns
 * added later come last, so a reader that takes columns by position keeps reading the ones it knew.
 */
export const CHANGES_CSV_COLUMNS = [
  "id",
  "published_at",
  "fact_id",
  "version",
  "kind",
  "commit",
  "fact_url",
  "page_url",
  "diff_url",
  "effective_iso",
  "recorded_iso",
  "notes_corrected",
] as const satisfies readonly (keyof ChangeEvent)[];

/**
 * `changes.json` and `changes.csv`: every change event, newest first. One file of all events, not pages: at this size
 * (one event per fact per commit) it stays small, and a static host cannot answer a query such as `?since=`, so a
 * client reads from the top and stops at the last id it processed. The CSV is RFC 4180 (CRLF line ends, a header
 * row, fields quoted where needed), written by the published files' one CSV writer (csvText).
 */
export const renderChanges = (model: SiteModel): SiteFiles => {
  const index: ChangesIndex = {
    schema_version: SCHEMA_VERSION,
    name: `${SERVICE.name}: changes`,
    version: SERVICE.apiVersion,
    license: SERVICE.license,
    canonical_url: model.urls.changes,
    generated_at: model.generatedAt,
    count: model.changes.length,
    newest_id: model.changes[0]?.id ?? null,
    events: model.changes,
  };
  const csv = csvText(
    CHANGES_CSV_COLUMNS,
    model.changes.map((event) =>
      CHANGES_CSV_COLUMNS.map((column) => {
        const cell = event[column];
        // The versions whose note a change corrected, in one cell: "2;4".
        return Array.isArray(cell) ? cell.join(";") : String(cell ?? "");
      }),
    ),
  );
  return new Map([
    [SITE_PATHS.changes, jsonText(index)],
    [SITE_PATHS.changesCsv, csv],
  ]);
};

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
