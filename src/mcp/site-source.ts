/**
 * Where the MCP server reads a built tree from: a folder (what `npm run build` writes) or a site that publishes one
 * over HTTP (url-source.ts). Both answer by site path (`/api/v1/…`), so site-tree.ts and tree-files.ts read either
 * alike, and every message names the file where it is: its path on disk or its URL.
 */
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { errorMessage, isMissingFile } from "../lib/errors.ts";

/** A listed file's bytes, exactly as many as the manifest lists, or what is wrong with it (naming the file). */
export type ListedRead = { bytes: Uint8Array } | { problem: string };

export interface SiteSource {
  /** The folder, or the site's base URL: what the server says it serves, and what a refusal of the tree names. */
  location: string;
  /** What to do about a location that holds no usable tree, ending a refusal. */
  hint: string;
  /** Where the file at `sitePath` is, as messages name it. */
  where: (sitePath: string) => string;
  /** Refuses a location that cannot hold a tree at all (a folder that does not exist, a file). */
  check: () => Promise<void>;
  /** Whether the tree has a file at `sitePath`, without reading it. */
  has: (sitePath: string) => Promise<boolean>;
  /** The bytes of the file at `sitePath`, or undefined when the tree has none. */
  read: (sitePath: string) => Promise<Uint8Array | undefined>;
  /** At most the first `bytes` bytes of the file at `sitePath`, or undefined when the tree has none. */
  head: (sitePath: string, bytes: number) => Promise<Uint8Array | undefined>;
  /** The file at `sitePath`, which the manifest lists with `bytes` as its size: never a byte more is read. */
  readListed: (sitePath: string, bytes: number) => Promise<ListedRead>;
}

const BUILD_HINT = "build one with npm run build (or npm run build -- --out DIR)";

/** Undefined for a missing file, so that the tree can say which of its files it lacks. */
const unlessMissing = (error: unknown): undefined => {
  if (isMissingFile(error)) return undefined;
  throw error;
};

/** The tree `npm run build` wrote into the folder `root`. */
export const folderSource = (root: string): SiteSource => {
  const where = (sitePath: string) => path.join(root, sitePath.slice(1));
  return {
    location: root,
    hint: BUILD_HINT,
    where,
    check: async () => {
      const folder = await stat(root).catch((error: unknown) => {
        if (isMissingFile(error)) throw new Error(`${root}: no such folder; ${BUILD_HINT}`);
        throw error;
      });
      if (!folder.isDirectory()) throw new Error(`${root} is a file, not the folder of a built tree; ${BUILD_HINT}`);
    },
    has: (sitePath) =>
      stat(where(sitePath)).then(
        () => true,
        (error: unknown) => unlessMissing(error) ?? false,
      ),
    read: (sitePath) => readFile(where(sitePath)).catch(unlessMissing),
    head: async (sitePath, bytes) => {
      const handle = await open(where(sitePath), "r").catch(unlessMissing);
      if (handle === undefined) return undefined;
      try {
        const head = new Uint8Array(bytes);
        const { bytesRead } = await handle.read(head, 0, bytes, 0);
        return head.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    readListed: (sitePath, bytes) => readListedFile(where(sitePath), sitePath, bytes),
  };
};

/**
 * Reads a listed file of a folder, refusing before it reads a byte more than the manifest lists. The file is opened
 * once and its size read on the open handle, so a file swapped in since, or grown since, is refused too; a special
 * file (a named pipe) is refused before it is read, so a read never waits for a writer.
 */
const readListedFile = async (file: string, sitePath: string, listed: number): Promise<ListedRead> => {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (error: unknown) {
    if (isMissingFile(error))
      return { problem: `${file}: the manifest lists ${sitePath}, but the tree has no such file` };
    return { problem: `${file}: cannot be read: ${errorMessage(error)}` };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { problem: `${file}: is not a regular file` };
    if (stats.size !== listed)
      return {
        problem: `${file}: is not the file the manifest lists (${listed} bytes listed, ${stats.size} on disk); rebuild the tree`,
      };
    const bytes = new Uint8Array(listed);
    const { bytesRead } = await handle.read(bytes, 0, listed, 0);
    if (bytesRead !== listed)
      return { problem: `${file}: ${bytesRead} bytes read of the ${listed} the manifest lists` };
    return { bytes };
  } finally {
    await handle.close();
  }
};
