import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { compareProblems, type Problem } from "../../lib/problem.ts";
import { checkActionMetadata } from "./check-action-metadata.ts";
import { checkWorkflowHygiene } from "./check-workflow-hygiene.ts";
import { runActionValidator } from "./run-action-validator.ts";
import { runActionlint } from "./run-actionlint.ts";
import { parseYamlFile } from "./yaml-file.ts";

export interface WorkflowLintReport {
  problems: Problem[];
  workflows: string[];
  actions: string[];
}

const yamlFilesIn = async (root: string, directory: string): Promise<string[]> => {
  try {
    return (await readdir(path.join(root, directory)))
      .filter((name) => /\.ya?ml$/.test(name))
      .sort()
      .map((name) => `${directory}/${name}`);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
};

const actionFilesIn = async (root: string): Promise<string[]> => {
  let names: string[];
  try {
    names = (await readdir(path.join(root, "actions"), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: string[] = [];
  for (const name of names) found.push(...(await yamlFilesIn(root, `actions/${name}`)).filter((file) => /\/action\.ya?ml$/.test(file)));
  return found;
};

/**
 * Lints every workflow under `.github/workflows/` (actionlint, the workflow schema, the hygiene rules) and every
 * `actions/<name>/action.yml` (the action schema, the project's metadata rules). Collects every problem.
 */
export const lintWorkflowFiles = async (root: string): Promise<WorkflowLintReport> => {
  const workflows = await yamlFilesIn(root, ".github/workflows");
  const actions = await actionFilesIn(root);
  const problems: Problem[] = [];
  for (const file of workflows) {
    const yaml = parseYamlFile(file, await readFile(path.join(root, file), "utf8"));
    problems.push(...yaml.syntaxProblems, ...(await runActionlint(file, yaml.text)));
    if (yaml.syntaxProblems.length === 0) problems.push(...runActionValidator("workflow", yaml), ...checkWorkflowHygiene(yaml));
  }
  for (const file of actions) {
    const yaml = parseYamlFile(file, await readFile(path.join(root, file), "utf8"));
    problems.push(...yaml.syntaxProblems);
    if (yaml.syntaxProblems.length === 0) problems.push(...runActionValidator("action", yaml), ...checkActionMetadata(yaml));
  }
  return { problems: problems.sort(compareProblems), workflows, actions };
};
