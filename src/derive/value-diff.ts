import { diff, type IChange } from "json-diff-ts";
import { compareText, toJsonPointer } from "../lib/text.ts";
import type { ValueDiff } from "../schemas/index.ts";

type Json = ValueDiff["changed_keys"][number]["to"];

/**
 * The structured difference between two values of a fact, computed with json-diff-ts.
 * Keys are JSON Pointers relative to the value ("" is the value itself), so a key containing a dot stays one key.
 * A key removed and added again in one step (for example null becoming a number) is reported as changed.
 */
export const valueDiff = (before: unknown, after: unknown): ValueDiff => {
  const added = new Map<string, Json>();
  const removed = new Map<string, Json>();
  const changed: ValueDiff["changed_keys"] = [];

  const visit = (changes: IChange[], path: string[]): void => {
    for (const change of changes) {
      const here = [...path, change.key];
      if (change.changes) {
        visit(change.changes, here);
        continue;
      }
      const pointer = toJsonPointer(here.slice(1));
      if (change.type === "ADD") added.set(pointer, change.value as Json);
      else if (change.type === "REMOVE") removed.set(pointer, change.value as Json);
      else changed.push({ pointer, from: change.oldValue as Json, to: change.value as Json });
    }
  };
  visit(diff({ value: before }, { value: after }), []);

  for (const [pointer, to] of added) {
    if (removed.has(pointer)) {
      changed.push({ pointer, from: removed.get(pointer)!, to });
      added.delete(pointer);
      removed.delete(pointer);
    }
  }
  const byPointer = <T extends { pointer: string }>(a: T, b: T): number => compareText(a.pointer, b.pointer);
  return {
    added_keys: [...added].map(([pointer, value]) => ({ pointer, value })).sort(byPointer),
    removed_keys: [...removed].map(([pointer, value]) => ({ pointer, value })).sort(byPointer),
    changed_keys: changed.sort(byPointer),
  };
};
