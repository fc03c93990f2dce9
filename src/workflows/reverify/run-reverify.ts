import { daysBetween } from "../../lib/dates.ts";
import { announcementsPastDue, factsDue, isWithdrawn, latestRetrieved } from "../../model/index.ts";
import type { SourceFinding } from "../../sources/check-sources.ts";
import { needsAttention } from "../../sources/describe-finding.ts";
import type { FactIssueOptions } from "../github.ts";
import { ensureLabel } from "../github.ts";
import { type AppliedOperation, applyReverifyPlan } from "./apply-reverify-plan.ts";
import { listReverifyIssues } from "./list-reverify-issues.ts";
import { planReverify } from "./plan-reverify.ts";
import { type ReverifyIssue, renderReverifyIssue } from "./render-reverify-issue.ts";

export interface ReverifyOptions extends FactIssueOptions {
  /** What `npm run sources -- check` found for every citation (empty when sources were not checked). */
  findings: readonly SourceFinding[];
}

export interface ReverifyResult {
  applied: AppliedOperation[];
  issues: ReverifyIssue[];
}

/**
 * One re-verification run: the facts expiring within the window or expired, those whose cited source lost its
 * quote or its page, and those whose expected announcement is past due each get exactly one current issue with what the source check found; the issue of a fact that
 * is no longer due is closed.
 */
export const runReverify = async (options: ReverifyOptions): Promise<ReverifyResult> => {
  const byDate = factsDue(options.facts, options.today, options.withinDays);
  const dueIds = new Set(byDate.map((entry) => entry.loaded.fact.id));
  // A quote or page gone makes a fact due at once, whatever its date.
  const drifted = options.facts
    .filter(
      ({ fact }) =>
        !isWithdrawn(fact) && !dueIds.has(fact.id) && options.findings.some((finding) => finding.source.factId === fact.id && needsAttention(finding)),
    )
    .map((loaded) => ({ loaded, daysLeft: daysBetween(options.today, loaded.fact.expires_iso), status: "drift" as const }));
  // So does an expected announcement that is past due: whether it came must be checked where it is published.
  const driftedIds = new Set(drifted.map((entry) => entry.loaded.fact.id));
  const late = announcementsPastDue(options.facts, options.today)
    .filter(({ fact }) => !dueIds.has(fact.id) && !driftedIds.has(fact.id))
    .map((loaded) => ({ loaded, daysLeft: daysBetween(options.today, loaded.fact.expires_iso), status: "announcement-past-due" as const }));
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
  if (plan.some((operation) => operation.kind === "open")) await ensureLabel(options.client, options.repository, options.label);
  const applied = await applyReverifyPlan(options.client, options.repository, options.label, plan);
  return { applied, issues };
};
