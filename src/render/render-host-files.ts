import type { SiteFiles } from "./site-files.ts";

/** SPEC.md section 8, exactly. */
export const CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

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
        `  Cache-Control: ${CACHE_CONTROL}`,
        "  X-Content-Type-Options: nosniff",
        "/api/v1/facts/feed.xml",
        "  Content-Type: application/rss+xml; charset=utf-8",
        "/.well-known/api-catalog",
        "  Content-Type: application/linkset+json",
        "/.well-known/openapi.json",
        "  Content-Type: application/json; charset=utf-8",
        "",
      ].join("\n"),
    ],
  ]);
