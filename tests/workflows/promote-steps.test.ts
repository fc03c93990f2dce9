import { execFile } from "node:child_process";
import { appendFile, chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { scheduledValueOf } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { PROJECT_ROOT, writeNpmRunStandIn } from "../helpers/run-script.ts";
import { FOREIGN_BUYER_BAN_SEED } from "../helpers/scheduled-facts.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

interface Step {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}

/**
 * The promotion job's own shell steps, run with bash as the runner runs them, in a clone of a bare repository that
 * stands in for GitHub. `npm run X -- args` runs the project's `src/cli/<X>.ts` with the Node that runs the tests;
 * `gh` records its arguments.
 */
const promotionJob = async () => {
  const workflow = parse(await readFile(path.join(PROJECT_ROOT, ".github/workflows/promote.yml"), "utf8")) as {
    jobs: { promote: { steps: Step[] } };
  };
  const steps = workflow.jobs.promote.steps.filter((step) => step.run !== undefined);
  const bin = await tempDir();
  const calls = path.join(bin, "gh-calls.txt");
  await writeNpmRunStandIn(bin);
  await writeFile(path.join(bin, "gh"), `#!/usr/bin/env bash\necho "$*" >> "${calls}"\n`);
  await chmod(path.join(bin, "gh"), 0o755);
  return {
    steps,
    ghCalls: async () => (await readFile(calls, "utf8").catch(() => "")).trim().split("\n").filter(Boolean),
    run: async (cwd: string, step: Step, outputs: Record<string, string>, today: string) => {
      const outputFile = path.join(bin, "github-output.txt");
      await writeFile(outputFile, "");
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [
          name,
          value
            .replace(/\$\{\{ steps\.promote\.outputs\.(\w+) \}\}/, (_match, key: string) => outputs[key] ?? "")
            .replace("${{ github.token }}", "test-token"),
        ]),
      );
      const result = await exec("bash", ["-e", "-c", step.run!], {
        cwd,
        env: {
          ...process.env,
          ...env,
          PATH: `${bin}:${process.env.PATH}`,
          FACTS_TODAY: today,
          GITHUB_OUTPUT: outputFile,
          GITHUB_SERVER_URL: "https://github.example",
        },
      });
      for (const line of (await readFile(outputFile, "utf8")).trim().split("\n").filter(Boolean)) {
        const [key, ...value] = line.split("=");
        outputs[key!] = value.join("=");
      }
      return result;
    },
  };
};

describe("the promotion workflow's steps", () => {
  it("promote, validate and push the enacted change to main on its day, and start the deployment; the day before they push nothing", async () => {
    const seed = await createGitRepo();
    await seed.writeFact(FOREIGN_BUYER_BAN_SEED);
    const file = "facts/foreign-buyer/ca.foreign_buyer_ban.json";
    const { superseded_by: _none, ...fact } = await seed.readJson(file);
    const change = {
      effective_iso: "2027-01-01",
      status: "enacted",
      value: scheduledValueOf("ca.foreign_buyer_ban", { repealed_iso: "2027-01-01" }),
      unit: "object",
      citations: [
        {
          url: "https://laws-lois.justice.gc.ca/eng/acts/B-9.8595/",
          org: "ca-justice",
          kind: "official",
          retrieved_iso: "2026-11-21",
        },
      ],
      note: "The Act is repealed",
    };
    await seed.writeJson(file, { ...fact, scheduled: [change], superseded_by: null });
    const base = await seed.commit("v2 with the repeal scheduled");
    const origin = await tempDir();
    await exec("git", ["clone", "-q", "--bare", seed.root, origin]);
    const workspace = path.join(await tempDir(), "checkout");
    await exec("git", ["clone", "-q", origin, workspace]);
    await appendFile(path.join(workspace, ".git/config"), "[commit]\n\tgpgsign = false\n");
    const job = await promotionJob();
    expect(job.steps.map((step) => step.name)).toEqual([
      "Promote (one commit per version, each checked against its parent)",
      "Validate each promotion as a pull request would be",
      "Push to main",
      "Publish the promoted facts",
    ]);

    const quiet: Record<string, string> = {};
    await job.run(workspace, job.steps[0]!, quiet, "2026-12-31");
    expect(quiet.promoted).toBe("0");

    const outputs: Record<string, string> = {};
    await job.run(workspace, job.steps[0]!, outputs, "2027-01-01");
    expect(outputs).toEqual({ before: base, promoted: "1" });
    const validated = await job.run(workspace, job.steps[1]!, outputs, "2027-01-01");
    expect(validated.stdout).toContain("ok: 1 fact files and 0 index-data files checked, no problems");
    await job.run(workspace, job.steps[2]!, outputs, "2027-01-01");
    await job.run(workspace, job.steps[3]!, outputs, "2027-01-01");

    const { stdout: pushed } = await exec("git", ["--git-dir", origin, "log", "-1", "--format=%s%n%an", "main"]);
    expect(pushed).toBe("ca.foreign_buyer_ban v3: The Act is repealed (effective 2027-01-01)\ngithub-actions[bot]\n");
    const { stdout: onMain } = await exec("git", ["--git-dir", origin, "show", `main:${file}`]);
    expect(JSON.parse(onMain)).toMatchObject({
      version: 3,
      effective_iso: "2027-01-01",
      value: { repealed_iso: "2027-01-01" },
    });
    expect(await job.ghCalls()).toEqual(["workflow run deploy.yml --ref main"]);
    // The token was never written into the checkout's configuration.
    expect(await readFile(path.join(workspace, ".git/config"), "utf8")).not.toContain("test-token");
  });
});
