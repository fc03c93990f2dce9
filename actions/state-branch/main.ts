import * as core from "@actions/core";
import { z } from "zod";
import { readVariable } from "../../src/lib/environment.ts";
import { failOnError, nonEmptyText, optionalText, parseActionInputs } from "../../src/workflows/github.ts";
import { gitAuthEnvironment } from "../../src/workflows/state-branch/git-auth-environment.ts";
import { restoreStateBranch } from "../../src/workflows/state-branch/restore-state-branch.ts";
import { saveStateBranch } from "../../src/workflows/state-branch/save-state-branch.ts";

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
  const auth = gitAuthEnvironment(inputs.token, readVariable("GITHUB_SERVER_URL"));
  if (inputs.mode === "restore") {
    const result = await restoreStateBranch({ root: inputs.root, directory, branch, auth });
    core.setOutput("existed", result.existed);
    core.setOutput("commit", result.commit ?? "");
    core.info(result.existed ? `restored ${branch} at ${result.commit} into ${directory}` : `${branch} does not exist yet: ${directory} starts empty`);
  } else {
    const result = await saveStateBranch({ directory, branch, message: inputs.message, auth });
    core.setOutput("pushed", result.pushed);
    core.setOutput("commit", result.commit ?? "");
    core.info(result.pushed ? `${result.detail}: ${branch} is now at ${result.commit}` : `nothing pushed: ${result.detail}`);
  }
};

/** The action: the runner starts it through this file, and the tests call it in their own process. */
export const run = (): Promise<void> => failOnError("the state branch could not be used", stateBranch);

// The runner runs this file; the tests import it and call `run` in their own process.
if (import.meta.main) await run();
