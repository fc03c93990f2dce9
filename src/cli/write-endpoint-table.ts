import { readFile } from "node:fs/promises";
import path from "node:path";
import { runCommand } from "../lib/command.ts";
import { replaceFiles } from "../lib/json-file.ts";
import { ENDPOINT_TABLE_FILES, withEndpointTable } from "../render/endpoint-table.ts";

/**
 * `npm run docs:endpoints`: rewrites the endpoint table of README.md from the endpoint records, between its two
 * comments; tests/docs/endpoint-table.test.ts fails when the committed table differs.
 */
const main = async (): Promise<number> => {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = await Promise.all(
    ENDPOINT_TABLE_FILES.map(async (file) => {
      const at = path.join(root, file);
      return { path: at, before: await readFile(at, "utf8") };
    }),
  );
  const changed = files
    .map(({ path: at, before }) => ({ path: at, before, text: withEndpointTable(before) }))
    .filter(({ before, text }) => before !== text);
  await replaceFiles(changed);
  console.log(
    changed.length === 0
      ? "the endpoint tables match the records"
      : `wrote the endpoint table of ${changed.map(({ path: at }) => path.relative(root, at)).join(", ")}`,
  );
  return 0;
};

runCommand("docs:endpoints", main);
