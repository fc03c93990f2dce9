import { createHash } from "node:crypto";
import { z } from "zod";
import {
  AffordabilityLatest,
  AffordabilitySeries,
  AllFacts,
  Badge,
  ChangesIndex,
  DiffIndex,
  FactCatalog,
  FactDiff,
  LlmCatalog,
  Manifest,
  PlaceResponse,
  PlacesIndex,
  SEMVER_PATTERN,
  SearchIndex,
  SeriesResponse,
  SingleFactResponseSchema as SingleFactResponse,
  Upcoming,
  WebhookBody,
} from "../../packages/client/src/index.ts";
import { BenchmarkFile, IncomeFile, MethodologyFile, MortgageRatesFile } from "./index-data.ts";
import { FactFile, PlacesFile } from "./repository-files.ts";

/**
 * The version of the published JSON Schemas (`schemas/`), which every JSON response carries as `schema_version`.
 * Raise it whenever `npm run schemas` would write different schemas: minor for an addition, patch otherwise, and
 * never major within /api/v1/ (a breaking change goes to /api/v2/); then add its entry to
 * docs/consumers/api-changelog.md. `npm run schemas` refuses a change that keeps a version already recorded.
 */
export const SCHEMA_VERSION = "1.9.0";

/** Every schema published as JSON Schema under `schemas/`, by file name. Generated, never edited by hand. */
export const PUBLISHED_SCHEMAS: Record<string, z.ZodType> = {
  "fact-file": FactFile,
  "fact-catalog": FactCatalog,
  "single-fact-response": SingleFactResponse,
  "all-facts": AllFacts,
  "llm-catalog": LlmCatalog,
  manifest: Manifest,
  "fact-diff": FactDiff,
  "diff-index": DiffIndex,
  "changes-index": ChangesIndex,
  "search-index": SearchIndex,
  "series-response": SeriesResponse,
  upcoming: Upcoming,
  badge: Badge,
  "places-index": PlacesIndex,
  "place-response": PlaceResponse,
  "places-file": PlacesFile,
  "affordability-series": AffordabilitySeries,
  "affordability-latest": AffordabilityLatest,
  "webhook-body": WebhookBody,
  "index-data-methodology": MethodologyFile,
  "index-data-income": IncomeFile,
  "index-data-mortgage-rates": MortgageRatesFile,
  "index-data-benchmark": BenchmarkFile,
};

/** The JSON Schema text of one published schema, as written to `schemas/<name>.schema.json`. */
export const jsonSchemaText = (name: string, schema: z.ZodType): string =>
  `${JSON.stringify({ $id: `${name}.schema.json`, ...z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) }, null, 2)}\n`;

/** One file of `schemas/` as `npm run schemas` writes it. */
export interface SchemaFile {
  name: string;
  text: string;
}

/** Every published JSON Schema file, as `npm run schemas` writes it. */
export const publishedSchemaFiles = (): SchemaFile[] =>
  Object.entries(PUBLISHED_SCHEMAS).map(([name, schema]) => ({
    name: `${name}.schema.json`,
    text: jsonSchemaText(name, schema),
  }));

/** Orders two `MAJOR.MINOR.PATCH` versions by their numbers, so that 1.10.0 follows 1.9.0. */
export const compareSchemaVersions = (a: string, b: string): number => {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number)) as [number[], number[]];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};

/** The lock's file name in `schemas/`, beside the schemas it fingerprints. */
export const SCHEMA_LOCK_FILE = "versions.json";

export const SchemaLockEntry = z.object({
  version: z.string().regex(SEMVER_PATTERN, { error: "must be a semantic version MAJOR.MINOR.PATCH" }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "must be a SHA-256 in lowercase hex" }),
});
export type SchemaLockEntry = z.infer<typeof SchemaLockEntry>;

/**
 * `schemas/versions.json`: the fingerprint of the published schemas at each schema_version, oldest first. Entries
 * are only ever appended, so a version once published keeps naming the schemas it named.
 */
export const SchemaLock = z.object({
  versions: z
    .array(SchemaLockEntry)
    .refine(
      (entries) =>
        entries.every(
          (entry, index) => index === 0 || compareSchemaVersions(entries[index - 1]!.version, entry.version) < 0,
        ),
      {
        error: "must list each version once, oldest first",
      },
    ),
});
export type SchemaLock = z.infer<typeof SchemaLock>;

export const schemaLockText = (lock: SchemaLock): string => `${JSON.stringify(lock, null, 2)}\n`;

/**
 * The SHA-256 of a whole set of published schemas: every file's name and text, sorted by name (UTF-16 code units,
 * which no locale moves), hashed as one JSON array so that text moved from one file to the next changes it too.
 */
export const schemaFingerprint = (files: readonly SchemaFile[]): string => {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(sorted.map(({ name, text }) => [name, text])))
    .digest("hex");
};

export type SchemaLockUpdate = { ok: true; lock: SchemaLock; recorded: boolean } | { ok: false; message: string };

const WHERE = "SCHEMA_VERSION (src/schemas/json-schemas.ts)";

/**
 * The lock once the published schemas, whose fingerprint is given, are recorded under `version`; or why they may
 * not be. A version already recorded must name the same schemas; a new version must be above every recorded one
 * and must record a change. Earlier entries are kept as they are.
 */
export const recordSchemaVersion = (lock: SchemaLock, version: string, fingerprint: string): SchemaLockUpdate => {
  if (!SEMVER_PATTERN.test(version))
    return { ok: false, message: `${WHERE} is "${version}", which is not a semantic version MAJOR.MINOR.PATCH` };
  const newest = lock.versions.at(-1);
  const appended: SchemaLockUpdate = {
    ok: true,
    lock: { versions: [...lock.versions, { version, sha256: fingerprint }] },
    recorded: true,
  };
  if (newest === undefined) return appended;
  const order = compareSchemaVersions(version, newest.version);
  if (order < 0) {
    return {
      ok: false,
      message: `${WHERE} is ${version}, below ${newest.version}, the newest version in schemas/versions.json; a version is never reused or gone back to`,
    };
  }
  if (order === 0) {
    if (newest.sha256 === fingerprint) return { ok: true, lock, recorded: false };
    return {
      ok: false,
      message: `the published schemas changed, but ${WHERE} still names ${version}, recorded in schemas/versions.json with other schemas; bump SCHEMA_VERSION (major for a breaking change, which goes to /api/v2/; minor for an addition; patch otherwise), add its entry to docs/consumers/api-changelog.md, and run npm run schemas again`,
    };
  }
  if (newest.sha256 === fingerprint) {
    return {
      ok: false,
      message: `the published schemas are those of ${newest.version}, unchanged; set ${WHERE} back to ${newest.version}: a new version records a change`,
    };
  }
  return appended;
};
