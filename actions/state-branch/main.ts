/**
 * The state-branch action: restores the webhook state branch into its own folder, or commits and pushes what changed
 * there as the bot, replaying over another run's push when they wrote different files.
 */
import { mkdir, readdir } from "node:fs/promises";
import * as core from "@actions/core";
import { z } from "zod";
import { readUrlVariable } from "../../src/lib/environment.ts";
import {
  type BotPush,
  commitAsBot,
  gitAuthEnvironment,
  gitResult,
  gitText,
  pushAsBot,
  rebaseAsBot,
} from "../../src/lib/git.ts";
import { failOnError, nonEmptyText, optionalText, parseActionInputs } from "../../src/workflows/github.ts";

export interface RestoreOptions {
  /** The repository checkout whose `origin` holds the state branch. */
  root: string;
  /** Where to put the state: a folder that does not exist yet or is empty. */
  directory: string;
  branch: string;
  auth: BotPush;
}

export interface RestoreResult {
  /** False when the branch did not exist yet: the folder starts empty and the first save creates the branch. */
  existed: boolean;
  commit?: string;
}

/**
 * Puts the files of the state branch in `directory`, as a git repository of its own whose `origin` is the
 * checkout's: the state never mixes with the checked-out code and can be committed and pushed on its own.
 */
export const restoreStateBranch = async (options: RestoreOptions): Promise<RestoreResult> => {
  const remote = (await gitText(options.root, ["remote", "get-url", "origin"])).trim();
  await mkdir(options.directory, { recursive: true });
  if ((await readdir(options.directory)).length > 0)
    throw new Error(`${options.directory} is not empty: the state is restored into a fresh folder`);
  await gitText(options.directory, ["init", "-q"]);
  await gitText(options.directory, ["remote", "add", "origin", remote]);
  const heads = await gitText(
    options.directory,
    ["ls-remote", "--heads", "origin", `refs/heads/${options.branch}`],
    gitAuthEnvironment(options.auth),
  );
  if (heads.trim() === "") {
    await gitText(options.directory, ["checkout", "-q", "--orphan", options.branch]);
    return { existed: false };
  }
  await gitText(
    options.directory,
    ["fetch", "-q", "--no-tags", "origin", `+refs/heads/${options.branch}:refs/remotes/origin/${options.branch}`],
    gitAuthEnvironment(options.auth),
  );
  await gitText(options.directory, ["checkout", "-q", "-B", options.branch, `refs/remotes/origin/${options.branch}`]);
  const commit = (await gitResult(options.directory, ["rev-parse", "HEAD"])).stdout.toString("utf8").trim();
  return { existed: true, commit };
};

export interface SaveOptions {
  /** The folder restored by restoreStateBranch. */
  directory: string;
  branch: string;
  message: string;
  auth: BotPush;
  /** Pushes retried after another run pushed first. */
  attempts?: number;
}

export interface SaveResult {
  pushed: boolean;
  commit?: string;
  /** Why nothing was pushed, or how many tries the push took. */
  detail: string;
}

export const saveStateBranch = async (options: SaveOptions): Promise<SaveResult> => {
  if ((await commitAsBot(options.directory, options.message)) === undefined)
    return { pushed: false, detail: "the state did not change" };
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const push = await pushAsBot(options.directory, options.branch, options.auth);
    if (push.code === 0) {
      const commit = (await gitText(options.directory, ["rev-parse", "HEAD"])).trim();
      return { pushed: true, commit, detail: attempt === 1 ? "pushed" : `pushed after ${attempt} tries` };
    }
    if (attempt >= attempts)
      throw new Error(`could not push the state to ${options.branch} after ${attempts} tries: ${push.stderr.trim()}`);
    const conflicts = await rebaseAsBot(options.directory, options.branch, options.auth);
    if (conflicts.length > 0) {
      throw new Error(
        `another run changed ${conflicts.join(", ")} on ${options.branch} since this run restored it; this run's state was not pushed (run the workflows that share the state in one concurrency group)`,
      );
    }
  }
};

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  mode: z.enum(["restore", "save"], { error: "must be restore or save" }),
  path: nonEmptyText,
  branch: nonEmptyText,
  root: nonEmptyText,
  message: nonEmptyText,
  /** Empty: git runs unauthenticated (a public repository, or a local remote). */
  token: optionalText,
});

/** Restores the state branch's files into `path`, or commits and pushes what changed there, as `mode` says. */
const stateBranch = async (): Promise<void> => {
  const inputs = parseActionInputs(Inputs);
  const { path: directory, branch } = inputs;
  if (inputs.token) core.setSecret(inputs.token);
  const auth = { token: inputs.token, serverUrl: readUrlVariable("GITHUB_SERVER_URL")?.href };
  if (inputs.mode === "restore") {
    const result = await restoreStateBranch({ root: inputs.root, directory, branch, auth });
    core.setOutput("existed", result.existed);
    core.setOutput("commit", result.commit ?? "");
    core.info(
      result.existed
        ? `restored ${branch} at ${result.commit} into ${directory}`
        : `${branch} does not exist yet: ${directory} starts empty`,
    );
  } else {
    const result = await saveStateBranch({ directory, branch, message: inputs.message, auth });
    core.setOutput("pushed", result.pushed);
    core.setOutput("commit", result.commit ?? "");
    core.info(
      result.pushed ? `${result.detail}: ${branch} is now at ${result.commit}` : `nothing pushed: ${result.detail}`,
    );
  }
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the state branch could not be used", stateBranch);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
