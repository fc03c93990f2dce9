import { z } from "zod";
import { SITE_PATHS, verifyManifest } from "../../packages/client/src/index.ts";
import type { SigningKeySet } from "../schemas/index.ts";
import { ManifestFile } from "../schemas/index.ts";
import type { SiteFetcher } from "./fetch-site-file.ts";

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
  /** Whether the listed files were fetched: only when the signature is valid. */
  filesChecked: boolean;
}

/** What the check reads with: small files whole, listed files as a size and digest. */
export type TreeReader = Pick<SiteFetcher, "fetchFile" | "digestFile">;

const checkSignature = async (fetchFile: TreeReader["fetchFile"], manifest: Uint8Array, keys: SigningKeySet): Promise<SignatureVerdict> => {
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

const checkFile = async (digestFile: TreeReader["digestFile"], entry: z.infer<typeof ManifestFile>): Promise<TreeProblem | undefined> => {
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
  if (fetched.bytes !== entry.bytes) return { path: entry.path, message: `${entry.bytes} bytes listed, ${fetched.bytes} served` };
  if (fetched.sha256 !== entry.sha256) return { path: entry.path, message: `SHA-256 differs (listed ${entry.sha256}, served ${fetched.sha256})` };
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
    return { signature: { state: "unchecked", reason: "no manifest to check" }, problems: [problem], listed: undefined, matching: 0, filesChecked: false };
  }
  const signature = await checkSignature(reader.fetchFile, manifest.bytes, keys);
  const files = listedFiles(manifest.bytes);
  if (signature.state !== "valid") {
    const problems = [{ path: SITE_PATHS.manifestSignature, message: signature.reason }];
    return { signature, problems, listed: typeof files === "string" ? undefined : files.length, matching: 0, filesChecked: false };
  }
  if (typeof files === "string")
    return { signature, problems: [{ path: SITE_PATHS.manifest, message: files }], listed: undefined, matching: 0, filesChecked: false };
  const fileProblems = (await Promise.all(files.map((entry) => checkFile(reader.digestFile, entry)))).filter((problem) => problem !== undefined);
  return { signature, problems: fileProblems, listed: files.length, matching: files.length - fileProblems.length, filesChecked: true };
};
