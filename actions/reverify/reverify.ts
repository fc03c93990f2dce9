/**
 * Re-verification issues: which facts are due (expiring, a source gone, an announcement past due), the plan of issues
 * to open, update or close against those the repository has, and applying it through the API.
 */
import { daysBetween } from "../../src/lib/dates.ts";
import { announcementsDue, factsDue, isWithdrawn, latestRetrieved } from "../../src/model/facts.ts";
import type { SourceFinding } from "../../src/source-check/check-sources.ts";
import { needsAttention } from "../../src/source-check/check-sources.ts";
import {
  ensureLabel,
  type FactIssueOptions,
  type GitHubClient,
  type RepositoryRef,
} from "../../src/workflows/github.ts";
import { type ReverifyIssue, renderReverifyIssue } from "./render-reverify-issue.ts";

const MARKER = /<!-- facts-reverify:([a-z0-9_.]+) -->/;

/** The fact id an issue body is about, or undefined when it carries no marker. */
export const factIdOfIssueBody = (body: string | null | undefined): string | undefined => MARKER.exec(body ?? "")?.[1];

/** A re-verification issue as it stands on GitHub. */
export interface ExistingIssue {
  number: number;
  state: "open" | "closed";
  title: string;
  body: string;
  factId: string;
}

/** A fact that is not due, with what the closing comment reports. */
export interface VerifiedFact {
  factId: string;
  expiresIso: string;
  retrievedIso: string;
}

export type ReverifyOperation =
  | { kind: "open"; issue: ReverifyIssue }
  | { kind: "update"; number: number; reopen: boolean; issue: ReverifyIssue }
  | { kind: "unchanged"; number: number; issue: ReverifyIssue }
  | { kind: "close"; number: number; factId: string; comment: string };

/** Of several issues carrying one fact's marker, the one to keep using: an open one, else the latest closed one. */
const pickIssue = (issues: readonly ExistingIssue[]): ExistingIssue | undefined =>
  [...issues].sort((a, b) =>
    a.state === b.state
      ? a.state === "open"
        ? a.number - b.number
        : b.number - a.number
      : a.state === "open"
        ? -1
        : 1,
  )[0];

/**
 * What to do so that GitHub shows exactly one issue per due fact, current, and none open for a re-verified fact:
 * open an issue for a due fact that never had one; otherwise edit its issue in place (reopening it when a later cycle
 * comes due), or leave it when nothing changed; close the open issue of a fact that is no longer due, with a comment.
 * Issues whose marker names no known fact are left alone.
 */
export const planReverify = (
  due: readonly ReverifyIssue[],
  verified: readonly VerifiedFact[],
  existing: readonly ExistingIssue[],
  withinDays: number,
): ReverifyOperation[] => {
  const byFact = new Map<string, ExistingIssue[]>();
  for (const issue of existing) byFact.set(issue.factId, [...(byFact.get(issue.factId) ?? []), issue]);
  const operations: ReverifyOperation[] = [];
  for (const issue of due) {
    const current = pickIssue(byFact.get(issue.factId) ?? []);
    if (!current) operations.push({ kind: "open", issue });
    else if (current.state === "open" && current.title === issue.title && current.body === issue.body)
      operations.push({ kind: "unchanged", number: current.number, issue });
    else operations.push({ kind: "update", number: current.number, reopen: current.state === "closed", issue });
  }
  for (const fact of verified) {
    for (const issue of byFact.get(fact.factId) ?? []) {
      if (issue.state !== "open") continue;
      operations.push({
        kind: "close",
        number: issue.number,
        factId: fact.factId,
        comment: `Re-verified: \`${fact.factId}\` was last checked on ${fact.retrievedIso} and its verification now lapses on ${fact.expiresIso}, more than ${withinDays} days ahead. Closing; a new cycle reopens this issue.`,
      });
    }
  }
  return operations;
};

/**
 * Every issue, open or closed, with the label and a fact marker (pull requests, which the issues API also lists, are
 * left out).
 */
