/**
 * A built tree read from the site that publishes it, over HTTP, with the project's one HTTP client (src/lib/http.ts):
 * the same files, by the same site paths, as from a folder (site-source.ts). Redirects are not followed (the tree is
 * read from the address given, and a redirect is refused naming where it pointed); only a 200 is a file and a 404 or
 * 410 a missing one: any other answer refuses the read with its status.
 */
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { publishedBaseUrl, SERVICE } from "../lib/config.ts";
import { HttpFailure, type HttpRequestOptions, httpRequest } from "../lib/http.ts";
import type { SiteSource } from "./site-source.ts";

/**
 * The most of one file read whole at start (the manifest, the search index, the upcoming list, the places index): far
 * above what the build writes for thousands of facts, and far below what would hurt to hold, so a site that answers
 * without end cannot exhaust the server's memory.
 */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** How long a request may wait for the answer, then for each part of its body, before it counts as unanswered. */
const WAIT_MS = 30_000;

const MISSING = new Set([404, 410]);

/** A file the site gave no usable answer for: `url: reason`, and whether the site could be reached at all. */
class UnreadableFile extends Error {
  override name = "UnreadableFile";
  readonly reached: boolean;

  constructor(url: string, reason: string, reached: boolean) {
    super(`${url}: ${reason}`);
    this.reached = reached;
  }
}

/** The site published at `site`, an http(s) base URL with an optional path and no query or fragment. */
export const urlSource = (site: string): SiteSource => {
  const base = publishedBaseUrl(site, "--site");
  const where = (sitePath: string) => `${base}${sitePath}`;

  /** One exchange; no answer at all (refused, unknown host, timed out, cut off) is an UnreadableFile. */
  const ask = async (sitePath: string, options: Omit<HttpRequestOptions, "timeoutMs" | "timeoutPer">) => {
    try {
      return await httpRequest(where(sitePath), {
        ...options,
        headers: { "user-agent": `${SERVICE.slug}-mcp/1.0` },
        timeoutMs: WAIT_MS,
        timeoutPer: "wait",
      });
    } catch (error: unknown) {
      if (error instanceof HttpFailure)
        throw new UnreadableFile(where(sitePath), error.message, error.kind !== "unreachable");
      throw error;
    }
  };

  /** An answer that is neither a file nor a missing one, with where a redirect pointed. */
  const refusal = (sitePath: string, status: number, location: string | string[] | undefined): UnreadableFile =>
    new UnreadableFile(
      where(sitePath),
      `answered HTTP ${status}${typeof location === "string" ? ` (a redirect to ${location})` : ""}`,
      true,
    );

  /** The body of a 200, undefined for a missing file; an UnreadableFile for any other answer. */
  const get = async (sitePath: string, maxBytes: number, overLimit: "error" | "truncate") => {
    const answer = await ask(sitePath, { maxBytes, overLimit, bodyFor: (status) => status === 200 });
    if (MISSING.has(answer.status)) return undefined;
    if (answer.status !== 200) throw refusal(sitePath, answer.status, answer.headers.location);
    return new Uint8Array(answer.body);
  };

  /** A read at start that fails refuses the site, named first as a folder's refusals name the folder. */
  const atStart = async <Value>(read: () => Promise<Value>): Promise<Value> => {
    try {
      return await read();
    } catch (error: unknown) {
      if (error instanceof UnreadableFile)
        throw new Error(`${base} ${error.reached ? "cannot be read" : "cannot be reached"}: ${error.message}`);
      throw error;
    }
  };

  return {
    location: base,
    hint: `give the address of a site this project publishes (one that serves ${SITE_PATHS.catalog})`,
    where,
    check: async () => undefined,
    has: (sitePath) =>
      atStart(async () => {
        const answer = await ask(sitePath, { method: "HEAD", maxBytes: 0, bodyFor: () => false });
        if (MISSING.has(answer.status)) return false;
        if (answer.status === 200) return true;
        throw refusal(sitePath, answer.status, answer.headers.location);
      }),
    read: (sitePath) => atStart(() => get(sitePath, MAX_FILE_BYTES, "error")),
    head: (sitePath, bytes) => atStart(() => get(sitePath, bytes, "truncate")),
    // A body longer than listed is cut off past its size, before it is held: it is not the file the manifest lists.
    readListed: async (sitePath, bytes) => {
      try {
        const body = await get(sitePath, bytes, "error");
        if (body === undefined)
          return {
            problem: `${where(sitePath)}: the manifest lists ${sitePath}, but the site answers that it has no such file`,
          };
        if (body.length !== bytes)
          return {
            problem: `${where(sitePath)}: is not the file the manifest lists (${bytes} bytes listed, ${body.length} served)`,
          };
        return { bytes: body };
      } catch (error: unknown) {
        if (error instanceof UnreadableFile) return { problem: error.message };
        throw error;
      }
    },
  };
};
