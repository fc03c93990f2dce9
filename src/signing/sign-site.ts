import { sign } from "node:crypto";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import type { SiteFiles } from "../render/site-files.ts";
import type { ManifestSigner } from "./signing-key-from-pem.ts";

/**
 * The rendered tree with `manifest.json.sig` beside the manifest: the base64 of the raw Ed25519 signature over the
 * manifest's exact bytes. The manifest lists every other file's SHA-256, so this one signature covers the whole
 * tree; it is added before the tree is written, so the tree and its signature appear together.
 */
export const signSite = (files: SiteFiles, signer: ManifestSigner): SiteFiles => {
  const manifest = files.get(SITE_PATHS.manifest);
  if (manifest === undefined) throw new Error(`the tree has no ${SITE_PATHS.manifest} to sign`);
  const bytes = typeof manifest === "string" ? Buffer.from(manifest) : manifest;
  const signature = sign(null, bytes, signer.privateKey).toString("base64");
  return new Map([...files, [SITE_PATHS.manifestSignature, signature]]);
};
