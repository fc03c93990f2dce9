import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { readVariable } from "../lib/environment.ts";
import { isMissingFile } from "../lib/errors.ts";
import type { Annotation } from "./command-files.ts";
import type { Contexts } from "./expressions.ts";

/** What every job of one run shares: where things are, the event, and what the run was given. */
export interface RunSetup {
  /** The folder of this run: event file, home, the jobs' workspaces, the attestation record. */
  runDir: string;
  /** The repository the checkout stand-in clones: a bare origin, or any git repository. */
  origin: string;
  repository: string;
  eventName: string;
  payload: Record<string, unknown>;
  eventPath: string;
  sha: string;
  ref: string;
  runId: string;
  token: string;
  apiUrl: string;
  serverUrl: string;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** Variables of the runner machine, inherited by every step (a hosted runner's image sets its own). */
  runnerEnv: Record<string, string>;
  /** Artifacts, one folder per run id and artifact name, shared between runs so a later run can download them. */
  artifactsDir: string;
  /** Where the Pages stand-in publishes. */
  pagesDir: string;
  /** The installed node_modules the dependency-install stand-in links into a checkout. */
  dependencies: string;
  /** The folder put first on every step's PATH, holding the npm stand-in. */
  binDir: string;
  /** A JSON-lines file where the attestation stand-in records each subject. */
  attestationsFile: string;
  workflowName: string;
  /** The secrets' values and every value a step masked with `::add-mask::`, hidden in every log. */
  masks: Set<string>;
  log: (line: string) => void;
}

export type Outcome = "success" | "failure" | "skipped";

export interface StepResult {
  id: string;
  name: string;
  outcome: Outcome;
  conclusion: Outcome;
  outputs: Record<string, string>;
  /** What the step printed, stdout and stderr together, with secrets masked. */
  log: string;
  annotations: Annotation[];
  /** Why the runner failed the step itself (no stand-in, a bad expression), when it did. */
  error?: string;
}

/** A job while it runs: its folders, its environment so far and its steps' results. */
export interface JobState {
  id: string;
  workspace: string;
  temp: string;
  /** HOME of its steps: a fresh one per job, as each job of a hosted runner starts on a fresh machine. */
  home: string;
  /** A folder for the files of each step (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STEP_SUMMARY). */
  files: string;
  /** The workflow's and the job's `env:`, then what steps added through GITHUB_ENV. */
  env: Record<string, string>;
  /** Folders steps added through GITHUB_PATH, latest first. */
  path: string[];
  needs: Record<string, unknown>;
  failed: boolean;
  summary: string;
  results: StepResult[];
  stepCount: number;
}

/** The contexts of an expression in a job, with the `steps` and `inputs` of the current scope. */
export const jobContexts = (
  run: RunSetup,
  job: JobState,
  scope: { steps?: Record<string, unknown>; inputs?: Record<string, unknown>; env?: Record<string, string> } = {},
): Contexts => ({
  github: {
    event: run.payload,
    event_name: run.eventName,
    event_path: run.eventPath,
    sha: run.sha,
    ref: run.ref,
    ref_name: run.ref.replace(/^refs\/(heads|tags)\//, ""),
    ref_type: run.ref.startsWith("refs/tags/") ? "tag" : "branch",
    head_ref: (run.payload.pull_request as { head?: { ref?: string } } | undefined)?.head?.ref ?? "",
    base_ref: (run.payload.pull_request as { base?: { ref?: string } } | undefined)?.base?.ref ?? "",
    repository: run.repository,
    repository_owner: run.repository.split("/")[0],
    workspace: job.workspace,
    run_id: run.runId,
    run_number: "1",
    run_attempt: "1",
    job: job.id,
    actor: "workflow-runner",
    triggering_actor: "workflow-runner",
    workflow: run.workflowName,
    token: run.token,
    server_url: run.serverUrl,
    api_url: run.apiUrl,
    graphql_url: `${run.apiUrl}/graphql`,
    retention_days: "90",
  },
  env: scope.env ?? job.env,
  vars: run.vars,
  secrets: { GITHUB_TOKEN: run.token, ...run.secrets },
  steps: scope.steps ?? {},
  needs: job.needs,
  runner: { os: "Linux", arch: "X64", name: "workflow-runner", temp: job.temp, tool_cache: `${run.runDir}/tool-cache` },
  inputs: scope.inputs ?? (run.payload.inputs as Record<string, unknown> | undefined) ?? {},
  job: { status: job.failed ? "failure" : "success", container: {}, services: {} },
  matrix: {},
  strategy: {},
});

/**
 * The variables every step starts from, as a fresh hosted runner gives them: the runner's own (GITHUB_*, RUNNER_*),
 * the runner machine's, and a PATH with the npm stand-in and the project's Node first. Nothing else of the process
 * that runs the runner leaks in (a CI run of the tests has its own GITHUB_* variables).
 */
export const runnerVariables = (run: RunSetup, job: JobState, nodeDir: string): Record<string, string> => {
  const contexts = jobContexts(run, job).github;
  return {
    PATH: [run.binDir, ...job.path, nodeDir, readVariable("PATH") ?? "/usr/bin:/bin"].join(":"),
    HOME: job.home,
    LANG: "C.UTF-8",
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_ACTOR: "workflow-runner",
    GITHUB_API_URL: run.apiUrl,
    GITHUB_SERVER_URL: run.serverUrl,
    GITHUB_GRAPHQL_URL: `${run.apiUrl}/graphql`,
    GITHUB_EVENT_NAME: run.eventName,
    GITHUB_EVENT_PATH: run.eventPath,
    GITHUB_JOB: job.id,
    GITHUB_REF: run.ref,
    GITHUB_REF_NAME: String(contexts.ref_name),
    GITHUB_REF_TYPE: String(contexts.ref_type),
    GITHUB_HEAD_REF: String(contexts.head_ref),
    GITHUB_BASE_REF: String(contexts.base_ref),
    GITHUB_REPOSITORY: run.repository,
    GITHUB_REPOSITORY_OWNER: run.repository.split("/")[0]!,
    GITHUB_RUN_ID: run.runId,
    GITHUB_RUN_NUMBER: "1",
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_SHA: run.sha,
    GITHUB_WORKFLOW: run.workflowName,
    GITHUB_WORKSPACE: job.workspace,
    RUNNER_OS: "Linux",
    RUNNER_ARCH: "X64",
    RUNNER_NAME: "workflow-runner",
    RUNNER_TEMP: job.temp,
    RUNNER_TOOL_CACHE: `${run.runDir}/tool-cache`,
    ...run.runnerEnv,
  };
};

/**
 * Replaces every secret (and every value a step masked) in `text` with `***`, as GitHub does in its logs. A value of
 * several lines is masked whole and line by line, as GitHub's runner registers "a secret masker to each line" of a
 * multi-line secret (its lines trimmed, blank ones left out), since a program may print them apart. The longest
 * values go first, so no part of a longer one is left showing beside a shorter one's `***`.
 */
export const mask = (text: string, masks: Iterable<string>): string => {
  const values = new Set<string>();
  for (const value of masks) {
    values.add(value);
    for (const line of value.split(/[\r\n]+/)) values.add(line.trim());
  }
  let masked = text;
  for (const value of [...values].filter((each) => each.length > 0).sort((a, b) => b.length - a.length))
    masked = masked.replaceAll(value, "***");
  return masked;
};

/** Runs a program to its end, with stdout and stderr in one log, as the job log shows them. */
export const runProgram = (
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) => resolve({ code: 127, output: `${command}: ${error.message}\n` }));
    child.on("close", (code, signal) =>
      resolve({
        code: code ?? 1,
        output: `${Buffer.concat(chunks).toString("utf8")}${signal ? `(killed by ${signal})\n` : ""}`,
      }),
    );
  });

/** A file's text, or "" when it does not exist (a step that never wrote its output file, a run with no attestation). */
export const readIfPresent = (file: string): Promise<string> =>
  readFile(file, "utf8").catch((error: unknown) => {
    if (isMissingFile(error)) return "";
    throw error;
  });
