export {
  createSiteFetcher,
  type Digested,
  type DigestSiteFile,
  type Fetched,
  type FetchFailure,
  type FetchSiteFile,
  type SiteFetcher,
} from "./fetch-site-file.ts";
export { jwkThumbprint } from "./jwk-thumbprint.ts";
export { publicSigningKey } from "./public-signing-key.ts";
export { KEYS_FILE, readSigningKeys } from "./read-signing-keys.ts";
export { signSite } from "./sign-site.ts";
export { type ManifestSigner, signingKeyFromPem } from "./signing-key-from-pem.ts";
export { type SignatureVerdict, type TreeProblem, type TreeReader, type TreeReport, verifyPublishedTree } from "./verify-published-tree.ts";
export { writeSigningKeys } from "./write-signing-keys.ts";
