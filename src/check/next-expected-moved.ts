import { isDeepStrictEqual } from "node:util";
import type { Problem } from "../lib/problem.ts";
import type { JsonDocument } from "../model/index.ts";
import type { FactFile } from "../schemas/index.ts";
import { OTHER_RULES } from "./rules/index.ts";

/** What a fact with an expected announcement recorded against the base, in the words of the message. */
const recordedChange = (before: FactFile, after: FactFile): { kind: "announcement" | "same-date"; what: string } | undefined => {
  const baseDates = new Set((before.scheduled ?? []).map((change) => change.effective_iso));
  const added = (after.scheduled ?? []).find((change) => !baseDates.has(change.effective_iso));
  if (added !== undefined) return { kind: "announcement", what: `a new scheduled change taking effect ${added.effective_iso} is recorded` };
  const revised = !isDeepStrictEqual(before.value, after.value) || before.unit !== after.unit || before.effective_iso !== after.effective_iso;
  if (!revised) return undefined;
  // A scheduled change of the base taking effect is not news: the announcement was recorded when the change was added.
  if (baseDates.has(after.effective_iso)) return undefined;
  if (after.effective_iso > before.effective_iso) {
    return { kind: "announcement", what: `a new value effective ${after.effective_iso} is recorded (the base's took effect ${before.effective_iso})` };
  }
  return { kind: "same-date", what: `the value effective ${after.effective_iso} was revised` };
};

/**
 * A fact that declares `next_expected` and records, against the base, a new value for a later date (a revision that
 * moves `effective_iso` forward, or a new scheduled change) while leaving `next_expected` exactly as the base has it:
 * an error, since the awaited announcement has come and every reader would keep awaiting it (past due once `by_iso`
 * passes, beside the new value) instead of the following one. Recording it moves `next_expected` to the following
 * cycle, or removes it, in the same change. A revision that keeps the effective date is most often a correction,
 * which awaits nothing new and has no field to say so: it gets a warning, never failing the check. A base scheduled
 * change that takes effect is not reported: its announcement was recorded when the change was added.
 */
export const nextExpectedMoved = (doc: JsonDocument, before: FactFile, after: FactFile): Problem[] => {
  const expected = after.next_expected;
  if (expected === undefined || before.next_expected === undefined || !isDeepStrictEqual(before.next_expected, expected)) return [];
  const change = recordedChange(before, after);
  if (change === undefined) return [];
  if (change.kind === "announcement") {
    return [
      {
        ...doc.problemAt(
          ["next_expected", "by_iso"],
          `${change.what} but next_expected is unchanged from the base (by ${expected.by_iso}); recording the awaited value moves next_expected to the following cycle (by_iso and what) or removes it, in the same change`,
        ),
        rule: OTHER_RULES.nextExpectedMoved.name,
      },
    ];
  }
  return [
    {
      ...doc.problemAt(
        ["next_expected", "by_iso"],
        `${change.what} and next_expected is unchanged from the base (by ${expected.by_iso}); if this records the awaited announcement, move next_expected to the following cycle or remove it (a correction keeps it)`,
      ),
      rule: OTHER_RULES.nextExpectedReminder.name,
      level: "warning",
    },
  ];
};
