import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DISPATCHED_HEAD_FILE } from "../../src/webhooks/dispatch.ts";
import { createGitRepo, type GitRepo } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { webhookEnvironment } from "./helpers/fixtures.ts";

/**
 * `npm run webhooks -- dispatch` as the deploy workflow runs it: `--base` is the push's `before`, empty in a scheduled
 * run.
 */
const dispatcher = async (repo: GitRepo) => {
  const { env, state } = await webhookEnvironment([]);
  return {
    state,
    recorded: async () => (await readFile(path.join(state, DISPATCHED_HEAD_FILE), "utf8")).trim(),
    run: (base: string, head: string) =>
      runScript(
        "src/cli/webhooks.ts",
        ["dispatch", "--head", head, "--base", base, "--root", repo.root, "--wait", "0"],
        { env },
      ),
  };
};

describe("the commit a dispatch starts from", () => {
  it("dispatches each pushed range once, and covers the commits of a dispatch job that was cancelled while queued", async () => {
    const repo = await createGitRepo();
    const shas: string[] = [];
    for (const version of [1, 2, 3, 4]) {
      await repo.writeFact({ id: "bc.rent_cap.2026", domain: "rental", version, value: version });
      shas.push(await repo.commit(`v${version}`));
    }
    const [one, two, three, four] = shas as [string, string, string, string];
    const dispatch = await dispatcher(repo);

    const first = await dispatch.run(one, two);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`dispatch from ${one}: --base`);
    expect(await dispatch.recorded()).toBe(two);

    // The job for the push two..three was cancelled while queued; the push three..four starts from two.
    const next = await dispatch.run(three, four);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain(`dispatch from ${two}: the last dispatched commit`);
    expect(next.stdout).toContain(`dispatch ${two.slice(0, 12)}..${four.slice(0, 12)}: 1 event(s)`);
    expect(await dispatch.recorded()).toBe(four);

    // A late job for an older push, or the same push again, sends nothing and exits 0.
    const late = await dispatch.run(two, three);
    expect(late.code).toBe(0);
    expect(late.stdout).toContain(`dispatch: nothing to send, ${three} was already dispatched (up to ${four})`);
    const again = await dispatch.run(three, four);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`dispatch: nothing to send, ${four} was already dispatched (up to ${four})`);
    expect(await dispatch.recorded()).toBe(four);
  });

  it("falls back to the push's own range when the recorded commit is not in its history (a force-push)", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.ptt.brackets", value: 1 });
    const first = await repo.commit("first");
    await repo.writeFact({ id: "bc.ptt.brackets", value: 2, version: 2 });
    const second = await repo.commit("second");
    const dispatch = await dispatcher(repo);
    await writeFile(path.join(dispatch.state, DISPATCHED_HEAD_FILE), `${"e".repeat(40)}\n`);
    const result = await dispatch.run(first, second);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`dispatch from ${first}: --base (${"e".repeat(40)} in `);
    expect(result.stdout).toContain(`dispatch ${first.slice(0, 12)}..${second.slice(0, 12)}: 1 event(s)`);
    expect(await dispatch.recorded()).toBe(second);
  });

  it("in a scheduled or manual run (no --base), dispatches what was pushed since the last recorded dispatch, and sends nothing when none is recorded", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "ca.foreign_buyer_ban", domain: "foreign-buyer", value: 1 });
    const dispatched = await repo.commit("dispatched by its push");
    await repo.writeFact({ id: "ca.foreign_buyer_ban", domain: "foreign-buyer", value: 2, version: 2 });
    const promoted = await repo.commit("ca.foreign_buyer_ban v2: promoted");
    const dispatch = await dispatcher(repo);

    // Nothing recorded yet and no push's `before`: nothing to compare against, so nothing is sent and nothing recorded.
    const refused = await dispatch.run("", promoted);
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain(
      `nothing to compare against: no dispatch is recorded in ${path.join(dispatch.state, DISPATCHED_HEAD_FILE)}`,
    );
    await expect(dispatch.recorded()).rejects.toThrow("ENOENT");

    await writeFile(path.join(dispatch.state, DISPATCHED_HEAD_FILE), `${dispatched}\n`);
    const result = await dispatch.run("", promoted);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`dispatch ${dispatched.slice(0, 12)}..${promoted.slice(0, 12)}: 1 event(s)`);
    expect(await dispatch.recorded()).toBe(promoted);
    const again = await dispatch.run("", promoted);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${promoted} was already dispatched (up to ${promoted})`);
  });
});
