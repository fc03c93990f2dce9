import type { Problem } from "../../lib/problem.ts";
import { type LoadedFact, seriesOf } from "../../model/facts.ts";

/** A fact with the place of its file, for the problems that name another fact. */
const member = (loaded: LoadedFact) => ({ ...loaded.fact, loaded });

/**
 * A yearly series (the facts that declare the same `series`) answers one fact at a time: its name is no fact's id,
 * no two members take effect on the same day, and each member but the newest hands over to the next with
 * `superseded_by` naming that member and its effective date. Since every member took effect by today (the
 * effective-not-in-future rule), a series that passes has at most one member in force on any day.
 */
export const seriesProblems = (facts: readonly LoadedFact[]): Problem[] => {
  const files = new Map(facts.map(({ doc, fact }) => [fact.id, doc.file]));
  const problems: Problem[] = [];
  for (const series of seriesOf(facts.map(member))) {
    const clash = files.get(series.name);
    for (const { loaded } of clash === undefined ? [] : series.members) {
      problems.push(
        loaded.doc.problemAt(
          ["series"],
          `series "${series.name}" is the id of the fact in ${clash}; a series name must differ from every fact id, since the series endpoint and the clients resolve either name`,
        ),
      );
    }
    for (const [index, next] of series.members.entries()) {
      const older = series.members[index - 1];
      if (older === undefined) continue;
      const { doc, fact } = older.loaded;
      const handover = `{"id": "${next.id}", "effective_iso": "${next.effective_iso}"}`;
      if (older.effective_iso === next.effective_iso) {
        problems.push(
          next.loaded.doc.problemAt(
            ["effective_iso"],
            `${older.id} and ${next.id} of series "${series.name}" both take effect on ${next.effective_iso}; one member is in force at a time, each from its own date`,
          ),
        );
      } else if (fact.superseded_by == null) {
        problems.push(
          doc.problemAt(
            ["superseded_by"],
            `${fact.id} and ${next.id} of series "${series.name}" would both be in force from ${next.effective_iso}; set superseded_by to ${handover} (CONTRIBUTING.md, "Yearly series")`,
          ),
        );
      } else if (fact.superseded_by.id !== next.id) {
        problems.push(
          doc.problemAt(
            ["superseded_by", "id"],
            `superseded_by names ${fact.superseded_by.id ?? "null"}, but the next member of series "${series.name}" is ${next.id} (in ${next.loaded.doc.file}); set superseded_by to ${handover}`,
          ),
        );
      } else if (fact.superseded_by.effective_iso !== next.effective_iso) {
        problems.push(
          doc.problemAt(
            ["superseded_by", "effective_iso"],
            `superseded_by.effective_iso is ${fact.superseded_by.effective_iso}, but ${next.id}, the next member of series "${series.name}", takes effect on ${next.effective_iso}; the handover is on that day, with no gap or overlap`,
          ),
        );
      }
    }
  }
  return problems;
};
