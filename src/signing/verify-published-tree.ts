import { createHash } from "node:crypto";
import pLimit from "p-limit";
import { Agent } from "undici";
import { z } from "zod";
import { SITE_PATHS, verifyManifest } from "../../packages/client/src/index.ts";
import { SERVICE } from "../lib/config.ts";
import { HttpFailure, httpRequest } from "../lib/http.ts";
import type { SigningKeySet } from "../schemas/index.ts";
import { ManifestFile } from "../schemas/index.ts";

/*
 * `npm run verify-site`'s check of a published tree: its files read over HTTP (createSiteFetcher), the manifest's
 * signature checked against the committed keys with the client package's verifier, then each listed file by size and
 * SHA-256 (verifyPublishedTree).
 */

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

/**
 * Fetches one published file by its site path, reading at most `maxBytes` of it, and keeps only its size and digest.
 */
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

/**
 * Reads the files of a tree published at `baseUrl` (which may include a path), at most `concurrency` at a time; each
 * request gives up after `timeoutMs` without progress (for the answer, then between parts of the body), and every
 * request, running or waiting its turn, ends once `deadlineMs` have passed since the fetcher was made, so a host that
 * answers a byte at a time cannot keep the check running. Redirects are not followed: the tree is read from the
 * address given. Only a 200's body is read, and only up to `maxBytes`; one announced as longer (Content-Length) is
 * not read at all, so a wrong answer costs no more than the right one.
 */
export const createSiteFetcher = (
  baseUrl: string,
  options: { concurrency: number; timeoutMs: number; deadlineMs: number },
): SiteFetcher => {
  const base = baseUrl.replace(/\/+$/, "");
  const deadline = AbortSignal.timeout(options.deadlineMs);
  const dispatcher = new Agent({ connect: { timeout: options.timeoutMs } });
  const limit = pLimit(options.concurrency);

  /** A failure while the body was read keeps its status (200): the file was served, but not as listed. */
  const failureOf = (failure: HttpFailure): FetchFailure => {
    const status = failure.status === undefined ? {} : { status: failure.status };
    if (!deadline.aborted) return { ok: false, ...status, reason: failure.message };
    const read = failure.bytes === undefined ? "" : ` (${failure.bytes} bytes read)`;
    return {
      ok: false,
      ...status,
      reason: `the overall deadline of ${options.deadlineMs / 1000} s passed${read}`,
      deadline: true,
    };
  };

  /** Streams one file's body to `onChunk`, stopping past `maxBytes`; resolves with the byte count or the failure. */
  const read = (
    sitePath: string,
    maxBytes: number,
    onChunk: (chunk: Buffer) => void,
  ): Promise<{ ok: true; bytes: number } | FetchFailure> =>
    limit(async () => {
      try {
        const answer = await httpRequest(`${base}${sitePath}`, {
          dispatcher,
          headers: { "user-agent": `${SERVICE.slug}-verify-site/1.0` },
          timeoutMs: options.timeoutMs,
          timeoutPer: "wait",
          signal: deadline,
          maxBytes,
          bodyFor: (status) => status === 200,
          onChunk,
        });
        if (answer.status === 200) return { ok: true, bytes: answer.bytes };
        const location = answer.headers.location;
        return {
          ok: false,
          status: answer.status,
          reason: `HTTP ${answer.status}${typeof location === "string" ? ` to ${location}` : ""}`,
        };
      } catch (error: unknown) {
        if (error instanceof HttpFailure) return failureOf(error);
        throw error;
      }
    });

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

/** Far above any manifest the build writes, and far below what would hurt to hold. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** The base64 of a 64-byte signature is 88 characters; a little room for a final newline. */
const MAX_SIGNATURE_BYTES = 1024;

/** Only the file list matters here; the rest of the manifest may be of any schema version. */
const ListedFiles = z.object({ files: z.array(ManifestFile) });

export type SignatureVerdict =
  | { state: "valid"; kid: string }
  | { state: "unsigned" | "bad" | "unchecked"; reason: string };

export interface TreeProblem {
  path: string;
  message: string;
}

export interface TreeReport {
  signature: SignatureVerdict;
  /** Every problem, the manifest's and signature's first, then the files' in the manifest's order. */
  problems: TreeProblem[];
  /**
   * Files the manifest lists (undefined without a manifest or without a file list in it), and how many were served as
   * listed.
   */
  listed: number | undefined;
  matching: number;
  /** Whether the listed files were fetched: only when the signature is valid. */
  filesChecked: boolean;
}

/** What the check reads with: small files whole, listed files as a size and digest. */
export type TreeReader = Pick<SiteFetcher, "fetchFile" | "digestFile">;

const checkSignature = async (
  fetchFile: TreeReader["fetchFile"],
  manifest: Uint8Array,
  keys: SigningKeySet,
): Promise<SignatureVerdict> => {
  const fetched = await fetchFile(SITE_PATHS.manifestSignature, MAX_SIGNATURE_BYTES);
  if (!fetched.ok) {
    return fetched.status === 404
      ? { state: "unsigned", reason: "unsigned: the tree publishes no signature (HTTP 404)" }
      : { state: "unchecked", reason: `the signature could not be read: ${fetched.reason}` };
  }
  const verdict = await verifyManifest(manifest, new TextDecoder().decode(fetched.bytes), keys);
  return verdict.ok
    ? { state: "valid", kid: verdict.kid }
    : { state: "bad", reason: `bad signature: ${verdict.reason}` };
};

const listedFiles = (manifest: Uint8Array): z.infer<typeof ListedFiles>["files"] | string => {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(manifest));
  } catch {
    return "the manifest is not JSON";
  }
  const parsed = ListedFiles.safeParse(json);
  return parsed.success
    ? parsed.data.files
    : `the manifest does not list its files: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`;
};

