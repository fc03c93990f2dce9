import { constants } from "node:fs";
import { type FileHandle, open, readFile } from "node:fs/promises";
import path from "node:path";
import type { Problem } from "../lib/problem.ts";
import { type JsonDocument, parseJsonDocument } from "./parse-json-document.ts";
import { textProblems } from "./text-characters.ts";

/** Keeps a byte-order mark in the text (the decoder would drop it), so the parser can refuse it. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The largest fact or index-data file, in bytes (256 KB). Every file is read whole, parsed with the position of every
 * node and held in memory with the rest of the catalog, and facts are served to consumers that budget what they
 * fetch: a limit far above any real fact or index file keeps one careless or hostile file from costing every run.
 */
export const MAX_DATA_FILE_BYTES = 256 * 1024;

/** A document that is one problem at its start, standing for a file that could not be read as text. */
const unreadable = (file: string, message: string): JsonDocument => {
  const doc = parseJsonDocument(file, "null");
  return { ...doc, value: undefined, tree: undefined, syntaxProblems: [{ file, line: 1, column: 1, pointer: "", message }] };
};

const parseBytes = (file: string, bytes: Uint8Array): JsonDocument => {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return unreadable(file, "the file is not valid UTF-8");
  }
  return parseJsonDocument(file, text);
};

/** Reads and parses one JSON file; unreadable bytes become a located problem rather than an exception. */
export const readDocument = async (root: string, file: string): Promise<JsonDocument> => parseBytes(file, await readFile(path.join(root, file)));

/** A data file as read: its document, and the strings in it that break the text rule (see text-characters.ts). */
export interface DataDocument extends JsonDocument {
  textProblems: Problem[];
}

/**
 * Reads and parses one data file (under `facts/` or `index-data/`, and any data folder to come), refusing before it
 * parses (or reads more than the limit) a file larger than {@link MAX_DATA_FILE_BYTES}, and holds every string of it
 * to the text rule, so every reader of data files sees the same problems. The listing has refused links and special
 * files already; the file is opened without following a link and without waiting for a writer, and checked again on
 * the open handle, so one swapped in since is refused too, and a named pipe never blocks the run.
 */
export const readDataDocument = async (root: string, file: string): Promise<DataDocument> => {
  const doc = await readDataFile(root, file);
  return { ...doc, textProblems: doc.syntaxProblems.length > 0 ? [] : textProblems(doc) };
};

/** The problem of a data file larger than {@link MAX_DATA_FILE_BYTES}; `size` as known (a count, or "more than" one). */
const tooLarge = (file: string, size: string): JsonDocument =>
  unreadable(file, `the file is ${size} bytes; a data file may be at most ${MAX_DATA_FILE_BYTES} bytes (256 KB)`);

/**
 * A data file as stored at a git revision (a blob), held to the same rules as one read from the working tree: refused
 * when larger than {@link MAX_DATA_FILE_BYTES}, parsed strictly with its nesting bounded, its strings held to the text
 * rule. `size` is the blob's size as git lists it (`git ls-tree -l`), so an oversized blob is refused before it is
 * read; `bytes` is undefined when it was not read for that reason.
 */
export const dataDocumentAtRevision = (file: string, size: number, bytes: Uint8Array | undefined): DataDocument => {
  const doc =
    bytes === undefined || !withinDataFileLimit(size) || !withinDataFileLimit(bytes.length)
      ? tooLarge(file, String(Math.max(size, bytes?.length ?? 0)))
      : parseBytes(file, bytes);
  return { ...doc, textProblems: doc.syntaxProblems.length > 0 ? [] : textProblems(doc) };
};

/** Whether a blob of `size` bytes is small enough to be read as a data file. */
export const withinDataFileLimit = (size: number): boolean => size <= MAX_DATA_FILE_BYTES;

const readDataFile = async (root: string, file: string): Promise<JsonDocument> => {
  let handle: FileHandle;
  try {
    handle = await open(path.join(root, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") return unreadable(file, "is a symbolic link; facts and index data must be regular files");
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return unreadable(file, "is not a regular file; facts and index data must be regular files");
    if (stats.size > MAX_DATA_FILE_BYTES) return tooLarge(file, String(stats.size));
    // The size may change between the stat and the read: at most one byte past the limit is ever read.
    const buffer = Buffer.alloc(MAX_DATA_FILE_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_DATA_FILE_BYTES) return tooLarge(file, `more than ${MAX_DATA_FILE_BYTES}`);
    return parseBytes(file, buffer.subarray(0, length));
  } finally {
    await handle.close();
  }
};
