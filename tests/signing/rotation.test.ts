import { createPrivateKey } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import { folderForThisFile, serveCopy, thumbprintByHand, verifySite } from "./signing-helpers.ts";

const folder = await folderForThisFile();
const keysFile = path.join(folder, "jwks.json");
const signingKey = (...args: string[]) => runScript("src/cli/signing-key.ts", [...args, "--keys", keysFile]);
const committedKids = async (): Promise<string[]> =>
  (JSON.parse(await readFile(keysFile, "utf8")) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
const kidIn = (stdout: string): string => /added the public key ([\w-]{43}) to /.exec(stdout)![1]!;

/** A build of the repository's facts signed with the private key in `pemFile`, against the committed set. */
const buildSignedWith = async (pemFile: string, out: string) =>
  runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", out, "--keys", keysFile], {
    env: { FACTS_TODAY: frozenData().today, FACTS_SIGNING_KEY: await readFile(pemFile, "utf8") },
  });

describe("npm run signing-key -- new", () => {
  it("writes an Ed25519 private key readable by its owner alone, adds its public key to the set, and never overwrites a key", async () => {
    const pemFile = path.join(folder, "first.pem");
    const made = await signingKey("new", "--out", pemFile);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    const kid = kidIn(made.stdout);
    expect(made.stdout).toContain(`store ${pemFile} as the FACTS_SIGNING_KEY repository secret`);
    expect((await stat(pemFile)).mode & 0o777).toBe(0o600);
    const pem = await readFile(pemFile, "utf8");
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const x = createPrivateKey(pem).export({ format: "jwk" }).x!;
    expect(JSON.parse(await readFile(keysFile, "utf8"))).toEqual({
      keys: [{ kty: "OKP", crv: "Ed25519", x, kid: thumbprintByHand(x), alg: "EdDSA", use: "sig" }],
    });
    expect(kid).toBe(thumbprintByHand(x));

    const again = await signingKey("new", "--out", pemFile);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      `signing-key failed: ${pemFile} exists; refusing to overwrite it (it may be a key in use)\n`,
    );
    expect(await readFile(pemFile, "utf8")).toBe(pem);
    expect(await committedKids()).toEqual([kid]);

    const retired = await signingKey("retire", `--kid=${kid}`);
    expect(retired.stderr).toBe("");
    expect(retired.code).toBe(0);
    expect(await committedKids()).toEqual([]);
  });
});

describe("rotating the signing key", () => {
  it("verifies trees signed by either key while both are published, and no longer the old key's once it is retired", async () => {
    const oldPem = path.join(folder, "old.pem");
    const newPem = path.join(folder, "new.pem");
    const oldKid = kidIn((await signingKey("new", "--out", oldPem)).stdout);
    // The changeover: the new public key is committed and published beside the old one before anything is signed with
    // it.
    const newKid = kidIn((await signingKey("new", "--out", newPem)).stdout);
    expect(await committedKids()).toEqual([oldKid, newKid]);

    const oldTree = path.join(folder, "signed-by-old");
    const newTree = path.join(folder, "signed-by-new");
    const builds = await Promise.all([buildSignedWith(oldPem, oldTree), buildSignedWith(newPem, newTree)]);
    expect(builds.map((build) => build.stderr)).toEqual(["", ""]);
    expect(builds[0]!.stdout).toContain(`signed with key ${oldKid}`);
    expect(builds[1]!.stdout).toContain(`signed with key ${newKid}`);
    for (const tree of [oldTree, newTree]) {
      const published = JSON.parse(await readFile(path.join(tree, ".well-known/jwks.json"), "utf8")) as {
        keys: { kid: string }[];
      };
      expect(published.keys.map((key) => key.kid)).toEqual([oldKid, newKid]);
    }

    const [oldOrigin, newOrigin] = await Promise.all([serveCopy(oldTree), serveCopy(newTree)]);
    const during = await Promise.all([verifySite(oldOrigin, keysFile), verifySite(newOrigin, keysFile)]);
    expect(during.map((result) => result.code)).toEqual([0, 0]);
    expect(during[0]!.stdout).toContain(`signed by key ${oldKid}`);
    expect(during[1]!.stdout).toContain(`signed by key ${newKid}`);

    const retired = await signingKey("retire", `--kid=${oldKid}`);
    expect(retired.code).toBe(0);
    expect(retired.stdout).toContain(`removed the key ${oldKid} from ${keysFile}`);
    expect(await committedKids()).toEqual([newKid]);

    const after = await Promise.all([verifySite(oldOrigin, keysFile), verifySite(newOrigin, keysFile)]);
    expect(after.map((result) => result.code)).toEqual([1, 0]);
    expect(after[0]!.stdout).toContain(
      `/api/v1/facts/manifest.json.sig: bad signature: no key of the set verifies the signature (tried ${newKid})\n`,
    );
    expect(after[0]!.stdout).toMatch(
      /NOT verified http:\/\/127\.0\.0\.1:\d+: bad signature; the \d+ listed files were not fetched, since only a manifest signed by a committed key is trusted\n$/,
    );

    // The retired key can no longer sign a build either.
    const late = await buildSignedWith(oldPem, path.join(folder, "too-late"));
    expect(late.code).toBe(2);
    expect(late.stderr).toContain(`FACTS_SIGNING_KEY is the key ${oldKid}, which ${keysFile} does not publish`);

    const unknown = await signingKey("retire", `--kid=${oldKid}`);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`signing-key failed: ${keysFile} has no key ${oldKid} (its keys: ${newKid})\n`);
  });
  it("takes a kid that begins with a dash, as base64url thumbprints one time in 64 do, in the documented --kid=KID form", async () => {
    const dashed = `-${"A".repeat(42)}`;
    const result = await signingKey("retire", `--kid=${dashed}`);
    // Read as the kid, not refused as an ambiguous option: the set simply has no such key.
    expect(result.stderr).toMatch(new RegExp(`^signing-key failed: .+ has no key ${dashed} \\(its keys: `));
    expect(result.code).toBe(2);
  });
});
