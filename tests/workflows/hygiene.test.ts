import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatProblem } from "../../src/lib/problem.ts";
import { checkWorkflowHygiene, parseYamlFile } from "../../src/workflows/lint-workflows.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

const WORKFLOWS = path.join(PROJECT_ROOT, ".github/workflows");
const workflowFiles = async () => (await readdir(WORKFLOWS)).filter((name) => /\.ya?ml$/.test(name)).sort();

const CHECKOUT = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1";
const SETUP_NODE = "actions/setup-node@820762786026740c76f36085b0efc47a31fe5020 # v7.0.0";

/** A workflow that follows every rule, as lines, for the cases below to break one rule at a time. */
const GOOD = [
  "name: Good",
  "on:",
  "  push:",
  "permissions: {}",
  "jobs:",
  "  build:",
  "    runs-on: ubuntu-latest",
  "    timeout-minutes: 10",
  "    permissions:",
  "      contents: read",
  "    concurrency:",
  "      group: build-${{ github.ref }}",
  "      cancel-in-progress: true",
  "    steps:",
  `      - uses: ${CHECKOUT}`,
  "        with:",
  "          persist-credentials: false",
  `      - uses: ${SETUP_NODE}`,
  "        with:",
  "          node-version: 24",
  "      - uses: ./actions/validate",
];

type Step = Record<string, unknown>;

/** The project's composite actions (`runs.using: composite`), whose steps run inside the workflows' jobs. */
const compositeActionFiles = async (): Promise<string[]> => {
  const files = (await readdir(path.join(PROJECT_ROOT, "actions"))).map((name) => `actions/${name}/action.yml`).sort();
  const using = await Promise.all(
    files.map(
      async (file) =>
        (parse(await readFile(path.join(PROJECT_ROOT, file), "utf8")) as { runs: { using: string } }).runs.using,
    ),
  );
  return files.filter((_file, index) => using[index] === "composite");
};

/**
 * The rules for one step of a workflow or composite action (`text` is its file): a third-party action pinned to a
 * full SHA with its version in a comment, checkouts without persisted credentials, Node 24 from setup-node.
 */
const expectStepHygiene = (text: string, step: Step, where: string): void => {
  const uses = String(step.uses ?? "");
  if (uses === "" || uses.startsWith("./")) return;
  expect(uses, where).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  expect(text, where).toMatch(
    new RegExp(`uses: ${uses.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} # v\\d+\\.\\d+\\.\\d+\\n`),
  );
  if (uses.startsWith("actions/checkout@"))
    expect((step.with as Record<string, unknown>)["persist-credentials"], where).toBe(false);
  if (uses.startsWith("actions/setup-node@"))
    expect((step.with as Record<string, unknown>)["node-version"], where).toBe(24);
};

const hygiene = (lines: string[]) =>
  checkWorkflowHygiene(parseYamlFile("w.yml", `${lines.join("\n")}\n`)).map(formatProblem);
const replace = (from: string, ...to: string[]) => GOOD.flatMap((line) => (line === from ? to : [line]));

