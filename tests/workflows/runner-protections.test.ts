import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runWorkflow } from "../../src/workflow-runner/index.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const SHA = "6".repeat(40);

/** Runs a workflow of one job, written to a temporary folder, on a push; returns the run and every line it printed. */
const runOne = async (workflow: string, options: { secrets?: Record<string, string>; artifactsDir?: string } = {}) => {
  const folder = await tempDir();
  const file = path.join(folder, "protections.yml");
  await writeFile(file, workflow);
  const lines: string[] = [];
  const run = await runWorkflow(
    { workflow: file, event: "push", payload: { ref: "refs/heads/main", after: SHA }, workDir: folder, ...options },
    (line) => lines.push(line),
  );
  return { run, printed: lines.join("\n"), folder };
};

describe("the workflow runner refuses what GitHub refuses", () => {
  it("keeps GitHub's default variables and NODE_OPTIONS out of a step's GITHUB_ENV, naming the workflow, job and step", async () => {
    const { run } = await runOne(`name: Protections
on: push
jobs:
  env-file:
    runs-on: ubuntu-latest
    steps:
      - name: Write protected names
        run: |
          echo "GITHUB_SHA=${"0".repeat(40)}" >> "$GITHUB_ENV"
          echo "RUNNER_TEMP=/elsewhere" >> "$GITHUB_ENV"
          echo "NODE_OPTIONS=--require ./evil.cjs" >> "$GITHUB_ENV"
          echo "CI=overwritten" >> "$GITHUB_ENV"
          echo "GITHUB_TOKEN=exported" >> "$GITHUB_ENV"
      - name: Read them
        run: echo "$GITHUB_SHA|$RUNNER_TEMP|\${NODE_OPTIONS-unset}|$CI|$GITHUB_TOKEN"
      - name: Step env
        env:
          GITHUB_REF: refs/heads/elsewhere
        run: echo "$GITHUB_REF"
`);
    const [write, read, stepEnv] = run.jobs[0]!.steps;
    const where = 'workflow Protections, job env-file, step "Write protected names"';
    // As on GitHub, an error annotation and a dropped value, not a failed step.
    expect(write!.outcome).toBe("success");
    expect(write!.annotations.map((annotation) => [annotation.level, annotation.message])).toEqual([
      [
        "warning",
        `${where}: GITHUB_ENV cannot overwrite GITHUB_SHA, one of GitHub's default variables ("You can't overwrite the value of the default environment variables named GITHUB_* and RUNNER_*"); later steps keep the runner's value`,
      ],
      [
        "warning",
        `${where}: GITHUB_ENV cannot overwrite RUNNER_TEMP, one of GitHub's default variables ("You can't overwrite the value of the default environment variables named GITHUB_* and RUNNER_*"); later steps keep the runner's value`,
      ],
      [
        "error",
        `${where}: Can't store NODE_OPTIONS output parameter using '$GITHUB_ENV' command. GitHub refuses it ("GITHUB_ENV cannot be used to set the NODE_OPTIONS environment variable"); the value was not stored`,
      ],
    ]);
    const [sha, temp, nodeOptions, ci, token] = read!.log.trim().split("|");
    expect(sha).toBe(SHA);
    expect(temp).toBe(path.join(run.runDir, "jobs", "env-file", "temp"));
    expect(nodeOptions).toBe("unset");
    // CI and a GITHUB_ name that is not one of the defaults may be set, as on GitHub.
    expect(ci).toBe("overwritten");
    expect(token).toBe("exported");
    expect(stepEnv!.log).toContain("refs/heads/main\n");
    expect(stepEnv!.annotations[0]!.message).toBe(
      `workflow Protections, job env-file, step "Step env": env: cannot overwrite GITHUB_REF, one of GitHub's default variables; the step saw the runner's value`,
    );
  });

  it("masks each line of a multi-line secret, and of a multi-line value a step masks", async () => {
    const key = "-----BEGIN TEST KEY-----\nfirst-line-of-the-key\nsecond-line-of-the-key\n-----END TEST KEY-----";
    const { run, printed } = await runOne(
      `name: Masks
on: push
jobs:
  masks:
    runs-on: ubuntu-latest
    steps:
      - env:
          KEY: \${{ secrets.KEY }}
        run: |
          echo "$KEY" | sed -n 2p
          echo "$KEY" | sed -n 3p >&2
          echo "::add-mask::generated-first%0Agenerated-second"
      - run: echo "generated-second and generated-first"
`,
      { secrets: { KEY: key } },
    );
    const [secretStep, maskedStep] = run.jobs[0]!.steps;
    // The step writes to stdout and stderr, each read on its own pipe: their lines reach the log in the order they
    // arrive, which a loaded machine may change, so the lines are compared whatever their order.
    expect(secretStep!.log.split("\n").sort()).toEqual(["", "***", "***", "::add-mask::***%0A***"]);
    expect(maskedStep!.log).toBe("*** and ***\n");
    for (const line of ["first-line-of-the-key", "second-line-of-the-key", "generated-first", "generated-second"])
      expect(printed).not.toContain(line);
  });

  it("refuses a run-id or an artifact name that would reach outside the artifact folder", async () => {
    const artifactsDir = path.join(await tempDir(), "artifacts");
    const outside = path.join(path.dirname(artifactsDir), "x", "private");
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, "key.txt"), "not an artifact\n");
    const { run } = await runOne(
      `name: Artifacts
on: push
jobs:
  download:
    runs-on: ubuntu-latest
    steps:
      - name: Download from ../x
        uses: actions/download-artifact@v4
        with:
          run-id: ../x
          path: got
      - name: Download ../../x/private
        if: always()
        uses: actions/download-artifact@v4
        with:
          name: ../../x/private
          path: named
      - name: Upload as ../escape
        if: always()
        run: echo data > file.txt
      - if: always()
        uses: actions/upload-artifact@v4
        with:
          name: ../escape
          path: file.txt
`,
      { artifactsDir },
    );
    const steps = run.jobs[0]!.steps;
    expect(steps.map((step) => step.outcome)).toEqual(["failure", "failure", "success", "failure"]);
    expect(steps[0]!.annotations[0]!.message).toBe(
      'workflow Artifacts, job download, step "Download from ../x": run-id "../x" is not a run id: a run id is a number',
    );
    expect(steps[1]!.annotations[0]!.message).toBe(
      'workflow Artifacts, job download, step "Download ../../x/private": the artifact name "../../x/private" is not valid: it holds one of " : < > | * ? \\ / or a line break, or is . or ..',
    );
    expect(steps[3]!.annotations[0]!.message).toContain('the artifact name "../escape" is not valid');
    const workspace = run.jobs[0]!.workspace;
    expect((await readdir(workspace)).sort()).toEqual(["file.txt"]);
    expect(await readdir(path.dirname(artifactsDir))).toEqual(["artifacts", "x"]);
  });
});
