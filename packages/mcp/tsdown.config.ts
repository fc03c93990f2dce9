import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "rolldown";
import { defineConfig } from "tsdown";
import { baseUrlFromEnvironment } from "../../src/lib/config.ts";
import { readVariable } from "../../src/lib/environment.ts";

/**
 * The public site's address, stamped into the command as its default `--site` when FACTS_BASE_URL is set at pack time
 * (the release workflow sets it from the repository variable the deployment uses), and checked by the rule every
 * FACTS_BASE_URL follows. Unset, the package has no default: never the local default a build would use.
 */
const stampedSite = readVariable("FACTS_BASE_URL") === undefined ? undefined : baseUrlFromEnvironment();

/** The folder of the package a bundled module comes from: the part of its path up to its last node_modules/<name>. */
const packageFolder = (id: string): string | undefined => {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id);
  return match?.[1];
};

/**
 * Writes dist/THIRD-PARTY-LICENSES.txt: the name, version, licence and licence text of every package the bundle
 * holds code of, since their licences (MIT, ISC, BSD) ask that copies keep them. A bundled package without a licence
 * file fails the build, naming it.
 */
const licenceNotices = (): Plugin => ({
  name: "third-party-licences",
  generateBundle(_options, bundle) {
    const folders = new Set(
      Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? Object.entries(output.modules).flatMap(([id, rendered]) =>
              rendered.renderedLength > 0 ? (packageFolder(id) ?? []) : [],
            )
          : [],
      ),
    );
    const notices = [...folders].map((folder) => {
      const manifest = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as Record<string, string>;
      const file = readdirSync(folder).find((name) => /^licen[cs]e(\.md|\.txt)?$/i.test(name));
      if (file === undefined) throw new Error(`${folder}: a bundled package without a licence file`);
      const text = readFileSync(path.join(folder, file), "utf8").trim();
      return `${manifest.name}@${manifest.version} (${manifest.license})\n\n${text}\n`;
    });
    const names = notices.sort((a, b) => (a < b ? -1 : 1));
    this.emitFile({
      type: "asset",
      fileName: "THIRD-PARTY-LICENSES.txt",
      source: `The bundle bin.js holds code of these packages, under these licences.\n\n${names.join(`\n${"-".repeat(80)}\n\n`)}`,
    });
  },
});

// One self-contained ESM file for Node: the server's code from src/ and every dependency bundled in (the SDK, zod,
// undici), so installing the package fetches nothing else. A dependency's ES module entry comes before its `main`:
// jsonc-parser's `main` is a UMD build whose require() calls of its own files a bundle cannot follow.
export default defineConfig({
  entry: ["src/bin.ts"],
  format: "esm",
  platform: "node",
  target: "node20",
  dts: false,
  sourcemap: false,
  clean: true,
  outDir: "dist",
  fixedExtension: false,
  define: { STAMPED_DEFAULT_SITE: stampedSite === undefined ? "undefined" : JSON.stringify(stampedSite) },
  deps: { alwaysBundle: [/./], onlyBundle: false },
  inputOptions: { resolve: { mainFields: ["module", "main"] } },
  plugins: [licenceNotices()],
});
