import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { compareText } from "../../lib/text.ts";
import { listFiles } from "../../model/list-files.ts";
import { Manifest } from "../../schemas/index.ts";
import { createSiteFile, type SiteFile } from "./create-site-file.ts";

const BY_ID_PREFIX = SITE_PATHS.byIdPrefix;

/** The published tree held in memory: what the server answers from until the next reload. */
export interface Site {
  root: string;
  /** Site path (`/api/v1/facts/index.json`) to file; a folder holding `index.html` is also listed as `/folder/`. */
  files: Map<string, SiteFile>;
  /** Folders holding an `index.html`, named without their trailing slash: requests for these are redirected to `/folder/`. */
  folders: Set<string>;
  /** Ids that have a `SITE_PATHS.factById(id)` and are not withdrawn, sorted: the ids a 404 names as valid. */
  factIds: string[];
  /** The `SITE_PATHS.factById(id)` of each withdrawn fact (the manifest's `withdrawn` list): answered `410 Gone` with the tombstone. */
  gone: Set<string>;
  fileCount: number;
  byteCount: number;
}

/**
 * The single-fact paths of the withdrawn facts the manifest lists. A tree without a manifest, or whose manifest does
 * not parse, has none: its files are still served, each with 200.
 */
const withdrawnPaths = (manifest: Buffer | undefined): Set<string> => {
  let json: unknown;
  try {
    json = manifest === undefined ? undefined : JSON.parse(manifest.toString("utf8"));
  } catch {
    json = undefined;
  }
  const parsed = Manifest.safeParse(json);
  return new Set(parsed.success ? (parsed.data.withdrawn ?? []).map(({ id }) => SITE_PATHS.factById(id)) : []);
};

/**
 * Reads every regular file below `root` into memory with its compressed forms and validators. The tree is a few
 * megabytes, so answering from memory costs little and keeps the disk, and any change to it, off the request path.
 * Symbolic links are not followed: only files that are really inside the tree are served.
 */
export const loadSite = async (root: string): Promise<Site> => {
  const absoluteRoot = path.resolve(root);
  const rootStat = await stat(absoluteRoot).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`cannot serve ${absoluteRoot}: no such folder (run npm run build first)`);
    throw error;
  });
  if (!rootStat.isDirectory()) throw new Error(`cannot serve ${absoluteRoot}: not a folder`);

  const relativePaths = await listFiles(absoluteRoot, ".");
  const loaded = await Promise.all(
    relativePaths.map(async (relative) => {
      const sitePath = `/${relative}`;
      return [sitePath, await createSiteFile(sitePath, await readFile(path.join(absoluteRoot, relative)))] as const;
    }),
  );

  const gone = withdrawnPaths(loaded.find(([sitePath]) => sitePath === SITE_PATHS.manifest)?.[1].identity.body);
  const files = new Map<string, SiteFile>();
  const folders = new Set<string>();
  const factIds: string[] = [];
  let byteCount = 0;
  for (const [sitePath, file] of loaded) {
    files.set(sitePath, file);
    byteCount += file.identity.body.length;
    if (sitePath.endsWith("/index.html")) {
      const folder = sitePath.slice(0, -"index.html".length);
      files.set(folder, file);
      if (folder !== "/") folders.add(folder.slice(0, -1));
    }
    if (sitePath.startsWith(BY_ID_PREFIX) && sitePath.endsWith(".json") && !sitePath.slice(BY_ID_PREFIX.length).includes("/")) {
      if (!gone.has(sitePath)) factIds.push(sitePath.slice(BY_ID_PREFIX.length, -".json".length));
    }
  }
  return { root: absoluteRoot, files, folders, factIds: factIds.sort(compareText), gone, fileCount: loaded.length, byteCount };
};
