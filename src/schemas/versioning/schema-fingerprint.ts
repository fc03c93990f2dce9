import { createHash } from "node:crypto";
import type { SchemaFile } from "../json-schemas.ts";

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
