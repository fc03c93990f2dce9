import { execFile } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createGitRepo } from "../helpers/git-repo.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

/** The deploy workflow's dispatch step, run with bash as the runner does, against a stub `npm` that records its arguments. */
const dispatchStep = async () => {
  const workflow = parse(await readFile(path.join(PROJECT_ROOT, ".github/workflows/deploy.yml"), "utf8")) as {
    jobs: { webhooks: { steps: { name?: string; run?: string }[] } };
  };
  const script = workflow.jobs.webhooks.steps.find((step) => step.name === "Dispatch the changes of the pushed commits")!.run!;
  const bin = await tempDir();
  const calls = path.join(bin, "calls.txt");
  await writeFile(path.join(bin, "npm"), `#!/usr/bin/env bash\necho "$*" >> "${calls}"\n`);
  await chmod(path.join(bin, "npm"), 0o755);
  const state = await tempDir();
  return {
    state,
    calls: async () => (await readFile(calls, "utf8").catch(() => "")).trim().split("\n").filter(Boolean),
    run: async (cwd: string, base: string, head: string) =>
      exec("bash", ["-e", "-c", script], {
        cwd,
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, DISPATCH_BASE: base, DISPATCH_HEAD: head, FACTS_WEBHOOK_STATE: state },
      }),
  };
};

describe("the deploy workflow's webhook dispatch step", () => {
  it("dispatches each pushed range once, and covers the commits of a dispatch job that was cancelled while queued", async () => {
    const repo = await createGitRepo();
    const shas: string[] = [];
    for (const version of [1, 2, 3, 4]) {
      await repo.writeFact({ id: "bc.rent_cap.2026", domain: "rental", version, value: version });
      shas.push(await repo.commit(`v${version}`));
    }
    const [one, two, three, four] = shas as [string, string, string, string];
    const step = await dispatchStep();
    await mkdir(step.state, { recursive: true });

    await step.run(repo.root, one, two);
    expect(await step.calls()).toEqual([`run webhooks -- dispatch --base ${one} --head ${two}`]);
    expect((await readFile(path.join(step.state, "dispatched-head"), "utf8")).trim()).toBe(two);

    // The job for the push two..three was cancelled while queued; the push three..four starts from two.
    await step.run(repo.root, three, four);
    expect((await step.calls()).at(-1)).toBe(`run webhooks -- dispatch --base ${two} --head ${four}`);

    // A late job for an older push, or the same push again, sends nothing.
    const { stdout } = await step.run(repo.root, two, three);
    expect(stdout).toContain(`${three} was already dispatched (up to ${four})`);
    await step.run(repo.root, three, four);
    expect(await step.calls()).toHaveLength(2);
  });

  it("falls back to the push's own range when the recorded commit is not in its history (a force-push)", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.ptt.brackets", value: 1 });
    const first = await repo.commit("first");
    await repo.writeFact({ id: "bc.ptt.brackets", value: 2, version: 2 });
    const second = await repo.commit("second");
    const step = await dispatchStep();
    await writeFile(path.join(step.state, "dispatched-head"), `${"e".repeat(40)}\n`);
    await step.run(repo.root, first, second);
    expect(await step.calls()).toEqual([`run webhooks -- dispatch --base ${first} --head ${second}`]);
  });

  it("in a scheduled or manual run (after a promotion pushed by the workflow token), dispatches what was pushed since the last recorded dispatch", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "ca.foreign_buyer_ban", domain: "foreign-buyer", value: 1 });
    const dispatched = await repo.commit("dispatched by its push");
    await repo.writeFact({ id: "ca.foreign_buyer_ban", domain: "foreign-buyer", value: 2, version: 2 });
    const promoted = await repo.commit("ca.foreign_buyer_ban v2: promoted");
    const step = await dispatchStep();

    // Nothing recorded yet: a run not started by a push has nothing to compare against, and sends nothing.
    const { stdout } = await step.run(repo.root, "", promoted);
    expect(stdout).toContain("nothing to compare against");
    expect(await step.calls()).toEqual([]);

    await writeFile(path.join(step.state, "dispatched-head"), `${dispatched}\n`);
    await step.run(repo.root, "", promoted);
    expect(await step.calls()).toEqual([`run webhooks -- dispatch --base ${dispatched} --head ${promoted}`]);
    await step.run(repo.root, "", promoted);
    expect(await step.calls()).toHaveLength(1);
  });
});
