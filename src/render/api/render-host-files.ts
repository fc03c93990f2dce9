import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { API_CATALOG_CONTENT_TYPE, CACHE_CONTROL, JWKS_CONTENT_TYPE } from "../../lib/config.ts";
import type { SiteFiles } from "../site-files.ts";

/**
 * `.nojekyll` (GitHub Pages must publish `.well-known/` as is) and `_headers`, which hosts such as Netlify and
 * Cloudflare Pages honour; GitHub Pages cannot set headers, see docs/operators/deploy.md.
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
        SITE_PATHS.feed,
        "  Content-Type: application/rss+xml; charset=utf-8",
        SITE_PATHS.upcomingFeed,
        "  Content-Type: application/atom+xml; charset=utf-8",
        SITE_PATHS.upcomingCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        SITE_PATHS.changesFeed,
        "  Content-Type: application/atom+xml; charset=utf-8",
        SITE_PATHS.changesCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        SITE_PATHS.lapsesCalendar,
        "  Content-Type: text/calendar; charset=utf-8",
        SITE_PATHS.apiCatalog,
        `  Content-Type: ${API_CATALOG_CONTENT_TYPE}`,
        SITE_PATHS.openApi,
        "  Content-Type: application/json; charset=utf-8",
        SITE_PATHS.jwks,
        `  Content-Type: ${JWKS_CONTENT_TYPE}`,
        SITE_PATHS.manifestSignature,
        "  Content-Type: text/plain; charset=utf-8",
        "",
      ].join("\n"),
    ],
  ]);
