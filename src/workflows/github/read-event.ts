import { readFile } from "node:fs/promises";
import { z } from "zod";
import { type Environment, readVariable } from "../../lib/environment.ts";

/** The fields of a `pull_request` event payload this project reads. */
export const PullRequestEvent = z.object({
  pull_request: z.object({
    number: z.int().positive(),
    head: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
    base: z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) }),
  }),
});
export type PullRequestEvent = z.infer<typeof PullRequestEvent>;

/** The fields of a `workflow_run` event payload this project reads. */
export const WorkflowRunEvent = z.object({
  workflow_run: z.object({
    id: z.int().positive(),
    event: z.string(),
    head_sha: z.string().regex(/^[0-9a-f]{40}$/),
  }),
});
export type WorkflowRunEvent = z.infer<typeof WorkflowRunEvent>;

/** Reads and validates the event payload the runner wrote to `GITHUB_EVENT_PATH`. */
export const readEvent = async <T>(schema: z.ZodType<T>, environment: Environment = process.env): Promise<T> => {
  const file = readVariable("GITHUB_EVENT_PATH", environment);
  if (!file) throw new Error("GITHUB_EVENT_PATH is not set: this runs inside a GitHub Actions job");
  const parsed = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`the event payload in ${file} is not the expected event: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
};
