import path from "node:path";
import { runCommand } from "../lib/command.ts";
import { replaceFiles } from "../lib/json-file.ts";
import { CLIENT_VALUE_TYPES_FILE, clientValueTypesText } from "../schemas/index.ts";

/** Regenerates the client's value types from the value schemas; a test fails when the committed file drifts. */
const main = async (): Promise<number> => {
  const file = path.resolve(import.meta.dirname, "../..", CLIENT_VALUE_TYPES_FILE);
  await replaceFiles([{ path: file, text: clientValueTypesText() }]);
  console.log(`wrote the value types of the client to ${CLIENT_VALUE_TYPES_FILE}`);
  return 0;
};

runCommand("client:types", main);
