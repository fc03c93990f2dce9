import { addDays } from "../../lib/dates.ts";
import type { LoadedFact } from "../../model/index.ts";
import type { FactIssueOptions } from "../github.ts";
import { ensureLabel } from "../github.ts";
import { type ConfirmIssue, confirmKeyOfIssueBody, renderConfirmIssue } from "./confirm-change-issue.ts";

export interface ConfirmOperation {
  kind: "open" | "update" | "unchanged" | "close";
  key: string;
  number: number;
}

/** An announced change is raised `withinDays` before its date, so it can be confirmed in time. */
export type ConfirmOptions = FactIssueOptions;

/** The announced changes that fall due within the window (or already have): one issue each. */
export const dueAnnouncedChanges = (
  facts: readonly LoadedFact[],
  today: string,
  withinDays: number,
  organisationName?: (org: string) => string,
): ConfirmIssue[] => {
  const until = addDays(today, withinDays);
  return facts.flatMap((loaded) =>
    (loaded.fact.scheduled ?? [])
      .filter((change) => change.status === "announced" && change.effective_iso <= until)
      .map((change) => renderConfirmIssue(loaded, change, today, organisationName)),
  );
};

/**
 * Opens one issue per announced change that falls due, keeps it current (reopening it if it was closed while the
 * change is still pending), and closes the open issue of a change that is no longer pending. Issues are found by a
 * hidden marker, so running twice creates nothing twice.
 */
export const runConfirmChanges = async (options: ConfirmOptions): Promise<ConfirmOperation[]> => {
  const { client, repository, label } = options;
  const due = dueAnnouncedChanges(options.facts, options.today, options.withinDays, options.organisationName);
  const listed = await client.paginate(client.rest.issues.listForRepo, { ...repository, labels: label, state: "all", per_page: 100 });
  const existing = listed.flatMap((issue) => {
    const key = confirmKeyOfIssueBody(issue.body);
    return issue.pull_request || key === undefined ? [] : [{ number: issue.number, state: issue.state, title: issue.title, body: issue.body ?? "", key }];
  });
  const operations: ConfirmOperation[] = [];
  if (due.some((issue) => !existing.some((each) => each.key === issue.key))) {
    await ensureLabel(client, repository, label, "Announced changes to confirm before they are published");
  }
  for (const issue of due) {
    const matches = existing
      .filter((each) => each.key === issue.key)
      .sort((a, b) => Number(b.state === "open") - Number(a.state === "open") || b.number - a.number);
    const current = matches[0];
    if (!current) {
      const { data } = await client.rest.issues.create({ ...repository, title: issue.title, body: issue.body, labels: [label] });
      // Without its label the issue would not be found again and the next run would open another one.
      if (!data.labels.some((each) => (typeof each === "string" ? each : each.name) === label)) {
        throw new Error(`issue #${data.number} was created without the label "${label}" (the token may not set labels); label it by hand so it is found again`);
      }
      operations.push({ kind: "open", key: issue.key, number: data.number });
    } else if (current.state === "open" && current.title === issue.title && current.body === issue.body) {
      operations.push({ kind: "unchanged", key: issue.key, number: current.number });
    } else {
      await client.rest.issues.update({ ...repository, issue_number: current.number, title: issue.title, body: issue.body, state: "open" });
      operations.push({ kind: "update", key: issue.key, number: current.number });
    }
  }
  const dueKeys = new Set(due.map((issue) => issue.key));
  for (const issue of existing) {
    if (issue.state !== "open" || dueKeys.has(issue.key)) continue;
    const [factId, date] = issue.key.split("@");
    await client.rest.issues.createComment({
      ...repository,
      issue_number: issue.number,
      body: `No longer pending: \`${factId}\` has no announced change for ${date} in \`scheduled\` any more (it was confirmed and promoted, moved or dropped). Closing.`,
    });
    await client.rest.issues.update({ ...repository, issue_number: issue.number, state: "closed", state_reason: "completed" });
    operations.push({ kind: "close", key: issue.key, number: issue.number });
  }
  return operations;
};
