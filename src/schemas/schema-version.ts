import { z } from "zod";

/**
 * The version of the published JSON Schemas (`schemas/`), which every JSON response carries as `schema_version`.
 * Raise it whenever `npm run schemas` would write different schemas: minor for an addition, patch otherwise, and
 * never major within /api/v1/ (a breaking change goes to /api/v2/); then add its entry to
 * docs/consumers/api-changelog.md. `npm run schemas` refuses a change that keeps a version already recorded.
 */
export const SCHEMA_VERSION = "1.3.0";

/** `MAJOR.MINOR.PATCH` of Semantic Versioning 2.0.0, without pre-release or build parts. */
export const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * `schema_version` as the schemas state it: any version, not this build's, so that a consumer validating with the
 * schemas of one version still accepts the responses of a later minor version.
 */
export const SchemaVersion = z
  .string()
  .regex(SEMVER_PATTERN, { error: "must be a semantic version MAJOR.MINOR.PATCH" })
  .describe(
    "The version of the JSON Schemas this response follows (MAJOR.MINOR.PATCH); the API changelog, docs/consumers/api-changelog.md in the repository, lists what each version changed.",
  );
