import { generateKeyPairSync } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { UsageError } from "../lib/errors.ts";
import { KEYS_FILE, publicSigningKey, readSigningKeys, writeSigningKeys } from "../signing/signing-keys.ts";

const USAGE = `usage: npm run signing-key -- new --out FILE [--keys FILE]
       npm run signing-key -- retire --kid=KID [--keys FILE]
(write --kid=KID with the equals sign: a kid may begin with a dash, which --kid KID would read as another option)`;

/**
 * Writes a new private key where nobody else can read it, and never over an existing file, which may be a key in use.
 */
const writePrivateKey = async (file: string, pem: string): Promise<void> => {
  try {
    await writeFile(file, pem, { mode: 0o600, flag: "wx" });
  } catch (error: unknown) {
    if ((error as { code?: unknown }).code === "EEXIST")
      throw new Error(`${file} exists; refusing to overwrite it (it may be a key in use)`);
    throw error;
  }
};

/**
 * `npm run signing-key -- new --out FILE`: makes an Ed25519 key pair, writes the private key to FILE (PKCS#8 PEM, mode
 * 0600) and adds the public key to the committed set (`--keys`, default keys/jwks.json).
 *
 * `npm run signing-key -- retire --kid=KID`: removes a key from the committed set (the equals sign, since a kid,
 * base64url, may begin with a dash). See docs/operators/signing.md.
 */
const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { out: { type: "string" }, kid: { type: "string" }, keys: { type: "string", default: KEYS_FILE } },
  });
  const command = positionals[0];
  if (positionals.length !== 1 || (command !== "new" && command !== "retire"))
    throw new UsageError('expected the command "new" or "retire"');
  const set = await readSigningKeys(values.keys, { missing: "empty" });

  if (command === "new") {
    if (!values.out) throw new UsageError("new needs --out FILE, where the private key is written");
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const key = publicSigningKey(publicKey);
    await writePrivateKey(values.out, privateKey.export({ format: "pem", type: "pkcs8" }).toString());
    writeSigningKeys(values.keys, { keys: [...set.keys, key] });
    console.log(
      `wrote the private key to ${values.out} (readable by you alone) and added the public key ${key.kid} to ${values.keys}`,
    );
    console.log(
      `next: commit ${values.keys} and deploy it, then store ${values.out} as the FACTS_SIGNING_KEY repository secret and delete the file (docs/operators/signing.md)`,
    );
    return 0;
  }

  if (!values.kid) throw new UsageError("retire needs --kid=KID, the key to remove");
  const kept = set.keys.filter((key) => key.kid !== values.kid);
  if (kept.length === set.keys.length) {
    const listed = set.keys.map((key) => key.kid).join(", ") || "none";
    throw new Error(`${values.keys} has no key ${values.kid} (its keys: ${listed})`);
  }
  writeSigningKeys(values.keys, { keys: kept });
  console.log(
    `removed the key ${values.kid} from ${values.keys}: commit and deploy it, and trees signed by that key no longer verify`,
  );
  return 0;
};

runCommand("signing-key", main, USAGE);
