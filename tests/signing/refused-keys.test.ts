import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { newTestKey } from "./signing-helpers.ts";

const today = frozenData().today;

/** `npm run build` with this FACTS_SIGNING_KEY and this committed key set, into a fresh folder. */
const buildWith = async (signingKey: string, keySet: unknown) => {
  const folder = await tempDir();
  const keysFile = path.join(folder, "jwks.json");
  await writeFile(keysFile, typeof keySet === "string" ? keySet : `${JSON.stringify(keySet, null, 2)}\n`);
  const out = path.join(folder, "_site");
  const result = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", out, "--keys", keysFile], {
    env: { FACTS_TODAY: today, FACTS_SIGNING_KEY: signingKey },
  });
  return { ...result, keysFile, published: existsSync(out) };
};

describe("npm run build refuses a signing key consumers could not verify, and publishes nothing", () => {
  it("a key whose public key is not among the committed keys", async () => {
    const committed = newTestKey();
    const other = newTestKey();
    const result = await buildWith(other.pem, { keys: [committed.jwk] });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `build failed: FACTS_SIGNING_KEY is the key ${other.jwk.kid}, which ${result.keysFile} does not publish: commit its public key there before signing with it\n`,
    );
    expect(result.published).toBe(false);
  });

  it("a value that is not a PEM private key, without repeating the value", async () => {
    const result = await buildWith("-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n", {
      keys: [newTestKey().jwk],
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "build failed: FACTS_SIGNING_KEY is not a private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)\n",
    );
    expect(result.stderr).not.toContain("bm90IGEga2V5");
    expect(result.published).toBe(false);
  });

  it("a public key given instead of the private one", async () => {
    const key = newTestKey();
    const result = await buildWith(key.publicKey.export({ format: "pem", type: "spki" }).toString(), {
      keys: [key.jwk],
    });
    expect(result.stderr).toBe(
      "build failed: FACTS_SIGNING_KEY is not a private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)\n",
    );
    expect(result.published).toBe(false);
  });

  it("a key of another algorithm", async () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    const result = await buildWith(rsa, { keys: [newTestKey().jwk] });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "build failed: FACTS_SIGNING_KEY is not an Ed25519 key (it is rsa); the manifest is signed with Ed25519\n",
    );
    expect(result.published).toBe(false);
  });

  it("an encrypted private key", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const encrypted = privateKey
      .export({ format: "pem", type: "pkcs8", cipher: "aes-256-cbc", passphrase: "secret" })
      .toString();
    const result = await buildWith(encrypted, { keys: [newTestKey().jwk] });
    expect(result.stderr).toBe("build failed: FACTS_SIGNING_KEY is an encrypted private key; give it unencrypted\n");
    expect(result.published).toBe(false);
  });
});

describe("the committed key set", () => {
  it("refuses a private key pasted into it, a kid that is not the key's thumbprint, and anything but Ed25519 signing keys, each located", async () => {
    const key = newTestKey();
    const privateJwk = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
    const other = newTestKey();
    const keySet = `${JSON.stringify(
      {
        keys: [
          { ...key.jwk, d: privateJwk.d },
          { ...other.jwk, kid: key.jwk.kid },
          { ...other.jwk, kid: other.jwk.kid, crv: "X25519" },
        ],
      },
      null,
      2,
    )}\n`;
    const result = await buildWith(key.pem, keySet);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`build failed: the key set ${result.keysFile} is not valid:`);
    expect(lines.slice(1)).toEqual([
      `${result.keysFile}:10:7: unknown field "d" (at /keys/0/d)`,
      `${result.keysFile}:16:7: kid must be the key's RFC 7638 thumbprint, ${other.jwk.kid} (at /keys/1/kid)`,
      `${result.keysFile}:22:7: must be one of "Ed25519", found "X25519" (at /keys/2/crv)`,
    ]);
    expect(result.published).toBe(false);
  });

  it("names the RFC 7638 thumbprint a kid must be (the RFC 8037 example key)", async () => {
    // RFC 8037 appendix A.3: the thumbprint of this public key.
    const example = {
      kty: "OKP",
      crv: "Ed25519",
      x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
      alg: "EdDSA",
      use: "sig",
    };
    const wrong = await buildWith("", { keys: [{ ...example, kid: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }] });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      `${wrong.keysFile}:9:7: kid must be the key's RFC 7638 thumbprint, kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k (at /keys/0/kid)`,
    );
    const right = await buildWith("", { keys: [{ ...example, kid: "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k" }] });
    expect(right.stderr).toBe("");
    expect(right.code).toBe(0);
  });
});
