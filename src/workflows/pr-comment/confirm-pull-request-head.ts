import type { GitHubClient, RepositoryRef } from "../github.ts";

export type HeadCheck = { ok: true } | { ok: false; reason: string };

/**
 * The artifact names its pull request, but it was written by untrusted code: before commenting, confirm that this
 * pull request is open and that its head is the commit the triggering run tested. A run for an older push (the pull
 * request has moved on) is skipped, so a late run never overwrites the comment of a newer one.
 */
export const confirmPullRequestHead = async (client: GitHubClient, repository: RepositoryRef, pullNumber: number, headSha: string): Promise<HeadCheck> => {
  const { data } = await client.rest.pulls.get({ ...repository, pull_number: pullNumber });
  if (data.state !== "open") return { ok: false, reason: `pull request #${pullNumber} is ${data.state}` };
  if (data.head.sha !== headSha) {
    return { ok: false, reason: `pull request #${pullNumber} is now at ${data.head.sha.slice(0, 12)}, not at the tested ${headSha.slice(0, 12)}` };
  }
  return { ok: true };
};
