import { API_CATALOG_CONTENT_TYPE, CACHE_CONTROL } from "../config.ts";
import type { SiteFiles } from "./site-files.ts";

/**
 * `.nojekyll` (GitHub Pages must publish `.well-known/` as is) and `_headers`, which hosts such as Netlify and
 * Cloudflare Pages honour; GitHub Pages cannot set headers, see the README.
 */
export const renderHostFiles = (): SiteFiles =>
  new Map([
    ["/.nojekyll", ""],
    [
      "/_headers",
      [
        "/*",
        "  Access-Control-Allow-Origin: *",
        "  Access-Control-Expose-Headers: ETag",
        `  Cache-Control: ${CACHE_CONTROL}`,
        "  X-Content-Type-Options: nosniff",
        "/api/v1/facts/feed.xml",
        "  Content-Type: application/rss+xml; charset=utf-8",
        "/api/v1/facts/upcoming.atom",
        "  Content-Type: application/atom+xml; charset=utf-8",
        "/api/v1/facts/upcoming.ics",
        "  Content-Type: text/calendar; charset=utf-8",
        "/.well-known/api-catalog",
        `  Content-Type: ${API_CATALOG_CONTENT_TYPE}`,
        "/.well-known/openapi.json",
        "  Content-Type: application/json; charset=utf-8",
        "",
      ].join("\n"),
    ],
  ]);
