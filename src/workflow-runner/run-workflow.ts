import { randomInt } from "node:crypto";
import { statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { readVariable } from "../lib/environment.ts";
import { gitText } from "../lib/git.ts";
import type { Status } from "./expressions.ts";
import { type RunSetup, readIfPresent } from "./run-context.ts";
import { type JobResult, runJob } from "./run-job.ts";
import { npmStandIn } from "./stand-ins.ts";
import { type JobSpec, readWorkflow } from "./workflow-file.ts";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

const Names = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "must be a name of letters, digits and _" }),
  z.string(),
);

/** What a run is given; the CLI's options and the tests' calls are both parsed by this schema. */
export const WorkflowRunOptions = z.strictObject({
  /** The workflow file, as in `.github/workflows/deploy.yml`. */
  workflow: z.string().min(1),
  event: z.string().regex(/^[a-z_]+$/, { error: "must be an event name such as push or pull_request" }),
  /** The event's payload (what GITHUB_EVENT_PATH holds). */
  payload: z.record(z.string(), z.unknown()).default({}),
  /** The repository the checkout stand-in clones (a bare origin), and the state branch is pushed to. */
  origin: z.string().min(1).default(PROJECT_ROOT),
  repository: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, { error: "must be owner/name" })
    .optional(),
  sha: z
    .string()
    .regex(/^[0-9a-f]{40}$/, { error: "must be a full commit id" })
    .optional(),
  ref: z.string().startsWith("refs/").optional(),
  runId: z.string().regex(/^\d+$/).optional(),
  vars: Names.default({}),
  secrets: Names.default({}),
  runnerEnv: Names.default({}),
  apiUrl: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:9"),
  token: z.string().min(1).default("ghs_workflow-runner-token"),
  pagesDir: z.string().optional(),
  artifactsDir: z.string().optional(),
  /** Where the run's folder is made (default the system's temporary folder). */
  workDir: z.string().optional(),
  dependencies: z.string().default(path.join(PROJECT_ROOT, "node_modules")),
});
export type WorkflowRunOptions = z.input<typeof WorkflowRunOptions>;

export interface WorkflowRun {
  workflow: string;
  conclusion: "success" | "failure";
  jobs: JobResult[];
  runId: string;
  runDir: string;
  pagesDir: string;
  artifactsDir: string;
  /** Each subject the attestation stand-in recorded. */
  attestations: { job: string; path: string; sha256: string }[];
}

/** The real npm, which the npm stand-in passes every command it allows to: the first on PATH. */
const findNpm = (): string => {
  const found = (readVariable("PATH") ?? "")
    .split(":")
    .map((folder) => path.join(folder, "npm"))
    .find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error("no npm on PATH: the runner's npm stand-in passes `npm run` and the like to it");
  return found;
};

/** GITHUB_REF and GITHUB_SHA of the event, as GitHub sets them, unless given. */
const eventRevision = async (options: z.output<typeof WorkflowRunOptions>): Promise<{ ref: string; sha: string }> => {
  const payload = options.payload as {
    ref?: string;
    after?: string;
    pull_request?: { number?: number };
    repository?: { default_branch?: string };
  };
  const ref =
    options.ref ??
    (options.event === "push" && payload.ref
      ? payload.ref
      : options.event === "pull_request" || options.event === "pull_request_target"
        ? `refs/pull/${payload.pull_request?.number ?? ""}/merge`
        : `refs/heads/${payload.repository?.default_branch ?? "main"}`);
  const sha =
    options.sha ??
    (options.event === "push" && payload.after
      ? payload.after
      : (await gitText(options.origin, ["rev-parse", "--verify", `${ref}^{commit}`])).trim());
  return { ref, sha };
};

/** The status functions of a job's `if:`: every job before it (what it needs, and theirs) succeeded, or one failed. */
const jobStatus = (spec: JobSpec, byId: Map<string, JobSpec>, results: Map<string, JobResult>): Status => {
  const ancestors = new Set<string>();
  const visit = (id: string) => {
    for (const need of byId.get(id)?.needs ?? [])
      if (!ancestors.has(need)) {
        ancestors.add(need);
        visit(need);
      }
  };
  visit(spec.id);
  const outcomes = [...ancestors].map((id) => results.get(id)!.result);
  return { success: outcomes.every((outcome) => outcome === "success"), failure: outcomes.includes("failure") };
};

