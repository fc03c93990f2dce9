/**
 * How big the house is, as a newcomer reads it: `npm run house-size` prints
 *
 * - the files one opens to follow a fact edit from pull request to webhook: the three workflows it runs through, the
 *   `action.yml` of each local action on the way, and the project files whose code those steps run (see
 *   FACT_EDIT_ACTIONS and `codeOnPath`);
 * - the production files (TypeScript under `src/`, `actions/`, `packages/client/src/` and `site/`, tests and
 *   declaration files left out), and how many of them have 20 lines or fewer.
 *
 * The code on the path is what a tree-shaking bundle of the steps' entries keeps, not every file they import: the
 * repository imports the client only through its entry, `packages/client/src/index.ts`, which re-exports everything
 * the package publishes (every calculator included), so an import closure would count each calculator although the
 * path calls a few of the client's exports. A file re-exported by that entry but not used on the path is not opened
 * to follow a fact edit, so it is not counted. Counted are the files that give the bundle code of their own, and the
 * re-exporting files (such as the client's entry and `src/schemas/index.ts`) that the imports of that code go
 * through to reach it, since a reader following an import opens them. Type-only imports are not followed: they bring
 * no code. Node's builtins and packages from `node_modules` are outside the bundle, as they are outside the project.
 *
 * `--json` prints the same figures as JSON. `--at REV` measures a commit instead of the working tree (its files are
 * unpacked with `git archive` into a temporary folder, removed afterwards), so `npm run house-size -- --at c9acae6`
 * gives the figures from before the change that introduced this script.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type ModuleInfo } from "rolldown";
import { parseAst } from "rolldown/parseAst";

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

/** TypeScript declarations that bring no code: a type alias, an interface. */
const TYPE_ONLY = new Set(["TSTypeAliasDeclaration", "TSInterfaceDeclaration"]);

/**
 * Whether a module only passes on what others define: each of its statements an import, an `export … from`, an
 * `export { … }` of what it imported, or a declaration of types only.
 */
const onlyReExports = (info: ModuleInfo): boolean =>
  info.code !== null &&
  parseAst(info.code, { lang: info.id.endsWith(".ts") ? "ts" : "js", sourceType: "module" }, info.id).body.every(
    (statement) =>
      statement.type === "ImportDeclaration" ||
      statement.type === "ExportAllDeclaration" ||
      TYPE_ONLY.has(statement.type) ||
      (statement.type === "ExportNamedDeclaration" &&
        (statement.declaration === null || TYPE_ONLY.has(statement.declaration.type))),
  );

/**
 * The project files whose code the entries run: the entries are bundled with rolldown, tree-shaken, Node's builtins
 * and every package import (a specifier not starting with `.` or `/`) left external. A file counts when it gives the
 * output code of its own (`renderedLength` above 0), or when it only re-exports (a barrel such as the client's entry)
 * and an import of that code goes through it: reached from counted code through barrels only, it leads on to counted
 * code through barrels only. A file whose code the tree-shaking drops (a calculator the path never calls) is not
 * counted, even though a barrel on the path re-exports it. The TypeScript is transformed before imports are read, so
 * a type-only import is no edge.
 */
const codeOnPath = async (entries: string[]): Promise<string[]> => {
  const root = realpathSync(ROOT);
  const graph = new Map<string, ModuleInfo>();
  const result = await build({
    cwd: root,
    input: entries.map((entry) => path.join(root, entry)),
    write: false,
    platform: "node",
    logLevel: "warn",
    external: /^[^./]/,
    treeshake: true,
    output: { format: "esm" },
    plugins: [
      {
        name: "house-size-graph",
        generateBundle() {
          for (const id of this.getModuleIds()) {
            const info = this.getModuleInfo(id);
            if (info !== null) graph.set(id, info);
          }
        },
      },
    ],
  });
  const rendered = new Set<string>();
  for (const item of result.output)
    if (item.type === "chunk")
      for (const [id, module] of Object.entries(item.modules)) if (module.renderedLength > 0) rendered.add(id);
  const imports = (id: string): string[] => {
    const info = graph.get(id);
    return info === undefined ? [] : [...info.importedIds, ...info.dynamicallyImportedIds];
  };
  const isBarrel = (id: string): boolean => {
    const info = graph.get(id);
    return !rendered.has(id) && info !== undefined && onlyReExports(info);
  };
  // The barrels an import of counted code goes through: reached from it through barrels only, and leading on to
  // counted code through barrels only (the client's entry re-exports the unused calculators too, but they are no
  // barrels, and their code is dropped).
  const reached = new Set<string>();
  const pending = [...rendered].flatMap(imports);
  for (let id = pending.pop(); id !== undefined; id = pending.pop())
    if (!reached.has(id) && isBarrel(id)) {
      reached.add(id);
      pending.push(...imports(id));
    }
  const leadsToCode = (id: string, seen = new Set<string>()): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    return imports(id).some((next) => rendered.has(next) || (reached.has(next) && leadsToCode(next, seen)));
  };
  const barrels = [...reached].filter((id) => leadsToCode(id));
  return [...new Set([...entries.map((entry) => path.join(root, entry)), ...rendered, ...barrels])]
    .filter((id) => path.isAbsolute(id) && !id.includes(`${path.sep}node_modules${path.sep}`))
    .map((id) => path.relative(root, id))
    .filter((file) => !file.startsWith(".."))
    .map((file) => file.split(path.sep).join("/"));
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
  const code = await codeOnPath(entries);
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
