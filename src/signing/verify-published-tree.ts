import { z } from "zod";
import { verifyManifest, verifyManifestFile } from "../../packages/client/src/verify-manifest.ts";
import { SITE_PATHS } from "../lib/site-paths.ts";
import { ManifestFile } from "../schemas/manifest.ts";
import type { SigningKeySet } from "../schemas/signing-key.ts";
import type { FetchSiteFile } from "./fetch-site-file.ts";

/** Far above any manifest the build writes, and far below what would hurt to hold. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** The base64 of a 64-byte signature is 88 characters; a little room for a final newline. */
const MAX_SIGNATURE_BYTES = 1024;

/** Only the file list matters here; the rest of the manifest may be of any schema version. */
const ListedFiles = z.object({ files: z.array(ManifestFile) });

export type SignatureVerdict = { state: "valid"; kid: string } | { state: "unsigned" | "bad" | "unchecked"; reason: string };

export interface TreeProblem {
  path: string;
  message: string;
}

export interface TreeReport {
  signature: SignatureVerdict;
  /** Every problem, the manifest's and signature's first, then the files' in the manifest's order. */
  problems: TreeProblem[];
  /** Files the manifest lists (undefined without a manifest or without a file list in it), and how many were served as listed. */
  listed: number | undefined;
  matching: number;
}

const checkSignature = async (fetchFile: FetchSiteFile, manifest: Uint8Array, keys: SigningKeySet): Promise<SignatureVerdict> => {
  const fetched = await fetchFile(SITE_PATHS.manifestSignature, MAX_SIGNATURE_BYTES);
  if (!fetched.ok) {
    return fetched.status === 404
      ? { state: "unsigned", reason: "unsigned: the tree publishes no signature (HTTP 404)" }
      : { state: "unchecked", reason: `the signature could not be read: ${fetched.reason}` };
  }
  const verdict = await verifyManifest(manifest, new TextDecoder().decode(fetched.bytes), keys);
  return verdict.ok ? { state: "valid", kid: verdict.kid } : { state: "bad", reason: `bad signature: ${verdict.reason}` };
};

const listedFiles = (manifest: Uint8Array): z.infer<typeof ListedFiles>["files"] | string => {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(manifest));
  } catch {
    return "the manifest is not JSON";
  }
  const parsed = ListedFiles.safeParse(json);
  return parsed.success ? parsed.data.files : `the manifest does not list its files: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`;
};

const checkFile = async (fetchFile: FetchSiteFile, entry: z.infer<typeof ManifestFile>): Promise<TreeProblem | undefined> => {
  const fetched = await fetchFile(entry.path, entry.bytes);
  if (!fetched.ok) {
    // Status 200 with a failure means the body ran past the listed size.
    const message = fetched.status === 200 ? `${entry.bytes} bytes listed, ${fetched.reason}` : `not served: ${fetched.reason}`;
    return { path: entry.path, message };
  }
  const verdict = await verifyManifestFile(fetched.bytes, entry);
  return verdict.ok ? undefined : { path: entry.path, message: verdict.reason };
};

/**
 * Checks a published tree as a consumer would: the manifest's signature against `keys` (the committed set, never
 * the one the tree publishes, which whoever altered the tree could have altered too), then every file the
 * manifest lists, by size and SHA-256. Files are checked whatever the signature's verdict, so one run shows
 * everything that differs.
 */
export const verifyPublishedTree = async (fetchFile: FetchSiteFile, keys: SigningKeySet): Promise<TreeReport> => {
  const manifest = await fetchFile(SITE_PATHS.manifest, MAX_MANIFEST_BYTES);
  if (!manifest.ok) {
    const problem = { path: SITE_PATHS.manifest, message: `not served: ${manifest.reason}` };
    return { signature: { state: "unchecked", reason: "no manifest to check" }, problems: [problem], listed: undefined, matching: 0 };
  }
  const signature = await checkSignature(fetchFile, manifest.bytes, keys);
  const problems: TreeProblem[] = signature.state === "valid" ? [] : [{ path: SITE_PATHS.manifestSignature, message: signature.reason }];
  const files = listedFiles(manifest.bytes);
  if (typeof files === "string") return { signature, problems: [...problems, { path: SITE_PATHS.manifest, message: files }], listed: undefined, matching: 0 };
  const fileProblems = (await Promise.all(files.map((entry) => checkFile(fetchFile, entry)))).filter((problem) => problem !== undefined);
  return { signature, problems: [...problems, ...fileProblems], listed: files.length, matching: files.length - fileProblems.length };
};
