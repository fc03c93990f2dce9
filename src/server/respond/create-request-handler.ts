import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../../config.ts";
import { COMMON_HEADERS } from "../common-headers.ts";
import type { Site } from "../site/index.ts";
import { noteResponse } from "./answer-client-error.ts";
import { ALLOWED_METHODS, answerPreflight } from "./answer-preflight.ts";
import { hostHeaderProblem } from "./host-header-problem.ts";
import { ifNoneMatchHits } from "./if-none-match-hits.ts";
import { negotiateEncoding } from "./negotiate-encoding.ts";
import { notFoundBody } from "./not-found-body.ts";
import { resolveRequestPath } from "./resolve-request-path.ts";
import { sendError } from "./send-error.ts";

/**
 * The request listener: answers from the site `currentSite()` returns at the time of the request, so a reload
 * swaps the whole tree at once and no request sees half of two builds.
 *
 * The common case (an exact site path, no percent sign) is a single map lookup followed by one `writeHead` with
 * precomputed headers; everything else goes through `resolveRequestPath`, which refuses any path that could climb.
 */
export const createRequestHandler = (currentSite: () => Site) => (request: IncomingMessage, response: ServerResponse): void => {
  noteResponse(request, response);
  const hostProblem = hostHeaderProblem(request);
  if (hostProblem !== undefined) {
    // Which request a second Host belongs to is unclear, so nothing more is read from this connection.
    const path = (request.url ?? "").split("?")[0] ?? "";
    return sendError(request, response, 400, { error: "bad_request", message: hostProblem, path }, ["Connection", "close"]);
  }
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") {
    if (method === "OPTIONS") return answerPreflight(request, response);
    const path = (request.url ?? "").split("?")[0] ?? "";
    return sendError(request, response, 405, {
      error: "method_not_allowed",
      message: `${method} is not allowed: this API is read-only, use ${ALLOWED_METHODS}`,
      path,
    }, ["Allow", ALLOWED_METHODS]);
  }

  const site = currentSite();
  const target = request.url ?? "/";
  const queryStart = target.indexOf("?");
  const requestPath = queryStart === -1 ? target : target.slice(0, queryStart);
  let file = requestPath.includes("%") ? undefined : site.files.get(requestPath);
  if (file === undefined) {
    const resolved = resolveRequestPath(target);
    if (!resolved.ok) return sendError(request, response, 400, { error: "bad_request", message: resolved.reason, path: requestPath });
    file = site.files.get(resolved.path);
    if (file === undefined) {
      if (site.folders.has(resolved.path)) {
        response.writeHead(301, [
          ...COMMON_HEADERS,
          "Location", `${requestPath}/${queryStart === -1 ? "" : target.slice(queryStart)}`,
          "Content-Length", "0",
          "Cache-Control", CACHE_CONTROL,
        ]);
        response.end();
        return;
      }
      return sendError(request, response, 404, notFoundBody(site, requestPath, resolved.path));
    }
  }

  const representation = file[negotiateEncoding(request.headers["accept-encoding"])];
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, representation.etag)) {
    response.writeHead(304, representation.notModifiedHeaders);
    response.end();
    return;
  }
  response.writeHead(200, representation.okHeaders);
  response.end(method === "HEAD" ? undefined : representation.body);
};
