import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import { memberInForce, type Series, seriesMembers, seriesOf } from "../../model/index.ts";
import type { Fact, SeriesResponse } from "../../schemas/index.ts";
import { SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

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
      generated_at: model.generatedAt,
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
