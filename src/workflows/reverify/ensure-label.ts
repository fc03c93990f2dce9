import type { GitHubClient } from "../github/create-github-client.ts";
import type { RepositoryRef } from "../github/repository-from-environment.ts";

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
