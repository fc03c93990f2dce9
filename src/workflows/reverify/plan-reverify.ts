import type { ReverifyIssue } from "./render-reverify-issue.ts";

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
  [...issues].sort((a, b) => (a.state === b.state ? (a.state === "open" ? a.number - b.number : b.number - a.number) : a.state === "open" ? -1 : 1))[0];

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
