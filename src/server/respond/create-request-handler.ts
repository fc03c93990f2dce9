import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../../lib/config.ts";
import { COMMON_HEADERS } from "../common-headers.ts";
import type { Site, SiteFile } from "../site/index.ts";
import { noteResponse } from "./answer-client-error.ts";
import { ALLOWED_METHODS, answerPreflight } from "./answer-preflight.ts";
import { hostHeaderProblem } from "./host-header-problem.ts";
import { ifNoneMatchHits } from "./if-none-match-hits.ts";
import { negotiateEncoding } from "./negotiate-encoding.ts";
import { resolveRequestPath } from "./resolve-request-path.ts";
import { sendError } from "./send-error.ts";
import { sendNotFound } from "./send-not-found.ts";

/** The request target's path, without its query. */
const pathOf = (target: string): string => {
  const queryStart = target.indexOf("?");
  return queryStart === -1 ? target : target.slice(0, queryStart);
};

/**
 * Refuses what this read-only API does not serve: a missing or repeated Host (400; which request a second Host belongs
 * to is unclear, so nothing more is read from the connection) and any method but GET, HEAD and OPTIONS (405).
 * Answers OPTIONS as a preflight. Returns whether the request has been answered.
 */
const answeredWithoutLookup = (request: IncomingMessage, response: ServerResponse): boolean => {
  const hostProblem = hostHeaderProblem(request);
  if (hostProblem !== undefined) {
    sendError(request, response, 400, { error: "bad_request", message: hostProblem, path: pathOf(request.url ?? "") }, ["Connection", "close"]);
    return true;
  }
  const method = request.method;
  if (method === "GET" || method === "HEAD") return false;
  if (method === "OPTIONS") {
    answerPreflight(request, response);
    return true;
  }
  const message = `${method} is not allowed: this API is read-only, use ${ALLOWED_METHODS}`;
  sendError(request, response, 405, { error: "method_not_allowed", message, path: pathOf(request.url ?? "") }, ["Allow", ALLOWED_METHODS]);
  return true;
};

/** Sends a folder named without its trailing slash to the folder, keeping the query. */
const redirectToFolder = (response: ServerResponse, target: string, requestPath: string): void => {
  response.writeHead(301, [
    ...COMMON_HEADERS,
    "Location",
    `${requestPath}/${target.slice(requestPath.length)}`,
    "Content-Length",
    "0",
    "Cache-Control",
    CACHE_CONTROL,
  ]);
  response.end();
};

/**
 * Sends the representation of a file the client accepts: 304 when it holds its ETag already, else 200 (no body for
 * HEAD). A withdrawn fact's single-fact response is sent with `410 Gone` instead, always with its body, the tombstone:
 * the status tells a client the fact is gone for good, the body says when, why and what replaces it.
 */
const sendFile = (request: IncomingMessage, response: ServerResponse, file: SiteFile, gone: boolean): void => {
  const representation = file[negotiateEncoding(request.headers["accept-encoding"])];
  const ifNoneMatch = request.headers["if-none-match"];
  if (!gone && ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, representation.etag)) {
    response.writeHead(304, representation.notModifiedHeaders);
    response.end();
    return;
  }
  response.writeHead(gone ? 410 : 200, representation.okHeaders);
  response.end(request.method === "HEAD" ? undefined : representation.body);
};

/**
 * The request listener: answers from the site `currentSite()` returns at the time of the request, so a reload
 * swaps the whole tree at once and no request sees half of two builds.
 *
 * The common case (an exact site path, no percent sign) is a single map lookup followed by one `writeHead` with
 * precomputed headers; everything else goes through `resolveRequestPath`, which refuses any path that could climb.
 */
export const createRequestHandler =
  (currentSite: () => Site) =>
  (request: IncomingMessage, response: ServerResponse): void => {
    noteResponse(request, response);
    if (answeredWithoutLookup(request, response)) return;
    const site = currentSite();
    const target = request.url ?? "/";
    const requestPath = pathOf(target);
    const exact = requestPath.includes("%") ? undefined : site.files.get(requestPath);
    if (exact !== undefined) {
      sendFile(request, response, exact, site.gone.has(requestPath));
      return;
    }
    const resolved = resolveRequestPath(target);
    if (!resolved.ok) {
      sendError(request, response, 400, { error: "bad_request", message: resolved.reason, path: requestPath });
      return;
    }
    const file = site.files.get(resolved.path);
    if (file !== undefined) sendFile(request, response, file, site.gone.has(resolved.path));
    else if (site.folders.has(resolved.path)) redirectToFolder(response, target, requestPath);
    else sendNotFound(request, response, site, requestPath, resolved.path);
  };
