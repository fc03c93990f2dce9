import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { errorMessage } from "../lib/errors.ts";
import { evaluateCondition, evaluateMapping, evaluateString, type Status } from "./expressions.ts";
import { type JobState, jobContexts, type Outcome, type RunSetup, type StepResult } from "./run-context.ts";
import { runStep, type Scope } from "./run-step.ts";
import { type JobSpec, tokens } from "./workflow-file.ts";

export interface JobResult {
  id: string;
  name: string;
  result: Outcome;
  outputs: Record<string, string>;
  steps: StepResult[];
  /** What the steps wrote to GITHUB_STEP_SUMMARY, in order. */
  summary: string;
  workspace: string;
}

/** `permissions:` or `environment:` as one line for the log. */
const describe = (token: TemplateToken | undefined, job: JobState, run: RunSetup): string | undefined => {
  if (token === undefined) return undefined;
  const contexts = jobContexts(run, job);
  if (tokens.isMapping(token)) {
    const entries = Object.entries(evaluateMapping(token, contexts));
    return entries.length === 0 ? "{}" : entries.map(([key, value]) => `${key}: ${value}`).join(", ");
  }
  return evaluateString(token, contexts);
};

/**
 * Runs one job on a fresh "machine": its own workspace and temp folder, its `if:` against the jobs it needs
 * (`status`), its steps in order, then its `outputs:` from the steps' outputs. `permissions:` and `environment:` are
 * printed and otherwise left to GitHub, which alone grants a token's permissions and enforces an environment's rules.
 */
export const runJob = async (
  run: RunSetup,
  spec: JobSpec,
  workflowEnv: TemplateToken | undefined,
  needs: Record<string, { result: Outcome; outputs: Record<string, string> }>,
  status: Status,
): Promise<JobResult> => {
  const folder = path.join(run.runDir, "jobs", spec.id);
  const job: JobState = {
    id: spec.id,
    workspace: path.join(folder, "workspace"),
    temp: path.join(folder, "temp"),
    home: path.join(folder, "home"),
    files: path.join(folder, "files"),
    env: {},
    path: [],
    needs,
    failed: false,
    summary: "",
    results: [],
    stepCount: 0,
  };
  await Promise.all([job.workspace, job.temp, job.home, job.files].map((each) => mkdir(each, { recursive: true })));
  job.env = evaluateMapping(workflowEnv, jobContexts(run, job));
  const contexts = jobContexts(run, job);
  const name = spec.name ? evaluateString(spec.name, contexts) : spec.id;
  const finish = (result: Outcome, outputs: Record<string, string> = {}): JobResult => {
    run.log(`job ${spec.id}: ${result}`);
    return { id: spec.id, name, result, outputs, steps: job.results, summary: job.summary, workspace: job.workspace };
  };
  run.log(`job ${spec.id} (${name})`);
  if (!evaluateCondition(spec.if.expression, contexts, status)) {
    run.log(`  skipped: if: ${spec.if.expression}`);
    return finish("skipped");
  }
  const permissions = describe(spec.permissions, job, run);
  if (permissions) run.log(`  permissions: ${permissions} (granted by GitHub only; not enforced here)`);
  // Only the name: the environment's url is the deployment's address, known once the steps have run.
  const environment = describe(
    spec.environment && tokens.isMapping(spec.environment) ? spec.environment.find("name") : spec.environment,
    job,
    run,
  );
  if (environment) run.log(`  environment: ${environment} (its protection rules apply on GitHub only)`);
  Object.assign(job.env, evaluateMapping(spec.env, contexts));
  const scope: Scope = { steps: {}, failed: false, prefix: "" };
  for (const step of spec.steps) await runStep(run, job, step, scope);
  if (job.failed) return finish("failure");
  try {
    return finish("success", evaluateMapping(spec.outputs, jobContexts(run, job, { steps: scope.steps })));
  } catch (error: unknown) {
    run.log(`  job ${spec.id}: its outputs could not be evaluated: ${errorMessage(error)}`);
    return finish("failure");
  }
};
