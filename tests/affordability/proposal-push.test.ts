import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createGitRepo } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);
const BRANCH = "index-data/update";
const environment = { GIT_CONFIG_NOSYSTEM: "1", GITHUB_TOKEN: "", GITHUB_SERVER_URL: "" };

/** A repository with index data, its bare origin, and a checkout of it as the monthly job has one. */
const checkout = async () => {
  const seed = await createGitRepo();
  await seed.writeJson("index-data/mortgage-rates.json", { months: { "2026-09": 0.0461 } });
  const base = await seed.commit("index data");
  const origin = await tempDir();
  await exec("git", ["clone", "-q", "--bare", seed.root, origin]);
  const workspace = path.join(await tempDir(), "checkout");
  await exec("git", ["clone", "-q", origin, workspace]);
  const proposal = await tempDir();
  const propose = async (title: string, rates: Record<string, number>) => {
    await writeFile(
      path.join(workspace, "index-data/mortgage-rates.json"),
      `${JSON.stringify({ months: rates }, null, 2)}\n`,
    );
    await mkdir(proposal, { recursive: true });
    await writeFile(path.join(proposal, "title.txt"), `${title}\n`);
    return runScript(
      "src/cli/index-update.ts",
      ["--root", workspace, "--push-proposal", BRANCH, "--pull-request", proposal],
      { env: environment },
    );
  };
  const onOrigin = async (...args: string[]) => (await exec("git", ["--git-dir", origin, ...args])).stdout;
  return { base, workspace, propose, onOrigin };
};

describe("npm run index:update -- --push-proposal", () => {
  it("commits index-data as the bot on the proposal branch and pushes it, one commit on the base each month", async () => {
    const repo = await checkout();
    const first = await repo.propose("Affordability index inputs for 2026-10", {
      "2026-09": 0.0461,
      "2026-10": 0.0455,
    });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^pushed the proposal [0-9a-f]{12} to index-data\/update\n$/);
    expect(await repo.onOrigin("log", "--format=%s|%an|%P", BRANCH)).toBe(
      `Affordability index inputs for 2026-10|github-actions[bot]|${repo.base}\nindex data|Test Contributor|\n`,
    );
    expect(await repo.onOrigin("rev-parse", "main")).toBe(`${repo.base}\n`);

    // The next month's run starts again from main: the branch is replaced, not stacked on the last proposal.
    await exec("git", ["-C", repo.workspace, "switch", "-q", "main"]);
    const second = await repo.propose("Affordability index inputs for 2026-11", {
      "2026-09": 0.0461,
      "2026-10": 0.0455,
      "2026-11": 0.045,
    });
    expect(second.code).toBe(0);
    expect(await repo.onOrigin("log", "--format=%s|%P", BRANCH)).toBe(
      `Affordability index inputs for 2026-11|${repo.base}\nindex data|\n`,
    );
  });

  it("pushes nothing when index-data did not change, and refuses without the proposal's folder", async () => {
    const repo = await checkout();
    const same = await repo.propose("Affordability index inputs for 2026-10", { "2026-09": 0.0461 });
    expect([same.code, same.stdout]).toEqual([0, "index-data/ is unchanged: nothing to propose\n"]);
    await expect(repo.onOrigin("rev-parse", "--verify", "-q", BRANCH)).rejects.toThrow();

    const bare = await runScript("src/cli/index-update.ts", ["--root", repo.workspace, "--push-proposal", BRANCH], {
      env: environment,
    });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(
      "index:update: --push-proposal needs --pull-request DIR, the folder holding the proposal's title\n",
    );
  });
});
