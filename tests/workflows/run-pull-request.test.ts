import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runWorkflow } from "../../src/workflow-runner/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { runScript } from "../helpers/run-script.ts";
import { startFakeGitHubApi } from "./helpers/fake-github-api.ts";
import {
  createWorkflowRepository,
  HBRP,
  RUN_TIMEOUT_MS,
  WORKFLOW_TODAY,
  type WorkflowRepository,
  workflowFile,
} from "./helpers/workflow-repository.ts";

const CITED = "https://www2.gov.bc.ca/gov/content/example";

/** The pull_request payload GitHub sends for `pull`, from a fork as the fixture's contributor. */
const pullRequestPayload = (number: number, pull: { base: string; head: string; branch: string }) => ({
  action: "synchronize",
  number,
  pull_request: {
    number,
    state: "open",
    head: { ref: pull.branch, sha: pull.head, repo: { full_name: "contributor/facts", fork: true } },
    base: { ref: "main", sha: pull.base, repo: { full_name: "bc-facts/facts", fork: false } },
  },
  repository: { full_name: "bc-facts/facts", default_branch: "main" },
});

describe("the pull-request workflows, run end to end", () => {
  let repo: WorkflowRepository;
  beforeAll(async () => {
    repo = await createWorkflowRepository([HBRP]);
  }, RUN_TIMEOUT_MS);

  it(
    "validates a pull request that revises a fact and writes the comment report, which the pr-comment workflow then posts",
    async () => {
      const pull = await repo.openPullRequest(
        7,
        `Raise the rescission amount of bc.hbrp\n\nSource: ${CITED}\nImpact: the amount to rescind is now 0.3% of the price.`,
        () =>
          repo.writeFact({
            ...HBRP,
            value: factValue("bc.hbrp", { rescission_amount_rate: 0.003 }),
            version: 2,
            effective_iso: "2026-06-01",
          }),
      );
      const api = await startFakeGitHubApi();
      api.pulls.push({
        number: 7,
        state: "open",
        head: { sha: pull.head },
        commits: [{ sha: pull.head, message: pull.message, parents: [pull.base] }],
      });
      const lines: string[] = [];
      const common = {
        origin: repo.origin,
        apiUrl: api.url,
        token: api.token,
        artifactsDir: path.join(repo.parent, "artifacts"),
        workDir: repo.parent,
        runnerEnv: { FACTS_TODAY: WORKFLOW_TODAY },
      };
      const checked = await runWorkflow(
        {
          ...common,
          workflow: workflowFile("pull-request.yml"),
          event: "pull_request",
          payload: pullRequestPayload(7, pull),
        },
        (line) => lines.push(line),
      );

      expect(checked.conclusion, lines.join("\n")).toBe("success");
      expect(checked.jobs.map((job) => [job.id, job.result])).toEqual([
        ["validate", "success"],
        ["build", "success"],
        ["changes", "success"],
      ]);
      // The checkout is GitHub's merge commit of the pull request, with the base in its history.
      expect(lines.join("\n")).toContain(`refs/pull/7/merge at ${pull.merge}`);
      // The validate action read the pull request's commits through the API, with the workflow's token.
      expect(api.requests.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toContain(
        "GET /repos/bc-facts/facts/pulls/7/commits token test-token",
      );
      const changes = checked.jobs.find((job) => job.id === "changes")!;
      const report = JSON.parse(
        await readFile(path.join(checked.artifactsDir, checked.runId, "facts-pr-changes", "report.json"), "utf8"),
      );
      expect(report.pull_request).toEqual({ number: 7, head_sha: pull.head });
      expect(report.changes).toHaveLength(1);
      expect(report.changes[0]).toMatchObject({ id: "bc.hbrp", kind: "revision" });
      expect(changes.steps.find((step) => step.id === "changes")!.outputs).toMatchObject({
        changed: "1",
        revisions: "1",
      });
      expect(changes.summary).toContain("bc.hbrp");

      const commented = await runWorkflow(
        {
          ...common,
          workflow: workflowFile("pr-comment.yml"),
          event: "workflow_run",
          payload: {
            action: "completed",
            workflow_run: {
              id: Number(checked.runId),
              event: "pull_request",
              conclusion: checked.conclusion,
              head_sha: pull.head,
              head_branch: pull.branch,
              head_repository: { full_name: "contributor/facts" },
              pull_requests: [],
            },
            repository: { full_name: "bc-facts/facts", default_branch: "main" },
          },
        },
        (line) => lines.push(line),
      );
      expect(commented.conclusion, lines.join("\n")).toBe("success");
      expect(api.writes()).toEqual(["POST /issues/7/comments"]);
      expect(api.comments[0]!.body).toContain("bc.hbrp");
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "fails the validate job of a pull request whose edit breaks a version rule, naming the file (through npm run workflow)",
    async () => {
      const pull = await repo.openPullRequest(8, "Skip a version of bc.hbrp", () =>
        repo.writeFact({ ...HBRP, value: factValue("bc.hbrp", { rescission_amount_rate: 0.004 }), version: 3 }),
      );
      const api = await startFakeGitHubApi();
      api.pulls.push({
        number: 8,
        state: "open",
        head: { sha: pull.head },
        commits: [{ sha: pull.head, message: pull.message, parents: [pull.base] }],
      });
      const payload = path.join(repo.parent, "pull-request-8.json");
      await writeFile(payload, JSON.stringify(pullRequestPayload(8, pull)));
      const result = await runScript("src/cli/workflow.ts", [
        workflowFile("pull-request.yml"),
        "--event",
        "pull_request",
        "--payload",
        payload,
        "--origin",
        repo.origin,
        "--api-url",
        api.url,
        "--token",
        api.token,
        "--work-dir",
        repo.parent,
        "--runner-env",
        `FACTS_TODAY=${WORKFLOW_TODAY}`,
      ]);
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.stdout).toMatch(/^ {2}✗ Run \.\/actions\/validate \(failure\)$/m);
      expect(result.stdout).toMatch(
        /::error title=[^,]*,file=facts\/legal\/bc\.hbrp\.json,line=\d+,col=\d+::value changed, so this is a revision: version must be 2 \(base has 1\), not 3/,
      );
      expect(result.stdout).toContain("job validate: failure");
      expect(result.stdout).toMatch(/^workflow Pull request: failure \(validate failure, /m);
    },
    RUN_TIMEOUT_MS,
  );
});
