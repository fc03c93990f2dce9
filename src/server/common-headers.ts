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
