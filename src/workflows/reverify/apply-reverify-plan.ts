import type { GitHubClient, RepositoryRef } from "../github.ts";
import type { ReverifyOperation } from "./plan-reverify.ts";

export interface AppliedOperation {
  kind: ReverifyOperation["kind"];
  factId: string;
  number: number;
  url: string;
}

/** Carries out the plan on GitHub, one request at a time so a failure leaves the earlier operations done and named. */
export const applyReverifyPlan = async (
  client: GitHubClient,
  repository: RepositoryRef,
  label: string,
  plan: readonly ReverifyOperation[],
): Promise<AppliedOperation[]> => {
  const applied: AppliedOperation[] = [];
  const issueUrl = (number: number) => `${repository.owner}/${repository.repo}#${number}`;
  for (const operation of plan) {
    switch (operation.kind) {
      case "open": {
        const { data } = await client.rest.issues.create({ ...repository, title: operation.issue.title, body: operation.issue.body, labels: [label] });
        // Without its label the issue would not be found again and the next run would open another one.
        if (!data.labels.some((each) => (typeof each === "string" ? each : each.name) === label)) {
          throw new Error(
            `issue #${data.number} was created without the label "${label}" (the token may not set labels); label it by hand so it is found again`,
          );
        }
        applied.push({ kind: "open", factId: operation.issue.factId, number: data.number, url: data.html_url });
        break;
      }
      case "update": {
        const { data } = await client.rest.issues.update({
          ...repository,
          issue_number: operation.number,
          title: operation.issue.title,
          body: operation.issue.body,
          ...(operation.reopen ? { state: "open" as const } : {}),
        });
        applied.push({ kind: "update", factId: operation.issue.factId, number: data.number, url: data.html_url });
        break;
      }
      case "unchanged":
        applied.push({ kind: "unchanged", factId: operation.issue.factId, number: operation.number, url: issueUrl(operation.number) });
        break;
      case "close": {
        await client.rest.issues.createComment({ ...repository, issue_number: operation.number, body: operation.comment });
        const { data } = await client.rest.issues.update({ ...repository, issue_number: operation.number, state: "closed", state_reason: "completed" });
        applied.push({ kind: "close", factId: operation.factId, number: data.number, url: data.html_url });
        break;
      }
    }
  }
  return applied;
};
