import type { GitHubClient, RepositoryRef } from "../github.ts";
import type { ExistingIssue } from "./plan-reverify.ts";
import { factIdOfIssueBody } from "./reverify-marker.ts";

/** Every issue, open or closed, with the label and a fact marker (pull requests, which the issues API also lists, are left out). */
export const listReverifyIssues = async (client: GitHubClient, repository: RepositoryRef, label: string): Promise<ExistingIssue[]> => {
  const issues = await client.paginate(client.rest.issues.listForRepo, { ...repository, labels: label, state: "all", per_page: 100 });
  return issues.flatMap((issue): ExistingIssue[] => {
    const factId = factIdOfIssueBody(issue.body);
    if (issue.pull_request || factId === undefined) return [];
    return [{ number: issue.number, state: issue.state === "closed" ? "closed" : "open", title: issue.title, body: issue.body ?? "", factId }];
  });
};
