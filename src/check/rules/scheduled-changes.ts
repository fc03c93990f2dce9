import type { Problem } from "../../lib/problem.ts";
import { SCHEDULED_CHANGE_KEYS } from "../../schemas/index.ts";
import { firstMisplacedKey } from "./first-misplaced-key.ts";
import type { FactCheck } from "./types.ts";

/**
 * Scheduled changes come after the fact's current `effective_iso`, in date order with one change per date, state
 * the unit when the fact has one (a promotion replaces the unit), and write their keys in one order.
 */
export const scheduledChanges: FactCheck = ({ doc, fact }) => {
  const problems: Problem[] = [];
  let previous: string | undefined;
  (fact.scheduled ?? []).forEach((change, index) => {
    const at = (key: string) => ["scheduled", index, key];
    if (change.effective_iso <= fact.effective_iso) {
      problems.push(
        doc.problemAt(
          at("effective_iso"),
          `a scheduled change takes effect after the fact's effective_iso ${fact.effective_iso}, not on ${change.effective_iso}`,
        ),
      );
    } else if (previous !== undefined && change.effective_iso <= previous) {
      problems.push(
        doc.problemAt(
          at("effective_iso"),
          change.effective_iso === previous
            ? `two scheduled changes take effect on ${previous}; merge them into one`
            : `scheduled changes are listed soonest first: ${change.effective_iso} comes after ${previous}`,
        ),
      );
    }
    previous = change.effective_iso;
    if (fact.unit !== undefined && change.unit === undefined) {
      problems.push(
        doc.problemAt(["scheduled", index], `state the unit of the scheduled value (the fact's is "${fact.unit}"): promotion replaces the fact's unit with it`),
      );
    }
    const misplaced = firstMisplacedKey(Object.keys(change), SCHEDULED_CHANGE_KEYS);
    if (misplaced !== undefined) {
      problems.push(
        doc.problemAt(at(misplaced), `keys of a scheduled change must be in the order ${SCHEDULED_CHANGE_KEYS.join(", ")}; "${misplaced}" is out of place`),
      );
    }
  });
  return problems;
};
