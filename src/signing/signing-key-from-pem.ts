import { createPrivateKey, type KeyObject } from "node:crypto";
import type { SigningKeySet } from "../schemas/index.ts";
import { publicSigningKey } from "./public-signing-key.ts";

/** A private key that may sign the manifest: Ed25519, and its public key is one the repository publishes. */
export interface ManifestSigner {
  privateKey: KeyObject;
  kid: string;
}

const readPrivateKey = (name: string, pem: string): KeyObject => {
  // The key's text never appears in a message: it is a secret, and the message reaches the deploy log.
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----")) throw new Error(`${name} is an encrypted private key; give it unencrypted`);
  try {
    return createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw new Error(`${name} is not a private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)`);
  }
};

/**
 * The signer `pem` (the value of `name`) gives, refused with a one-line reason unless its public key is in
 * `committed` (read from `keysFile`): a signature that no published key verifies would only tell consumers that
 * the tree is forged.
 */
export const signingKeyFromPem = (pem: string, committed: SigningKeySet, where: { name: string; keysFile: string }): ManifestSigner => {
  const privateKey = readPrivateKey(where.name, pem);
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error(`${where.name} is not an Ed25519 key (it is ${privateKey.asymmetricKeyType}); the manifest is signed with Ed25519`);
  }
  const { kid } = publicSigningKey(privateKey);
  if (!committed.keys.some((key) => key.kid === kid)) {
    throw new Error(`${where.name} is the key ${kid}, which ${where.keysFile} does not publish: commit its public key there before signing with it`);
  }
  return { privateKey, kid };
};
