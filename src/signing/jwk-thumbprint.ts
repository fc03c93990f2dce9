import { createHash } from "node:crypto";

/**
 * The RFC 7638 thumbprint of an Ed25519 JWK: the base64url SHA-256 of its required members (RFC 8037: `crv`, `kty`,
 * `x`) in lexicographic order, without whitespace. It names the key by its content, so a `kid` cannot be reused
 * for another key.
 */
export const jwkThumbprint = (jwk: { crv: string; kty: string; x: string }): string =>
  createHash("sha256")
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest("base64url");
