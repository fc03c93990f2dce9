import type { Problem } from "../../lib/problem.ts";
import type { YamlFile, YamlPath } from "./yaml-file.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

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
const PULL_REQUEST_CODE = /github\.(head_ref|event\.(pull_request\.(head|merge)|workflow_run\.head)|event\.number)|refs\/pull\//;

const triggersOf = (on: unknown): string[] => (typeof on === "string" ? [on] : Array.isArray(on) ? on.map(String) : isObject(on) ? Object.keys(on) : []);

/**
 * The workflow rules of docs/maintainers/decisions.md#workflows, on one parsed workflow file: `permissions: {}` at the top and an explicit least
 * grant on every job; `timeout-minutes` and `concurrency` on every job; every third-party action pinned to a full
 * commit SHA with its version in a comment; `persist-credentials: false` on every checkout; Node 24 from setup-node;
 * and no privileged trigger (`pull_request_target`, `workflow_run`) that checks out pull-request code.
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
      at([...jobPath, "permissions"], `job "${name}": permissions must be a mapping of scopes, not "${String(job.permissions)}"`);
    } else {
      for (const [scope, level] of Object.entries(job.permissions)) {
        if (!SCOPES.has(scope)) at([...jobPath, "permissions", scope], `job "${name}": unknown permission scope "${scope}"`);
        else if (!LEVELS.has(String(level))) at([...jobPath, "permissions", scope], `job "${name}": ${scope} must be read, write or none`);
      }
    }
    if (typeof job["timeout-minutes"] !== "number" && typeof job["timeout-minutes"] !== "string") at(jobPath, `job "${name}" needs timeout-minutes`);
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
        if (!FULL_SHA.test(uses)) at([...stepPath, "uses"], `${uses}: pin third-party actions to a full 40-character commit SHA`);
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
          at([...stepPath, "with"], `a ${privileged.join("/")} workflow runs with secrets and write tokens: it must not check out pull-request code`);
        }
      }
      if (action === "actions/setup-node" && String(withInputs["node-version"] ?? "") !== "24") {
        at([...stepPath, ...(isObject(step.with) ? ["with"] : [])], "actions/setup-node: use node-version 24 (the project's runtime)");
      }
    });
  }
  return problems;
};
