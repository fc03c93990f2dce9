/**
 * The second stage of the server: answering a request from the site in memory. The common case (an exact site path,
 * no percent sign) is one map lookup and one `writeHead` with precomputed headers; everything else is checked here
 * (Host, method, preflight, the path) before a file, a redirect or an error is sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_CONTROL } from "../lib/config.ts";
import { noteResponse, sendError, sendNotFound } from "./errors.ts";
import { COMMON_HEADERS, negotiateEncoding, type Site, type SiteFile } from "./site.ts";

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
    sendError(request, response, 400, { error: "bad_request", message: hostProblem, path: pathOf(request.url ?? "") }, [
      "Connection",
      "close",
    ]);
    return true;
  }
  const method = request.method;
  if (method === "GET" || method === "HEAD") return false;
  if (method === "OPTIONS") {
    answerPreflight(request, response);
    return true;
  }
  const message = `${method} is not allowed: this API is read-only, use ${ALLOWED_METHODS}`;
  sendError(request, response, 405, { error: "method_not_allowed", message, path: pathOf(request.url ?? "") }, [
    "Allow",
    ALLOWED_METHODS,
  ]);
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

/**
 * Why a request's Host header is unacceptable, if it is: RFC 9112 section 3.2 has a server answer 400 to an HTTP/1.1
 * request without one and to any request with more than one (Node would serve the first).
 */
export const hostHeaderProblem = (request: IncomingMessage): string | undefined => {
  let hosts = 0;
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]?.toLowerCase() === "host") hosts++;
  }
  if (hosts > 1) return "a request must carry exactly one Host header";
  if (hosts === 0 && request.httpVersion === "1.1") return "an HTTP/1.1 request must carry a Host header";
  return undefined;
};

/** What this read-only API answers: announced to a preflight, and in `Allow` with a 405. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** How long a browser may reuse a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = "86400";

/** Asked for when a preflight names no headers: those a reading client plausibly sends. */
const DEFAULT_ALLOWED_HEADERS = "Accept, Accept-Language, Cache-Control, If-None-Match, If-Modified-Since";

/** A comma-separated list of header names (RFC 9110 tokens), the only thing worth echoing back. */
const HEADER_NAME_LIST = /^[!#$%&'*+.^_`|~\w-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~\w-]+)*$/;

/**
 * Answers an OPTIONS request, which for this read-only API is a CORS preflight (or a client asking what it may do):
 * 204 with the allowed methods, the request headers the browser asked about echoed back, and a day to remember it.
 */
export const answerPreflight = (request: IncomingMessage, response: ServerResponse): void => {
  const asked = request.headers["access-control-request-headers"]?.trim();
  response.writeHead(204, [
    ...COMMON_HEADERS,
    "Allow",
    ALLOWED_METHODS,
    "Access-Control-Allow-Methods",
    ALLOWED_METHODS,
    "Access-Control-Allow-Headers",
    asked !== undefined && HEADER_NAME_LIST.test(asked) ? asked : DEFAULT_ALLOWED_HEADERS,
    "Access-Control-Max-Age",
    PREFLIGHT_MAX_AGE,
    "Vary",
    "Access-Control-Request-Headers",
  ]);
  response.end();
};

/**
 * Whether an `If-None-Match` header names this ETag, by the weak comparison RFC 9110 section 13.1.2 prescribes
 * (`W/"x"` matches `"x"`), or is `*`.
 */
export const ifNoneMatchHits = (header: string, etag: string): boolean => {
  if (header === etag) return true;
  for (const candidate of header.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
};

export type ResolvedPath = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The site path a request target names, decoded segment by segment, or why it names none.
 *
 * Nothing is normalised: a target that would climb (`..`, `.`), smuggle a separator inside a segment (`%2f`, `%5c`, a
 * backslash) or carry a NUL is refused outright, so no spelling of a path can reach a file other than the one it
 * names literally. Files are served from a map built from the tree at startup in any case; this keeps the answer a
 * clear 400 rather than a lookup that happens to miss.
 */
export const resolveRequestPath = (target: string): ResolvedPath => {
  const end = target.search(/[?#]/);
  const raw = end === -1 ? target : target.slice(0, end);
  if (!raw.startsWith("/")) return { ok: false, reason: "the request target must be an absolute path" };
  if (raw.includes("\\")) return { ok: false, reason: "backslashes are not allowed in paths" };
  const segments = raw.split("/");
  for (let index = 1; index < segments.length; index++) {
    let segment = segments[index] ?? "";
    if (segment.includes("%")) {
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return { ok: false, reason: "the path has a malformed percent-encoding" };
      }
      if (/[/\\]/.test(segment))
        return { ok: false, reason: "encoded slashes and backslashes are not allowed in paths" };
    }
    if (segment.includes("\0")) return { ok: false, reason: "NUL bytes are not allowed in paths" };
    if (segment === "." || segment === "..")
      return { ok: false, reason: "dot segments (. and ..) are not allowed in paths" };
    segments[index] = segment;
  }
  return { ok: true, path: segments.join("/") };
};
