import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./run-script.ts";

/**
 * The frozen copy of the project's data that the data-dependent tests read instead of the live `facts/` (see
 * tests/tools/freeze-data.ts, `npm run freeze-test-data`): a git bundle of the data folders' history and the day the
 * tests take as today.
 */
export const FROZEN_DATA_DIR = path.join(PROJECT_ROOT, "tests/fixtures/frozen-data");
export const FROZEN_FOLDERS = ["facts", "index-data", "reference", "keys"] as const;
export const FROZEN_BRANCH = "frozen";
/** The public origin the shared build of the frozen data is made for. */
export const FROZEN_SITE_BASE_URL = "https://facts.example.org";

export interface FrozenData {
  /** The project commit the copy was taken from. */
  frozen_from: string;
  /** The fixed clock: the newest `retrieved_iso` of the frozen data, on which nothing in it is future or expired. */
  today: string;
}

export const readFrozenData = (): FrozenData =>
  JSON.parse(readFileSync(path.join(FROZEN_DATA_DIR, "frozen.json"), "utf8")) as FrozenData;

/** Unpacks the bundle into `target` (a new folder): a git repository with the data's history, checked out. */
export const unpackFrozenData = (target: string): void => {
  execFileSync(
    "git",
    ["clone", "--quiet", "--branch", FROZEN_BRANCH, path.join(FROZEN_DATA_DIR, "data.bundle"), target],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
};
