/**
 * The first stage of the server: the built tree read into memory, each file with its content type, its encodings,
 * its validators and the headers of its responses computed once at startup; and which stored encoding a request gets.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { API_CATALOG_CONTENT_TYPE, CACHE_CONTROL, JWKS_CONTENT_TYPE } from "../lib/config.ts";
import { isMissingFile } from "../lib/errors.ts";
import { compareText } from "../lib/text.ts";
import { listFiles } from "../model/data-files.ts";
import { Manifest } from "../schemas/index.ts";

/**
 * Sent with every response, as flat `[name, value, ...]` pairs (the form `writeHead` takes without copying):
 * the API is public (docs/consumers/api.md#access), and scripts on other origins may read the ETag to revalidate.
 * Shared by the two stages: the site precomputes them into each file's headers, and every error answer repeats them.
 */
export const COMMON_HEADERS: readonly string[] = [
  "Access-Control-Allow-Origin",
  "*",
  "Access-Control-Expose-Headers",
  "ETag",
  "X-Content-Type-Options",
  "nosniff",
];

/**
 * Published files whose extension does not give their type: the feed is RSS although it ends in `.xml`; the API
 * catalog has none; the key set is a JWK Set although it ends in `.json`.
 */
const BY_PATH: Record<string, string> = {
  [SITE_PATHS.feed]: "application/rss+xml; charset=utf-8",
  [SITE_PATHS.apiCatalog]: API_CATALOG_CONTENT_TYPE,
  [SITE_PATHS.jwks]: JWKS_CONTENT_TYPE,
};

/** Files for other hosts, whose name alone decides the type: they have no extension. */
const BY_NAME: Record<string, string> = {
  _headers: "text/plain; charset=utf-8",
  _redirects: "text/plain; charset=utf-8",
  ".nojekyll": "text/plain; charset=utf-8",
  CNAME: "text/plain; charset=utf-8",
};

const BY_EXTENSION: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".rss": "application/rss+xml; charset=utf-8",
  ".atom": "application/atom+xml; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  /** The manifest's signature: base64 text. */
  ".sig": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
};

/** The Content-Type of a published file, from its site path (`/api/v1/facts/feed.xml`). */
export const contentTypeFor = (sitePath: string): string => {
  const name = path.posix.basename(sitePath);
  return (
    BY_PATH[sitePath] ??
    BY_NAME[name] ??
    BY_EXTENSION[path.posix.extname(name).toLowerCase()] ??
    "application/octet-stream"
  );
};

const brotli = promisify(brotliCompress);
/** Brotli's quality for the local server: see createSiteFile. */
const BROTLI_QUALITY = 5;
const gzipped = promisify(gzip);

/**
 * Text formats (HTML, JSON and `+json`, XML and `+xml`, SVG) gain from gzip and brotli; images and fonts are compressed
 * already.
 */
const COMPRESSIBLE = /^(text\/[\w.+-]+|application\/([\w.+-]+\+)?(json|xml)|image\/svg\+xml)\s*(;|$)/;

/**
 * One stored form of a file, with the headers of its 200 and its 304 computed once, as the flat name/value pairs
 * `writeHead` takes as they are: a request for it costs a map lookup and one `writeHead`.
 */
export interface Representation {
  body: Buffer;
  etag: string;
  okHeaders: string[];
  notModifiedHeaders: string[];
}

/** A published file in each content coding; a coding that would not shrink it points at the identity form. */
export interface SiteFile {
  identity: Representation;
  gzip: Representation;
  br: Representation;
}

const representation = (
  body: Buffer,
  etag: string,
  contentType: string,
  coding: string | undefined,
  varies: boolean,
): Representation => {
  const validators = ["Cache-Control", CACHE_CONTROL, "ETag", etag, ...(varies ? ["Vary", "Accept-Encoding"] : [])];
  const okHeaders = [
    ...COMMON_HEADERS,
    "Content-Type",
    contentType,
    "Content-Length",
    String(body.length),
    ...(coding === undefined ? [] : ["Content-Encoding", coding]),
    ...validators,
  ];
  const notModifiedHeaders = [...COMMON_HEADERS, ...validators];
  return { body, etag, okHeaders, notModifiedHeaders };
};

