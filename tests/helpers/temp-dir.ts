import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

/** A fresh temporary folder, removed after the test; optional trees are copied into it in order. */
export const tempDir = async (...trees: string[]): Promise<string> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), "facts-test-"));
  created.push(directory);
  for (const tree of trees) await cp(tree, directory, { recursive: true });
  return directory;
};

afterEach(async () => {
  await Promise.all(created.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});
