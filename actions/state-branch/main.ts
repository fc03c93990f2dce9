import * as core from "@actions/core";
import { gitAuthEnvironment } from "../../src/workflows/state-branch/git-auth-environment.ts";
import { restoreStateBranch } from "../../src/workflows/state-branch/restore-state-branch.ts";
import { saveStateBranch } from "../../src/workflows/state-branch/save-state-branch.ts";

const run = async (): Promise<void> => {
  const mode = core.getInput("mode", { required: true });
  const directory = core.getInput("path") || ".webhook-state";
  const branch = core.getInput("branch") || "webhook-state";
  const token = core.getInput("token");
  if (token) core.setSecret(token);
  const auth = gitAuthEnvironment(token, process.env.GITHUB_SERVER_URL);
  if (mode === "restore") {
    const result = await restoreStateBranch({ root: core.getInput("root") || ".", directory, branch, auth });
    core.setOutput("existed", result.existed);
    core.setOutput("commit", result.commit ?? "");
    core.info(result.existed ? `restored ${branch} at ${result.commit} into ${directory}` : `${branch} does not exist yet: ${directory} starts empty`);
  } else if (mode === "save") {
    const result = await saveStateBranch({ directory, branch, message: core.getInput("message") || "Update webhook delivery state", auth });
    core.setOutput("pushed", result.pushed);
    core.setOutput("commit", result.commit ?? "");
    core.info(result.pushed ? `${result.detail}: ${branch} is now at ${result.commit}` : `nothing pushed: ${result.detail}`);
  } else {
    throw new Error(`mode must be restore or save, got "${mode}"`);
  }
};

run().catch((error: unknown) => core.setFailed(`the state branch could not be used: ${error instanceof Error ? error.message : String(error)}`));
