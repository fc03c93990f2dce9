let second = -1;
let keepAlive = Buffer.alloc(0);
let closing = Buffer.alloc(0);

/** Seconds a kept-alive connection may stay idle; announced in `Keep-Alive` and enforced by both request paths. */
export const KEEP_ALIVE_SECONDS = 5;

/**
 * The last lines of a response head written by the fast path: `Date` (RFC 9110 section 6.6.1 asks an origin server
 * for it; it changes once a second, so it is formatted once a second), the connection headers, and the blank line.
 */
export const headTrailer = (close: boolean): Buffer => {
  const now = Math.floor(Date.now() / 1000);
  if (now !== second) {
    second = now;
    const date = `Date: ${new Date(now * 1000).toUTCString()}\r\n`;
    keepAlive = Buffer.from(`${date}Connection: keep-alive\r\nKeep-Alive: timeout=${KEEP_ALIVE_SECONDS}\r\n\r\n`, "latin1");
    closing = Buffer.from(`${date}Connection: close\r\n\r\n`, "latin1");
  }
  return close ? closing : keepAlive;
};
