import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { runCommand } from "../lib/command.ts";
import { UsageError } from "../lib/errors.ts";
import { runWorkflow, WorkflowRunOptions } from "../workflow-runner/index.ts";

/**
 * `npm run workflow -- <workflow file> --event NAME`: runs a workflow of .github/workflows here, end to end, as
 * docs/maintainers/workflow-runner.md describes. Exit codes (runCommand's): 0 every job succeeded or was skipped;
 * 1 a job failed; 2 the run could not start (a wrong option, a workflow that does not run on the event).
 */
const USAGE = `usage: npm run workflow -- <workflow file> --event NAME [--payload FILE] [--pages-dir DIR]
         [--origin REPOSITORY] [--repository OWNER/NAME] [--sha COMMIT] [--ref REF] [--run-id N]
         [--var NAME=VALUE]... [--secret NAME=VALUE]... [--runner-env NAME=VALUE]...
         [--api-url URL] [--token TOKEN] [--artifacts DIR] [--work-dir DIR] [--dependencies NODE_MODULES]`;

/** `NAME=VALUE` options as a record; a repeated name keeps its last value. */
const pairs = (option: string, given: string[] = []): Record<string, string> =>
  Object.fromEntries(
    given.map((pair) => {
      const equals = pair.indexOf("=");
      if (equals <= 0) throw new UsageError(`--${option} takes NAME=VALUE, got "${pair}"`);
      return [pair.slice(0, equals), pair.slice(equals + 1)];
    }),
  );

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      event: { type: "string" },
      payload: { type: "string" },
      "pages-dir": { type: "string" },
      origin: { type: "string" },
      repository: { type: "string" },
      sha: { type: "string" },
      ref: { type: "string" },
      "run-id": { type: "string" },
      var: { type: "string", multiple: true },
      secret: { type: "string", multiple: true },
      "runner-env": { type: "string", multiple: true },
      "api-url": { type: "string" },
      token: { type: "string" },
      artifacts: { type: "string" },
      "work-dir": { type: "string" },
      dependencies: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw new UsageError("name one workflow file");
  if (!values.event) throw new UsageError("--event is required (push, pull_request, workflow_dispatch…)");
  const payload = values.payload ? (JSON.parse(await readFile(values.payload, "utf8")) as unknown) : {};
  const parsed = WorkflowRunOptions.safeParse({
    workflow: positionals[0],
    event: values.event,
    payload,
    origin: values.origin,
    repository: values.repository,
    sha: values.sha,
    ref: values.ref,
    runId: values["run-id"],
    vars: pairs("var", values.var),
    secrets: pairs("secret", values.secret),
    runnerEnv: pairs("runner-env", values["runner-env"]),
    apiUrl: values["api-url"],
    token: values.token,
    pagesDir: values["pages-dir"],
    artifactsDir: values.artifacts,
    workDir: values["work-dir"],
    dependencies: values.dependencies,
  });
  if (!parsed.success) throw new UsageError(z.prettifyError(parsed.error));
  const run = await runWorkflow(parsed.data);
  if (existsSync(run.pagesDir)) console.log(`published (what GitHub Pages would serve): ${run.pagesDir}`);
  return run.conclusion === "success" ? 0 : 1;
};

runCommand("workflow", main, USAGE);
