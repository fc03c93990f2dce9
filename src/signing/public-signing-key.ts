import { createPublicKey, type KeyObject } from "node:crypto";
import type { PublicSigningKey } from "../schemas/index.ts";
import { jwkThumbprint } from "./jwk-thumbprint.ts";

/** The published form of an Ed25519 key (given its private or public half): RFC 8037 members, the thumbprint as `kid`. */
export const publicSigningKey = (key: KeyObject): PublicSigningKey => {
  const { crv, x } = (key.type === "public" ? key : createPublicKey(key)).export({ format: "jwk" });
  if (crv !== "Ed25519" || typeof x !== "string") throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType ?? key.type}`);
  return { kty: "OKP", crv, x, kid: jwkThumbprint({ crv, kty: "OKP", x }), alg: "EdDSA", use: "sig" };
};
