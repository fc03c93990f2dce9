import { latestRetrieved } from "../../check/rules/cadence.ts";
import type { LoadedFact } from "../../check/rules/types.ts";
import { factsDue } from "../../freshness/facts-due.ts";
import { checkLinks, type CheckLink, type LinkCheck } from "../../links/check-link.ts";
import type { GitHubClient } from "../create-github-client.ts";
import type { RepositoryRef } from "../repository-from-environment.ts";
import { applyReverifyPlan, type AppliedOperation } from "./apply-reverify-plan.ts";
import { ensureLabel } from "./ensure-label.ts";
import { listReverifyIssues } from "./list-reverify-issues.ts";
import { planReverify } from "./plan-reverify.ts";
import { renderReverifyIssue, type ReverifyIssue } from "./render-reverify-issue.ts";

export interface ReverifyOptions {
  facts: readonly LoadedFact[];
  today: string;
  withinDays: number;
  label: string;
  client: GitHubClient;
  repository: RepositoryRef;
  checkLink: CheckLink;
}

export interface ReverifyResult {
  applied: AppliedOperation[];
  issues: ReverifyIssue[];
  links: Map<string, LinkCheck>;
}

/**
 * One re-verification run: find the facts expiring within the window or expired, check every citation address of
 * those facts, then open, update, reopen or close their issues so that each due fact has exactly one current issue.
 */
export const runReverify = async (options: ReverifyOptions): Promise<ReverifyResult> => {
  const due = factsDue(options.facts, options.today, options.withinDays);
  const dueIds = new Set(due.map((entry) => entry.loaded.fact.id));
  const links = await checkLinks(due.flatMap((entry) => entry.loaded.fact.citations.map((citation) => citation.url)), options.checkLink);
  const issues = due.map((entry) => renderReverifyIssue(entry, links, options.today, options.withinDays));
  const verified = options.facts
    .filter(({ fact }) => !dueIds.has(fact.id))
    .map(({ fact }) => ({ factId: fact.id, expiresIso: fact.expires_iso, retrievedIso: latestRetrieved(fact) }));
  const existing = await listReverifyIssues(options.client, options.repository, options.label);
  const plan = planReverify(issues, verified, existing, options.withinDays);
  if (plan.some((operation) => operation.kind === "open")) await ensureLabel(options.client, options.repository, options.label);
  const applied = await applyReverifyPlan(options.client, options.repository, options.label, plan);
  return { applied, issues, links };
};
