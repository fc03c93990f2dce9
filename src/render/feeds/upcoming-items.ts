import { SERVICE, type Urls } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { compareText } from "../../lib/text.ts";
import type { Fact, ScheduledChange, UpcomingItem } from "../../schemas/index.ts";
import { describeExpected, type ExpectedStatus, expectedStatus, type NextExpected } from "../../schemas/index.ts";
import { describeValue } from "../describe-value.ts";

/** How far ahead the upcoming list, calendar and feed look. */
export const UPCOMING_WINDOW_DAYS = 365;

/** Stable identifiers: the same event keeps its id in every build, whatever the base URL. */
export const scheduledUid = (factId: string, effectiveIso: string): string => `${factId}.scheduled.${effectiveIso}@${SERVICE.idAuthority}`;
/** One per fact: re-verifying moves the same calendar event to the new date rather than adding another. */
export const lapseUid = (factId: string): string => `${factId}.verification-lapse@${SERVICE.idAuthority}`;

/** One per version: a revision is published once, and keeps its event however often the fact is re-verified. */
export const revisionUid = (factId: string, version: number): string => `${factId}.revision.v${version}@${SERVICE.idAuthority}`;

/** One per fact and cycle: moving `by_iso` to the next year's date is a new event. */
export const expectedUid = (factId: string, byIso: string): string => `${factId}.expected.${byIso}@${SERVICE.idAuthority}`;

/** "Rent cap label: The 2027 rent cap … (BC Residential Tenancy Branch): not yet announced; past due since 2026-09-30". */
export const expectedSummary = (fact: Pick<Fact, "label">, expected: NextExpected, status: ExpectedStatus): string =>
  `${fact.label}: ${expected.what} (${expected.where.org}): ${describeExpected(expected, status)}`;

export const scheduledSummary = (fact: Pick<Fact, "label">, change: ScheduledChange): string =>
  `${fact.label}: ${change.note} (${change.status}; new value ${describeValue(change.value, change.unit)})`;

/**
 * Everything dated up to `windowDays` after `today`, soonest first: each scheduled change (a due one not yet
 * promoted, such as an announced change awaiting confirmation, stays listed until it is dealt with), each expected
 * announcement (a past-due one stays listed too; one whose value has arrived is dropped) and each fact's
 * verification lapse. Ties are ordered by fact id, then kind.
 */
export const upcomingItems = (facts: readonly Fact[], urls: Urls, today: string, windowDays = UPCOMING_WINDOW_DAYS): UpcomingItem[] => {
  const until = addDays(today, windowDays);
  const items: UpcomingItem[] = [];
  for (const fact of facts) {
    const common = { fact_id: fact.id, label: fact.label, domain: fact.domain, fact_url: urls.factById(fact.id), current_version: fact.version };
    for (const change of fact.scheduled ?? []) {
      if (change.effective_iso > until) continue;
      items.push({
        uid: scheduledUid(fact.id, change.effective_iso),
        date: change.effective_iso,
        kind: "scheduled-change",
        ...common,
        summary: scheduledSummary(fact, change),
        status: change.status,
        note: change.note,
        value: change.value,
        ...(change.unit === undefined ? {} : { unit: change.unit }),
        citations: change.citations,
      });
    }
    const expected = fact.next_expected;
    const status = expectedStatus(fact, today);
    if (expected !== undefined && (status === "past-due" || (status === "expected" && expected.by_iso <= until))) {
      items.push({
        uid: expectedUid(fact.id, expected.by_iso),
        date: expected.by_iso,
        kind: "expected-announcement",
        ...common,
        summary: expectedSummary(fact, expected, status),
        expected,
        past_due: status === "past-due",
      });
    }
    if (fact.expires_iso >= today && fact.expires_iso <= until) {
      items.push({
        uid: lapseUid(fact.id),
        date: fact.expires_iso,
        kind: "verification-lapse",
        ...common,
        summary: `${fact.label}: verification of version ${fact.version} lapses; re-verify its sources by this date`,
      });
    }
  }
  return items.sort((a, b) => compareText(a.date, b.date) || compareText(a.fact_id, b.fact_id) || compareText(a.kind, b.kind));
};
