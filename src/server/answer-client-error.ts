import type { Duplex } from "node:stream";
import type { ErrorBody } from "../schemas/error-body.ts";
import { COMMON_HEADERS } from "./http-headers.ts";

const ANSWERS: Record<string, { statusLine: string; error: string }> = {
  HPE_HEADER_OVERFLOW: { statusLine: "431 Request Header Fields Too Large", error: "headers_too_large" },
  ERR_HTTP_REQUEST_TIMEOUT: { statusLine: "408 Request Timeout", error: "request_timeout" },
};

/**
 * Answers a request the HTTP parser refused (a raw NUL or space in the path, a malformed header...) as Node's default
 * would, but with the same CORS headers and JSON error shape as every other error (without `path`: there is none to
 * trust), then closes the connection.
 */
export const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = (error.code === undefined ? undefined : ANSWERS[error.code]) ?? { statusLine: "400 Bad Request", error: "bad_request" };
  const body = `${JSON.stringify({ error: answer.error, message: `the request could not be parsed (${error.code ?? error.message})` } satisfies ErrorBody)}\n`;
  const headers = [...COMMON_HEADERS, "Content-Type", "application/json; charset=utf-8", "Content-Length", String(Buffer.byteLength(body)), "Connection", "close"];
  let head = `HTTP/1.1 ${answer.statusLine}\r\n`;
  for (let index = 0; index < headers.length; index += 2) head += `${headers[index]}: ${headers[index + 1]}\r\n`;
  socket.end(`${head}\r\n${body}`);
};
