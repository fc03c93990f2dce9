import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Splits what a server sent into responses, using Content-Length. `bodiless[i]` says that the i-th answers a HEAD
 * (its Content-Length describes a body that is not sent).
 */
export const parseResponses = (text: string, bodiless: boolean[] = []): RawResponse[] => {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const split = rest.indexOf("\r\n\r\n");
    if (split === -1) throw new Error(`incomplete response head: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine = "", ...headerLines] = rest.slice(0, split).split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    const noBody = bodiless[responses.length] === true || status === 204 || status === 304;
    const length = noBody ? 0 : Number(headers["content-length"] ?? rest.length - split - 4);
    responses.push({ status, headers, body: rest.slice(split + 4, split + 4 + length) });
    rest = rest.slice(split + 4 + length);
  }
  return responses;
};

/**
 * Writes `chunks` to a fresh connection byte for byte (latin1), `pauseMs` apart, and returns everything the server
 * sends until it closes the connection. `fetch` and `new URL` normalise `..`, `%2e%2e` and backslashes before anything
 * leaves the client, so traversal attempts and malformed requests must be written by hand to reach the server.
 * `readAfterMs` leaves the answers unread that long, as a slow client would, so the server's writes back up.
 */
export const exchange = (
  port: number,
  chunks: string[],
  options: { pauseMs?: number; halfClose?: boolean; readAfterMs?: number } = {},
): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    if (options.readAfterMs !== undefined) {
      socket.pause();
      setTimeout(() => socket.resume(), options.readAfterMs);
    }
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(received).toString("latin1")));
    const send = async (): Promise<void> => {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0 && options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
        socket.write(chunk, "latin1");
      }
      if (options.halfClose) socket.end();
    };
    socket.on("connect", () => void send());
  });

/** One request with `Connection: close`, sent as written. */
export const rawRequest = async (
  port: number,
  requestTarget: string,
  method = "GET",
  extraHeaders = "",
): Promise<RawResponse> => {
  const text = await exchange(port, [
    `${method} ${requestTarget} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extraHeaders}Connection: close\r\n\r\n`,
  ]);
  const [response] = parseResponses(text, [method === "HEAD"]);
  if (response === undefined) throw new Error(`no response to ${method} ${requestTarget}`);
  return response;
};
