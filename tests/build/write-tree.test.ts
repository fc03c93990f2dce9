import { generateKeyPairSync, sign, verify } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { payloadBudgets } from "../../src/build/payload-budgets.ts";
import { writeTree } from "../../src/build/write-tree.ts";
import type { SiteEntry } from "../../src/render/site-model.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** Every file of a folder as site path → text. */
const textsOf = async (folder: string): Promise<Map<string, string>> =>
  new Map([...(await readTree(folder))].map(([file, bytes]) => [file, bytes.toString("utf8")]));

/** A tree already in place, to be replaced. */
const previousTree = async (): Promise<{ parent: string; out: string }> => {
  const parent = await tempDir();
  const out = path.join(parent, "_site");
  await writeTree([["/old.json", '{"old":true}']], out);
  return { parent, out };
};

describe("writeTree: the build writes each file as it is rendered and swaps the tree in whole", () => {
  it("writes every file given one at a time, in folders of any depth, and replaces the previous tree", async () => {
    const { parent, out } = await previousTree();
    function* files(): Generator<SiteEntry> {
      yield ["/index.html", "<p>café</p>"];
      for (let n = 0; n < 40; n++) yield [`/api/v1/facts/by-id/fact${n}.json`, `{"n":${n}}`];
      yield ["/assets/icon.bin", new Uint8Array([0, 1, 2, 255])];
    }
    const written = await writeTree(files(), out);
    expect(written.files).toBe(42);
    const texts = await textsOf(out);
    expect(texts.has("/old.json")).toBe(false);
    expect(texts.get("/index.html")).toBe("<p>café</p>");
    expect(texts.get("/api/v1/facts/by-id/fact39.json")).toBe('{"n":39}');
    expect([...(await readFile(path.join(out, "assets/icon.bin")))]).toEqual([0, 1, 2, 255]);
    expect(written.bytes).toBe([...(await readTree(out)).values()].reduce((sum, bytes) => sum + bytes.length, 0));
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("leaves the previous tree whole, with nothing beside it, when rendering fails after files were written", async () => {
    const { parent, out } = await previousTree();
    function* failing(): Generator<SiteEntry> {
      for (let n = 0; n < 100; n++) yield [`/api/v1/facts/diff/fact${n}/v1-to-v2.json`, "{}"];
      throw new Error("the renderer of the fact pages failed on bc.example");
    }
    await expect(writeTree(failing(), out)).rejects.toThrow("the renderer of the fact pages failed on bc.example");
    expect([...(await textsOf(out))]).toEqual([["/old.json", '{"old":true}']]);
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("refuses a path that would leave the output folder, and writes nothing", async () => {
    const { parent, out } = await previousTree();
    await expect(
      writeTree(
        [
          ["/ok.json", "{}"],
          ["/../escaped.json", "{}"],
        ],
        out,
      ),
    ).rejects.toThrow("refusing to write /../escaped.json outside the output folder");
    expect([...(await textsOf(out))]).toEqual([["/old.json", '{"old":true}']]);
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("signs the manifest's exact bytes and writes the signature beside it", async () => {
    const { out } = await previousTree();
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const manifest = Buffer.from('{"files":[]}');
    await writeTree([[SITE_PATHS.manifest, manifest]], out, {
      sign: (bytes) => sign(null, bytes, privateKey).toString("base64"),
    });
    const signature = await readFile(path.join(out, SITE_PATHS.manifestSignature.slice(1)), "utf8");
    expect(verify(null, manifest, publicKey, Buffer.from(signature, "base64"))).toBe(true);
  });

  it("measures the payload budgets of what it writes as the whole tree's, and writes nothing over them when asked to refuse", async () => {
    const tree = await readTree(frozenSite().out);
    const counted = await writeTree(tree, path.join(await tempDir(), "_site"), { budgets: "count" });
    // The same rows, limits and counts as the budgets of the tree held whole (tests/build/payload-budgets.test.ts).
    expect(counted.budgets).toEqual(payloadBudgets(tree));
    expect(counted.budgets!.over).toEqual([]);

    const single = "/api/v1/facts/by-id/bc.hbrp.json";
    const bloated = Buffer.from(JSON.stringify({ padding: Array.from({ length: 3000 }, (_, n) => n * 7919) }));
    const { parent, out } = await previousTree();
    const grown = new Map(tree).set(single, bloated);
    await expect(writeTree(grown, out, { budgets: "refuse" })).rejects.toThrow(
      new RegExp(
        `^1 file\\(s\\) over their payload budget[^]*${single.replaceAll(".", "\\.")}[^]*nothing was written to `,
      ),
    );
    expect([...(await textsOf(out))]).toEqual([["/old.json", '{"old":true}']]);
    expect(await readdir(parent)).toEqual(["_site"]);
  });
});
