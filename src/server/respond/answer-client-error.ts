import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { COMMON_HEADERS } from "../common-headers.ts";
import { errorBodyText } from "./send-error.ts";

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
  const answer = (error.code === undefined ? undefined : ANSWERS[error.code]) ?? { statusLine: "400 Bad Request", error: "bad_request" };
  const body = errorBodyText({ error: answer.error, message: `the request could not be parsed (${error.code ?? error.message})` });
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
