import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { jsonSchemaText, PUBLISHED_SCHEMAS } from "../schemas/json-schemas.ts";

/** Regenerates `schemas/*.schema.json` from the zod schemas; a test fails when the committed files drift. */
const directory = path.resolve(import.meta.dirname, "../../schemas");
await mkdir(directory, { recursive: true });
for (const [name, schema] of Object.entries(PUBLISHED_SCHEMAS)) {
  await writeFile(path.join(directory, `${name}.schema.json`), jsonSchemaText(name, schema));
}
console.log(`wrote ${Object.keys(PUBLISHED_SCHEMAS).length} JSON Schemas to schemas/`);
