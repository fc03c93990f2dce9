/** Errors are not cached, so a fact published by the next build is found at once. */
export const ERROR_CACHE_CONTROL = "no-store";

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** How long a browser may reuse a preflight answer (seconds). */
export const PREFLIGHT_MAX_AGE = "86400";

/** Asked for when a preflight names no headers: those a reading client plausibly sends. */
export const DEFAULT_ALLOWED_HEADERS = "Accept, Accept-Language, Cache-Control, If-None-Match, If-Modified-Since";

/**
 * Sent with every response, as flat `[name, value, ...]` pairs (the form `writeHead` takes without copying):
 * the API is public (SPEC.md section 5), and scripts on other origins may read the ETag to revalidate.
 */
export const COMMON_HEADERS: readonly string[] = [
  "Access-Control-Allow-Origin", "*",
  "Access-Control-Expose-Headers", "ETag",
  "X-Content-Type-Options", "nosniff",
];
