import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { runScript, type ScriptResult } from "./run-script.ts";

export interface ActionRun extends ScriptResult {
  summary: string;
  outputs: Record<string, string>;
  /** `::error file=...::message` workflow commands, parsed. */
  annotations: { level: string; properties: Record<string, string>; message: string }[];
}

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
 * Runs an action's entry as the GitHub runner does: inputs as INPUT_* variables, the workspace as the working
 * directory, and real GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files that are read back afterwards.
 */
export const runAction = async (
  action: string,
  options: { workspace: string; scratch: string; inputs?: Record<string, string>; env?: NodeJS.ProcessEnv },
): Promise<ActionRun> => {
  const summaryFile = path.join(options.scratch, "step-summary.md");
  const outputFile = path.join(options.scratch, "github-output.txt");
  await writeFile(summaryFile, "");
  await writeFile(outputFile, "");
  const inputs = Object.fromEntries(
    Object.entries(options.inputs ?? {}).map(([name, value]) => [`INPUT_${name.replaceAll(" ", "_").toUpperCase()}`, value]),
  );
  const result = await runScript(`actions/${action}/main.ts`, [], {
    cwd: options.workspace,
    env: {
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      ...inputs,
      ...options.env,
    },
  });
  return {
    ...result,
    summary: await readFile(summaryFile, "utf8"),
    outputs: parseOutputFile(await readFile(outputFile, "utf8")),
    annotations: parseAnnotations(result.stdout),
  };
};
