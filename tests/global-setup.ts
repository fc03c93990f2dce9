import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type {} from "./helpers/frozen-copy.ts";
import { readFrozenData, unpackFrozenData } from "./helpers/frozen-data.ts";

/** Unpacks the frozen data once for the whole run and hands its place to every test file; removes it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-frozen-"));
  const root = path.join(parent, "data");
  unpackFrozenData(root);
  project.provide("frozenData", { ...readFrozenData(), root });
  return () => rm(parent, { recursive: true, force: true });
}
