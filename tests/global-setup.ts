import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildModel, writeSite } from "../src/build/build-model.ts";
import { renderSite } from "../src/render/render-site.ts";
import type {} from "./helpers/frozen-copy.ts";
import { FROZEN_SITE_BASE_URL, readFrozenData, unpackFrozenData, verifyFrozenData } from "./helpers/frozen-data.ts";
import { PROJECT_ROOT } from "./helpers/run-script.ts";

/**
 * Once for the whole run: unpacks the frozen data, refuses it unless it is the project's own history of the data folders
 * up to its `frozen_from` (verifyFrozenData), and builds it, as `npm run build` does on the frozen day, and hands
 * both places to every test file (the built tree is shared: the tests that use it only read it); and gives the workers
 * and every Node process they start (the commands and actions the tests run, a few hundred of them) one V8 compile
 * cache, so each module is compiled once per run rather than once per process. Both are removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-test-run-"));
  const root = path.join(parent, "data");
  unpackFrozenData(root);
  const frozen = readFrozenData();
  // The copy is the project's own history of the data folders, or no test runs on it.
  try {
    verifyFrozenData(PROJECT_ROOT, root, frozen);
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    throw error;
  }
  project.provide("frozenData", { ...frozen, root });
  const site = path.join(parent, "site");
  try {
    await writeSite(renderSite(await buildModel(root, { baseUrl: FROZEN_SITE_BASE_URL, today: frozen.today })), site);
  } catch (error) {
    // After a change to the data's shape, the copy is what no longer builds: say so, and how to refresh it.
    throw new Error(
      `the frozen copy of the data (tests/fixtures/frozen-data, taken from ${frozen.frozen_from}) does not build with this code; migrate facts/, commit, then refresh the copy with npm run freeze-test-data (docs/maintainers/test-data.md)`,
      { cause: error },
    );
  }
  project.provide("frozenSite", site);
  // Node reads NODE_COMPILE_CACHE when it starts; the workers and their children inherit it from here.
  process.env.NODE_COMPILE_CACHE ??= path.join(parent, "compile-cache");
  return async () => {
    // A process a test started may still be exiting and writing its compile cache here: retry the removal (Node
    // retries ENOTEMPTY and EBUSY), and leave a folder it still cannot remove to the system rather than fail a run
    // whose tests all ran.
    await rm(parent, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch((error: unknown) => {
      console.warn(`could not remove ${parent} after the run: ${String(error)}`);
    });
  };
}
