import type { IncomingMessage } from "node:http";

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
