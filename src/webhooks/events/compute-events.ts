import { isDeepStrictEqual } from "node:util";
import { compareText } from "../../lib/text.ts";
import type { FactFile } from "../../schemas/index.ts";
import { type FactUpdatedEvent, WATCHED_FIELDS } from "./fact-updated-event.ts";

const watched = (fact: FactFile): FactUpdatedEvent["current"] => ({
  value: fact.value,
  expires_iso: fact.expires_iso,
  effective_iso: fact.effective_iso,
  ...(fact.withdrawn_iso === undefined
    ? {}
    : { withdrawn: { withdrawn_iso: fact.withdrawn_iso, reason: fact.withdrawn_reason ?? "", superseded_by: fact.superseded_by?.id ?? null } }),
});

/**
 * One `fact.updated` event for every fact present at both revisions whose `value`, `expires_iso` or
 * `effective_iso` differs, matched by id so a fact moved between folders is still one fact, and for every fact
 * withdrawn between them (its file became a tombstone): a `fact.updated` whose `current.withdrawn` says so and whose
 * `diff` has `withdrawn_iso`, so a receiver that knows nothing of withdrawals still sees an update of the fact, with
 * a delivery id of its own. Facts added or removed between the revisions are not updates and yield no event. Sorted
 * by fact id.
 */
export const computeEvents = (before: readonly FactFile[], after: readonly FactFile[]): FactUpdatedEvent[] => {
  const previousById = new Map(before.map((fact) => [fact.id, fact]));
  const events: FactUpdatedEvent[] = [];
  for (const fact of after) {
    const previous = previousById.get(fact.id);
    if (!previous) continue;
    const diff: FactUpdatedEvent["diff"] = {};
    for (const field of WATCHED_FIELDS) {
      if (!isDeepStrictEqual(previous[field], fact[field])) diff[field] = { from: previous[field], to: fact[field] };
    }
    if (previous.withdrawn_iso !== fact.withdrawn_iso) diff.withdrawn_iso = { from: previous.withdrawn_iso ?? null, to: fact.withdrawn_iso ?? null };
    if (Object.keys(diff).length === 0) continue;
    events.push({
      factId: fact.id,
      version: fact.version,
      previousVersion: previous.version,
      current: watched(fact),
      previous: watched(previous),
      diff,
    });
  }
  return events.sort((a, b) => compareText(a.factId, b.factId));
};
