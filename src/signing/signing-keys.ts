import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { readFile } from "node:fs/promises";
import { isMissingFile } from "../lib/errors.ts";
import { writeFileAtomic } from "../lib/json-file.ts";
import { formatProblem } from "../lib/problem.ts";
import { parseJsonDocument, validateWithSchema } from "../model/json-document.ts";
import { PublicSigningKey, SigningKeySet } from "../schemas/index.ts";

/*
 * The site's Ed25519 manifest signing: the committed public key set (keys/jwks.json) and its rules, the private key
 * that may sign (one the set publishes), and the signature added beside the manifest. A published tree is checked
 * against the committed set by verify-published-tree.ts.
 */

/**
 * The RFC 7638 thumbprint of an Ed25519 JWK: the base64url SHA-256 of its required members (RFC 8037: `crv`, `kty`,
 * `x`) in lexicographic order, without whitespace. It names the key by its content, so a `kid` cannot be reused
 * for another key.
 */
const jwkThumbprint = (jwk: { crv: string; kty: string; x: string }): string =>
  createHash("sha256")
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest("base64url");

/**
 * The published form of an Ed25519 key (given its private or public half): RFC 8037 members, the thumbprint as `kid`.
 */
export const publicSigningKey = (key: KeyObject): PublicSigningKey => {
  const { crv, x } = (key.type === "public" ? key : createPublicKey(key)).export({ format: "jwk" });
  if (crv !== "Ed25519" || typeof x !== "string")
    throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType ?? key.type}`);
  return { kty: "OKP", crv, x, kid: jwkThumbprint({ crv, kty: "OKP", x }), alg: "EdDSA", use: "sig" };
};

/** Where the repository commits its public keys, from its root. */
export const KEYS_FILE = "keys/jwks.json";

/**
 * Reads a committed key set and checks what the schema cannot: each `kid` is its key's thumbprint and names one key.
 * Every problem is reported at once, located in the file. `missing: "empty"` reads an absent file as a set with no
 * key (a repository that has never had one); otherwise an absent file is an error.
 */
export const readSigningKeys = async (
  file: string,
  options: { missing: "empty" | "error" } = { missing: "error" },
): Promise<SigningKeySet> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error: unknown) {
    if (!isMissingFile(error)) throw error;
    if (options.missing === "empty") return { keys: [] };
    throw new Error(`the key set ${file} does not exist`);
  }
  const doc = parseJsonDocument(file, text);
  const { value, problems } =
    doc.syntaxProblems.length > 0
      ? { value: undefined, problems: doc.syntaxProblems }
      : validateWithSchema(doc, SigningKeySet);
  // Each key that is well formed is checked even when another is not, so one run names every problem.
  const listed = (doc.value as { keys?: unknown } | undefined)?.keys;
  const seen = new Set<string>();
  for (const [index, item] of (Array.isArray(listed) ? listed : []).entries()) {
    const key = PublicSigningKey.safeParse(item);
    if (!key.success) continue;
    const thumbprint = jwkThumbprint(key.data);
    if (key.data.kid !== thumbprint)
      problems.push(doc.problemAt(["keys", index, "kid"], `kid must be the key's RFC 7638 thumbprint, ${thumbprint}`));
    if (seen.has(key.data.kid))
      problems.push(doc.problemAt(["keys", index], `the key ${key.data.kid} is listed twice`));
    seen.add(key.data.kid);
  }
  if (problems.length > 0 || !value) {
    const located = problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new Error(`the key set ${file} is not valid:\n${located.map(formatProblem).join("\n")}`);
  }
  return value;
};

/** Writes a key set as it is committed: indented, one member a line, so a rotation reads as a small diff. */
export const writeSigningKeys = (file: string, set: SigningKeySet): void =>
  writeFileAtomic(file, `${JSON.stringify(set, null, 2)}\n`);

/** A private key that may sign the manifest: Ed25519, and its public key is one the repository publishes. */
export interface ManifestSigner {
  privateKey: KeyObject;
  kid: string;
}

const readPrivateKey = (name: string, pem: string): KeyObject => {
  // The key's text never appears in a message: it is a secret, and the message reaches the deploy log.
  if (pem.includes("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
    throw new Error(`${name} is an encrypted private key; give it unencrypted`);
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
export const signingKeyFromPem = (
  pem: string,
  committed: SigningKeySet,
  where: { name: string; keysFile: string },
): ManifestSigner => {
  const privateKey = readPrivateKey(where.name, pem);
  if (privateKey.asymmetricKeyType !== "ed25519") {
    throw new Error(
      `${where.name} is not an Ed25519 key (it is ${privateKey.asymmetricKeyType}); the manifest is signed with Ed25519`,
    );
  }
  const { kid } = publicSigningKey(privateKey);
  if (!committed.keys.some((key) => key.kid === kid)) {
    throw new Error(
      `${where.name} is the key ${kid}, which ${where.keysFile} does not publish: commit its public key there before signing with it`,
    );
  }
  return { privateKey, kid };
};

/**
 * The content of `manifest.json.sig`: the base64 of the raw Ed25519 signature over the manifest's exact bytes. The
 * manifest lists every other file's SHA-256, so this one signature covers the whole tree; the build writes it beside
 * the manifest, before the tree is swapped in, so the tree and its signature appear together (src/build/write-tree.ts).
 */
export const signManifest = (manifest: Uint8Array, signer: ManifestSigner): string =>
  sign(null, manifest, signer.privateKey).toString("base64");
