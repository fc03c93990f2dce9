import type { IncomingMessage, ServerResponse } from "node:http";
import { COMMON_HEADERS } from "../common-headers.ts";

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
