import type { Problem } from "../../lib/problem.ts";
import type { FactCheck } from "./types.ts";

/**
 * A tombstone states when and why the fact was withdrawn, both or neither: a date without a reason tells a reader
 * nothing, a reason without a date does not withdraw. The withdrawal has happened (not in the future), and a withdrawn
 * fact has nothing to come: no scheduled change (the promote workflow would revive it) and no expected announcement.
 */
export const withdrawn: FactCheck = ({ doc, fact }, { today }) => {
  const problems: Problem[] = [];
  if (fact.withdrawn_iso === undefined) {
    if (fact.withdrawn_reason !== undefined)
      problems.push(doc.problemAt(["withdrawn_reason"], "withdrawn_reason without withdrawn_iso: a withdrawn fact states both"));
    return problems;
  }
  if (fact.withdrawn_reason === undefined)
    problems.push(doc.problemAt(["withdrawn_iso"], "withdrawn_iso without withdrawn_reason: say why the fact was withdrawn"));
  if (fact.withdrawn_iso > today) problems.push(doc.problemAt(["withdrawn_iso"], `withdrawn_iso ${fact.withdrawn_iso} is in the future (today is ${today})`));
  if (fact.scheduled !== undefined) problems.push(doc.problemAt(["scheduled"], "a withdrawn fact has no scheduled changes: remove them"));
  if (fact.next_expected !== undefined) problems.push(doc.problemAt(["next_expected"], "a withdrawn fact expects no next value: remove next_expected"));
  return problems;
};
