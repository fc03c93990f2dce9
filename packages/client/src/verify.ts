import { z } from "zod";
import { WebhookBody } from "./endpoint-schemas.ts";

/**
 * Checks a published tree with WebCrypto alone, so the same code runs in browsers, Deno, workers and Node:
 * `manifest.json.sig` is the base64 of the raw Ed25519 signature over the exact bytes of `manifest.json`, and the
 * manifest lists the size and SHA-256 of every other published file.
 */

/** A public key as a JWK Set carries it (RFC 7517); only Ed25519 keys (RFC 8037: `kty` "OKP", `crv` "Ed25519") can verify. */
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

const bytesOfBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

/** A copy on its own ArrayBuffer: WebCrypto takes no view of a shared buffer. */
const ownBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

const isEd25519 = (jwk: Jwk): boolean => jwk.kty === "OKP" && jwk.crv === "Ed25519" && typeof jwk.x === "string";

const verifiesWith = async (jwk: Jwk, signature: Uint8Array<ArrayBuffer>, bytes: Uint8Array<ArrayBuffer>): Promise<boolean> => {
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
export const verifyManifest = async (manifestBytes: Uint8Array, signatureBase64: string, jwks: { keys: Jwk[] }): Promise<ManifestVerdict> => {
  const text = signatureBase64.trim();
  if (!SIGNATURE_TEXT.test(text)) return { ok: false, reason: "the signature is not the base64 of a 64-byte Ed25519 signature" };
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

const hex = (buffer: ArrayBuffer): string => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** Whether `bytes` are the file the manifest lists: its length first, then its SHA-256. */
export const verifyManifestFile = async (bytes: Uint8Array, entry: ManifestEntry): Promise<FileVerdict> => {
  if (bytes.byteLength !== entry.bytes) return { ok: false, reason: `${entry.bytes} bytes listed, ${bytes.byteLength} served` };
  const sha256 = hex(await globalThis.crypto.subtle.digest("SHA-256", ownBytes(bytes)));
  if (sha256 !== entry.sha256) return { ok: false, reason: `SHA-256 differs (listed ${entry.sha256}, served ${sha256})` };
  return { ok: true };
};

/** SPEC.md 5.4: a delivery whose `endTime` is older than this is refused as a possible replay. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** A Fetch `Headers` object or a plain record such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifiedWebhook =
  | {
      ok: true;
      payload: WebhookBody;
      deliveryId: string;
      factId: string;
      version: number;
      /** SPEC.md 6.3: receivers dedupe on delivery id, fact id and version; a re-delivery has the same key. */
      dedupeKey: string;
    }
  | { ok: false; reason: string };

const headerOf = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string | string[] | undefined>).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
};

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
};

/**
 * For receivers, in Node 20+ and browsers alike (WebCrypto): checks a `fact.updated` delivery before anything acts on
 * it. The `X-Facts-Signature` HMAC-SHA256 over the exact raw body is checked by `crypto.subtle.verify`, which compares
 * in constant time; then the body must be a valid UpdateAction whose `endTime` is within 5 minutes of `now`, and the
 * headers must agree with it. Returns the dedupe key to record.
 */
export const verifyFactsWebhook = async (
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  now: Date = new Date(),
): Promise<VerifiedWebhook> => {
  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
  const signature = /^sha256=([0-9a-f]{64})$/i.exec(headerOf(headers, "x-facts-signature")?.trim() ?? "");
  if (!signature) return { ok: false, reason: "missing or malformed X-Facts-Signature header" };
  const key = await globalThis.crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  if (!(await globalThis.crypto.subtle.verify("HMAC", key, hexBytes(signature[1]!), body)))
    return { ok: false, reason: "the signature does not match the body" };

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false, reason: "the body is not JSON" };
  }
  const parsed = WebhookBody.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `the body is not a fact.updated UpdateAction: ${z.prettifyError(parsed.error)}` };
  const payload = parsed.data;

  const age = now.getTime() - Date.parse(payload.endTime);
  if (age > REPLAY_WINDOW_MS) return { ok: false, reason: `endTime ${payload.endTime} is more than 5 minutes old: refused as a possible replay` };
  if (-age > REPLAY_WINDOW_MS) return { ok: false, reason: `endTime ${payload.endTime} is more than 5 minutes ahead of this receiver's clock` };

  const deliveryId = headerOf(headers, "x-facts-delivery") ?? "";
  if (!z.uuid().safeParse(deliveryId).success) return { ok: false, reason: "missing or malformed X-Facts-Delivery header" };
  if (headerOf(headers, "x-facts-event") !== "fact.updated") return { ok: false, reason: "X-Facts-Event is not fact.updated" };
  const factId = payload.object.identifier;
  const version = payload.object.version;
  if (headerOf(headers, "x-facts-fact-id") !== factId) return { ok: false, reason: "X-Facts-Fact-Id does not match the body" };
  if (headerOf(headers, "x-facts-version") !== String(version)) return { ok: false, reason: "X-Facts-Version does not match the body" };

  return { ok: true, payload, deliveryId, factId, version, dedupeKey: `${deliveryId}:${factId}:${version}` };
};