/**
 * Precomputes everything a response for one file needs: the body in identity, gzip (maximum compression) and brotli
 * (at a middle quality: brotli's highest levels cost many times the time for a few percent fewer bytes, which on a
 * tree of every page in five languages made startup on a busy machine take minutes; its output stays smaller than
 * gzip's), and a strong ETag per coding. Strong validators must differ between codings of one file
 * (RFC 9110 section 8.8.3), hence the `-br` and `-gzip` suffixes on the hash of the identity bytes.
 */
export const createSiteFile = async (sitePath: string, bytes: Buffer): Promise<SiteFile> => {
  const contentType = contentTypeFor(sitePath);
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
  if (!COMPRESSIBLE.test(contentType) || bytes.length === 0) {
    const only = representation(bytes, `"${hash}"`, contentType, undefined, false);
    return { identity: only, gzip: only, br: only };
  }
  const [gzipBody, brBody] = await Promise.all([
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  const varies = gzipBody.length < bytes.length || brBody.length < bytes.length;
  const identity = representation(bytes, `"${hash}"`, contentType, undefined, varies);
  return {
    identity,
    gzip:
      gzipBody.length < bytes.length ? representation(gzipBody, `"${hash}-gzip"`, contentType, "gzip", true) : identity,
    br: brBody.length < bytes.length ? representation(brBody, `"${hash}-br"`, contentType, "br", true) : identity,
  };
};

const BY_ID_PREFIX = SITE_PATHS.byIdPrefix;

/** The published tree held in memory: what the server answers from until the next reload. */
export interface Site {
  root: string;
  /** Site path (`/api/v1/facts/index.json`) to file; a folder holding `index.html` is also listed as `/folder/`. */
  files: Map<string, SiteFile>;
  /**
   * Folders holding an `index.html`, named without their trailing slash: requests for these are redirected to
   * `/folder/`.
   */
  folders: Set<string>;
  /** Ids that have a `SITE_PATHS.factById(id)` and are not withdrawn, sorted: the ids a 404 names as valid. */
  factIds: string[];
  /**
   * The `SITE_PATHS.factById(id)` of each withdrawn fact (the manifest's `withdrawn` list): answered `410 Gone` with
   * the tombstone.
   */
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
    if (isMissingFile(error)) throw new Error(`cannot serve ${absoluteRoot}: no such folder (run npm run build first)`);
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
    if (
      sitePath.startsWith(BY_ID_PREFIX) &&
      sitePath.endsWith(".json") &&
      !sitePath.slice(BY_ID_PREFIX.length).includes("/")
    ) {
      if (!gone.has(sitePath)) factIds.push(sitePath.slice(BY_ID_PREFIX.length, -".json".length));
    }
  }
  return {
    root: absoluteRoot,
    files,
    folders,
    factIds: factIds.sort(compareText),
    gone,
    fileCount: loaded.length,
    byteCount,
  };
};

export type Encoding = "br" | "gzip" | "identity";

const weightsOf = (acceptEncoding: string): Map<string, number> => {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    if (coding === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(coding.toLowerCase(), weight);
  }
  return weights;
};

/**
 * The content coding to send for an `Accept-Encoding` header (RFC 9110 section 12.5.3): brotli when the client
 * takes it at least as gladly as gzip, else gzip, else the file as it is. A coding not named takes the weight of `*`.
 */
export const negotiateEncoding = (acceptEncoding: string | undefined): Encoding => {
  if (acceptEncoding === undefined || acceptEncoding === "") return "identity";
  const weights = weightsOf(acceptEncoding);
  const any = weights.get("*") ?? 0;
  const br = weights.get("br") ?? any;
  const gzip = weights.get("gzip") ?? weights.get("x-gzip") ?? any;
  return br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
};
