import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { runCommand } from "../lib/command.ts";
import { replaceFiles } from "../lib/json-file.ts";
import {
  publishedSchemaFiles,
  recordSchemaVersion,
  SCHEMA_LOCK_FILE,
  SCHEMA_VERSION,
  SchemaLock,
  schemaFingerprint,
  schemaLockText,
} from "../schemas/index.ts";

const readLock = async (file: string): Promise<SchemaLock> => {
  const parsed = SchemaLock.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`);
  return parsed.data;
};

/**
 * Regenerates `schemas/*.schema.json` from the zod schemas and records their fingerprint under SCHEMA_VERSION in
 * `schemas/versions.json`; a test fails when the committed files drift. Schemas that changed under a version
 * already recorded are refused, and then nothing is written.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { dir: { type: "string", default: path.resolve(import.meta.dirname, "../../schemas") } },
    strict: true,
  });
  const lockFile = path.join(values.dir, SCHEMA_LOCK_FILE);
  const files = publishedSchemaFiles();
  const update = recordSchemaVersion(await readLock(lockFile), SCHEMA_VERSION, schemaFingerprint(files));
  if (!update.ok) {
    console.error(update.message);
    return 1;
  }
  await replaceFiles([
    ...files.map(({ name, text }) => ({ path: path.join(values.dir, name), text })),
    { path: lockFile, text: schemaLockText(update.lock) },
  ]);
  console.log(
    `wrote ${files.length} JSON Schemas to ${values.dir}; schema_version ${SCHEMA_VERSION} ${update.recorded ? "recorded in" : "matches"} ${SCHEMA_LOCK_FILE}`,
  );
  return 0;
};

runCommand("schemas", main);
