import type { Problem } from "../lib/problem.ts";
import {
  announcementsDue,
  describeAnnouncementDue,
  describeDue,
  type FactDue,
  factsDue,
  isWithdrawn,
  type LoadedFact,
} from "../model/facts.ts";
import type { ScheduledChange } from "../schemas/index.ts";
import { planPromotions } from "./promote.ts";

/** A freshness problem, located on the fact's `expires_iso` line, that also names the fact. */
export interface FreshnessProblem extends Problem {
  factId: string;
}

export interface FreshnessReport {
  /** One problem per fact past `expires_iso`, located on its `expires_iso` line: these block a deployment. */
  expired: FreshnessProblem[];
  /** Facts still verified that lapse within the warning window: reported, not blocking. */
  expiring: FreshnessProblem[];
  /**
   * Enacted scheduled changes whose day has come but that are still only scheduled: the catalog would publish the
   * old value as current, so these block a deployment like an expired fact (`npm run promote` resolves them).
   */
  unpromoted: FreshnessProblem[];
  /** Announced changes whose day has come, waiting for a person to confirm their enactment: reported, not blocking. */
  unconfirmed: FreshnessProblem[];
  /**
   * Expected announcements due and not recorded (`next_expected.by_iso` is today or past, with no new value recorded),
   * located on their `by_iso` line: reported, not blocking, since the recorded value is still what its sources say;
   * the re-verification workflow opens an issue for each.
   */
  announcementsDue: FreshnessProblem[];
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

/**
 * The freshness gate of the deployment: every fact past `expires_iso` on `today`, and those lapsing within `warnDays`.
 */
export const freshnessReport = (facts: readonly LoadedFact[], today: string, warnDays: number): FreshnessReport => {
  const due = factsDue(facts, today, warnDays);
  const plan = planPromotions(facts, today);
  const byId = new Map(facts.map((loaded) => [loaded.fact.id, loaded]));
  const scheduledProblem = (factId: string, change: ScheduledChange, message: string): FreshnessProblem => {
    const { doc, fact } = byId.get(factId)!;
    return {
      factId,
      ...doc.problemAt(["scheduled", (fact.scheduled ?? []).indexOf(change), "effective_iso"], message),
    };
  };
  return {
    expired: due.filter((entry) => entry.status === "expired").map(problemFor),
    expiring: due.filter((entry) => entry.status === "expiring").map(problemFor),
    unpromoted: plan.promotions.map(({ factId, change }) =>
      scheduledProblem(
        factId,
        change,
        `${factId}: the enacted change of ${change.effective_iso} is in effect but still only scheduled; run npm run promote before deploying`,
      ),
    ),
    unconfirmed: plan.held.map(({ factId, change }) =>
      scheduledProblem(
        factId,
        change,
        `${factId}: the ${change.status} change of ${change.effective_iso} has fallen due; confirm whether it was enacted and record it, or move or drop it`,
      ),
    ),
    announcementsDue: announcementsDue(facts, today).map(({ doc, fact }) => ({
      factId: fact.id,
      ...doc.problemAt(
        ["next_expected", "by_iso"],
        `${fact.id}: the expected announcement (${fact.next_expected!.what}) ${describeAnnouncementDue(fact.next_expected!.by_iso, today)} and is not recorded yet: look for it at ${fact.next_expected!.where.url}, record the new value (a revision or a scheduled change) and move next_expected to the next cycle, or move by_iso if it is late`,
      ),
    })),
    // The facts in force: a withdrawn fact (a tombstone) is never due, so it is not counted among those that could be.
    factCount: facts.filter(({ fact }) => !isWithdrawn(fact)).length,
  };
};

/** Everything that blocks a deployment: facts past expires_iso and enacted changes not yet promoted. */
export const blockingProblems = (report: FreshnessReport): FreshnessProblem[] => [
  ...report.expired,
  ...report.unpromoted,
];

export const summarizeFreshness = (report: FreshnessReport, today: string): string => {
  const notes = [
    ...(report.expiring.length > 0 ? [`${report.expiring.length} expire(s) soon`] : []),
    ...(report.unconfirmed.length > 0
      ? [`${report.unconfirmed.length} announced change(s) fallen due await confirmation`]
      : []),
    ...(report.announcementsDue.length > 0
      ? [`${report.announcementsDue.length} expected announcement(s) due and not recorded`]
      : []),
  ];
  const blocking = [
    ...(report.expired.length > 0
      ? [`${report.expired.length} of ${report.factCount} facts are past expires_iso on ${today}`]
      : []),
    ...(report.unpromoted.length > 0
      ? [`${report.unpromoted.length} enacted change(s) in effect on ${today} are not promoted`]
      : []),
  ];
  return blocking.length === 0
    ? `ok: none of ${report.factCount} facts is past expires_iso on ${today} and every enacted change in effect is promoted${notes.length > 0 ? `; ${notes.join("; ")}` : ""}`
    : blocking.join("; ");
};
