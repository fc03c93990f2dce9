import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyManifest, verifyManifestFile } from "../../packages/client/src/index.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { answerInChromium } from "../render/browser.ts";
import { newTestKey } from "./signing-helpers.ts";

const SOURCE = path.join(PROJECT_ROOT, "packages/client/src/verify-manifest.ts");

const entry = { path: "/a.json", bytes: 3, sha256: createHash("sha256").update("abc").digest("hex") };
const manifest = Buffer.from(`${JSON.stringify({ files: [entry] })}\n`);
const oldKey = newTestKey();
const newKey = newTestKey();
const signatureBy = (key: typeof oldKey): string => sign(null, manifest, key.pem).toString("base64");

describe("verifyManifest (the client's signature check)", () => {
  it("accepts a signature by any key of the set and names that key", async () => {
    const jwks = { keys: [oldKey.jwk, newKey.jwk] };
    expect(await verifyManifest(manifest, signatureBy(newKey), jwks)).toEqual({ ok: true, kid: newKey.jwk.kid });
    expect(await verifyManifest(manifest, `${signatureBy(oldKey)}\n`, jwks)).toEqual({ ok: true, kid: oldKey.jwk.kid });
  });

  it("refuses changed bytes, a key outside the set, and text that is not a signature, saying why", async () => {
    const jwks = { keys: [oldKey.jwk] };
    const changed = Buffer.from(manifest);
    changed[0] = 0x20;
    expect(await verifyManifest(changed, signatureBy(oldKey), jwks)).toEqual({
      ok: false,
      reason: `no key of the set verifies the signature (tried ${oldKey.jwk.kid})`,
    });
    expect(await verifyManifest(manifest, signatureBy(newKey), jwks)).toMatchObject({ ok: false });
    const notASignature = { ok: false, reason: "the signature is not the base64 of a 64-byte Ed25519 signature" };
    expect(await verifyManifest(manifest, Buffer.alloc(63).toString("base64"), jwks)).toEqual(notASignature);
    expect(await verifyManifest(manifest, "<html>not found</html>", jwks)).toEqual(notASignature);
    expect(await verifyManifest(manifest, signatureBy(oldKey), { keys: [] })).toEqual({
      ok: false,
      reason: "the key set holds no Ed25519 key to verify with",
    });
  });

  it("passes over keys it cannot use (another algorithm, a broken x) and still finds the one that verifies", async () => {
    const rsa = {
      ...generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }),
      kid: "rsa",
    } as { kty: string; kid: string };
    const broken = { ...newKey.jwk, x: "not-a-key", kid: "broken" };
    expect(await verifyManifest(manifest, signatureBy(oldKey), { keys: [rsa, broken, oldKey.jwk] })).toEqual({
      ok: true,
      kid: oldKey.jwk.kid,
    });
  });
});

describe("verifyManifestFile", () => {
  it("accepts the listed bytes and names what differs otherwise", async () => {
    expect(await verifyManifestFile(Buffer.from("abc"), entry)).toEqual({ ok: true });
    expect(await verifyManifestFile(Buffer.from("abcd"), entry)).toEqual({
      ok: false,
      reason: "3 bytes listed, 4 served",
    });
    const differs = await verifyManifestFile(Buffer.from("abd"), entry);
    expect(differs).toEqual({
      ok: false,
      reason: `SHA-256 differs (listed ${entry.sha256}, served ${createHash("sha256").update("abd").digest("hex")})`,
    });
  });
});

describe("packages/client/src/verify-manifest.ts in a browser", () => {
  it("imports nothing from Node or from outside the client but the repository's schemas", async () => {
    const imports = [
      ...(await readFile(SOURCE, "utf8")).matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm),
    ].map((match) => match[1]!);
    expect(
      imports.filter((specifier) => !specifier.startsWith("./") && !specifier.startsWith("../../../src/schemas/")),
    ).toEqual([]);
  });

  it("verifies a signed manifest and its files in headless Chromium with WebCrypto alone", async () => {
    const site = await tempDir();
    await writeFile(path.join(site, "verify-manifest.js"), stripTypeScriptTypes(await readFile(SOURCE, "utf8")));
    await writeFile(path.join(site, "manifest.json"), manifest);
    await writeFile(path.join(site, "manifest.txt"), signatureBy(newKey));
    await writeFile(path.join(site, "jwks.json"), JSON.stringify({ keys: [oldKey.jwk, newKey.jwk] }));
    await writeFile(
      path.join(site, "index.html"),
      `<!doctype html><title>verify</title><script type="module">
import { verifyManifest, verifyManifestFile } from "/verify-manifest.js";
const bytes = new Uint8Array(await (await fetch("/manifest.json")).arrayBuffer());
const signature = await (await fetch("/manifest.txt")).text();
const jwks = await (await fetch("/jwks.json")).json();
const entry = JSON.parse(new TextDecoder().decode(bytes)).files[0];
const tampered = bytes.slice();
tampered[0] = 0x20;
window.answer = {
  intact: await verifyManifest(bytes, signature, jwks),
  tampered: await verifyManifest(tampered, signature, jwks),
  file: await verifyManifestFile(new TextEncoder().encode("abc"), entry),
  changedFile: (await verifyManifestFile(new TextEncoder().encode("abd"), entry)).ok,
};
</script>`,
    );
    const { answer, errors } = await answerInChromium(site);
    expect(answer).toEqual({
      intact: { ok: true, kid: newKey.jwk.kid },
      tampered: {
        ok: false,
        reason: `no key of the set verifies the signature (tried ${oldKey.jwk.kid}, ${newKey.jwk.kid})`,
      },
      file: { ok: true },
      changedFile: false,
    });
    expect(errors).toEqual([]);
  });
});
