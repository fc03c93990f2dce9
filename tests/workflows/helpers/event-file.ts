import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDir } from "../../helpers/temp-dir.ts";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/events");

const merge = (base: unknown, patch: unknown): unknown => {
  if (
    typeof base !== "object" ||
    base === null ||
    Array.isArray(base) ||
    typeof patch !== "object" ||
    patch === null ||
    Array.isArray(patch)
  )
    return patch;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) merged[key] = key in merged ? merge(merged[key], value) : value;
  return merged;
};

/**
 * Writes a real event payload (one of tests/workflows/fixtures/events, patched for the test) to a file and returns
 * the environment the runner sets for it.
 */
export const eventEnvironment = async (
  eventName: "pull_request" | "workflow_run" | "schedule",
  fixture: string,
  patch: unknown = {},
) => {
  const payload = merge(JSON.parse(await readFile(path.join(FIXTURES, fixture), "utf8")), patch);
  const file = path.join(await tempDir(), "event.json");
  await writeFile(file, JSON.stringify(payload, null, 2));
  return { GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: file };
};
