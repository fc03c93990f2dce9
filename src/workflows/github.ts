/**
 * What the project's actions share: the Octokit client and the event context of @actions/github, the inputs read
 * with @actions/core's getInput and checked by each action's zod schema, the repository, annotations placed on a
 * problem's line, the failed step, and the one label an issue-keeping action needs.
 */
import path from "node:path";
import * as core from "@actions/core";
import * as github from "@actions/github";
import { z } from "zod";
import { checkWholeNumber, type WholeNumberBounds } from "../lib/command.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { type Environment, readUrlVariable, readVariable } from "../lib/environment.ts";
import { errorMessage } from "../lib/errors.ts";
import type { Problem } from "../lib/problem.ts";
import type { LoadedFact } from "../model/facts.ts";
import { IsoDate } from "../schemas/index.ts";

export type GitHubClient = ReturnType<typeof github.getOctokit>;

/**
 * @actions/github's Octokit for the REST API the runner names in `GITHUB_API_URL` (github.com, a GitHub Enterprise
 * Server, or a loopback stand-in in tests), authenticated with the workflow's token. The base URL is passed on each
 * call: @actions/github reads its default once, when it is first imported, and the tests run many steps in one process.
 */
export const createGitHubClient = (token: string, environment: Environment = process.env): GitHubClient => {
  if (!token)
    throw new Error("a GitHub token is needed (the action's `token` input, by default the workflow's GITHUB_TOKEN)");
  return github.getOctokit(token, {
    baseUrl: (readUrlVariable("GITHUB_API_URL", environment)?.href ?? "https://api.github.com").replace(/\/+$/, ""),
    userAgent: "bc-real-estate-facts-actions",
    // Octokit's own messages go to the job log through the runner's commands, not to stderr: a request that fails
    // is reported by the action itself, with what it means for the step.
    log: {
      debug: (message: string) => core.debug(message),
      info: (message: string) => core.debug(message),
      warn: (message: string) => core.warning(message),
      error: (message: string) => core.info(message),
    },
  });
};

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

export type EventContext = typeof github.context;

/**
 * The event the step runs for, as @actions/github's `context` reads it from GITHUB_EVENT_NAME and GITHUB_EVENT_PATH,
 * read now: the module's own `context` is read once at import, and the tests run steps for several events in one
 * process.
 */
export const eventContext = (): EventContext => new (github.context.constructor as new () => EventContext)();