describe("workflow hygiene rules", () => {
  it("hold for every workflow of the project (parsed with the yaml package, rule by rule)", async () => {
    const files = await workflowFiles();
    expect(files.length).toBe(10);
    for (const name of files) {
      const text = await readFile(path.join(WORKFLOWS, name), "utf8");
      expect(checkWorkflowHygiene(parseYamlFile(name, text)).map(formatProblem), name).toEqual([]);

      const workflow = parse(text) as {
        permissions: unknown;
        on: Record<string, unknown>;
        jobs: Record<string, Record<string, unknown>>;
      };
      expect(workflow.permissions, name).toEqual({});
      expect(Object.keys(workflow.on), name).not.toContain("pull_request_target");
      for (const [jobName, job] of Object.entries(workflow.jobs)) {
        const where = `${name} ${jobName}`;
        expect(typeof job["timeout-minutes"], where).toBe("number");
        expect((job.concurrency as { group?: unknown }).group, where).toEqual(expect.any(String));
        expect(job.permissions, where).toEqual(expect.any(Object));
        expect(
          Object.values(job.permissions as object).every((level) => level === "read" || level === "write"),
          where,
        ).toBe(true);
        for (const step of (job.steps ?? []) as Step[]) expectStepHygiene(text, step, where);
      }
    }
  });

  it("hold for the steps of the project's composite actions, which the workflows run but the hygiene check does not read", async () => {
    const composites = await compositeActionFiles();
    expect(composites).toContain("actions/setup/action.yml");
    for (const file of composites) {
      const text = await readFile(path.join(PROJECT_ROOT, file), "utf8");
      const action = parse(text) as { runs: { steps: Step[] } };
      for (const step of action.runs.steps) expectStepHygiene(text, step, file);
    }
  });

  it("accept a workflow that follows them", () => {
    expect(hygiene(GOOD)).toEqual([]);
  });

  it("require `permissions: {}` at the top and explicit least grants per job", () => {
    expect(hygiene(replace("permissions: {}", "permissions: write-all"))).toEqual([
      "w.yml:4:1: top-level permissions must be `{}`; grant scopes per job (at /permissions)",
    ]);
    expect(hygiene(replace("permissions: {}"))).toEqual([
      "w.yml:1:1: set `permissions: {}` at the top so no job gets a token scope it does not name (at the document root)",
    ]);
    expect(hygiene(replace("      contents: read", "      contents: admin", "      everything: write"))).toEqual([
      'w.yml:10:7: job "build": contents must be read, write or none (at /jobs/build/permissions/contents)',
      'w.yml:11:7: job "build": unknown permission scope "everything" (at /jobs/build/permissions/everything)',
    ]);
    expect(hygiene(GOOD.filter((line) => line !== "    permissions:" && line !== "      contents: read"))).toEqual([
      'w.yml:6:3: job "build" must state its permissions (the least it needs, `{}` for none) (at /jobs/build)',
    ]);
  });

  it("require timeout-minutes and a concurrency group on every job", () => {
    expect(hygiene(GOOD.filter((line) => !line.includes("timeout-minutes")))).toEqual([
      'w.yml:6:3: job "build" needs timeout-minutes (at /jobs/build)',
    ]);
    expect(hygiene(GOOD.filter((line) => !/^ {4}concurrency|^ {6}(group|cancel-in-progress)/.test(line)))).toEqual([
      'w.yml:6:3: job "build" needs a concurrency group (at /jobs/build)',
    ]);
  });

  it("require third-party actions pinned to a full SHA with the version in a comment", () => {
    expect(hygiene(replace(`      - uses: ${CHECKOUT}`, "      - uses: actions/checkout@v7"))).toEqual([
      "w.yml:15:9: actions/checkout@v7: pin third-party actions to a full 40-character commit SHA (at /jobs/build/steps/0/uses)",
    ]);
    expect(
      hygiene(
        replace(`      - uses: ${CHECKOUT}`, "      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1"),
      ),
    ).toEqual([
      "w.yml:15:9: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1: add the version the SHA stands for as a comment (`# v1.2.3`) (at /jobs/build/steps/0/uses)",
    ]);
  });

  it("require persist-credentials: false on checkouts and Node 24 from setup-node", () => {
    expect(hygiene(replace("          persist-credentials: false", "          fetch-depth: 0"))).toEqual([
      "w.yml:16:9: actions/checkout: set `persist-credentials: false` (git pushes pass the token explicitly) (at /jobs/build/steps/0/with)",
    ]);
    expect(hygiene(replace("          node-version: 24", "          node-version: 20"))).toEqual([
      "w.yml:19:9: actions/setup-node: use node-version 24 (the project's runtime) (at /jobs/build/steps/1/with)",
    ]);
  });

  it("refuse a pull_request_target or workflow_run workflow that checks out the pull request's code", () => {
    const target = replace("  push:", "  pull_request_target:").flatMap((line) =>
      line === "          persist-credentials: false"
        ? [line, "          ref: ${{ github.event.pull_request.head.sha }}"]
        : [line],
    );
    expect(hygiene(target)).toEqual([
      "w.yml:16:9: a pull_request_target workflow runs with secrets and write tokens: it must not check out pull-request code (at /jobs/build/steps/0/with)",
    ]);
    const run = replace("  push:", "  workflow_run:", "    workflows: [CI]").flatMap((line) =>
      line === "          persist-credentials: false"
        ? [line, "          ref: ${{ github.event.workflow_run.head_sha }}"]
        : [line],
    );
    expect(hygiene(run)).toEqual([
      "w.yml:17:9: a workflow_run workflow runs with secrets and write tokens: it must not check out pull-request code (at /jobs/build/steps/0/with)",
    ]);
  });
});
