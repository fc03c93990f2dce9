import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { frozenData, useFrozenClock } from "./frozen-copy.ts";

/**
 * Builds the frozen copy of the project's facts (tests/helpers/frozen-data.ts) into a temporary folder, as
 * `npm run build` does, on the frozen day, and returns its location; the file's clock is set to that day too. The tree
 * lives until the test file ends, so a suite can build once and read it in every test.
 */
export const buildProjectSite = async (baseUrl = "https://facts.example.org") => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-build-"));
  afterAll(() => rm(parent, { recursive: true, force: true }));
  const out = path.join(parent, "_site");
  useFrozenClock();
  const model = await buildModel(frozenData().root, { baseUrl, today: frozenData().today });
  await writeSite(renderSite(model), out);
  return { out, model };
};

/**
 * The frozen copy built once for the whole run by the global setup, for FROZEN_SITE_BASE_URL on the frozen day, with
 * this file's clock set to that day. Shared by every test file that asks for it, so it is read and never written:
 * a test that changes a tree copies it first.
 */
export const frozenSite = (): { out: string } => {
  useFrozenClock();
  return { out: inject("frozenSite") };
};

/** Every file of a built tree as URL path → bytes. */
export const readTree = async (root: string): Promise<Map<string, Buffer>> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((item) => item.isFile())) {
    const full = path.join(entry.parentPath, entry.name);
    files.set(`/${path.relative(root, full).split(path.sep).join("/")}`, await readFile(full));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
};
