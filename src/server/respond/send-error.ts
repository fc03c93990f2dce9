import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorBody, ErrorDetails } from "../../schemas/index.ts";
import { SCHEMA_VERSION } from "../../schemas/index.ts";
import { COMMON_HEADERS } from "../common-headers.ts";

/** Errors are not cached, so a fact published by the next build is found at once. */
export const ERROR_CACHE_CONTROL = "no-store";

/** The JSON error body as sent: `schema_version` first, then what the refusal states. */
export const errorBodyText = (details: ErrorDetails): string => `${JSON.stringify({ schema_version: SCHEMA_VERSION, ...details } satisfies ErrorBody)}\n`;

/**
 * Answers with a JSON error body in the published shape (`ErrorBody`, src/schemas/error-body.ts), CORS allowed like
 * every response so a script on another origin can read why.
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
