import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { FROZEN_BRANCH, readFrozenData, unpackFrozenData, verifyFrozenData } from "../helpers/frozen-data.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);
const git = async (cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  (await exec("git", args, { cwd, env: { ...process.env, ...env }, maxBuffer: 1 << 26 })).stdout.trim();

/**
 * The frozen copy of the data (tests/fixtures/frozen-data) is a binary bundle no reviewer reads, so the global setup
 * refuses one that is not the project's own history of the data folders up to its `frozen_from`; these tests hold the
 * check it runs (verifyFrozenData) to that.
 */
const BRACKETS = "facts/tax/bc.ptt.brackets.json";
const frozen = readFrozenData();
let copy: string;

// The unpacked real bundle, shared by the tests of this file (tempDir's folders last one test only).
beforeAll(async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), "facts-frozen-copy-"));
  copy = path.join(parent, "copy");
  unpackFrozenData(copy);
  return () => rm(parent, { recursive: true, force: true });
});

describe("the frozen copy of the data", () => {
  it("is accepted as committed: the project's own history of facts/, index-data/, reference/ and keys/", () => {
    expect(() => verifyFrozenData(PROJECT_ROOT, copy, frozen)).not.toThrow();
  });

  it("is refused when the bundle was amended (the 2% transfer-tax bracket made 3%), naming the file", async () => {
    // The amended copy keeps every author, committer, date and message: only the file says what changed.
    const amended = path.join(await tempDir(), "amended");
    unpackFrozenData(amended);
    const text = await readFile(path.join(amended, BRACKETS), "utf8");
    expect(text).toContain('"rate": 0.02');
    await writeFile(path.join(amended, BRACKETS), text.replace('"rate": 0.02', '"rate": 0.03'));
    const [name, email, date] = (await git(amended, ["log", "-1", "--format=%cn%x00%ce%x00%cd", "--date=raw"])).split(
      "\0",
    );
    await git(amended, ["commit", "--quiet", "--amend", "--no-edit", "-a"], {
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
      GIT_COMMITTER_DATE: date,
    });
    const bundle = path.join(await tempDir(), "data.bundle");
    await git(amended, ["bundle", "create", "--quiet", bundle, FROZEN_BRANCH]);
    const unpacked = path.join(await tempDir(), "unpacked");
    unpackFrozenData(unpacked, bundle);

    expect(() => verifyFrozenData(PROJECT_ROOT, unpacked, frozen)).toThrow(
      new RegExp(
        `differs from the project's commit [0-9a-f]{12} in ${BRACKETS}; refresh it with npm run freeze-test-data`,
      ),
    );
  });

  it("is refused when its frozen_from is not an ancestor of HEAD, or no commit at all", async () => {
    // A clone of the project with a commit beside HEAD: a real commit of the repository, but not of this branch.
    const project = path.join(await tempDir(), "project");
    await git(path.dirname(project), ["clone", "--quiet", "--no-checkout", PROJECT_ROOT, project]);
    const side = await git(project, ["commit-tree", "HEAD~1^{tree}", "-p", "HEAD~1", "-m", "A commit beside HEAD"], {
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.org",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.org",
    });
    expect(() => verifyFrozenData(project, copy, frozen)).not.toThrow();
    expect(() => verifyFrozenData(project, copy, { ...frozen, frozen_from: side })).toThrow(
      `the frozen copy of the data (tests/fixtures/frozen-data) was taken from ${side}, which is not an ancestor of HEAD: it is not the data of this branch's history; refresh it with npm run freeze-test-data`,
    );
    const unknown = "0".repeat(40);
    expect(() => verifyFrozenData(project, copy, { ...frozen, frozen_from: unknown })).toThrow(
      `names frozen_from "${unknown}", which is no commit of this repository`,
    );
  });

  it("cannot be checked in a shallow clone, and says to fetch the whole history", async () => {
    const shallow = path.join(await tempDir(), "shallow");
    await git(path.dirname(shallow), [
      "clone",
      "--quiet",
      "--no-checkout",
      "--depth",
      "1",
      `file://${PROJECT_ROOT}`,
      shallow,
    ]);
    expect(() => verifyFrozenData(shallow, copy, frozen)).toThrow(
      /cannot be checked in a shallow clone: .* fetch the whole history \(git fetch --unshallow\)/,
    );
  });
});
