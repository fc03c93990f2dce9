import { isDeepStrictEqual } from "node:util";
import { valueDiff } from "../../derive/value-diff.ts";
import { compareText } from "../../lib/text.ts";
import { latestRetrieved, revisionFieldsChanged } from "../../model/index.ts";
import { FACT_FILE_KEYS, type FactFile } from "../../schemas/index.ts";
import type { ChangeKind, FactChange } from "./pr-changes-report.ts";

/** A fact file on one side of the pull request. */
export interface FactOnSide {
  file: string;
  fact: FactFile;
}

const changedFields = (before: FactFile, after: FactFile): string[] => FACT_FILE_KEYS.filter((key) => !isDeepStrictEqual(before[key], after[key]));

const kindOf = (before: FactFile, after: FactFile): ChangeKind | undefined => {
  if (revisionFieldsChanged(before, after).length > 0) return "revision";
  if (latestRetrieved(after) !== latestRetrieved(before) || after.expires_iso !== before.expires_iso) return "re-verification";
  return changedFields(before, after).length > 0 ? "editorial" : undefined;
};

const pair = <T>(from: T | undefined, to: T | undefined): { from?: T; to?: T } => ({
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
});

const describe = (kind: ChangeKind, file: string, before: FactFile | undefined, after: FactFile | undefined): FactChange => {
  const current = (after ?? before)!;
  const rule = kind === "revision" || kind === "added" || kind === "deleted";
  return {
    id: current.id,
    kind,
    file,
    label: current.label,
    version: pair(before?.version, after?.version),
    value: rule ? pair(before?.value, after?.value) : {},
    unit: pair(before?.unit, after?.unit),
    effective_iso: pair(before?.effective_iso, after?.effective_iso),
    expires_iso: pair(before?.expires_iso, after?.expires_iso),
    retrieved_iso: pair(before && latestRetrieved(before), after && latestRetrieved(after)),
    ...(kind === "revision" && before && after ? { value_diff: valueDiff(before.value, after.value) } : {}),
    changed_fields: before && after ? changedFields(before, after) : [],
  };
};

/** Rule changes first, then re-verifications, then editorial edits: the order a reviewer reads them in. */
const KIND_ORDER: Record<ChangeKind, number> = { revision: 0, added: 1, deleted: 2, "re-verification": 3, editorial: 4 };

/**
 * Per fact id, what the pull request changes between the base and the head, by kind and then by file.
 * Facts whose content is identical on both sides are left out.
 */
export const computeFactChanges = (base: readonly FactOnSide[], head: readonly FactOnSide[]): FactChange[] => {
  const baseById = new Map(base.map((side) => [side.fact.id, side]));
  const headIds = new Set(head.map((side) => side.fact.id));
  const changes: FactChange[] = [];
  for (const { file, fact: after } of head) {
    const before = baseById.get(after.id)?.fact;
    if (!before) {
      changes.push(describe("added", file, undefined, after));
      continue;
    }
    const kind = kindOf(before, after);
    if (kind) changes.push(describe(kind, file, before, after));
  }
  for (const { file, fact: before } of base) {
    if (!headIds.has(before.id)) changes.push(describe("deleted", file, before, undefined));
  }
  return changes.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareText(a.file, b.file));
};
