import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import {
  folderForThisFile,
  newTestKey,
  serveCopy,
  serveWithProjectServer,
  thumbprintByHand,
  verifySite,
} from "./signing-helpers.ts";

const BASE = "https://facts.example.org";
const MANIFEST = "api/v1/facts/manifest.json";
const SIGNATURE = "api/v1/facts/manifest.json.sig";
const FACT = "api/v1/facts/by-id/bc.ptt.brackets.json";

// One signed and one unsigned build of the repository's own facts, shared by every test of this file.
const folder = await folderForThisFile();
const key = newTestKey();
const keysFile = path.join(folder, "jwks.json");
await writeFile(keysFile, `${JSON.stringify({ keys: [key.jwk] }, null, 2)}\n`);
const env = { FACTS_TODAY: frozenData().today, FACTS_BASE_URL: BASE };
const signedTree = path.join(folder, "signed");
const unsignedTree = path.join(folder, "unsigned");
const [signedBuild, unsignedBuild] = await Promise.all([
  runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", signedTree, "--keys", keysFile], {
    env: { ...env, FACTS_SIGNING_KEY: key.pem },
  }),
  // A workflow passes a secret that is not set as an empty string.
  runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", unsignedTree, "--keys", keysFile], {
    env: { ...env, FACTS_SIGNING_KEY: "" },
  }),
]);
const read = (tree: string, file: string) => readFile(path.join(tree, file));
const projectServer = await serveWithProjectServer(signedTree);

/** A manifest entry as the build writes it. */
const entryFor = (bytes: Buffer, urlPath: string) => ({
  path: urlPath,
  bytes: bytes.byteLength,
  sha256: createHash("sha256").update(bytes).digest("hex"),
});

describe("npm run build with FACTS_SIGNING_KEY", () => {
  it("writes manifest.json.sig, which Node's own Ed25519 verification accepts for the manifest's exact bytes", async () => {
    expect(signedBuild.stderr).toBe("");
    expect(signedBuild.code).toBe(0);
    expect(signedBuild.stdout).toMatch(new RegExp(`^built \\d+ files .*; signed with key ${key.jwk.kid}\\n$`));
    const signature = (await read(signedTree, SIGNATURE)).toString("utf8");
    expect(signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    const manifest = await read(signedTree, MANIFEST);
    const committedKey = createPublicKey({ key: key.jwk, format: "jwk" });
    expect(verify(null, manifest, committedKey, Buffer.from(signature, "base64"))).toBe(true);
    // The same signature over any other bytes does not verify: it is the manifest's.
    expect(
      verify(null, Buffer.concat([manifest, Buffer.from(" ")]), committedKey, Buffer.from(signature, "base64")),
    ).toBe(false);
  });

  it("publishes the committed keys at /.well-known/jwks.json as RFC 8037 JWKs named by their RFC 7638 thumbprint, listed in the manifest and linked from the api-catalog", async () => {
    const jwks = JSON.parse((await read(signedTree, ".well-known/jwks.json")).toString("utf8"));
    expect(jwks).toEqual({
      keys: [{ kty: "OKP", crv: "Ed25519", x: key.jwk.x, kid: thumbprintByHand(key.jwk.x), alg: "EdDSA", use: "sig" }],
    });
    expect(Buffer.from(jwks.keys[0].x, "base64url")).toHaveLength(32);

    const manifest = JSON.parse((await read(signedTree, MANIFEST)).toString("utf8"));
    const listed = manifest.files.map((file: { path: string }) => file.path);
    expect(manifest.files).toContainEqual(
      entryFor(await read(signedTree, ".well-known/jwks.json"), "/.well-known/jwks.json"),
    );
    // The signature signs the manifest, so the manifest cannot list it.
    expect(listed).not.toContain("/api/v1/facts/manifest.json.sig");

    const catalog = JSON.parse((await read(signedTree, ".well-known/api-catalog")).toString("utf8"));
    expect(catalog.linkset[0]["service-meta"]).toContainEqual({
      href: `${BASE}/.well-known/jwks.json`,
      type: "application/jwk-set+json",
    });
  });

  it("serves the signature as text and the key set as a JWK Set from the local server, as _headers tells other hosts", async () => {
    const signature = await fetch(`${projectServer}/${SIGNATURE}`);
    expect(signature.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await signature.text()).toBe((await read(signedTree, SIGNATURE)).toString("utf8"));
    expect((await fetch(`${projectServer}/.well-known/jwks.json`)).headers.get("content-type")).toBe(
      "application/jwk-set+json",
    );
    const headersFile = (await read(signedTree, "_headers")).toString("utf8");
    expect(headersFile).toContain("/api/v1/facts/manifest.json.sig\n  Content-Type: text/plain; charset=utf-8\n");
    expect(headersFile).toContain("/.well-known/jwks.json\n  Content-Type: application/jwk-set+json\n");
  });
});

describe("npm run build without FACTS_SIGNING_KEY", () => {
  it("says the tree is unsigned, writes no signature, and still publishes the committed keys", async () => {
    expect(unsignedBuild.stderr).toBe("");
    expect(unsignedBuild.code).toBe(0);
    expect(unsignedBuild.stdout).toMatch(
      /; unsigned: FACTS_SIGNING_KEY is not set \(.*jwks\.json publishes 1 key\(s\)\)\n$/,
    );
    expect(existsSync(path.join(unsignedTree, SIGNATURE))).toBe(false);
    expect(await read(unsignedTree, ".well-known/jwks.json")).toEqual(await read(signedTree, ".well-known/jwks.json"));
  });

  it("says so too when the repository has no key yet", async () => {
    const repoKeys = JSON.parse(await readFile(path.join(frozenData().root, "keys/jwks.json"), "utf8"));
    const out = path.join(folder, "repository-keys");
    const result = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", out], {
      env: { ...env, FACTS_SIGNING_KEY: undefined },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /; unsigned: FACTS_SIGNING_KEY is not set \(\S*keys\/jwks\.json (holds no key yet|publishes \d+ key\(s\))\)\n$/,
    );
    expect(JSON.parse((await read(out, ".well-known/jwks.json")).toString("utf8"))).toEqual(repoKeys);
  });
});

