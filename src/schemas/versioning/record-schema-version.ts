import { SEMVER_PATTERN } from "../schema-version.ts";
import { compareSchemaVersions } from "./compare-schema-versions.ts";
import type { SchemaLock } from "./schema-lock.ts";

export type SchemaLockUpdate = { ok: true; lock: SchemaLock; recorded: boolean } | { ok: false; message: string };

const WHERE = "SCHEMA_VERSION (src/schemas/schema-version.ts)";

/**
 * The lock once the published schemas, whose fingerprint is given, are recorded under `version`; or why they may
 * not be. A version already recorded must name the same schemas; a new version must be above every recorded one
 * and must record a change. Earlier entries are kept as they are.
 */
export const recordSchemaVersion = (lock: SchemaLock, version: string, fingerprint: string): SchemaLockUpdate => {
  if (!SEMVER_PATTERN.test(version)) return { ok: false, message: `${WHERE} is "${version}", which is not a semantic version MAJOR.MINOR.PATCH` };
  const newest = lock.versions.at(-1);
  const appended: SchemaLockUpdate = { ok: true, lock: { versions: [...lock.versions, { version, sha256: fingerprint }] }, recorded: true };
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
