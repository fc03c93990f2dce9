import { readFile } from "node:fs/promises";
import path from "node:path";
import { type JsonDocument, parseJsonDocument } from "./parse-json-document.ts";

/** Keeps a byte-order mark in the text (the decoder would drop it), so the parser can refuse it. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Reads and parses one JSON file; unreadable bytes become a located problem rather than an exception. */
export const readDocument = async (root: string, file: string): Promise<JsonDocument> => {
  const bytes = await readFile(path.join(root, file));
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const doc = parseJsonDocument(file, "null");
    return { ...doc, value: undefined, syntaxProblems: [{ file, line: 1, column: 1, pointer: "", message: "the file is not valid UTF-8" }] };
  }
  return parseJsonDocument(file, text);
};
