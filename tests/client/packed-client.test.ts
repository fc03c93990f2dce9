import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { answerInChromium } from "../render/browser.ts";
import { publishedFacts } from "./published-facts.ts";

const run = promisify(execFile);

/** Node 20, the oldest the package supports: the machine's own Node, apart from the project's Node 24. */
const NODE_20 = ["/usr/bin/node", "/usr/local/bin/node"].find((candidate) => existsSync(candidate));

const CONSUMER = `
import { generateKeyPairSync, sign } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createFactsClient, factAsOf, minimumDownPayment, monthlyPayment, propertyTransferTax, qualifyingRate, verifyFactsWebhook, verifyManifest } from "@bc-real-estate-facts/client";
const catalog = JSON.parse(await readFile(process.argv[2], "utf8"));
const key = generateKeyPairSync("ed25519");
const manifest = new TextEncoder().encode('{"files":[]}');
const signature = sign(null, manifest, key.privateKey).toString("base64");
console.log(JSON.stringify({
  node: process.versions.node,
  ptt: propertyTransferTax(catalog, { price: 650000 }).total,
  down: minimumDownPayment(catalog, 1000000).minimum,
  rate: qualifyingRate(catalog, 0.045).rate,
  payment: monthlyPayment({ principal: 300000, annualRate: 0, amortizationYears: 25 }),
  asOf: factAsOf(catalog.facts[0], "2100-01-01").source,
  webhook: (await verifyFactsWebhook("{}", {}, "secret")).ok,
  manifest: (await verifyManifest(manifest, signature, { keys: [{ ...key.publicKey.export({ format: "jwk" }), kid: "k" }] })).ok,
  client: typeof createFactsClient({ baseUrl: "https://facts.example.org" }).catalog,
}));
`;

const TYPED_CONSUMER = `
import { type PropertyTransferTaxResult, propertyTransferTax, type FactCatalog } from "@bc-real-estate-facts/client";
declare const catalog: FactCatalog;
const result: PropertyTransferTaxResult = propertyTransferTax(catalog, { price: 1, firstTimeBuyer: true });
const total: number = result.total;
// @ts-expect-error: price is required
propertyTransferTax(catalog, {});
export { total };
`;

let work: string;
let tarball: string;
let files: string[];
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "facts-client-pack-"));
  const { stdout } = await run(
    "npm",
    ["pack", "--workspace", "packages/client", "--pack-destination", work, "--json"],
    {
      cwd: PROJECT_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(work, path.basename(packed!.filename));
  files = packed!.files.map((file) => file.path).sort();
});
afterAll(() => rm(work, { recursive: true, force: true }));

/**
 * A folder that knows nothing of this repository: the packed package and its one dependency, zod, installed by hand
 * (tests stay offline).
 */
const freshConsumer = async (): Promise<string> => {
  const folder = await mkdtemp(path.join(work, "consumer-"));
  const modules = path.join(folder, "node_modules");
  await mkdir(path.join(modules, "@bc-real-estate-facts"), { recursive: true });
  await run("tar", ["-xzf", tarball, "-C", folder]);
  await rename(path.join(folder, "package"), path.join(modules, "@bc-real-estate-facts", "client"));
  await symlink(path.join(PROJECT_ROOT, "node_modules", "zod"), path.join(modules, "zod"), "dir");
  await writeFile(
    path.join(folder, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  return folder;
};

describe("npm pack of the client", () => {
  it("contains JavaScript and .d.ts files only, besides its package.json, README and LICENSE", () => {
    const code = files.filter((file) => file !== "package.json" && file !== "README.md" && file !== "LICENSE");
    // One ESM bundle and its declarations (tsdown.config.ts), nothing else.
    expect([...code].sort()).toEqual(["dist/index.d.ts", "dist/index.js"]);
  });

  it("is MIT-licensed code, with the licence text packed and named in package.json; the data it reads stays CC BY 4.0", async () => {
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json"]));
    const folder = await freshConsumer();
    const packedRoot = path.join(folder, "node_modules", "@bc-real-estate-facts", "client");
    const manifest = JSON.parse(await readFile(path.join(packedRoot, "package.json"), "utf8")) as { license?: string };
    expect(manifest.license).toBe("MIT");
    const license = await readFile(path.join(packedRoot, "LICENSE"), "utf8");
    expect(license.split("\n")[0]).toBe("MIT License");
    expect(license).toContain("Permission is hereby granted, free of charge");
    const readme = await readFile(path.join(packedRoot, "README.md"), "utf8");
    expect(readme).toMatch(/MIT/);
    expect(readme).toMatch(/CC BY 4\.0/);
  });

  it("imports cleanly in a fresh folder and computes from a published catalog, with Node 24 and Node 20", async () => {
    const folder = await freshConsumer();
    const { catalog } = await publishedFacts();
    await writeFile(path.join(folder, "catalog.json"), JSON.stringify(catalog));
    await writeFile(path.join(folder, "consumer.mjs"), CONSUMER);
    const nodes = [process.execPath, ...(NODE_20 ? [NODE_20] : [])];
    for (const node of nodes) {
      const { stdout, stderr } = await run(node, ["consumer.mjs", "catalog.json"], { cwd: folder });
      const answer = JSON.parse(stdout);
      expect(answer).toMatchObject({
        ptt: 11_000,
        down: 75_000,
        rate: 0.065,
        payment: 1_000,
        asOf: "current",
        webhook: false,
        manifest: true,
        client: "function",
      });
      expect(stderr).toBe("");
    }
    if (NODE_20) expect((await run(NODE_20, ["--version"])).stdout).toMatch(/^v20\./);
  });

  it("type-checks a TypeScript consumer against the packed declarations", async () => {
    const folder = await freshConsumer();
    await writeFile(path.join(folder, "consumer.ts"), TYPED_CONSUMER);
    await writeFile(
      path.join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          lib: ["es2022", "dom"],
          skipLibCheck: false,
        },
        files: ["consumer.ts"],
      }),
    );
    const tsc = path.join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = await run(process.execPath, [tsc, "-p", folder]).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }));
    expect(result.stdout).toBe("");
  });

  it("runs in Chromium from the packed files, with zod mapped by an import map", async () => {
    const folder = await freshConsumer();
    const site = path.join(folder, "site");
    await cp(path.join(folder, "node_modules", "@bc-real-estate-facts", "client"), path.join(site, "client"), {
      recursive: true,
    });
    await cp(path.join(PROJECT_ROOT, "node_modules", "zod"), path.join(site, "zod"), {
      recursive: true,
      dereference: true,
    });
    const { catalog } = await publishedFacts();
    await writeFile(path.join(site, "catalog.json"), JSON.stringify(catalog));
    await writeFile(
      path.join(site, "index.html"),
      `<!doctype html><title>client</title><script type="importmap">{"imports":{"zod":"/zod/index.js"}}</script>
<script type="module">
import { propertyTransferTax, verifyFactsWebhook } from "/client/dist/index.js";
const catalog = await (await fetch("/catalog.json")).json();
window.answer = { ptt: propertyTransferTax(catalog, { price: 4500000 }).total, webhook: (await verifyFactsWebhook("{}", new Headers(), "s")).reason };
</script>`,
    );
    const { answer, errors } = await answerInChromium(site);
    expect(answer).toEqual({ ptt: 143_000, webhook: "missing or malformed X-Facts-Signature header" });
    expect(errors).toEqual([]);
  });
});
