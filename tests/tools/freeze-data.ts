/**
 * `npm run freeze-test-data`: freezes the data the data-dependent tests read. The history of `facts/`, `index-data/`,
 * `reference/` and `keys/` up to HEAD (every commit that touched them, with its author, date and message, but only
 * those folders) is written as a git bundle to tests/fixtures/frozen-data/data.bundle, and the commit it was taken
 * from and the fixed "today" the tests run on to frozen.json beside it.
 *
 * Why: the tests must not read the live facts. A fact edit that `npm run check` accepts then cannot turn `npm test`
 * red, since a pull request that changes only `facts/` or `index-data/` does not run the code suite. The history has
 * to come along because the build derives each fact's versions from git. Refresh the copy in a pull request of its
 * own (the code suite runs on it) when the tests should see newer data, or in the pull request of a code change that
 * changes the data's shape, after committing the migrated data.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FROZEN_BRANCH, FROZEN_DATA_DIR, FROZEN_FOLDERS, type FrozenData } from "../helpers/frozen-data.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { dataToday } from "../render/data-today.ts";

const git = (cwd: string, args: string[], input?: Buffer): Buffer =>
  execFileSync("git", args, { cwd, input, maxBuffer: 1 << 30, stdio: ["pipe", "pipe", "inherit"] });

const uncommitted = git(PROJECT_ROOT, ["status", "--porcelain", "--", ...FROZEN_FOLDERS])
  .toString("utf8")
  .trim();
if (uncommitted !== "") {
  console.error(
    `freeze-test-data: commit the data first; the frozen copy holds committed history only. Uncommitted:\n${uncommitted}`,
  );
  process.exit(1);
}
const head = git(PROJECT_ROOT, ["rev-parse", "HEAD"]).toString("utf8").trim();
const scratch = mkdtempSync(path.join(os.tmpdir(), "freeze-data-"));
try {
  git(scratch, ["init", "--quiet"]);
  // Only the data folders, on a branch of their own; commits that touched none of them are left out.
  const stream = git(PROJECT_ROOT, [
    "fast-export",
    "--signed-tags=strip",
    "--tag-of-filtered-object=drop",
    "HEAD",
    "--",
    ...FROZEN_FOLDERS,
  ]);
  git(scratch, ["fast-import", "--quiet"], stream);
  // fast-export names the ref HEAD points at (or HEAD itself when detached); the copy's branch has a fixed name.
  const imported = git(scratch, ["for-each-ref", "--format=%(objectname)", "refs/heads/"]).toString("utf8").trim();
  const tip =
    imported.split("\n").length === 1 && imported !== ""
      ? imported
      : git(scratch, ["rev-parse", "HEAD"]).toString("utf8").trim();
  git(scratch, ["update-ref", `refs/heads/${FROZEN_BRANCH}`, tip]);
  git(scratch, ["checkout", "--quiet", FROZEN_BRANCH]);
  // Packed hard before bundling (the bundle reuses the deltas): the copy stays a fraction of the folders' size.
  git(scratch, ["gc", "--quiet", "--aggressive"]);
  mkdirSync(FROZEN_DATA_DIR, { recursive: true });
  git(scratch, ["bundle", "create", "--quiet", path.join(FROZEN_DATA_DIR, "data.bundle"), FROZEN_BRANCH]);
  const frozen: FrozenData = { frozen_from: head, today: await dataToday(scratch) };
  writeFileSync(path.join(FROZEN_DATA_DIR, "frozen.json"), `${JSON.stringify(frozen, null, 2)}\n`);
  const commits = git(scratch, ["rev-list", "--count", FROZEN_BRANCH]).toString("utf8").trim();
  console.log(
    `froze ${commits} commits of ${FROZEN_FOLDERS.join(", ")} from ${head}; the tests run on ${frozen.today}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
