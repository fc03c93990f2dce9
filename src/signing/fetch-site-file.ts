import { Agent, request } from "undici";
import { SERVICE } from "../lib/config.ts";

export type Fetched = { ok: true; bytes: Uint8Array } | { ok: false; status?: number; reason: string };

/** Fetches one published file by its site path, reading at most `maxBytes` of it. */
export type FetchSiteFile = (sitePath: string, maxBytes: number) => Promise<Fetched>;

export interface SiteFetcher {
  fetchFile: FetchSiteFile;
  close: () => Promise<void>;
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

const failureOf = (error: unknown, timeoutMs: number): string => {
  const { code, cause, message } = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  const name = String(cause?.code ?? code ?? message ?? error);
  return TIMEOUT_CODES.has(name) ? `no answer within ${timeoutMs / 1000} s` : `could not be fetched (${name})`;
};

/**
 * Reads the files of a tree published at `baseUrl` (which may include a path). The agent keeps at most
 * `concurrency` connections to the host and queues the other requests, and each request gives up after `timeoutMs`
 * without progress. Redirects are not followed: the tree is read from the address given. A body is read only up
 * to `maxBytes` and one byte more, so a wrong answer costs no more than the right one.
 */
export const createSiteFetcher = (baseUrl: string, options: { concurrency: number; timeoutMs: number }): SiteFetcher => {
  const base = baseUrl.replace(/\/+$/, "");
  const dispatcher = new Agent({
    connections: options.concurrency,
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const fetchFile: FetchSiteFile = async (sitePath, maxBytes) => {
    try {
      const response = await request(`${base}${sitePath}`, { dispatcher, headers: { "user-agent": `${SERVICE.slug}-verify-site/1.0` } });
      if (response.statusCode !== 200) {
        await response.body.dump();
        const location = response.headers.location;
        return { ok: false, status: response.statusCode, reason: `HTTP ${response.statusCode}${typeof location === "string" ? ` to ${location}` : ""}` };
      }
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer);
        length += (chunk as Buffer).length;
        if (length > maxBytes) {
          response.body.destroy();
          return { ok: false, status: response.statusCode, reason: `more than ${maxBytes} bytes served` };
        }
      }
      return { ok: true, bytes: Buffer.concat(chunks) };
    } catch (error: unknown) {
      return { ok: false, reason: failureOf(error, options.timeoutMs) };
    }
  };
  return { fetchFile, close: () => dispatcher.close() };
};
