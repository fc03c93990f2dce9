import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../src/lib/problem.ts";
import { lintWorkflowFiles } from "../../src/workflows/lint-workflows.ts";
import { PROJECT_ROOT, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("workflow and action lint (actionlint, the GitHub Actions schemas, the hygiene rules)", () => {
  it("finds no problem in the project's workflows and action.yml files", async () => {
    const report = await lintWorkflowFiles(PROJECT_ROOT);
    expect(report.problems.map(formatProblem)).toEqual([]);
    expect(report.workflows).toEqual(
      expect.arrayContaining([
        ".github/workflows/ci.yml",
        ".github/workflows/deploy.yml",
        ".github/workflows/digest.yml",
        ".github/workflows/pr-comment.yml",
        ".github/workflows/pull-request.yml",
        ".github/workflows/release-packages.yml",
        ".github/workflows/reverify.yml",
        ".github/workflows/webhook-retries.yml",
      ]),
    );
    expect(report.actions).toEqual(
      expect.arrayContaining([
        "actions/confirm-changes/action.yml",
        "actions/freshness-gate/action.yml",
        "actions/pr-changes/action.yml",
        "actions/pr-comment/action.yml",
        "actions/reverify/action.yml",
        "actions/setup/action.yml",
        "actions/state-branch/action.yml",
        "actions/validate/action.yml",
      ]),
    );
  });

  it("reports each validator's findings with file, line and column, and `npm run lint:workflows` exits 1", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, ".github/workflows"), { recursive: true });
    await mkdir(path.join(root, "actions/broken"), { recursive: true });
    await writeFile(
      path.join(root, ".github/workflows/broken.yml"),
      [
        "name: Broken",
        "on:",
        "  push:",
        "permissions: {}",
        "jobs:",
        "  build:",
        "    runs-on: ubuntu-latest",
        "    timeout-minutes: 5",
        "    permissions: {}",
        "    concurrency: build",
        "    steps:",
        "      - run: echo ${{ github.evnt.ref }}",
        "      - uses: ./actions/broken",
        "        with-inputs: {}",
        "",
      ].join("\n"),
    );
    await writeFile(
      path.join(root, "actions/broken/action.yml"),
      [
        "name: Broken",
        "description: An action without a documented input.",
        "inputs:",
        "  root:",
        "    required: false",
        "runs:",
        "  using: node16",
        "  main: main.ts",
        "",
      ].join("\n"),
    );
    const report = await lintWorkflowFiles(root);
    const lines = report.problems.map(formatProblem);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\.github\/workflows\/broken\.yml:12:\d+: property "evnt" is not defined in object type .*\[actionlint expression\]/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\.github\/workflows\/broken\.yml:14:9: unexpected key "with-inputs" for "step" section.*\[actionlint syntax-check\]/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\.github\/workflows\/broken\.yml:6:3: OneOf conditions are not met \(\/jobs\/build\/steps\/1: .*'with-inputs' is not allowed.*\[action-validator\] \(at \/jobs\/build\)$/,
      ),
    );
    expect(lines).toContain('actions/broken/action.yml:4:3: input "root" needs a description (at /inputs/root)');
    expect(lines).toContain(
      "actions/broken/action.yml:4:3: This property is required [action-validator] (at /inputs/root/description)",
    );
    expect(lines).toContain(
      "actions/broken/action.yml:7:3: JavaScript actions run on node24, the project's runtime (at /runs/using)",
    );

    const cli = await runScript("src/cli/lint-workflows.ts", ["--root", root]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`${report.problems.length} problem(s) in 1 workflow(s) and 1 action.yml file(s)`);
  });

  it("accepts the attestations permission, which the bundled workflow schema predates, and still refuses a level it lacks", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, ".github/workflows"), { recursive: true });
    const workflow = (level: string) =>
      [
        "name: Attest",
        "on:",
        "  push:",
        "permissions: {}",
        "jobs:",
        "  attest:",
        "    runs-on: ubuntu-latest",
        "    timeout-minutes: 5",
        "    permissions:",
        "      id-token: write",
        `      attestations: ${level}`,
        "    concurrency: attest",
        "    steps:",
        "      - run: echo attest",
        "",
      ].join("\n");
    await writeFile(path.join(root, ".github/workflows/attest.yml"), workflow("write"));
    expect((await lintWorkflowFiles(root)).problems.map(formatProblem)).toEqual([]);
    await writeFile(path.join(root, ".github/workflows/attest.yml"), workflow("admin"));
    const lines = (await lintWorkflowFiles(root)).problems.map(formatProblem);
    expect(lines).toContain(
      '.github/workflows/attest.yml:11:7: job "attest": attestations must be read, write or none (at /jobs/attest/permissions/attestations)',
    );
  });

  it("reports YAML that does not parse, such as an unquoted `: ` in a description, at its position", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, "actions/quote"), { recursive: true });
    await writeFile(
      path.join(root, "actions/quote/action.yml"),
      "name: Quote\ndescription: Needs permission (contents: write).\nruns:\n  using: node24\n  main: main.ts\n",
    );
    const report = await lintWorkflowFiles(root);
    expect(report.problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^actions\/quote\/action\.yml:2:\d+: invalid YAML: .* \(at the document root\)$/),
    ]);
  });
});