const checkFile = async (
  digestFile: TreeReader["digestFile"],
  entry: z.infer<typeof ManifestFile>,
): Promise<TreeProblem | undefined> => {
  const fetched = await digestFile(entry.path, entry.bytes);
  if (!fetched.ok) {
    // Status 200 with a failure means the body failed on the way: too long, too slow or cut off.
    const message =
      fetched.status === 200
        ? `${entry.bytes} bytes listed, ${fetched.reason}`
        : fetched.deadline
          ? `not checked: ${fetched.reason}`
          : `not served: ${fetched.reason}`;
    return { path: entry.path, message };
  }
  if (fetched.bytes !== entry.bytes)
    return { path: entry.path, message: `${entry.bytes} bytes listed, ${fetched.bytes} served` };
  if (fetched.sha256 !== entry.sha256)
    return { path: entry.path, message: `SHA-256 differs (listed ${entry.sha256}, served ${fetched.sha256})` };
  return undefined;
};

/**
 * Checks a published tree as a consumer would: the manifest's signature against `keys` (the committed set, never
 * the one the tree publishes, which whoever altered the tree could have altered too), then every file the
 * manifest lists, by size and SHA-256, each hashed as it streams. Without a valid signature no listed file is
 * fetched: an unsigned or altered manifest may list anything, at any size, and nothing it says can be trusted.
 */
export const verifyPublishedTree = async (reader: TreeReader, keys: SigningKeySet): Promise<TreeReport> => {
  const manifest = await reader.fetchFile(SITE_PATHS.manifest, MAX_MANIFEST_BYTES);
  if (!manifest.ok) {
    const problem = { path: SITE_PATHS.manifest, message: `not served: ${manifest.reason}` };
    return {
      signature: { state: "unchecked", reason: "no manifest to check" },
      problems: [problem],
      listed: undefined,
      matching: 0,
      filesChecked: false,
    };
  }
  const signature = await checkSignature(reader.fetchFile, manifest.bytes, keys);
  const files = listedFiles(manifest.bytes);
  if (signature.state !== "valid") {
    const problems = [{ path: SITE_PATHS.manifestSignature, message: signature.reason }];
    return {
      signature,
      problems,
      listed: typeof files === "string" ? undefined : files.length,
      matching: 0,
      filesChecked: false,
    };
  }
  if (typeof files === "string")
    return {
      signature,
      problems: [{ path: SITE_PATHS.manifest, message: files }],
      listed: undefined,
      matching: 0,
      filesChecked: false,
    };
  const fileProblems = (await Promise.all(files.map((entry) => checkFile(reader.digestFile, entry)))).filter(
    (problem) => problem !== undefined,
  );
  return {
    signature,
    problems: fileProblems,
    listed: files.length,
    matching: files.length - fileProblems.length,
    filesChecked: true,
  };
};
