import { z } from "zod";
import { SEMVER_PATTERN } from "../schema-version.ts";
import { compareSchemaVersions } from "./compare-schema-versions.ts";

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
    .refine((entries) => entries.every((entry, index) => index === 0 || compareSchemaVersions(entries[index - 1]!.version, entry.version) < 0), {
      error: "must list each version once, oldest first",
    }),
});
export type SchemaLock = z.infer<typeof SchemaLock>;

export const schemaLockText = (lock: SchemaLock): string => `${JSON.stringify(lock, null, 2)}\n`;