/**
 * Runs a workflow here as GitHub would run it for `event`: every job whose needs have finished, one at a time in the
 * order of the file (GitHub runs independent jobs side by side; they share nothing but outputs and artifacts, so the
 * results are the same), each skipped or run as its `if:` says. Concurrency groups are not applied: one run at a
 * time is all this runner makes.
 */
export const runWorkflow = async (
  given: WorkflowRunOptions,
  log: (line: string) => void = console.log,
): Promise<WorkflowRun> => {
  const options = WorkflowRunOptions.parse(given);
  const workflow = await readWorkflow(path.resolve(options.workflow));
  if (!workflow.events.includes(options.event))
    throw new Error(`${options.workflow} does not run on ${options.event} (it runs on ${workflow.events.join(", ")})`);
  const runDir = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), "workflow-run-"));
  const runId = options.runId ?? String(randomInt(1_000_000, 2 ** 47));
  const { ref, sha } = await eventRevision(options);
  const repository =
    options.repository ??
    (options.payload.repository as { full_name?: string } | undefined)?.full_name ??
    "local/repository";
  const run: RunSetup = {
    runDir,
    origin: path.resolve(options.origin),
    repository,
    eventName: options.event,
    payload: options.payload,
    eventPath: path.join(runDir, "event.json"),
    sha,
    ref,
    runId,
    token: options.token,
    apiUrl: options.apiUrl.replace(/\/+$/, ""),
    serverUrl: "https://github.com",
    vars: options.vars,
    secrets: options.secrets,
    runnerEnv: options.runnerEnv,
    artifactsDir: path.resolve(options.artifactsDir ?? path.join(runDir, "artifacts")),
    pagesDir: path.resolve(options.pagesDir ?? path.join(runDir, "pages")),
    dependencies: path.resolve(options.dependencies),
    binDir: path.join(runDir, "bin"),
    attestationsFile: path.join(runDir, "attestations.jsonl"),
    workflowName: workflow.name,
    masks: new Set([options.token, ...Object.values(options.secrets)]),
    log: (line) => log(line),
  };
  await Promise.all([run.binDir, run.artifactsDir].map((folder) => mkdir(folder, { recursive: true })));
  await writeFile(run.eventPath, JSON.stringify(options.payload, null, 2));
  await writeFile(path.join(run.binDir, "npm"), npmStandIn(findNpm(), run.dependencies));
  await chmod(path.join(run.binDir, "npm"), 0o755);
  log(
    `workflow ${workflow.name} (${options.workflow}) on ${options.event}: ${ref} at ${sha}, run ${runId} in ${runDir}`,
  );

  const byId = new Map(workflow.jobs.map((job) => [job.id, job]));
  const results = new Map<string, JobResult>();
  const pending = [...workflow.jobs];
  while (pending.length > 0) {
    const next = pending.findIndex((job) => job.needs.every((need) => results.has(need)));
    if (next === -1)
      throw new Error(`${options.workflow}: the jobs ${pending.map((job) => job.id).join(", ")} need each other`);
    const [spec] = pending.splice(next, 1);
    const needs = Object.fromEntries(
      spec!.needs.map((need) => [need, { result: results.get(need)!.result, outputs: results.get(need)!.outputs }]),
    );
    results.set(spec!.id, await runJob(run, spec!, workflow.env, needs, jobStatus(spec!, byId, results)));
  }
  const jobs = [...results.values()];
  const conclusion = jobs.some((job) => job.result === "failure") ? "failure" : "success";
  const attestations = (await readIfPresent(run.attestationsFile))
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WorkflowRun["attestations"][number]);
  log(`workflow ${workflow.name}: ${conclusion} (${jobs.map((job) => `${job.id} ${job.result}`).join(", ")})`);
  return {
    workflow: options.workflow,
    conclusion,
    jobs,
    runId,
    runDir,
    pagesDir: run.pagesDir,
    artifactsDir: run.artifactsDir,
    attestations,
  };
};
