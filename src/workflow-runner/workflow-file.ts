import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { registerHooks } from "node:module";
import path from "node:path";
import type { Step } from "@actions/workflow-parser/model/workflow-template";
import type {
  BasicExpressionToken,
  MappingToken,
  ScalarToken,
  SequenceToken,
  StringToken,
  TemplateToken,
} from "@actions/workflow-parser/templates/tokens/index";

/**
 * GitHub's workflow parser imports its JSON schemas without the `type: "json"` import attribute that Node requires, so
 * its JSON files get the attribute here, before the parser is first loaded. Nothing else is loaded differently.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.includes("/@actions/workflow-parser/") && resolved.url.endsWith(".json")
      ? { ...resolved, importAttributes: { ...context.importAttributes, type: "json" } }
      : resolved;
  },
});
const parser = await import("@actions/workflow-parser");
const actionParser = await import("@actions/workflow-parser/actions/index");

/** GitHub's token type guards, for the modules that read tokens. */
export const tokens = {
  isBasicExpression: parser.isBasicExpression,
  isString: parser.isString,
  isNumber: parser.isNumber,
  isBoolean: parser.isBoolean,
  isMapping: parser.isMapping,
  isSequence: parser.isSequence,
  isLiteral: parser.isLiteral,
};

/**
 * One step as the runner runs it: GitHub's converted step (id, name, `if:` with its status function, `run` or
 * `uses`, `env`) and what the converted model leaves out but a step needs (`with`, `shell`, `working-directory`),
 * read from the same parsed tokens.
 */
export interface StepSpec {
  /** The step's `id:`, or the id GitHub's parser gives a step without one (`__run`, `__self_2`…). */
  id: string;
  /** Whether `id` was written in the file, which is what makes the step visible in the `steps` context. */
  named: boolean;
  name: ScalarToken | undefined;
  if: BasicExpressionToken;
  run: ScalarToken | undefined;
  uses: string | undefined;
  env: MappingToken | undefined;
  with: MappingToken | undefined;
  shell: string | undefined;
  workingDirectory: ScalarToken | undefined;
  continueOnError: boolean | ScalarToken | undefined;
}

export interface JobSpec {
  id: string;
  name: ScalarToken | undefined;
  needs: string[];
  if: BasicExpressionToken;
  env: MappingToken | undefined;
  outputs: MappingToken | undefined;
  /** Shown, never enforced: only GitHub grants permissions and protects environments. */
  permissions: TemplateToken | undefined;
  environment: TemplateToken | undefined;
  steps: StepSpec[];
}

export interface WorkflowSpec {
  file: string;
  name: string;
  events: string[];
  env: TemplateToken | undefined;
  jobs: JobSpec[];
}

export interface ActionSpec {
  name: string;
  inputs: { id: string; default: ScalarToken | undefined }[];
  outputs: { id: string; value: ScalarToken | undefined }[];
  /** `steps` for a composite action, `main` for a node one. */
  runs: { using: string; main: string | undefined; steps: StepSpec[] | undefined };
}

const mapping = (token: TemplateToken | undefined): MappingToken | undefined =>
  token && parser.isMapping(token) ? token : undefined;

/** The converted steps, each with the raw mapping it came from (the parser keeps the order of the file). */
const stepSpecs = (converted: Step[], raw: SequenceToken | undefined, where: string): StepSpec[] =>
  converted.map((step, index) => {
    if (!("run" in step) && !("uses" in step))
      throw new Error(`${where}: step ${index + 1} is neither run: nor uses:, which the runner does not run`);
    const source = mapping(raw?.get(index));
    const shell = source?.find("shell");
    return {
      id: step.id,
      named: !step.id.startsWith("__") && step.id !== "",
      name: step.name,
      if: step.if,
      run: "run" in step ? step.run : undefined,
      uses: "uses" in step ? step.uses.value : undefined,
      env: step.env,
      with: mapping(source?.find("with")),
      shell: shell && parser.isString(shell) ? shell.value : undefined,
      workingDirectory: source?.find("working-directory") as ScalarToken | undefined,
      continueOnError: step["continue-on-error"],
    };
  });