export const listReverifyIssues = async (
  client: GitHubClient,
  repository: RepositoryRef,
  label: string,
): Promise<ExistingIssue[]> => {
  const issues = await client.paginate(client.rest.issues.listForRepo, {
    ...repository,
    labels: label,
    state: "all",
    per_page: 100,
  });
  return issues.flatMap((issue): ExistingIssue[] => {
    const factId = factIdOfIssueBody(issue.body);
    if (issue.pull_request || factId === undefined) return [];
    return [
      {
        number: issue.number,
        state: issue.state === "closed" ? "closed" : "open",
        title: issue.title,
        body: issue.body ?? "",
        factId,
      },
    ];
  });
};

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
        const { data } = await client.rest.issues.create({
          ...repository,
          title: operation.issue.title,
          body: operation.issue.body,
          labels: [label],
        });
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
        applied.push({
          kind: "unchanged",
          factId: operation.issue.factId,
          number: operation.number,
          url: issueUrl(operation.number),
        });
        break;
      case "close": {
        await client.rest.issues.createComment({
          ...repository,
          issue_number: operation.number,
          body: operation.comment,
        });
        const { data } = await client.rest.issues.update({
          ...repository,
          issue_number: operation.number,
          state: "closed",
          state_reason: "completed",
        });
        applied.push({ kind: "close", factId: operation.factId, number: data.number, url: data.html_url });
        break;
      }
    }
  }
  return applied;
};

export interface ReverifyOptions extends FactIssueOptions {
  /** What `npm run sources -- check` found for every citation (empty when sources were not checked). */
  findings: readonly SourceFinding[];
}

export interface ReverifyResult {
  applied: AppliedOperation[];
  issues: ReverifyIssue[];
}

/**
 * One re-verification run: the facts expiring within the window or expired, those whose cited source lost its quote or
 * its page, and those whose expected announcement is due and not recorded each get exactly one current issue with what the source
 * check found; the issue of a fact that is no longer due is closed.
 */
export const runReverify = async (options: ReverifyOptions): Promise<ReverifyResult> => {
  const byDate = factsDue(options.facts, options.today, options.withinDays);
  const dueIds = new Set(byDate.map((entry) => entry.loaded.fact.id));
  // A quote or page gone makes a fact due at once, whatever its date.
  const drifted = options.facts
    .filter(
      ({ fact }) =>
        !isWithdrawn(fact) &&
        !dueIds.has(fact.id) &&
        options.findings.some((finding) => finding.source.factId === fact.id && needsAttention(finding)),
    )
    .map((loaded) => ({
      loaded,
      daysLeft: daysBetween(options.today, loaded.fact.expires_iso),
      status: "drift" as const,
    }));
  // So does an expected announcement due (from its by_iso day) and not recorded: whether it came must be checked where
  // it is published.
  const driftedIds = new Set(drifted.map((entry) => entry.loaded.fact.id));
  const late = announcementsDue(options.facts, options.today)
    .filter(({ fact }) => !dueIds.has(fact.id) && !driftedIds.has(fact.id))
    .map((loaded) => ({
      loaded,
      daysLeft: daysBetween(options.today, loaded.fact.expires_iso),
      status: "announcement-due" as const,
    }));
  const due = [...byDate, ...drifted, ...late];
  const issues = due.map((entry) =>
    renderReverifyIssue(
      entry,
      options.findings.filter((finding) => finding.source.factId === entry.loaded.fact.id),
      options.today,
      options.withinDays,
      options.organisationName,
    ),
  );
  const dueAll = new Set(due.map((entry) => entry.loaded.fact.id));
  const verified = options.facts
    .filter(({ fact }) => !dueAll.has(fact.id))
    .map(({ fact }) => ({ factId: fact.id, expiresIso: fact.expires_iso, retrievedIso: latestRetrieved(fact) }));
  const existing = await listReverifyIssues(options.client, options.repository, options.label);
  const plan = planReverify(issues, verified, existing, options.withinDays);
  if (plan.some((operation) => operation.kind === "open"))
    await ensureLabel(options.client, options.repository, options.label);
  const applied = await applyReverifyPlan(options.client, options.repository, options.label, plan);
  return { applied, issues };
};
