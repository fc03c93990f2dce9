/**
 * Checks a published tree with WebCrypto alone, so the same code runs in browsers, Deno, workers and Node:
 * `manifest.json.sig` is the base64 of the raw Ed25519 signature over the exact bytes of `manifest.json`, and the
 * manifest lists the size and SHA-256 of every other published file.
 */

/**
 * A public key as a JWK Set carries it (RFC 7517); only Ed25519 keys (RFC 8037: `kty` "OKP", `crv` "Ed25519") can
 * verify.
 */
export interface Jwk {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

/** One file as the manifest lists it. */
export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export type ManifestVerdict = { ok: true; kid: string } | { ok: false; reason: string };
export type FileVerdict = { ok: true } | { ok: false; reason: string };

/** The base64 of exactly 64 bytes: 86 characters and the padding of the last two. */
const SIGNATURE_TEXT = /^[A-Za-z0-9+/]{86}==$/;

const bytesOfBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

/** A copy on its own ArrayBuffer: WebCrypto takes no view of a shared buffer. */
const ownBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

const isEd25519 = (jwk: Jwk): boolean => jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";

const verifiesWith = async (
  jwk: Jwk,
  signature: Uint8Array<ArrayBuffer>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<boolean> => {
  // A key that cannot be imported verifies nothing; the verdict names the keys that were tried.
  const key = await globalThis.crypto.subtle
    .importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"])
    .catch(() => undefined);
  return key !== undefined && (await globalThis.crypto.subtle.verify({ name: "Ed25519" }, key, signature, bytes));
};

/**
 * Whether `signatureBase64` is an Ed25519 signature over `manifestBytes` by one of the keys of `jwks`. Every
 * Ed25519 key of the set is tried, so a tree signed by either key of a rotation verifies; the verdict names the key
 * (its `kid`) that verified, or why none did.
 */
export const verifyManifest = async (
  manifestBytes: Uint8Array,
  signatureBase64: string,
  jwks: { keys: Jwk[] },
): Promise<ManifestVerdict> => {
  const text = signatureBase64.trim();
  if (!SIGNATURE_TEXT.test(text))
    return { ok: false, reason: "the signature is not the base64 of a 64-byte Ed25519 signature" };
  const candidates = jwks.keys.filter(isEd25519);
  if (candidates.length === 0) return { ok: false, reason: "the key set holds no Ed25519 key to verify with" };
  const signature = bytesOfBase64(text);
  const bytes = ownBytes(manifestBytes);
  for (const jwk of candidates) {
    if (await verifiesWith(jwk, signature, bytes)) return { ok: true, kid: jwk.kid ?? jwk.x! };
  }
  const tried = candidates.map((jwk) => jwk.kid ?? jwk.x).join(", ");
  return { ok: false, reason: `no key of the set verifies the signature (tried ${tried})` };
};

const hex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** Whether `bytes` are the file the manifest lists: its length first, then its SHA-256. */
export const verifyManifestFile = async (bytes: Uint8Array, entry: ManifestEntry): Promise<FileVerdict> => {
  if (bytes.byteLength !== entry.bytes)
    return { ok: false, reason: `${entry.bytes} bytes listed, ${bytes.byteLength} served` };
  const sha256 = hex(await globalThis.crypto.subtle.digest("SHA-256", ownBytes(bytes)));
  if (sha256 !== entry.sha256)
    return { ok: false, reason: `SHA-256 differs (listed ${entry.sha256}, served ${sha256})` };
  return { ok: true };
};
