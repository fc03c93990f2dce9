import { z } from "zod";

/** Unpadded base64url of 32 bytes: an Ed25519 public key, or a SHA-256 digest. */
const Base64Url32 = z.string().regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, { error: "must be the unpadded base64url of 32 bytes" });

/**
 * One public key of the manifest signature, as RFC 8037 writes an Ed25519 key in a JWK, with `kid` its RFC 7638
 * thumbprint. Strict, so that a private part (`d`) pasted into the committed set is refused rather than published.
 */
export const PublicSigningKey = z.strictObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: Base64Url32,
  kid: Base64Url32,
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});
export type PublicSigningKey = z.infer<typeof PublicSigningKey>;

/** `keys/jwks.json` and `/.well-known/jwks.json`: the keys whose signature on the manifest consumers accept (RFC 7517 JWK Set). */
export const SigningKeySet = z.strictObject({ keys: z.array(PublicSigningKey) });
export type SigningKeySet = z.infer<typeof SigningKeySet>;
