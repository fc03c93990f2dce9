import * as core from "@actions/core";
import { readVariable } from "../../src/lib/environment.ts";
import { parseActionInputs } from "../../src/workflows/actions/action-inputs.ts";
import { failOnError } from "../../src/workflows/actions/fail-on-error.ts";
import { gitAuthEnvironment } from "../../src/workflows/state-branch/git-auth-environment.ts";
import { restoreStateBranch } from "../../src/workflows/state-branch/restore-state-branch.ts";
import { saveStateBranch } from "../../src/workflows/state-branch/save-state-branch.ts";
import { Inputs } from "./inputs.ts";

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

/** The action: its entry file calls this, and the tests call it in-process. */
export const run = (): Promise<void> => failOnError("the state branch could not be used", stateBranch);
