import { constants, type Dirent, type Stats } from "node:fs";
import { type FileHandle, lstat, open, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isMissingFile } from "../lib/errors.ts";
import { type GitResult, gitResult } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import { compareText } from "../lib/text.ts";
import { type JsonDocument, parseJsonDocument, textProblems } from "./json-document.ts";

// The files under facts/ and index-data/: listed without opening them (regular files only) and read within the size
// limit, without following a link or waiting on a pipe, into JSON documents held to the text rule.

/** Every file below `directory`, as sorted POSIX paths relative to `root`; an absent directory has none. */
export const listFiles = async (root: string, directory: string): Promise<string[]> => {
  const absolute = path.join(root, directory);
  let entries: Dirent[];
  try {
    entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  } catch (error: unknown) {
    if (isMissingFile(error)) return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(root, path.join(entry.parentPath, entry.name)))
    .sort();
};

const relativePath = (root: string, absolute: string): string =>
  path.relative(root, absolute).split(path.sep).join("/");

/** Control characters (C0, DEL, C1): never part of a data file's name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this pattern.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A path as it may be printed: control characters written as JSON escapes, so a report never carries them raw. */
export const printablePath = (file: string): string =>
  CONTROL_CHARACTER.test(file) ? JSON.stringify(file).slice(1, -1) : file;

/** What an entry is, in the words of a problem, when it is neither a folder nor a regular file. */
const specialKind = (entry: Dirent): string | undefined => {
  if (entry.isSymbolicLink()) return "a symbolic link";
  if (entry.isFIFO()) return "a named pipe (FIFO)";
  if (entry.isSocket()) return "a socket";
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return "a device";
  return undefined;
};

/**
 * The paths below `directory` that git tracks as something other than a regular file: a symbolic link (mode 120000)
 * or a submodule (160000). A checkout without symbolic links writes a link as a plain file holding its target, which
 * the file system alone would not tell apart. None when `root` is not a git work tree or git cannot run: the kinds the
 * file system shows are refused all the same.
 */
const trackedAsLink = async (root: string, directory: string): Promise<Map<string, string>> => {
  const links = new Map<string, string>();
  let listed: GitResult;
  try {
    listed = await gitResult(root, ["ls-files", "--stage", "-z", "--", directory]);
  } catch {
    return links;
  }
  if (listed.code !== 0) return links;
  for (const record of listed.stdout.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    const mode = record.slice(0, record.indexOf(" "));
    if (mode === "120000") links.set(record.slice(tab + 1), "git records it as a symbolic link");
    if (mode === "160000") links.set(record.slice(tab + 1), "git records it as a submodule");
  }
  return links;
};

/**
 * The data files below `directory` (`facts/` or `index-data/`) that may be read, and a problem for every entry that
 * may not. Each must be a regular file with one name: a symbolic link anywhere in the tree (the directory itself
 * included) could point outside the repository or make files silently vanish from the listing; a hard link shares its
 * content with a file elsewhere, perhaps outside the repository, and git would not record it as one; a named pipe
 * would block the reader forever, and a device or socket is not data. Entries are told apart without opening them.
 * Where `root` is a git work tree, a file git records as a link or submodule is refused as well. A new file need not
 * be added to git before the check: what git would store is judged from the file itself.
 */
export const listDataFiles = async (
  root: string,
  directory: string,
): Promise<{ files: string[]; problems: Problem[] }> => {
  const refuse = (file: string, message: string): Problem => ({
    file: printablePath(file),
    line: 1,
    column: 1,
    pointer: "",
    message,
  });
  let top: Stats;
  try {
    top = await lstat(path.join(root, directory));
  } catch (error: unknown) {
    if (isMissingFile(error)) return { files: [], problems: [] };
    throw error;
  }
  if (top.isSymbolicLink())
    return {
      files: [],
      problems: [refuse(directory, `${directory}/ is a symbolic link; it must be a folder in the repository`)],
    };
  const [entries, links] = await Promise.all([
    readdir(path.join(root, directory), { recursive: true, withFileTypes: true }),
    trackedAsLink(root, directory),
  ]);
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const file = relativePath(root, path.join(entry.parentPath, entry.name));
    const kind = specialKind(entry);
    const tracked = links.get(file);
    if (CONTROL_CHARACTER.test(entry.name)) problems.push(refuse(file, "the name contains a control character"));
    else if (kind)
      problems.push(
        refuse(file, `is ${kind}; facts and index data must be regular files and folders in the repository`),
      );
    else if (tracked)
      problems.push(
        refuse(file, `${tracked}; facts and index data must be regular files and folders in the repository`),
      );
    else if (entry.isFile()) {
      const { nlink } = await lstat(path.join(root, file));
      if (nlink > 1)
        problems.push(
          refuse(file, `has ${nlink} hard links; a data file must be a file of its own, not a link to one elsewhere`),
        );
      else files.push(file);
    }
  }
  return { files: files.sort(), problems: problems.sort((a, b) => compareText(a.file, b.file)) };
};

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
  return {
    ...doc,
    value: undefined,
    tree: undefined,
    syntaxProblems: [{ file, line: 1, column: 1, pointer: "", message }],
  };
};

/**
 * Parses bytes already read as one JSON file named `file`: bytes that are not UTF-8 become a located problem rather
 * than an exception. For a reader that must see the bytes themselves first (the MCP server checks them against the
 * manifest's SHA-256 before it parses them).
 */
export const parseBytes = (file: string, bytes: Uint8Array): JsonDocument => {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return unreadable(file, "the file is not valid UTF-8");
  }
  return parseJsonDocument(file, text);
};

/** Reads and parses one JSON file; unreadable bytes become a located problem rather than an exception. */
export const readDocument = async (root: string, file: string): Promise<JsonDocument> =>
  parseBytes(file, await readFile(path.join(root, file)));

/**
 * A data file as read: its document, and the strings in it that break the text rule (see textProblems in
 * json-document.ts).
 */
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

/**
 * The problem of a data file larger than {@link MAX_DATA_FILE_BYTES}; `size` as known (a count, or "more than" one).
 */
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
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      return unreadable(file, "is a symbolic link; facts and index data must be regular files");
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
