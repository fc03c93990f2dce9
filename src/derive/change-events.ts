import { isDeepStrictEqual } from "node:util";
import type { Urls } from "../lib/config.ts";
import { compareText } from "../lib/text.ts";
import { latestRetrieved, revisionFieldsChanged } from "../model/facts.ts";
import type { ChangeEvent, ChangeKind, FactFile } from "../schemas/index.ts";
import type { FactStateChange } from "./fact-history.ts";

/**
 * A scheduled change of `before` that `after` put in effect: it left `scheduled`, and its value and date are now the
 * fact's.
 */
const promotedChange = (before: FactFile, after: FactFile): boolean =>
  (before.scheduled ?? []).some(
    (change) =>
      change.effective_iso === after.effective_iso &&
      isDeepStrictEqual(change.value, after.value) &&
      !(after.scheduled ?? []).some((kept) => isDeepStrictEqual(kept, change)),
  );

/** A scheduled change in `after` that `before` did not have. */
const scheduledAdded = (before: FactFile, after: FactFile): boolean =>
  (after.scheduled ?? []).some((change) => !(before.scheduled ?? []).some((known) => isDeepStrictEqual(known, change)));

/** The versions whose note correction `after` records and `before` did not, or records otherwise (note or reason). */
export const notesCorrected = (before: FactFile | undefined, after: FactFile): number[] =>
  (after.note_corrections ?? [])
    .filter((correction) => !(before?.note_corrections ?? []).some((known) => isDeepStrictEqual(known, correction)))
    .map((correction) => correction.version);

/**
 * The kind of one commit's change to one fact, or undefined when its content did not change (a file moved). The version
 * rules decide the first split, as the check does (revisionChanges in src/model/facts.ts): a change to value, unit or
 * effective date is a revision, and so is a raised version (a revision of the earlier periods or corrected_versions).
 * A commit that does several things is named by the one that matters most to a mirror: a withdrawal, then a revision
 * or promotion, then a corrected note, then a new scheduled change, then a re-verification, then an editorial edit.
 */
export const changeKindOf = (before: FactFile | undefined, after: FactFile): ChangeKind | undefined => {
  if (after.withdrawn_iso !== undefined && before?.withdrawn_iso === undefined) return "withdrawn";
  if (!before) return "added";
  // A revision of the record of the past (an earlier period, corrected_versions) raised the version with no change of
  // the revision fields; a commit that changed the past without raising it (before that was a revision) stays an edit.
  if (revisionFieldsChanged(before, after).length > 0 || after.version > before.version)
    return promotedChange(before, after) ? "promoted" : "revision";
  if (notesCorrected(before, after).length > 0) return "note-corrected";
  if (scheduledAdded(before, after)) return "scheduled";
  if (latestRetrieved(after) !== latestRetrieved(before) || after.expires_iso !== before.expires_iso)
    return "re-verification";
  return isDeepStrictEqual(before, after) ? undefined : "editorial";
};

/**
 * Every change event, newest first: commits in the reverse order of the first-parent history (`changes` is oldest
 * first), and within one commit by fact id. A diff link is given for a revision whose diff is published
 * (`hasDiff`), which every revision from one committed version to the next is.
 */
export const changeEvents = (
  changes: readonly FactStateChange[],
  urls: Urls,
  hasDiff: (id: string, from: number, to: number) => boolean,
  hasPage: (id: string) => boolean,
): ChangeEvent[] => {
  const events: ChangeEvent[] = [];
  const seen = new Set<string>();
  for (let index = changes.length - 1; index >= 0; ) {
    // One commit's changes sit side by side in `changes`: take them together to order them by fact id.
    const sha = changes[index]!.commit.sha;
    const group: FactStateChange[] = [];
    for (; index >= 0 && changes[index]!.commit.sha === sha; index--) group.push(changes[index]!);
    for (const change of group.sort((a, b) => compareText(a.id, b.id))) {
      const kind = changeKindOf(change.before, change.after);
      const id = `${sha}:${change.id}`;
      // Two files of one id in one commit (a fact moved between folders): one event, which the first names.
      if (kind === undefined || seen.has(id)) continue;
      seen.add(id);
      const from = change.before?.version;
      const to = change.after.version;
      const corrected = notesCorrected(change.before, change.after);
      const revised =
        (kind === "revision" || kind === "promoted") && from !== undefined && hasDiff(change.id, from, to);
      events.push({
        id,
        published_at: change.commit.committed_at,
        recorded_iso: change.commit.committed_at.slice(0, 10),
        fact_id: change.id,
        version: to,
        effective_iso: change.after.effective_iso,
        kind,
        commit: sha,
        fact_url: urls.factById(change.id),
        ...(hasPage(change.id) ? { page_url: urls.factPage(change.id) } : {}),
        ...(revised ? { diff_url: urls.diff(change.id, from, to) } : {}),
        ...(corrected.length === 0 ? {} : { notes_corrected: corrected }),
      });
    }
  }
  return events;
};
