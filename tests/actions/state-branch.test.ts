import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createGitRepo } from "../helpers/git-repo.ts";
import { runAction } from "../helpers/run-action.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);
const git = async (cwd: string, ...args: string[]) => (await exec("git", args, { cwd })).stdout.trim();

/** A repository on a "server" (a bare repository) and a function that makes a fresh runner checkout of it. */
const origin = async () => {
  const source = await createGitRepo();
  await source.writeFact({ id: "bc.ptt.brackets" });
  await source.commit("facts");
  const bare = path.join(await tempDir(), "origin.git");
  await exec("git", ["clone", "-q", "--bare", source.root, bare]);
  const checkout = async () => {
    const workspace = path.join(await tempDir(), "workspace");
    await exec("git", ["clone", "-q", bare, workspace]);
    return workspace;
  };
  return { bare, checkout };
};

const stateBranch = async (workspace: string, inputs: Record<string, string>) =>
  runAction("state-branch", { workspace, scratch: await tempDir(), inputs: { token: "ghs_secret-token", ...inputs } });

describe("state branch action", () => {
  it("starts empty when the branch does not exist, then saves and restores the state across runs", async () => {
    const { bare, checkout } = await origin();
    const first = await checkout();
    const restored = await stateBranch(first, { mode: "restore" });
    expect(restored.code).toBe(0);
    expect(restored.outputs).toEqual({ existed: "false", commit: "" });
    expect(await readdir(path.join(first, ".webhook-state"))).toEqual([".git"]);

    await mkdir(path.join(first, ".webhook-state/deliveries"), { recursive: true });
    await writeFile(path.join(first, ".webhook-state/deliveries/a.json"), '{"status":"retrying"}\n');
    const saved = await stateBranch(first, { mode: "save", message: "state after dispatch" });
    expect(saved.code).toBe(0);
    expect(saved.outputs.pushed).toBe("true");
    expect(await git(bare, "rev-parse", "webhook-state")).toBe(saved.outputs.commit);
    expect(await git(bare, "log", "--format=%s|%an", "webhook-state")).toBe("state after dispatch|github-actions[bot]");
    // The state branch holds state only, never the code of main.
    expect(await git(bare, "ls-tree", "-r", "--name-only", "webhook-state")).toBe("deliveries/a.json");
    // The token was handed to git through the environment only: nothing on disk carries it.
    expect(await readFile(path.join(first, ".webhook-state/.git/config"), "utf8")).not.toContain("secret-token");
    // The runner masks the token in logs; nothing else printed carries it.
    expect(saved.stdout).toContain("::add-mask::ghs_secret-token");
    expect(saved.stdout.replace("::add-mask::ghs_secret-token", "")).not.toContain("secret-token");

    const unchanged = await stateBranch(first, { mode: "save" });
    expect(unchanged.outputs.pushed).toBe("false");
    expect(unchanged.stdout).toContain("nothing pushed: the state did not change");

    const second = await checkout();
    const again = await stateBranch(second, { mode: "restore" });
    expect(again.outputs).toEqual({ existed: "true", commit: saved.outputs.commit });
    expect(await readFile(path.join(second, ".webhook-state/deliveries/a.json"), "utf8")).toBe(
      '{"status":"retrying"}\n',
    );
  });

  it("replays a save on top of another run's push when they wrote different files, and refuses to drop either run's copy of one file", async () => {
    const { bare, checkout } = await origin();
    const seed = await checkout();
    await stateBranch(seed, { mode: "restore" });
    await writeFile(path.join(seed, ".webhook-state/shared.json"), "{}\n");
    await stateBranch(seed, { mode: "save" });

    const dispatch = await checkout();
    const retry = await checkout();
    await stateBranch(dispatch, { mode: "restore" });
    await stateBranch(retry, { mode: "restore" });
    await writeFile(path.join(dispatch, ".webhook-state/dispatch.json"), '{"from":"dispatch"}\n');
    await writeFile(path.join(retry, ".webhook-state/retry.json"), '{"from":"retry"}\n');
    expect((await stateBranch(retry, { mode: "save" })).stdout).toContain("pushed: webhook-state is now at");
    const late = await stateBranch(dispatch, { mode: "save" });
    expect(late.code).toBe(0);
    expect(late.stdout).toContain("pushed after 2 tries");
    expect((await git(bare, "ls-tree", "-r", "--name-only", "webhook-state")).split("\n")).toEqual([
      "dispatch.json",
      "retry.json",
      "shared.json",
    ]);

    const first = await checkout();
    const second = await checkout();
    await stateBranch(first, { mode: "restore" });
    await stateBranch(second, { mode: "restore" });
    await writeFile(path.join(first, ".webhook-state/shared.json"), '{"by":"first"}\n');
    await writeFile(path.join(second, ".webhook-state/shared.json"), '{"by":"second"}\n');
    await stateBranch(first, { mode: "save" });
    const clash = await stateBranch(second, { mode: "save" });
    expect(clash.code).toBe(1);
    expect(clash.annotations.at(-1)?.message).toBe(
      "the state branch could not be used: another run changed shared.json on webhook-state since this run restored it; this run's state was not pushed (run the workflows that share the state in one concurrency group)",
    );
    expect(await git(bare, "show", "webhook-state:shared.json")).toBe('{"by":"first"}');
  });

  it("refuses to restore into a folder that already holds files, and an unknown mode", async () => {
    const { checkout } = await origin();
    const workspace = await checkout();
    await mkdir(path.join(workspace, "state"));
    await writeFile(path.join(workspace, "state/left-over.json"), "{}");
    const busy = await stateBranch(workspace, { mode: "restore", path: "state" });
    expect(busy.code).toBe(1);
    expect(busy.annotations.at(-1)?.message).toBe(
      "the state branch could not be used: state is not empty: the state is restored into a fresh folder",
    );
    const unknown = await stateBranch(workspace, { mode: "sync" });
    expect(unknown.annotations.at(-1)?.message).toBe(
      'the state branch could not be used: mode must be restore or save, got "sync"',
    );
  });
});
