import type { DeliveryRecord } from "./delivery-record.ts";

/**
 * One journal line: the top-level fields of a delivery that a change set (whole values, never increments) and
 * those it removed. A new delivery is a patch of every field. Absolute values make replay idempotent: applying
 * the same lines again, over a snapshot that already holds them, gives the same record.
 */
export interface RecordPatch {
  id: string;
  set: Record<string, unknown>;
  unset?: string[];
}

/**
 * What changed from `before` to `after`. State transitions copy the record with a spread, so a field they did not
 * touch (the event above all, the bulk of a record) is the same object and is left out.
 */
export const diffRecord = (before: DeliveryRecord | undefined, after: DeliveryRecord): RecordPatch => {
  if (!before) return { id: after.id, set: { ...after } };
  const previous = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(next)) if (next[key] !== previous[key] && next[key] !== undefined) set[key] = next[key];
  const unset = Object.keys(previous).filter((key) => previous[key] !== undefined && next[key] === undefined);
  return unset.length > 0 ? { id: after.id, set, unset } : { id: after.id, set };
};

/** `record` (or nothing, for a delivery the patch creates) with the patch applied. Not validated here. */
export const applyPatch = (record: Record<string, unknown> | undefined, patch: RecordPatch): Record<string, unknown> => {
  const next: Record<string, unknown> = { ...record, ...patch.set, id: patch.id };
  for (const key of patch.unset ?? []) delete next[key];
  return next;
};
