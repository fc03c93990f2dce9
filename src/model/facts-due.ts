import { daysBetween } from "../lib/dates.ts";
import { compareText } from "../lib/text.ts";
import { expectedStatus } from "../schemas/index.ts";
import type { LoadedFact } from "./load-facts.ts";
import { isWithdrawn } from "./withdrawn.ts";

/** A fact whose verification has lapsed or lapses within the window, with where its `expires_iso` is written. */
export interface FactDue {
  loaded: LoadedFact;
  /** Whole days from today to `expires_iso`; negative once it has passed. */
  daysLeft: number;
  /**
   * `drift`: not due by date, but a cited source no longer says what it is cited for (see `npm run sources`).
   * `announcement-past-due`: not due by date, but its next value, normally announced by `next_expected.by_iso`, is
   * past due (see `expectedStatus`): whether it was announced must be checked where it is published.
   */
  status: "expired" | "expiring" | "drift" | "announcement-past-due";
}

/**
 * The facts to re-verify on `today`: past `expires_iso` (expired) or reaching it within `withinDays` (expiring).
 * A fact is still verified on its `expires_iso` day itself; it is expired from the day after.
 * Sorted soonest first, then by id, so reports and issues come out in a stable order. A withdrawn fact is never due.
 */
export const factsDue = (facts: readonly LoadedFact[], today: string, withinDays: number): FactDue[] =>
  facts
    .filter(({ fact }) => !isWithdrawn(fact))
    .map((loaded) => ({ loaded, daysLeft: daysBetween(today, loaded.fact.expires_iso) }))
    .filter(({ daysLeft }) => daysLeft <= withinDays)
    .map(({ loaded, daysLeft }): FactDue => ({ loaded, daysLeft, status: daysLeft < 0 ? "expired" : "expiring" }))
    .sort((a, b) => a.daysLeft - b.daysLeft || compareText(a.loaded.fact.id, b.loaded.fact.id));

/** "expired 3 days ago (2026-01-01)", "expires today (…)", "expires in 12 days (…)". */
export const describeDue = (due: Pick<FactDue, "daysLeft"> & { loaded: { fact: { expires_iso: string } } }): string => {
  const date = due.loaded.fact.expires_iso;
  if (due.daysLeft < 0) return `expired ${-due.daysLeft} day${due.daysLeft === -1 ? "" : "s"} ago (expires_iso ${date})`;
  if (due.daysLeft === 0) return `expires today (expires_iso ${date})`;
  return `expires in ${due.daysLeft} day${due.daysLeft === 1 ? "" : "s"} (expires_iso ${date})`;
};

/** The facts whose expected announcement is past due on `today`, by id: each needs its announcement looked for. */
export const announcementsPastDue = (facts: readonly LoadedFact[], today: string): LoadedFact[] =>
  facts.filter(({ fact }) => !isWithdrawn(fact) && expectedStatus(fact, today) === "past-due").sort((a, b) => compareText(a.fact.id, b.fact.id));
