import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { SERVICE } from "../../lib/config.ts";
import type { ChangeEvent, ChangesIndex } from "../../schemas/index.ts";
import { SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";
import { csvText } from "./render-bulk.ts";

/** The columns of `changes.csv`, in order: the members of a change event, `diff_url` empty where there is none. */
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
    model.changes.map((event) => CHANGES_CSV_COLUMNS.map((column) => String(event[column] ?? ""))),
  );
  return new Map([
    [SITE_PATHS.changes, jsonText(index)],
    [SITE_PATHS.changesCsv, csv],
  ]);
};
