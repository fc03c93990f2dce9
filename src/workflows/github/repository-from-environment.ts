import { type Environment, readVariable } from "../../lib/environment.ts";
/** The repository a workflow runs in, from `GITHUB_REPOSITORY` (`owner/name`). */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

export const repositoryFromEnvironment = (environment: Environment = process.env): RepositoryRef => {
  const [owner, repo, ...rest] = (readVariable("GITHUB_REPOSITORY", environment) ?? "").split("/");
  if (!owner || !repo || rest.length > 0)
    throw new Error(`GITHUB_REPOSITORY must be "owner/name", got "${readVariable("GITHUB_REPOSITORY", environment) ?? ""}"`);
  return { owner, repo };
};
