import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as core from "@actions/core";
import { afterAll } from "vitest";
import { parse } from "yaml";
import { parseCommandFile, readWorkflowCommands } from "../../src/workflow-runner/index.ts";
import { inputVariable } from "../../src/workflows/github.ts";
import { assertNamedData, PROJECT_ROOT, runScript, type ScriptResult } from "./run-script.ts";

export interface ActionRun extends ScriptResult {
  summary: string;
  outputs: Record<string, string>;
  /** `::error file=...::message` workflow commands, parsed. */
  annotations: { level: string; properties: Record<string, string>; message: string }[];
}

export interface ActionRunOptions {
  /** The runner's workspace: the working directory of the action and GITHUB_WORKSPACE. */
  workspace: string;
  /** A folder for the GITHUB_OUTPUT file. */
  scratch: string;
  /** The step's `with:`; every other input of action.yml gets its default, as on the runner. */
  inputs?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}

/** The metadata of one of the project's actions. */
export interface ActionMetadata {
  inputs?: Record<string, { description: string; required?: boolean; default?: string }>;
  runs: { using: string; main?: string };
}

export const readActionMetadata = async (action: string): Promise<ActionMetadata> =>
  parse(await readFile(path.join(PROJECT_ROOT, "actions", action, "action.yml"), "utf8")) as ActionMetadata;

/**
 * The names of the project's JavaScript actions (`runs.using: node24`), each with an exported `run`; composite actions
 * are left out.
 */
export const nodeActionNames = async (): Promise<string[]> => {
  const folders = (await readdir(path.join(PROJECT_ROOT, "actions"), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const metadata = await Promise.all(
    folders.map(async (name) => ({ name, using: (await readActionMetadata(name)).runs.using })),
  );
  return metadata
    .filter((action) => action.using === "node24")
    .map((action) => action.name)
    .sort();
};

/**
 * The workflow token the runner substitutes for `${{ github.token }}` in a default; tests give their own where it
 * matters.
 */
const RUNNER_TOKEN = "ghs_runner-token";

/** A default as the runner evaluates it; the only expression the project's defaults use is the workflow token. */
const evaluateDefault = (action: string, input: string, value: string): string => {
  const evaluated = value.replaceAll("${{ github.token }}", RUNNER_TOKEN);
  if (evaluated.includes("${{"))
    throw new Error(`actions/${action} input ${input}: the tests cannot evaluate the default "${value}"`);
  return evaluated;
};

/**
 * The INPUT_* variables the runner sets for a step: every input given in `with:`, and the default of every other
 * input that has one. An input action.yml does not declare is a mistake in the test.
 */
export const runnerInputs = async (
  action: string,
  given: Record<string, string> = {},
): Promise<Record<string, string>> => {
  const declared = (await readActionMetadata(action)).inputs ?? {};
  for (const name of Object.keys(given)) {
    if (!(name in declared)) throw new Error(`actions/${action} has no input "${name}"`);
  }
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    const value =
      given[name] ?? (spec.default === undefined ? undefined : evaluateDefault(action, name, String(spec.default)));
    if (value !== undefined) values[inputVariable(name)] = value;
  }
  return values;
};

/**
 * The environment the runner gives the step, with its real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. A step sees
 * only its own inputs, so any INPUT_* variable of the test process is removed (set to undefined).
 */
const stepEnvironment = async (
  action: string,
  options: ActionRunOptions,
  files: { output: string; summary: string },
): Promise<NodeJS.ProcessEnv> => ({
  ...Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith("INPUT_"))
      .map((name) => [name, undefined]),
  ),
  // The test's own event (CI runs the tests on pull_request) is not the step's: a test that needs one gives it.
  GITHUB_EVENT_NAME: undefined,
  GITHUB_EVENT_PATH: undefined,
  GITHUB_ACTIONS: "true",
  GITHUB_WORKSPACE: options.workspace,
  GITHUB_STEP_SUMMARY: files.summary,
  GITHUB_OUTPUT: files.output,
  ...(await runnerInputs(action, options.inputs)),
  ...options.env,
});

/** What the runner shows of a finished step: the outputs and summary it wrote, and its annotations. */
const stepResult = async (result: ScriptResult, files: { output: string; summary: string }): Promise<ActionRun> => ({
  ...result,
  summary: await readFile(files.summary, "utf8"),
  outputs: parseCommandFile(await readFile(files.output, "utf8"), files.output),
  annotations: readWorkflowCommands(result.stdout).annotations,
});

