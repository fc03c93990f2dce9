import path from "node:path";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { API_CATALOG_CONTENT_TYPE, JWKS_CONTENT_TYPE } from "../../lib/config.ts";

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
  return BY_PATH[sitePath] ?? BY_NAME[name] ?? BY_EXTENSION[path.posix.extname(name).toLowerCase()] ?? "application/octet-stream";
};
