import type { FactCheck } from "./types.ts";

/**
 * A fact's current state is the rule in force today, so its `effective_iso` is today or earlier. A rule that takes
 * effect later is recorded under `scheduled`, where the daily promotion makes it current on its day; published as
 * current before then, it would be served and used by calculators while the old rule still applies.
 */
export const effectiveNotInFuture: FactCheck = ({ doc, fact }, { today }) =>
  fact.effective_iso > today
    ? [
        doc.problemAt(
          ["effective_iso"],
          `effective_iso ${fact.effective_iso} is after today (${today}), so this would publish a rule not yet in force as current; keep the rule in force today here and put the change under "scheduled" with its effective_iso, status, value and citations (CONTRIBUTING.md, "Scheduled changes: announced and enacted"), which promotes it on its day`,
        ),
      ]
    : [];
