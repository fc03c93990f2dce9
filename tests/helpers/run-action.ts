import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { inputVariable } from "../../src/actions-support/action-inputs.ts";
import { PROJECT_ROOT, runScript, type ScriptResult } from "./run-script.ts";

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

/** The names of the project's JavaScript actions (`runs.using: node24`), each with an exported `run`; composite actions are left out. */
export const nodeActionNames = async (): Promise<string[]> => {
  const folders = (await readdir(path.join(PROJECT_ROOT, "actions"), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const metadata = await Promise.all(folders.map(async (name) => ({ name, using: (await readActionMetadata(name)).runs.using })));
  return metadata.filter((action) => action.using === "node24").map((action) => action.name).sort();
};

/** The workflow token the runner substitutes for `${{ github.token }}` in a default; tests give their own where it matters. */
const RUNNER_TOKEN = "ghs_runner-token";

/** A default as the runner evaluates it; the only expression the project's defaults use is the workflow token. */
const evaluateDefault = (action: string, input: string, value: string): string => {
  const evaluated = value.replaceAll("${{ github.token }}", RUNNER_TOKEN);
  if (evaluated.includes("${{")) throw new Error(`actions/${action} input ${input}: the tests cannot evaluate the default "${value}"`);
  return evaluated;
};

/**
 * The INPUT_* variables the runner sets for a step: every input given in `with:`, and the default of every other
 * input that has one. An input action.yml does not declare is a mistake in the test.
 */
export const runnerInputs = async (action: string, given: Record<string, string> = {}): Promise<Record<string, string>> => {
  const declared = (await readActionMetadata(action)).inputs ?? {};
  for (const name of Object.keys(given)) {
    if (!(name in declared)) throw new Error(`actions/${action} has no input "${name}"`);
  }
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    const value = given[name] ?? (spec.default === undefined ? undefined : evaluateDefault(action, name, String(spec.default)));
    if (value !== undefined) values[inputVariable(name)] = value;
  }
  return values;
};

/** Parses the `name<<delimiter` blocks the runner reads from GITHUB_OUTPUT. */
const parseOutputFile = (text: string): Record<string, string> => {
  const outputs: Record<string, string> = {};
  const pattern = /^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1]!] = match[3]!;
  return outputs;
};

const unescapeCommand = (text: string): string => text.replaceAll("%0A", "\n").replaceAll("%0D", "\r").replaceAll("%3A", ":").replaceAll("%2C", ",").replaceAll("%25", "%");

const parseAnnotations = (stdout: string): ActionRun["annotations"] =>
  [...stdout.matchAll(/^::(error|warning|notice)(?: ([^:]*))?::(.*)$/gm)].map((match) => ({
    level: match[1]!,
    properties: Object.fromEntries(
      (match[2] ?? "").split(",").filter(Boolean).map((pair) => {
        const [key, ...rest] = pair.split("=");
        return [key!, unescapeCommand(rest.join("="))];
      }),
    ),
    message: unescapeCommand(match[3]!),
  }));

/**
 * The environment the runner gives the step, with its real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. A step sees
 * only its own inputs, so any INPUT_* variable of the test process is removed (set to undefined).
 */
const stepEnvironment = async (action: string, options: ActionRunOptions, files: { output: string; summary: string }): Promise<NodeJS.ProcessEnv> => ({
  ...Object.fromEntries(Object.keys(process.env).filter((name) => name.startsWith("INPUT_")).map((name) => [name, undefined])),
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
  outputs: parseOutputFile(await readFile(files.output, "utf8")),
  annotations: parseAnnotations(result.stdout),
});

/**
 * Runs an action's entry file (`runs.main` of its action.yml) as the GitHub runner does: inputs as INPUT_* variables
 * (defaults from action.yml), the workspace as the working directory, and real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
 * files that are read back afterwards.
 */
export const runAction = async (action: string, options: ActionRunOptions): Promise<ActionRun> => {
  const main = (await readActionMetadata(action)).runs.main;
  if (!main) throw new Error(`actions/${action} has no runs.main`);
  const files = { output: path.join(options.scratch, "github-output.txt"), summary: path.join(options.scratch, "step-summary.md") };
  await writeFile(files.output, "");
  await writeFile(files.summary, "");
  const result = await runScript(`actions/${action}/${main}`, [], { cwd: options.workspace, env: await stepEnvironment(action, options, files) });
  return stepResult(result, files);
};