/**
 * @actions/core remembers the summary file of its first write for the life of the process, so the in-process runs
 * of one test file share one GITHUB_STEP_SUMMARY file, emptied before each run and removed after the file's tests.
 */
let sharedSummaryFile: Promise<string> | undefined;
const summaryFileOfThisTestFile = (): Promise<string> => {
  sharedSummaryFile ??= mkdtemp(path.join(os.tmpdir(), "facts-summary-")).then((directory) =>
    path.join(directory, "step-summary.md"),
  );
  return sharedSummaryFile;
};
afterAll(async () => {
  if (sharedSummaryFile) await rm(path.dirname(await sharedSummaryFile), { recursive: true, force: true });
});

/** Sets `process.env` to `environment` with the variables of `changes` (an undefined one is removed). */
const setEnvironment = (environment: NodeJS.ProcessEnv, changes: NodeJS.ProcessEnv = {}): void => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  for (const [name, value] of Object.entries({ ...environment, ...changes })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
};

type Write = typeof process.stdout.write;

/** A stream `write` that appends to `sink` instead, calling back as a stream would. */
const capturingWrite = (sink: (text: string) => void): Write =>
  ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    sink(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const callback = rest.find((argument) => typeof argument === "function") as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }) as Write;

/** A stream that appends what is written to `sink`. */
/**
 * Runs `work` as the runner would run the step in its own process: in `cwd`, with `environment`, capturing what it
 * prints to stdout and stderr (the console writes through them), and reading the exit code core.setFailed sets.
 * Everything process-wide it touches is put back afterwards: the environment, the working directory, process.exitCode
 * and the streams' write methods. @actions/core's summary buffer, which a run that fails before writing it leaves full,
 * is emptied before and after, as each step starts a fresh process on the runner.
 */
const inThisProcess = async (
  cwd: string,
  environment: NodeJS.ProcessEnv,
  work: () => Promise<void>,
): Promise<ScriptResult> => {
  const saved = {
    environment: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
  };
  let stdout = "";
  let stderr = "";
  const toStdout = (text: string) => (stdout += text);
  const toStderr = (text: string) => (stderr += text);
  try {
    setEnvironment(saved.environment, environment);
    process.chdir(cwd);
    process.exitCode = undefined;
    core.summary.emptyBuffer();
    process.stdout.write = capturingWrite(toStdout);
    process.stderr.write = capturingWrite(toStderr);
    await work();
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    setEnvironment(saved.environment);
    core.summary.emptyBuffer();
  }
};

/**
 * Runs an action's `run` in this process, as the runner runs its entry file: inputs as INPUT_* variables (defaults
 * from action.yml), the workspace as the working directory, and real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files that
 * are read back afterwards. `code` is the exit code the runner would see (1 once core.setFailed was called).
 */
export const runAction = async (action: string, options: ActionRunOptions): Promise<ActionRun> => {
  // An action reads its workspace: never the project's own folder (as runScript refuses for runActionEntry).
  assertNamedData(`actions/${action}/main.ts`, [], options.workspace);
  const { run } = (await import(`../../actions/${action}/main.ts`)) as { run: () => Promise<void> };
  const files = { output: path.join(options.scratch, "github-output.txt"), summary: await summaryFileOfThisTestFile() };
  await writeFile(files.output, "");
  await writeFile(files.summary, "");
  const result = await inThisProcess(options.workspace, await stepEnvironment(action, options, files), run);
  return stepResult(result, files);
};

/**
 * Runs an action's entry file (`runs.main` of its action.yml) in a child process, exactly as the runner does, so
 * the wiring from the entry file to `run` stays covered.
 */
export const runActionEntry = async (action: string, options: ActionRunOptions): Promise<ActionRun> => {
  const main = (await readActionMetadata(action)).runs.main;
  if (!main) throw new Error(`actions/${action} has no runs.main`);
  const files = {
    output: path.join(options.scratch, "github-output.txt"),
    summary: path.join(options.scratch, "step-summary.md"),
  };
  await writeFile(files.output, "");
  await writeFile(files.summary, "");
  const result = await runScript(`actions/${action}/${main}`, [], {
    cwd: options.workspace,
    env: await stepEnvironment(action, options, files),
  });
  return stepResult(result, files);
};
