import { writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "../lib/errors.ts";
import { DEFAULT_VARIABLES, parseCommandFile, readWorkflowCommands, screenEnvFile } from "./command-files.ts";
import { type Contexts, evaluateCondition, evaluateFlag, evaluateMapping, evaluateString } from "./expressions.ts";
import {
  type JobState,
  jobContexts,
  mask,
  type Outcome,
  type RunSetup,
  readIfPresent,
  runnerVariables,
  runProgram,
  type StepResult,
} from "./run-context.ts";
import { standInFor } from "./stand-ins.ts";
import { readAction, type StepSpec } from "./workflow-file.ts";

/**
 * The steps of a job, or of a composite action inside it: the `steps` context they see, their inputs (a composite
 * action's), and whether one has failed (what `success()` and `failure()` answer in their `if:`).
 */
export interface Scope {
  steps: Record<string, { outputs: Record<string, string>; outcome: Outcome; conclusion: Outcome }>;
  inputs?: Record<string, string>;
  /** The folder of the composite action whose steps these are (GITHUB_ACTION_PATH). */
  actionPath?: string;
  failed: boolean;
  /** Shown before each step's name: the composite action's step, for a step inside it. */
  prefix: string;
}

/**
 * The shells of a Linux runner, as GitHub runs them: a step that names none runs in `bash -e`, one that names `bash`
 * in `bash --noprofile --norc -eo pipefail` (so a failure inside a pipe fails only the latter). A composite action's
 * run step must name its shell.
 */
const SHELLS: Record<string, string[]> = {
  unspecified: ["bash", "-e"],
  bash: ["bash", "--noprofile", "--norc", "-eo", "pipefail"],
  sh: ["sh", "-e"],
};

interface Execution {
  code: number;
  output: string;
  outputs: Record<string, string>;
}

const contextsOf = (run: RunSetup, job: JobState, scope: Scope, env?: Record<string, string>): Contexts =>
  jobContexts(run, job, {
    steps: scope.steps,
    ...(scope.inputs ? { inputs: scope.inputs } : {}),
    ...(env ? { env } : {}),
  });

const defaultName = (spec: StepSpec, contexts: Contexts): string =>
  spec.uses !== undefined ? `Run ${spec.uses}` : `Run ${evaluateString(spec.run, contexts).split("\n")[0] ?? ""}`;

/** A `run:` step: its script in a file, run by its shell in the workspace (or its `working-directory`). */
const runScript = async (
  job: JobState,
  spec: StepSpec,
  contexts: Contexts,
  env: Record<string, string>,
  inComposite: boolean,
): Promise<Execution> => {
  const shellName = spec.shell ?? (inComposite ? undefined : "unspecified");
  if (shellName === undefined) throw new Error("a run step of a composite action must name its shell");
  const shell = SHELLS[shellName];
  if (!shell || (shellName === "unspecified" && spec.shell !== undefined))
    throw new Error(`shell "${shellName}" is not one the runner has (bash, sh)`);
  const script = path.join(job.files, `step-${job.stepCount}.sh`);
  await writeFile(script, evaluateString(spec.run, contexts));
  const cwd = path.resolve(job.workspace, evaluateString(spec.workingDirectory, contexts) || ".");
  const result = await runProgram(shell[0]!, [...shell.slice(1), script], { cwd, env });
  return { ...result, outputs: {} };
};

/** A local action (`uses: ./actions/<name>`), read from the checkout as the runner reads it. */
const runLocalAction = async (
  run: RunSetup,
  job: JobState,
  spec: StepSpec,
  contexts: Contexts,
  env: Record<string, string>,
  scope: Scope,
): Promise<Execution> => {
  const directory = path.resolve(job.workspace, spec.uses!);
  const action = await readAction(directory);
  const given = evaluateMapping(spec.with, contexts);
  const declared = new Set(action.inputs.map((input) => input.id));
  const unexpected = Object.keys(given).filter((name) => !declared.has(name));
  const inputs: Record<string, string> = {};
  for (const input of action.inputs)
    inputs[input.id] = given[input.id] ?? (input.default ? evaluateString(input.default, contexts) : "");
  const warning = unexpected.length > 0 ? `::warning::Unexpected input(s) ${unexpected.join(", ")}\n` : "";

  if (action.runs.steps) {
    const inner: Scope = {
      steps: {},
      inputs,
      actionPath: directory,
      failed: false,
      prefix: `${scope.prefix}${spec.uses} › `,
    };
    const logs: string[] = [];
    for (const step of action.runs.steps) {
      const result = await runStep(run, job, step, inner);
      logs.push(`${inner.prefix}${result.name} (${result.outcome})\n${result.log}`);
    }
    const outputs: Record<string, string> = {};
    for (const output of action.outputs) outputs[output.id] = evaluateString(output.value, contextsOf(run, job, inner));
    return { code: inner.failed ? 1 : 0, output: warning + logs.join(""), outputs };
  }
  if (!/^node\d+$/.test(action.runs.using) || !action.runs.main)
    throw new Error(`${spec.uses}: runs.using "${action.runs.using}" is not one the runner runs (node, composite)`);
  const inputVariables = Object.fromEntries(
    Object.entries({ ...given, ...inputs }).map(([name, value]) => [
      `INPUT_${name.replaceAll(" ", "_").toUpperCase()}`,
      value,
    ]),
  );
  const result = await runProgram(process.execPath, [path.join(directory, action.runs.main)], {
    cwd: job.workspace,
    env: { ...env, ...inputVariables },
  });
  return { code: result.code, output: warning + result.output, outputs: {} };
};

const execute = async (
  run: RunSetup,
  job: JobState,
  spec: StepSpec,
  contexts: Contexts,
  env: Record<string, string>,
  scope: Scope,
): Promise<Execution> => {
  if (spec.run !== undefined) return runScript(job, spec, contexts, env, scope.actionPath !== undefined);
  const uses = spec.uses!;
  if (uses.startsWith("./")) return runLocalAction(run, job, spec, contexts, env, scope);
  const standIn = standInFor(uses);
  if (!standIn?.run)
    throw new Error(
      `no stand-in for the third-party action ${uses}: the runner replaces only the actions its table lists (src/workflow-runner/stand-ins.ts)`,
    );
  const result = await standIn.run({ run, job, inputs: evaluateMapping(spec.with, contexts), env });
  return { code: result.ok ? 0 : 1, output: result.output, outputs: result.outputs };
};

/** The workflow, the job and the step, as the runner's own messages name a step. */
const stepWhere = (run: RunSetup, job: JobState, step: string): string =>
  `workflow ${run.workflowName}, job ${job.id}, step "${step}"`;

/** The error annotation of a step the runner could not run, naming the workflow, the job and the step. */
const runnerError = (run: RunSetup, job: JobState, step: string, error: unknown): string =>
  `::error::${stepWhere(run, job, step)}: ${errorMessage(error)}\n`;

/**
 * Runs one step as the runner does: its `if:` against the scope's status, its `env:` over the job's, real
 * GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH and GITHUB_STEP_SUMMARY files read back afterwards, and `continue-on-error`.
 * A step the runner cannot run (a bad expression, an action with no stand-in) fails with the reason in its log.
 */
export const runStep = async (run: RunSetup, job: JobState, spec: StepSpec, scope: Scope): Promise<StepResult> => {
  const index = ++job.stepCount;
  let name = spec.id;
  let result: StepResult;
  try {
    const base = contextsOf(run, job, scope);
    name = mask(spec.name ? evaluateString(spec.name, base) : defaultName(spec, base), run.masks);
    if (!evaluateCondition(spec.if.expression, base, { success: !scope.failed, failure: scope.failed }))
      result = { id: spec.id, name, outcome: "skipped", conclusion: "skipped", outputs: {}, log: "", annotations: [] };
    else {
      const env = { ...job.env, ...evaluateMapping(spec.env, base) };
      const files = Object.fromEntries(
        ["OUTPUT", "ENV", "PATH", "STEP_SUMMARY", "STATE"].map((kind) => [
          `GITHUB_${kind}`,
          path.join(job.files, `step-${index}-${kind.toLowerCase()}`),
        ]),
      );
      await Promise.all(Object.values(files).map((file) => writeFile(file, "")));
      const defaults: Record<string, string> = {
        ...runnerVariables(run, job, path.dirname(process.execPath)),
        ...files,
        GITHUB_ACTION: spec.id,
        ...(scope.actionPath ? { GITHUB_ACTION_PATH: scope.actionPath } : {}),
      };
      // GitHub's default GITHUB_* and RUNNER_* variables win over any `env:`, as on GitHub.
      const overridden = Object.keys(env).filter((variable) => DEFAULT_VARIABLES.has(variable));
      const processEnv = {
        ...defaults,
        ...env,
        ...Object.fromEntries(Object.entries(defaults).filter(([variable]) => DEFAULT_VARIABLES.has(variable))),
      };
      let execution: Execution;
      try {
        execution = await execute(run, job, spec, contextsOf(run, job, scope, env), processEnv, scope);
      } catch (error: unknown) {
        execution = { code: 1, output: runnerError(run, job, name, error), outputs: {} };
      }
      const where = stepWhere(run, job, name);
      const envFile = screenEnvFile(parseCommandFile(await readIfPresent(files.GITHUB_ENV!), "GITHUB_ENV"), where);
      const ignored = overridden.map(
        (variable) =>
          `::warning::${where}: env: cannot overwrite ${variable}, one of GitHub's default variables; the step saw the runner's value\n`,
      );
      const added = ignored.join("") + envFile.commands;
      if (added !== "")
        execution.output += `${execution.output === "" || execution.output.endsWith("\n") ? "" : "\n"}${added}`;
      const commands = readWorkflowCommands(execution.output);
      for (const value of commands.masks) run.masks.add(value);
      Object.assign(job.env, envFile.kept);
      job.path.unshift(...(await readIfPresent(files.GITHUB_PATH!)).split("\n").filter(Boolean).reverse());
      job.summary += await readIfPresent(files.GITHUB_STEP_SUMMARY!);
      const outcome: Outcome = execution.code === 0 ? "success" : "failure";
      result = {
        id: spec.id,
        name,
        outcome,
        conclusion: outcome === "failure" && evaluateFlag(spec.continueOnError, base) ? "success" : outcome,
        outputs: {
          ...execution.outputs,
          ...parseCommandFile(await readIfPresent(files.GITHUB_OUTPUT!), "GITHUB_OUTPUT"),
        },
        log: mask(execution.output, run.masks),
        annotations: commands.annotations.map((annotation) => ({
          ...annotation,
          message: mask(annotation.message, run.masks),
        })),
      };
    }
  } catch (error: unknown) {
    const message = runnerError(run, job, name, error);
    result = {
      id: spec.id,
      name,
      outcome: "failure",
      conclusion: "failure",
      outputs: {},
      log: message,
      annotations: readWorkflowCommands(message).annotations,
    };
  }
  if (result.conclusion === "failure") {
    scope.failed = true;
    if (scope.actionPath === undefined) job.failed = true;
  }
  if (spec.named)
    scope.steps[spec.id] = { outputs: result.outputs, outcome: result.outcome, conclusion: result.conclusion };
  report(run, scope.prefix, result);
  if (scope.actionPath === undefined) job.results.push(result);
  return result;
};

const SYMBOLS: Record<Outcome, string> = { success: "✓", failure: "✗", skipped: "-" };

/** Prints a step as a job log shows it: its outcome and name, then what it printed. */
const report = (run: RunSetup, prefix: string, result: StepResult): void => {
  const conclusion = result.conclusion !== result.outcome ? `, continued: ${result.conclusion}` : "";
  run.log(`  ${SYMBOLS[result.outcome]} ${prefix}${result.name} (${result.outcome}${conclusion})`);
  if (prefix === "" && result.log.trim() !== "")
    for (const line of result.log.replace(/\n$/, "").split("\n")) run.log(`      ${line}`);
};