/** The event's payload, checked for the fields this project reads. */
export const readEvent = <T>(schema: z.ZodType<T>, context: EventContext = eventContext()): T => {
  const file = readVariable("GITHUB_EVENT_PATH");
  if (!file) throw new Error("GITHUB_EVENT_PATH is not set: this runs inside a GitHub Actions job");
  const parsed = schema.safeParse(context.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `the event payload in ${file} is not the expected event: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  return parsed.data;
};

/** The repository a workflow runs in: `{ owner, repo }`, the shape Octokit's calls take. */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

/**
 * The repository as @actions/github's context names it from `GITHUB_REPOSITORY`, once that is checked to be
 * `owner/name` (the context itself would split anything).
 */
export const repositoryFromEnvironment = (context: EventContext = eventContext()): RepositoryRef => {
  const name = readVariable("GITHUB_REPOSITORY") ?? "";
  if (!/^[^/\s]+\/[^/\s]+$/.test(name)) throw new Error(`GITHUB_REPOSITORY must be "owner/name", got "${name}"`);
  return context.repo;
};

/** What the actions that keep one labelled issue per fact need: the facts, the date, the window and where to write. */
export interface FactIssueOptions {
  facts: readonly LoadedFact[];
  today: string;
  /** How many days ahead of a date an issue is raised. */
  withinDays: number;
  label: string;
  client: GitHubClient;
  repository: RepositoryRef;
  /** The name of an organisation id of `reference/organisations.json` (the id itself by default). */
  organisationName?: (org: string) => string;
}

/**
 * The environment variable the runner sets for an input: `INPUT_` and the name with spaces as underscores, in upper
 * case (the rule @actions/core's getInput reads by; the tests set inputs by it).
 */
export const inputVariable = (name: string): string => `INPUT_${name.replaceAll(" ", "_").toUpperCase()}`;

/**
 * Parses an action's inputs with its schema, whose keys are the input names of its action.yml, each value read by
 * @actions/core's getInput (trimmed; an input not passed is ""). The defaults live only in action.yml: the runner
 * passes every input, so an empty value here was given on purpose and is checked like any other. Throws one error
 * naming every wrong input, what is wrong and the value it was given (`within-days must be a whole number, got
 * "soon"`).
 */
export const parseActionInputs = <Schema extends z.ZodObject>(schema: Schema): z.output<Schema> => {
  const values: Record<string, string> = Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, core.getInput(name)]),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const sentences = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const value = values[name] ?? "";
    return value === "" ? `${name} ${issue.message}` : `${name} ${issue.message}, got "${value}"`;
  });
  throw new Error(sentences.join("; "));
};

/** An input that may be empty (an optional path or revision, where empty turns the feature off). */
export const optionalText = z.string();

/** An input that needs some value, such as a folder (`.` is the workspace) or a label. */
export const nonEmptyText = z.string().min(1, { error: "must not be empty" });

/** An input that action.yml marks `required: true` and gives no default. */
export const requiredText = z.string().min(1, { error: "is required" });

/** A count of days or seconds, as a number, by the project's one whole-number rule (checkWholeNumber). */
export const wholeNumber = (bounds: WholeNumberBounds = {}) =>
  z.string().transform((text, context) => {
    const read = checkWholeNumber(text, bounds);
    if ("value" in read) return read.value;
    context.addIssue({ code: "custom", message: read.problem });
    return z.NEVER;
  });

/** A switch, written `true` or `false` as in action.yml. */
export const trueOrFalse = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((value) => value === "true");

/** The `today` input: a date written YYYY-MM-DD, or empty for `FACTS_TODAY` or the clock (see todayFromInput). */
export const dateOrEmpty = z.literal("").or(IsoDate);

/** The date an action checks against: its `today` input when given, else `FACTS_TODAY`, else today in UTC. */
export const todayFromInput = (today: string, environment: NodeJS.ProcessEnv = process.env): string =>
  todayFromEnvironment(today ? { FACTS_TODAY: today } : environment);

/**
 * Runs an action's work and reports an error as the runner shows it: one error annotation saying what could not be
 * done and why, and a failed step (core.setFailed sets the exit code), rather than a rejected promise and a stack
 * trace. Never rejects, so an entry file only has to call it.
 */
export const failOnError = async (whatFailed: string, work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (error: unknown) {
    core.setFailed(`${whatFailed}: ${errorMessage(error)}`);
  }
};

/**
 * Where the runner shows a problem found in the checkout at `root`: annotations must name files relative to the
 * workspace, where the runner starts actions, with forward slashes.
 */
export const problemAnnotation = (root: string, problem: Problem, title: string): core.AnnotationProperties => {
  const workspace = readVariable("GITHUB_WORKSPACE") ?? process.cwd();
  return {
    title,
    file: path.relative(workspace, path.resolve(root, problem.file)).split(path.sep).join("/"),
    startLine: problem.line,
    startColumn: problem.column,
  };
};

/**
 * Creates the re-verification label when the repository lacks it. GitHub may silently drop an unknown label from a
 * new issue, and an issue without the label would not be found again: the next run would open a duplicate.
 */
export const ensureLabel = async (
  client: GitHubClient,
  repository: RepositoryRef,
  name: string,
  description = "Facts whose verification lapses soon or has lapsed",
): Promise<"exists" | "created"> => {
  const labels = await client.paginate(client.rest.issues.listLabelsForRepo, { ...repository, per_page: 100 });
  if (labels.some((label) => label.name === name)) return "exists";
  await client.rest.issues.createLabel({ ...repository, name, color: "fbca04", description });
  return "created";
};
