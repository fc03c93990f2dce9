import type { IncomingMessage, ServerResponse } from "node:http";
import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import type { Site } from "../site/index.ts";
import { negotiateEncoding } from "./negotiate-encoding.ts";
import { notFoundBody } from "./not-found-body.ts";
import { ERROR_CACHE_CONTROL, sendError } from "./send-error.ts";

/** Headers of a stored 200 that do not belong on a 404: the page's validator and its cache lifetime. */
const DROPPED = new Set(["etag", "cache-control"]);

/**
 * Answers a path nothing is published at. A program asking under `/api/` or `/.well-known/` (or for either folder itself) gets the JSON error body
 * (`notFoundBody`), as every API error is; a reader asking for any other path gets the site's HTML 404 page, with
 * status 404, in the encoding the client accepts, not cached (`no-store`, like every error, so a page published by
 * the next build is found at once). A tree without `404.html` answers JSON everywhere.
 */
export const sendNotFound = (request: IncomingMessage, response: ServerResponse, site: Site, requestPath: string, sitePath: string): void => {
  const page = site.files.get(SITE_PATHS.notFoundPage);
  // Leading slashes collapsed, so "//api/v1/x" is a program's path too.
  const programPath = sitePath.replace(/^\/+/, "/");
  const forPrograms = SITE_PATHS.apiPrefixes.some((prefix) => programPath.startsWith(prefix) || programPath === prefix.slice(0, -1));
  if (page === undefined || forPrograms) {
    sendError(request, response, 404, notFoundBody(site, requestPath, sitePath));
    return;
  }
  const representation = page[negotiateEncoding(request.headers["accept-encoding"])];
  const headers: string[] = [];
  for (let index = 0; index < representation.okHeaders.length; index += 2) {
    const name = representation.okHeaders[index]!;
    if (!DROPPED.has(name.toLowerCase())) headers.push(name, representation.okHeaders[index + 1]!);
  }
  response.writeHead(404, [...headers, "Cache-Control", ERROR_CACHE_CONTROL]);
  response.end(request.method === "HEAD" ? undefined : representation.body);
};
