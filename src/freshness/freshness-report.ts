import type { Problem } from "../check/problem.ts";
import type { LoadedFact } from "../check/rules/types.ts";
import { describeDue, factsDue, type FactDue } from "./facts-due.ts";

/** A freshness problem, located on the fact's `expires_iso` line, that also names the fact. */
export interface FreshnessProblem extends Problem {
  factId: string;
}

export interface FreshnessReport {
  /** One problem per fact past `expires_iso`, located on its `expires_iso` line: these block a deployment. */
  expired: FreshnessProblem[];
  /** Facts still verified that lapse within the warning window: reported, not blocking. */
  expiring: FreshnessProblem[];
  factCount: number;
}

const problemFor = (due: FactDue): FreshnessProblem => ({
  factId: due.loaded.fact.id,
  ...due.loaded.doc.problemAt(
    ["expires_iso"],
    due.status === "expired"
      ? `${due.loaded.fact.id} ${describeDue(due)}: re-verify its citations and move retrieved_iso and expires_iso forward before deploying`
      : `${due.loaded.fact.id} ${describeDue(due)}: re-verify it soon`,
  ),
});

/** The freshness gate of the deployment: every fact past `expires_iso` on `today`, and those lapsing within `warnDays`. */
export const freshnessReport = (facts: readonly LoadedFact[], today: string, warnDays: number): FreshnessReport => {
  const due = factsDue(facts, today, warnDays);
  return {
    expired: due.filter((entry) => entry.status === "expired").map(problemFor),
    expiring: due.filter((entry) => entry.status === "expiring").map(problemFor),
    factCount: facts.length,
  };
};

export const summarizeFreshness = (report: FreshnessReport, today: string): string =>
  report.expired.length === 0
    ? `ok: none of ${report.factCount} facts is past expires_iso on ${today}${report.expiring.length > 0 ? `; ${report.expiring.length} expire(s) soon` : ""}`
    : `${report.expired.length} of ${report.factCount} facts are past expires_iso on ${today}`;
