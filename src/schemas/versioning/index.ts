export { compareSchemaVersions } from "./compare-schema-versions.ts";
export { recordSchemaVersion, type SchemaLockUpdate } from "./record-schema-version.ts";
export { schemaFingerprint } from "./schema-fingerprint.ts";
export { SCHEMA_LOCK_FILE, SchemaLock, SchemaLockEntry, schemaLockText } from "./schema-lock.ts";
