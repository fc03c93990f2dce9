/**
 * The server's error answers: the JSON error body every refusal carries, the 404 (JSON for programs, the HTML page
 * for readers), and the raw answer to a request the HTTP parser refused.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import type { ErrorBody, ErrorDetails } from "../schemas/index.ts";
import { SCHEMA_VERSION } from "../schemas/index.ts";
import { COMMON_HEADERS, negotiateEncoding, type Site } from "./site.ts";

/** Errors are not cached, so a fact published by the next build is found at once. */
export const ERROR_CACHE_CONTROL = "no-store";

/** The JSON error body as sent: `schema_version` first, then what the refusal states. */
export const errorBodyText = (details: ErrorDetails): string =>
  `${JSON.stringify({ schema_version: SCHEMA_VERSION, ...details } satisfies ErrorBody)}\n`;

/**
 * Answers with a JSON error body in the published shape (`ErrorBody`, packages/client/src/endpoint-schemas.ts), CORS
 * allowed like every response so a script on another origin can read why.
 */
export const sendError = (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  details: ErrorDetails,
  extraHeaders: readonly string[] = [],
): void => {
  const json = Buffer.from(errorBodyText(details));
  response.writeHead(status, [
    ...COMMON_HEADERS,
    "Content-Type",
    "application/json; charset=utf-8",
    "Content-Length",
    String(json.length),
    "Cache-Control",
    ERROR_CACHE_CONTROL,
    ...extraHeaders,
  ]);
  response.end(request.method === "HEAD" ? undefined : json);
};

/**
 * The JSON body of a 404. A miss under `SITE_PATHS.byIdPrefix` (`/api/v1/facts/by-id/`) is an unknown fact id
 * (docs/consumers/api.md#errors): the body says so and lists the ids the catalog has, so a client with a typo sees the
 * right spelling; a known id asked for without `.json` is told where it is.
 */
export const notFoundBody = (site: Site, requestPath: string, sitePath: string): ErrorDetails => {
  const name = sitePath.startsWith(SITE_PATHS.byIdPrefix) ? sitePath.slice(SITE_PATHS.byIdPrefix.length) : "";
  if (site.factIds.includes(name)) {
    return {
      error: "not_found",
      message: `a fact is served with a .json extension: ${SITE_PATHS.factById(name)}`,
      path: requestPath,
    };
  }
  const id = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
  if (id !== "" && !id.includes("/")) {
    return {
      error: "not_found",
      message: `"${id}" is not one of the catalog's ${site.factIds.length} fact ids (known_ids lists them)`,
      path: requestPath,
      known_ids: site.factIds,
    };
  }
  return { error: "not_found", message: `nothing is published at ${sitePath}`, path: requestPath };
};

/** Headers of a stored 200 that do not belong on a 404: the page's validator and its cache lifetime. */
const DROPPED = new Set(["etag", "cache-control"]);

/**
 * Answers a path nothing is published at. A program asking under `/api/` or `/.well-known/` (or for either folder
 * itself) gets the JSON error body (`notFoundBody`), as every API error is; a reader asking for any other path gets the
 * site's HTML 404 page, with status 404, in the encoding the client accepts, not cached (`no-store`, like every error,
 * so a page published by the next build is found at once). A tree without `404.html` answers JSON everywhere.
 */
export const sendNotFound = (
  request: IncomingMessage,
  response: ServerResponse,
  site: Site,
  requestPath: string,
  sitePath: string,
): void => {
  const page = site.files.get(SITE_PATHS.notFoundPage);
  // Leading slashes collapsed, so "//api/v1/x" is a program's path too.
  const programPath = sitePath.replace(/^\/+/, "/");
  const forPrograms = SITE_PATHS.apiPrefixes.some(
    (prefix) => programPath.startsWith(prefix) || programPath === prefix.slice(0, -1),
  );
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

const ANSWERS: Record<string, { statusLine: string; error: string }> = {
  HPE_HEADER_OVERFLOW: { statusLine: "431 Request Header Fields Too Large", error: "headers_too_large" },
  ERR_HTTP_REQUEST_TIMEOUT: { statusLine: "408 Request Timeout", error: "request_timeout" },
};

/**
 * Each connection's latest response. Pipelined requests are answered in order, and a response queued behind one still
 * being written only reaches the socket later; a raw answer written at once would overtake it, so it waits its turn.
 */
const latestResponses = new WeakMap<Duplex, ServerResponse>();

/** Remembers a request's response as the one a raw error answer on the same connection must follow. */
export const noteResponse = (request: IncomingMessage, response: ServerResponse): void => {
  latestResponses.set(request.socket, response);
};

/**
 * Milliseconds a refused connection may stay open after its answer. The server's sockets stay half-open until the
 * client closes its side too (Node's HTTP server allows half-open connections), so a client that never does would
 * keep the connection's file descriptor for good; after this grace, in which an honest client reads the answer and
 * closes, the connection is destroyed.
 */
const CLOSE_GRACE_MS = 2_000;

const rawAnswer = (error: NodeJS.ErrnoException): string => {
  const answer = (error.code === undefined ? undefined : ANSWERS[error.code]) ?? {
    statusLine: "400 Bad Request",
    error: "bad_request",
  };
  const body = errorBodyText({
    error: answer.error,
    message: `the request could not be parsed (${error.code ?? error.message})`,
  });
  const headers = [
    ...COMMON_HEADERS,
    "Content-Type",
    "application/json; charset=utf-8",
    "Content-Length",
    String(Buffer.byteLength(body)),
    "Connection",
    "close",
  ];
  let head = `HTTP/1.1 ${answer.statusLine}\r\n`;
  for (let index = 0; index < headers.length; index += 2) head += `${headers[index]}: ${headers[index + 1]}\r\n`;
  return `${head}\r\n${body}`;
};

/**
 * The server's `clientError` listener. Answers a request the HTTP parser refused (a raw NUL or space in the path, a
 * malformed header, a head too large...) as Node's default would, but with the same CORS headers and JSON error shape
 * as every other error (without `path`: there is none to trust), after the answers to the requests before it, then
 * closes the connection.
 *
 * Bytes after a request with `Connection: close` are refused too (`HPE_CLOSED_CONNECTION`); they get no answer, since
 * the server must not process anything more on that connection (RFC 9112 section 9.6): Node closes it after the
 * response to that request.
 *
 * This listener also receives Node's `ERR_HTTP_REQUEST_TIMEOUT` for a connection that sent no complete request head in
 * time, and answers it 408; the connection is destroyed after CLOSE_GRACE_MS if the client has not closed it by then.
 */
export const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === "HPE_CLOSED_CONNECTION") return;
  const pending = latestResponses.get(socket);
  if (pending !== undefined && !pending.writableFinished) {
    pending.once("finish", () => answerClientError(error, socket));
    return;
  }
  socket.end(rawAnswer(error));
  const timer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  socket.once("close", () => clearTimeout(timer));
};
