/** The repository a workflow runs in, from `GITHUB_REPOSITORY` (`owner/name`). */
export interface RepositoryRef {
  owner: string;
  repo: string;
}

export const repositoryFromEnvironment = (environment: NodeJS.ProcessEnv = process.env): RepositoryRef => {
  const [owner, repo, ...rest] = (environment.GITHUB_REPOSITORY ?? "").split("/");
  if (!owner || !repo || rest.length > 0) throw new Error(`GITHUB_REPOSITORY must be "owner/name", got "${environment.GITHUB_REPOSITORY ?? ""}"`);
  return { owner, repo };
};
