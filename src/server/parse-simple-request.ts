/** What the fast path needs from a request it can answer alone. */
export interface SimpleRequest {
  head: boolean;
  /** The request target without its query. */
  path: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  close: boolean;
}

const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** `name: value` with an RFC 9110 token for a name and no control character but tab in the value. */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([\t\x20-\x7e\x80-\xff]*?)[ \t]*$/;
const CLOSE = /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i;

const joined = (previous: string | undefined, value: string): string => (previous === undefined ? value : `${previous}, ${value}`);

/**
 * Reads a request head (the text before the blank line, decoded as latin1) if, and only if, it is the plainest kind:
 * GET or HEAD of an origin-form path over HTTP/1.1, exactly one Host, no body (no Content-Length, no
 * Transfer-Encoding), no Expect or Upgrade, every line well formed with CRLF endings. Anything else gives undefined:
 * the request is not refused, only left to Node's HTTP parser, which answers it as a full server would.
 */
export const parseSimpleRequest = (head: string): SimpleRequest | undefined => {
  const lines = head.split("\r\n");
  const requestLine = REQUEST_LINE.exec(lines[0] ?? "");
  if (!requestLine) return undefined;
  let hosts = 0;
  let acceptEncoding: string | undefined;
  let ifNoneMatch: string | undefined;
  let close = false;
  for (let index = 1; index < lines.length; index++) {
    const header = HEADER_LINE.exec(lines[index] ?? "");
    if (!header) return undefined;
    const value = header[2] ?? "";
    switch ((header[1] ?? "").toLowerCase()) {
      case "host":
        hosts++;
        break;
      case "accept-encoding":
        acceptEncoding = joined(acceptEncoding, value);
        break;
      case "if-none-match":
        ifNoneMatch = joined(ifNoneMatch, value);
        break;
      case "connection":
        if (/upgrade/i.test(value)) return undefined;
        if (CLOSE.test(value)) close = true;
        break;
      case "content-length":
      case "transfer-encoding":
      case "expect":
      case "upgrade":
        return undefined;
    }
  }
  if (hosts !== 1) return undefined;
  const target = requestLine[2] ?? "/";
  const queryStart = target.indexOf("?");
  return { head: requestLine[1] === "HEAD", path: queryStart === -1 ? target : target.slice(0, queryStart), acceptEncoding, ifNoneMatch, close };
};