describe("npm run verify-site", () => {
  it("passes an intact signed tree served by the project's server, naming the key that signed it", async () => {
    const result = await verifySite(projectServer, keysFile);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      new RegExp(
        `^verified http://127\\.0\\.0\\.1:\\d+: the manifest is signed by key ${key.jwk.kid} and all \\d+ files it lists match\\n$`,
      ),
    );
    expect(result.code).toBe(0);
  });

  it("names a file changed after the build and a file missing, and exits 1", async () => {
    const origin = await serveCopy(signedTree, async (root) => {
      const fact = path.join(root, FACT);
      const bytes = await readFile(fact);
      bytes[bytes.indexOf("1")] = "2".charCodeAt(0);
      await writeFile(fact, bytes);
      await rm(path.join(root, "llms.txt"));
    });
    const result = await verifySite(origin, keysFile);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/api\/v1\/facts\/by-id\/bc\.ptt\.brackets\.json: SHA-256 differs \(listed [0-9a-f]{64}, served [0-9a-f]{64}\)$/,
      ),
    );
    expect(lines).toContain("/llms.txt: not served: HTTP 404");
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^NOT verified http://127\\.0\\.0\\.1:\\d+: signature valid \\(key ${key.jwk.kid}\\); 2 of \\d+ listed files differ$`,
      ),
    );
    expect(lines).toHaveLength(3);
  });

  it("catches a manifest edited after signing as a bad signature, even when the edit matches the altered file", async () => {
    const origin = await serveCopy(signedTree, async (root) => {
      // What someone who can change the hosted files would do: alter a fact and give the manifest its new digest.
      const fact = path.join(root, FACT);
      const before = await readFile(fact);
      const after = Buffer.from(before.toString("utf8").replace('"version":1', '"version":9'));
      await writeFile(fact, after);
      const manifest = await readFile(path.join(root, MANIFEST), "utf8");
      await writeFile(
        path.join(root, MANIFEST),
        manifest.replace(JSON.stringify(entryFor(before, `/${FACT}`)), JSON.stringify(entryFor(after, `/${FACT}`))),
      );
      expect(await readFile(path.join(root, MANIFEST), "utf8")).not.toBe(manifest);
    });
    const result = await verifySite(origin, keysFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `/api/v1/facts/manifest.json.sig: bad signature: no key of the set verifies the signature (tried ${key.jwk.kid})\n`,
    );
    expect(result.stdout).toMatch(
      /NOT verified http:\/\/127\.0\.0\.1:\d+: bad signature; the \d+ listed files were not fetched, since only a manifest signed by a committed key is trusted\n$/,
    );
  });

  it("checks the signature against the committed keys, not against the key set the tree publishes", async () => {
    const intruder = generateKeyPairSync("ed25519");
    const origin = await serveCopy(signedTree, async (root) => {
      const x = intruder.publicKey.export({ format: "jwk" }).x!;
      const jwks = Buffer.from(
        JSON.stringify({
          keys: [{ kty: "OKP", crv: "Ed25519", x, kid: thumbprintByHand(x), alg: "EdDSA", use: "sig" }],
        }),
      );
      const before = await readFile(path.join(root, ".well-known/jwks.json"));
      await writeFile(path.join(root, ".well-known/jwks.json"), jwks);
      const manifest = (await readFile(path.join(root, MANIFEST), "utf8")).replace(
        JSON.stringify(entryFor(before, "/.well-known/jwks.json")),
        JSON.stringify(entryFor(jwks, "/.well-known/jwks.json")),
      );
      await writeFile(path.join(root, MANIFEST), manifest);
      await writeFile(
        path.join(root, SIGNATURE),
        sign(null, Buffer.from(manifest), intruder.privateKey).toString("base64"),
      );
    });
    const result = await verifySite(origin, keysFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "/api/v1/facts/manifest.json.sig: bad signature: no key of the set verifies the signature",
    );
  });

  it("reports an unsigned tree as unsigned and exits 1", async () => {
    const result = await verifySite(await serveCopy(unsignedTree), keysFile);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^\/api\/v1\/facts\/manifest\.json\.sig: unsigned: the tree publishes no signature \(HTTP 404\)\nNOT verified http:\/\/127\.0\.0\.1:\d+: unsigned; the \d+ listed files were not fetched, since only a manifest signed by a committed key is trusted\n$/,
    );
  });

  it("reports a file that never answers, or answers with more bytes than listed, as a mismatch once its timeout has passed", async () => {
    const origin = await serveCopy(signedTree, undefined, (request, response) => {
      if (request.url === `/${FACT}`) return true; // never answers
      if (request.url !== "/llms.txt") return false;
      response.end("x".repeat(1_000_000));
      return true;
    });
    const result = await verifySite(origin, keysFile, "--timeout-seconds", "1", "--concurrency", "4");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`/${FACT}: not served: no answer within 1 s\n`);
    expect(result.stdout).toMatch(
      /\/llms\.txt: (\d+) bytes listed, 1000000 bytes announced \(Content-Length\), more than the \1 allowed\n/,
    );
    expect(result.stdout).toMatch(/: signature valid \(key [\w-]+\); 2 of \d+ listed files differ\n$/);
  });
});