/**
 * Keys the runner does not apply: a workflow using one fails at once, rather than run in a way GitHub would not.
 * None of this repository's workflows uses them.
 */
const UNSUPPORTED_JOB_KEYS = ["defaults", "strategy", "container", "services", "continue-on-error"];

const refuseUnsupported = (file: string, where: string, token: MappingToken | undefined, keys: string[]): void => {
  const used = keys.filter((key) => token?.find(key) !== undefined);
  if (used.length > 0) throw new Error(`${file}: ${where} uses ${used.join(", ")}, which the runner does not apply`);
};

const errorsOf = (file: string, errors: { message: string }[]): void => {
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join("; ")}`);
};

/**
 * Reads a workflow file with GitHub's parser and converter: the same schema validation, job graph and `if:`
 * handling (a condition without a status function becomes `success() && (…)`) as GitHub applies.
 */
export const readWorkflow = async (file: string): Promise<WorkflowSpec> => {
  const content = await readFile(file, "utf8");
  const parsed = parser.parseWorkflow({ name: file, content }, new parser.NoOperationTraceWriter());
  errorsOf(file, parsed.context.errors.getErrors());
  if (!parsed.value) throw new Error(`${file}: not a workflow`);
  const template = await parser.convertWorkflowTemplate(parsed.context, parsed.value);
  errorsOf(file, template.errors?.map((error) => ({ message: error.Message })) ?? []);
  const root = mapping(parsed.value)!;
  const rawJobs = mapping(root.find("jobs"));
  refuseUnsupported(file, "the workflow", root, ["defaults"]);
  for (const pair of rawJobs ?? [])
    refuseUnsupported(file, `job ${pair.key.toString()}`, mapping(pair.value), UNSUPPORTED_JOB_KEYS);
  const nameToken = root.find("name");
  return {
    file,
    name: nameToken && parser.isString(nameToken) ? nameToken.value : path.basename(file),
    events: Object.keys(template.events),
    env: template.env,
    jobs: template.jobs.map((job) => {
      const id = job.id.value;
      if (job.type !== "job")
        throw new Error(`${file}: job ${id} calls a reusable workflow, which the runner does not run`);
      const raw = mapping(rawJobs?.find(id));
      const rawSteps = raw?.find("steps");
      return {
        id,
        name: job.name,
        needs: (job.needs ?? []).map((need: StringToken) => need.value),
        if: job.if,
        env: job.env,
        outputs: job.outputs,
        permissions: raw?.find("permissions"),
        environment: job.environment,
        steps: stepSpecs(
          job.steps,
          rawSteps && parser.isSequence(rawSteps) ? rawSteps : undefined,
          `${file} job ${id}`,
        ),
      };
    }),
  };
};

/** Reads an action's action.yml (or action.yaml) in `directory` with GitHub's action parser. */
export const readAction = async (directory: string): Promise<ActionSpec> => {
  const file = ["action.yml", "action.yaml"].map((name) => path.join(directory, name)).find((each) => existsSync(each));
  if (!file)
    throw new Error(
      `${directory} holds no action.yml: a local action is read from the checkout, so a step must check the repository out before it`,
    );
  const content = await readFile(file, "utf8");
  const parsed = actionParser.parseAction({ name: file, content }, new parser.NoOperationTraceWriter());
  errorsOf(file, parsed.context.errors.getErrors());
  if (!parsed.value) throw new Error(`${file}: not an action`);
  const action = actionParser.convertActionTemplate(parsed.context, parsed.value);
  const runs = action.runs;
  const rawSteps = mapping(mapping(parsed.value)?.find("runs"))?.find("steps");
  return {
    name: action.name,
    inputs: (action.inputs ?? []).map((input) => ({ id: input.id, default: input.default })),
    outputs: (action.outputs ?? []).map((output) => ({ id: output.id, value: output.value })),
    runs: {
      using: runs.using,
      main: "main" in runs ? runs.main : undefined,
      steps:
        runs.using === "composite"
          ? stepSpecs(runs.steps, rawSteps && parser.isSequence(rawSteps) ? rawSteps : undefined, file)
          : undefined,
    },
  };
};
