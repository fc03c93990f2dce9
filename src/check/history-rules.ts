import type { FactHistory, FactVersion } from "../derive/fact-history.ts";
import { impactOf } from "../derive/fact-history.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import type { LoadedFact } from "../model/facts.ts";
import { commitName } from "./revision-commits.ts";
import { impactLineProblem, NON_FACT_RULES } from "./rules.ts";

// The rules the build holds the whole history of facts/ to before it publishes anything derived from it: the pull
// request's rules judge a range of commits, and these judge what the first-parent line of the published branch became
// once merged (a merge commit's result, a version's note taken from a merged commit).

/** Where a problem of a fact's history is shown: on the fact's file in the working tree when it has one, else line 1. */
const locate = (loaded: LoadedFact | undefined, file: string, path: (string | number)[], message: string): Problem => {
  if (loaded !== undefined && loaded.doc.file === file) return loaded.doc.problemAt(path, message);
  const pointer = path.length === 0 ? "" : `/${path.join("/")}`;
  return { file, line: 1, column: 1, pointer, message };
};

const NOTE_HINT =
  "a version's public note is the Impact: line of the commit that raised the version, or of the merge commit that brought it (CONTRIBUTING.md, “Revising a fact, or editing it”); a note published wrong is replaced by a note_corrections entry for that version";

/**
 * The note of one committed version, as versionNote publishes it, held to the `Impact:` rule: read only from the
 * commit that raised the version (or the merge commit's own `Impact:` line), it passes the text rule, and every
 * version after the fact's first has one. A version whose note its file corrects (`note_corrections`) is published with that note,
 * which the fact's own rules check.
 */
const versionNoteProblem = (id: string, version: FactVersion, first: boolean): string | undefined => {
  const { introduced } = version;
  if (introduced.corrected_note !== undefined) return undefined;
  const own = impactOf(introduced.message);
  const merged = introduced.note_commit;
  const source = own !== undefined || merged == null ? introduced : merged;
  const impact = own ?? introduced.merged_impact;
  const what = `version ${version.version} of ${id}`;
  if (impact !== undefined) {
    const problem = impactLineProblem(impact);
    if (problem === undefined) return undefined;
    const via = source === introduced ? "" : `, merged by ${commitName(introduced)}`;
    return `${what}: the Impact: line of ${commitName(source)}${via}, its public note, ${problem}; ${NOTE_HINT}`;
  }
  // The commit that added the fact needs no Impact: line: its note then says "First published as version 1.".
  if (first) return undefined;
  if (merged === null)
    return `${what} was brought by ${commitName(introduced)}, a merge commit with no Impact: line of its own, and no commit it merged raised the fact to version ${version.version}, so the version has no public note; ${NOTE_HINT}`;
  if (merged !== undefined)
    return `${what} was raised by ${commitName(merged)}, merged by ${commitName(introduced)}, and neither has an Impact: line, so the version has no public note (no other merged commit's line is read); ${NOTE_HINT}`;
  return `${what} was raised by ${commitName(introduced)}, which has no Impact: line, so the version has no public note; ${NOTE_HINT}`;
};

/**
 * The history of facts/ as the build would publish it, held to the rules that every step of it keeps:
 * - each version's note comes from the commit that raised it (or the merge commit's own `Impact:` line), passes the
 *   `Impact:` rule, and every version after the first has one (`revision-commit`);
 * - a version never goes down, and a withdrawn fact never becomes live again: the project has no revival, a
 *   withdrawn id is never reused (`version-rules`).
 * Each problem names the commit, the fact's file as that commit has it, and the JSON pointer; it is located on the
 * fact's file in the working tree when the path is the same. `facts` are the working tree's facts, for locations.
 */
export const historyProblems = (history: FactHistory, facts: readonly LoadedFact[]): Problem[] => {
  const loadedById = new Map(facts.map((loaded) => [loaded.fact.id, loaded]));
  const notes: Problem[] = [];
  for (const timeline of history.facts.values()) {
    for (const [index, version] of timeline.versions.entries()) {
      const message = versionNoteProblem(timeline.id, version, index === 0);
      if (message !== undefined) notes.push(locate(loadedById.get(timeline.id), version.path, ["version"], message));
    }
  }
  const steps: Problem[] = [];
  for (const change of history.changes) {
    const { before, after, commit, path, id } = change;
    if (before === undefined) continue;
    const loaded = loadedById.get(id);
    if (after.version < before.version)
      steps.push(
        locate(
          loaded,
          path,
          ["version"],
          `${commitName(commit)} takes ${id} in ${path} from version ${before.version} down to ${after.version}, and the history would publish version ${after.version} after version ${before.version}; versions never decrease (a merge commit that kept an older file is a change like any other: merge again keeping the newer file)`,
        ),
      );
    if (before.withdrawn_iso !== undefined && after.withdrawn_iso === undefined)
      steps.push(
        locate(
          loaded,
          path,
          ["withdrawn_iso"],
          `${commitName(commit)} brings ${id} in ${path} back, though it was withdrawn on ${before.withdrawn_iso}; a withdrawn fact stays withdrawn (there is no revival: its id is never reused, publish the rule under a new id)`,
        ),
      );
  }
  return [...byRule(NON_FACT_RULES.revisionCommit.name, notes), ...byRule(NON_FACT_RULES.versionRules.name, steps)];
};
