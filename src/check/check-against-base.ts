import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { Problem } from "../lib/problem.ts";
import { cadenceTagsOf, factsAtRevision, type LoadedFact, latestRetrieved, revisionFieldsChanged } from "../model/index.ts";
import { FactFile } from "../schemas/index.ts";
import { nextExpectedMoved } from "./next-expected-moved.ts";
import { OTHER_RULES } from "./rules/index.ts";
import { staleNumbers } from "./stale-numbers.ts";

/** What the version rules read from a base fact file. */
const BaseFact = z.looseObject({
  id: z.string(),
  version: z.int().min(1),
  effective_iso: z.string(),
  expires_iso: z.string(),
  citations: z.array(z.looseObject({ retrieved_iso: z.string() })),
  tags: z.array(z.string()).optional(),
});

/**
 * The facts at the base revision that the version rules (and `npm run fix`) compare with. A base file may break a
 * rule added since it was committed (a longer note, say): it is still the same fact, so it is compared with as long
 * as its identity and versioned fields have their shape.
 */
export const readBaseFacts = async (root: string, baseRevision: string): Promise<{ path: string; fact: FactFile }[]> =>
  (await factsAtRevision(root, baseRevision)).flatMap((file) => {
    const parsed = FactFile.safeParse(file.json);
    if (parsed.success) return [{ path: file.path, fact: parsed.data }];
    return BaseFact.safeParse(file.json).success ? [{ path: file.path, fact: file.json as FactFile }] : [];
  });

/**
 * The pull-request rules, against the base revision: a revision raises `version` by exactly 1, anything else keeps
 * it, versions never go down, a fact is never deleted (it is withdrawn: its file stays as a tombstone, which never
 * becomes a live fact again) or given another id, and a re-verification moves
 * `retrieved_iso` forward with `expires_iso`. A revision's description and quotes are read for numbers of the old
 * value left behind: those come back as warnings of the stale-number rule (`level: "warning"`). A fact awaiting an
 * announcement (`next_expected`) that records a new value moves its expectation on (see nextExpectedMoved).
 */
export const checkAgainstBase = async (root: string, baseRevision: string, head: readonly LoadedFact[], headFiles: readonly string[]): Promise<Problem[]> => {
  const base = await readBaseFacts(root, baseRevision);
  const headById = new Map(head.map((loaded) => [loaded.fact.id, loaded]));
  const headByPath = new Map(head.map((loaded) => [loaded.doc.file, loaded]));
  const baseById = new Map(base.map((entry) => [entry.fact.id, entry]));
  const problems: Problem[] = [];

  for (const { path, fact: before } of base) {
    if (headById.has(before.id)) continue;
    const successor = headByPath.get(path);
    if (successor) {
      problems.push(
        successor.doc.problemAt(
          ["id"],
          `fact "${before.id}" was renamed to "${successor.fact.id}"; ids never change: keep "${before.id}" and set superseded_by on it if the rule was replaced`,
        ),
      );
    } else if (!headFiles.includes(path)) {
      problems.push({
        file: path,
        line: 1,
        column: 1,
        pointer: "",
        message: `fact "${before.id}" (v${before.version} on ${baseRevision}) was deleted; facts are never deleted: keep the file as a tombstone with withdrawn_iso and withdrawn_reason (and superseded_by where a fact replaces it)`,
      });
    }
  }

  for (const { doc, fact: after } of head) {
    const previous = baseById.get(after.id);
    if (!previous) {
      if (after.version !== 1) problems.push(doc.problemAt(["version"], `a new fact starts at version 1, not ${after.version}`));
      continue;
    }
    const before = previous.fact;
    if (before.withdrawn_iso !== undefined && after.withdrawn_iso === undefined) {
      problems.push(
        doc.problemAt(
          ["id"],
          `fact "${after.id}" was withdrawn on ${before.withdrawn_iso}; a withdrawn fact stays withdrawn and its id is never reused: publish the rule under a new id`,
        ),
      );
    }
    const changed = revisionFieldsChanged(before, after);
    if (changed.length > 0) {
      problems.push(...staleNumbers(doc, before, after).map((problem) => ({ ...problem, rule: OTHER_RULES.staleNumber.name })));
    }
    problems.push(...nextExpectedMoved(doc, before, after));
    if (after.version < before.version) {
      problems.push(doc.problemAt(["version"], `version went down from ${before.version} to ${after.version}; versions never decrease`));
    } else if (changed.length > 0 && after.version !== before.version + 1) {
      problems.push(
        doc.problemAt(
          ["version"],
          `${changed.join(", ")} changed, so this is a revision: version must be ${before.version + 1} (base has ${before.version}), not ${after.version}`,
        ),
      );
    } else if (changed.length === 0 && after.version !== before.version) {
      problems.push(
        doc.problemAt(
          ["version"],
          `version changed from ${before.version} to ${after.version} but value, unit and effective_iso did not; a re-verification or editorial edit keeps version ${before.version}`,
        ),
      );
    }
    const retrievedBefore = latestRetrieved(before);
    const retrievedAfter = latestRetrieved(after);
    if (retrievedAfter < retrievedBefore) {
      problems.push(
        doc.problemAt(
          ["citations"],
          `the latest retrieved_iso moved back from ${retrievedBefore} to ${retrievedAfter}; a re-verification only moves it forward`,
        ),
      );
    }
    const sameCadence = isDeepStrictEqual(cadenceTagsOf(before), cadenceTagsOf(after));
    if (after.expires_iso !== before.expires_iso && retrievedAfter === retrievedBefore && sameCadence) {
      problems.push(
        doc.problemAt(
          ["expires_iso"],
          `expires_iso changed from ${before.expires_iso} to ${after.expires_iso} without a re-verification; set retrieved_iso of the citations you checked to the day you checked them`,
        ),
      );
    }
  }
  return problems;
};
