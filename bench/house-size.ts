/**
 * How big the house is, as a newcomer reads it: `npm run house-size` prints
 *
 * - the files one opens to follow a fact edit from pull request to webhook: the three workflows it runs through, the
 *   `action.yml` of each local action on the way, and every project file the code of those steps imports, directly
 *   or not (see FACT_EDIT_ACTIONS);
 * - the production files (TypeScript under `src/`, `actions/`, `packages/client/src/` and `site/`, tests and
 *   declaration files left out), and how many of them have 20 lines or fewer.
 *
 * `--json` prints the same figures as JSON. `--at REV` measures a commit instead of the working tree (its files are
 * unpacked with `git archive` into a temporary folder, removed afterwards), so `npm run house-size -- --at c9acae6`
 * gives the figures from before the change that introduced this script.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");
/** The tree measured: the working tree, or with `--at REV` that commit's files unpacked in a temporary folder. */
let ROOT = PROJECT_ROOT;

/**
 * The steps that carry a fact edit to a webhook: the checks on the pull request (validate, the change summary), the
 * comment on it, and, after the merge, the webhook job of the deployment (the state branch and `npm run webhooks`).
 * The site build and the other deployment jobs publish every fact alike and are left out: they are not about the edit.
 */
const FACT_EDIT_WORKFLOWS = [
  ".github/workflows/pull-request.yml",
  ".github/workflows/pr-comment.yml",
  ".github/workflows/deploy.yml",
];
const FACT_EDIT_ACTIONS = [
  "actions/setup",
  "actions/validate",
  "actions/pr-changes",
  "actions/pr-comment",
  "actions/state-branch",
];
const FACT_EDIT_SCRIPTS = ["webhooks"];
const PRODUCTION_FOLDERS = ["src", "actions", "packages/client/src", "site"];
const SMALL_FILE_LINES = 20;

const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");

/** The file an npm script runs with `node <file>`, for each `node` command in it. */
const scriptFiles = (script: string): string[] => {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  const command = scripts[script];
  if (command === undefined) throw new Error(`package.json has no script "${script}"`);
  return [...command.matchAll(/node ([\w./-]+\.ts)/g)].map((match) => match[1]!);
};

/** The entry of a local action, from its `runs.main`, when it runs JavaScript (a composite action has none). */
const actionEntry = (action: string): string | undefined => {
  const main = /^\s+main:\s*(\S+)/m.exec(read(`${action}/action.yml`))?.[1];
  return main === undefined ? undefined : `${action}/${main}`;
};

/** Every project file the entries import, directly or not, the entries included. */
const importClosure = async (entries: string[]): Promise<string[]> => {
  const previous = process.cwd();
  process.chdir(ROOT);
  try {
    const result = await cruise(entries, { tsPreCompilationDeps: true, doNotFollow: { path: "node_modules" } });
    const output = result.output as ICruiseResult;
    return output.modules
      .map((module) => module.source)
      .filter((source) => !source.includes("node_modules/") && existsSync(path.join(ROOT, source)));
  } finally {
    process.chdir(previous);
  }
};

const productionFiles = (): string[] =>
  PRODUCTION_FOLDERS.flatMap((folder) =>
    (readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
      .map((file) => path.join(folder, file))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts")),
  ).sort();

const lineCount = (file: string): number => read(file).replace(/\n$/, "").split("\n").length;

export const measureHouse = async () => {
  const actions = FACT_EDIT_ACTIONS;
  const scripts = FACT_EDIT_SCRIPTS;
  for (const action of actions)
    if (!FACT_EDIT_WORKFLOWS.some((workflow) => read(workflow).includes(`uses: ./${action}`)))
      throw new Error(`no fact-edit workflow uses ${action}`);
  const entries = [...actions.map(actionEntry).filter((entry) => entry !== undefined), ...scripts.flatMap(scriptFiles)];
  const code = await importClosure(entries);
  const factEditPath = [
    ...new Set([...FACT_EDIT_WORKFLOWS, ...actions.map((action) => `${action}/action.yml`), ...code]),
  ].sort();
  const production = productionFiles();
  const small = production.filter((file) => lineCount(file) <= SMALL_FILE_LINES);
  return {
    fact_edit_path: {
      files: factEditPath.length,
      workflows: FACT_EDIT_WORKFLOWS,
      actions,
      scripts,
      list: factEditPath,
    },
    production_files: production.length,
    small_files: small.length,
    small_share: Math.round((small.length / production.length) * 1000) / 10,
    small_list: small,
  };
};

if (import.meta.main) {
  const at = process.argv.indexOf("--at");
  const revision = at === -1 ? undefined : process.argv[at + 1];
  if (at !== -1 && revision === undefined) throw new Error("--at needs a revision");
  if (revision !== undefined) {
    ROOT = mkdtempSync(path.join(tmpdir(), "house-size-"));
    execFileSync("sh", ["-c", `git -C "$0" archive "$1" | tar -x -C "$2"`, PROJECT_ROOT, revision, ROOT]);
  }
  try {
    const house = await measureHouse();
    if (process.argv.includes("--json")) console.log(JSON.stringify(house, null, 2));
    else {
      console.log(`${revision === undefined ? "working tree" : `at ${revision}`}`);
      console.log(`fact edit, pull request to webhook: ${house.fact_edit_path.files} files`);
      console.log(`  workflows: ${house.fact_edit_path.workflows.join(", ")}`);
      console.log(`  local actions: ${house.fact_edit_path.actions.join(", ")}`);
      console.log(`  npm scripts: ${house.fact_edit_path.scripts.join(", ")}`);
      console.log(`production files: ${house.production_files}`);
      console.log(`  with ${SMALL_FILE_LINES} lines or fewer: ${house.small_files} (${house.small_share}%)`);
    }
  } finally {
    if (ROOT !== PROJECT_ROOT) rmSync(ROOT, { recursive: true, force: true });
  }
}
