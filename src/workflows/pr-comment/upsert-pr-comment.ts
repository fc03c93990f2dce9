import type { GitHubClient, RepositoryRef } from "../github.ts";
import { PR_COMMENT_MARKER } from "./render-pr-comment.ts";

export interface UpsertResult {
  action: "created" | "updated" | "unchanged";
  commentId: number;
  url: string;
}

/**
 * Posts the pull request's one facts comment, or edits it in place: the comment is found by its hidden marker among
 * comments written by a bot (so a marker pasted by someone else is never taken for it).
 */
export const upsertPrComment = async (client: GitHubClient, repository: RepositoryRef, pullNumber: number, body: string): Promise<UpsertResult> => {
  const comments = await client.paginate(client.rest.issues.listComments, { ...repository, issue_number: pullNumber, per_page: 100 });
  const existing = comments.find((comment) => comment.user?.type === "Bot" && (comment.body ?? "").includes(PR_COMMENT_MARKER));
  if (existing) {
    if (existing.body === body) return { action: "unchanged", commentId: existing.id, url: existing.html_url };
    const { data } = await client.rest.issues.updateComment({ ...repository, comment_id: existing.id, body });
    return { action: "updated", commentId: data.id, url: data.html_url };
  }
  const { data } = await client.rest.issues.createComment({ ...repository, issue_number: pullNumber, body });
  return { action: "created", commentId: data.id, url: data.html_url };
};
