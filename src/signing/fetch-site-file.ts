import { createHash } from "node:crypto";
import { Agent, request } from "undici";
import { SERVICE } from "../lib/config.ts";

export interface FetchFailure {
  ok: false;
  /** 200 when the failure came while reading the body (too long, too slow, cut off). */
  status?: number;
  reason: string;
  /** Set when the overall deadline ended the request, or came before it was sent. */
  deadline?: true;
}

export type Fetched = { ok: true; bytes: Uint8Array } | FetchFailure;

/** A file's size and SHA-256 (lowercase hex), computed while it was read. */
export type Digested = { ok: true; bytes: number; sha256: string } | FetchFailure;

/** Fetches one published file by its site path, reading at most `maxBytes` of it, and keeps it whole. */
export type FetchSiteFile = (sitePath: string, maxBytes: number) => Promise<Fetched>;

/** Fetches one published file by its site path, reading at most `maxBytes` of it, and keeps only its size and digest. */
export type DigestSiteFile = (sitePath: string, maxBytes: number) => Promise<Digested>;

export interface SiteFetcher {
  /** For the small files read whole: the manifest and its signature. */
  fetchFile: FetchSiteFile;
  /** For the files the manifest lists, of any size: hashed as they stream, never held. */
  digestFile: DigestSiteFile;
  /** Whether the overall deadline passed, which ended every request still running then and refused every later one. */
  deadlinePassed: () => boolean;
  close: () => Promise<void>;
}

/** Stops reading a body. Undici reports a body destroyed before its end as an error; here that is the intent. */
const discard = (body: NodeJS.ReadableStream & { destroy: () => void }): void => {
  body.on("error", () => undefined);
  body.destroy();
};

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT"]);

/** The file's stated size, when the answer states one. */
const announcedLength = (header: string | string[] | undefined): number | undefined =>
  typeof header === "string" && /^\d+$/.test(header) ? Number(header) : undefined;

/**
 * Reads the files of a tree published at `baseUrl` (which may include a path). The agent keeps at most
 * `concurrency` connections to the host and queues the other requests; each request gives up after `timeoutMs`
 * without progress, and every request, running or queued, ends once `deadlineMs` have passed since the fetcher was
 * made, so a host that answers a byte at a time cannot keep the check running. Redirects are not followed: the tree
 * is read from the address given. A body is read only up to `maxBytes` and one byte more, and one announced as longer
 * (Content-Length) is not read at all, so a wrong answer costs no more than the right one.
 */
export const createSiteFetcher = (baseUrl: string, options: { concurrency: number; timeoutMs: number; deadlineMs: number }): SiteFetcher => {
  const base = baseUrl.replace(/\/+$/, "");
  const deadline = AbortSignal.timeout(options.deadlineMs);
  const dispatcher = new Agent({
    connections: options.concurrency,
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const seconds = (ms: number): string => `${ms / 1000} s`;

  const failureOf = (error: unknown, received: number | undefined): FetchFailure => {
    const read = received === undefined ? "" : ` (${received} bytes read)`;
    if (deadline.aborted) {
      const reason = `the overall deadline of ${seconds(options.deadlineMs)} passed${read}`;
      return received === undefined ? { ok: false, reason, deadline: true } : { ok: false, status: 200, reason, deadline: true };
    }
    const { code, cause, message } = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
    const name = String(cause?.code ?? code ?? message ?? error);
    if (name === "UND_ERR_BODY_TIMEOUT") return { ok: false, status: 200, reason: `nothing more received for ${seconds(options.timeoutMs)}${read}` };
    if (TIMEOUT_CODES.has(name)) return { ok: false, reason: `no answer within ${seconds(options.timeoutMs)}` };
    return { ok: false, status: received === undefined ? undefined : 200, reason: `could not be fetched (${name})${read}` };
  };

  /** Streams one file's body to `onChunk`, stopping past `maxBytes`; resolves with the byte count or the failure. */
  const read = async (sitePath: string, maxBytes: number, onChunk: (chunk: Buffer) => void): Promise<{ ok: true; bytes: number } | FetchFailure> => {
    let received: number | undefined;
    try {
      const response = await request(`${base}${sitePath}`, {
        dispatcher,
        signal: deadline,
        headers: { "user-agent": `${SERVICE.slug}-verify-site/1.0` },
      });
      if (response.statusCode !== 200) {
        discard(response.body);
        const location = response.headers.location;
        return { ok: false, status: response.statusCode, reason: `HTTP ${response.statusCode}${typeof location === "string" ? ` to ${location}` : ""}` };
      }
      const announced = announcedLength(response.headers["content-length"]);
      if (announced !== undefined && announced > maxBytes) {
        discard(response.body);
        return { ok: false, status: 200, reason: `${announced} announced (Content-Length), not read` };
      }
      received = 0;
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length;
        if (received > maxBytes) {
          discard(response.body);
          return { ok: false, status: 200, reason: `more than ${maxBytes} bytes served` };
        }
        onChunk(chunk as Buffer);
      }
      return { ok: true, bytes: received };
    } catch (error: unknown) {
      return failureOf(error, received);
    }
  };

  const fetchFile: FetchSiteFile = async (sitePath, maxBytes) => {
    const chunks: Buffer[] = [];
    const result = await read(sitePath, maxBytes, (chunk) => chunks.push(chunk));
    return result.ok ? { ok: true, bytes: Buffer.concat(chunks) } : result;
  };

  const digestFile: DigestSiteFile = async (sitePath, maxBytes) => {
    const hash = createHash("sha256");
    const result = await read(sitePath, maxBytes, (chunk) => hash.update(chunk));
    return result.ok ? { ok: true, bytes: result.bytes, sha256: hash.digest("hex") } : result;
  };

  return { fetchFile, digestFile, deadlinePassed: () => deadline.aborted, close: () => dispatcher.close() };
};
