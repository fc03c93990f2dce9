import * as core from "@actions/core";
import { Octokit } from "@octokit/rest";
import { type Environment, readVariable } from "../../lib/environment.ts";

export type GitHubClient = InstanceType<typeof Octokit>;

/**
 * An @octokit/rest client for the REST API the runner names in `GITHUB_API_URL` (github.com, a GitHub Enterprise
 * Server, or a local stand-in in tests), authenticated with the workflow's token.
 */
export const createGitHubClient = (token: string, environment: Environment = process.env): GitHubClient => {
  if (!token) throw new Error("a GitHub token is needed (the action's `token` input, by default the workflow's GITHUB_TOKEN)");
  return new Octokit({
    auth: token,
    baseUrl: (readVariable("GITHUB_API_URL", environment) || "https://api.github.com").replace(/\/+$/, ""),
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
