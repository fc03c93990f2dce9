import { glossary } from "../../../model/glossary.ts";
import { type GlossaryEntry, type GlossaryKind, MEASURE_UNITS } from "../../../schemas/index.ts";

export type KeyKind = GlossaryKind;

export interface KeyDescription {
  /** The key's label for people, from the glossary (reference/glossary.json): "Basic grant, most of B.C.". */
  label: string;
  kind: KeyKind;
  /** For a measure: the unit, singular and plural ("day", "days"). */
  unit?: readonly [string, string];
  /** Words for the enumeration members the key's value holds. */
  members?: Readonly<Record<string, string>>;
}

const describeEntry = (entry: GlossaryEntry): KeyDescription => ({
  label: entry.label,
  kind: entry.kind,
  ...(entry.unit === undefined ? {} : { unit: [MEASURE_UNITS[entry.unit], entry.unit] as const }),
  ...(entry.members === undefined ? {} : { members: entry.members }),
});

/**
 * How the value under a key is read: its label, kind and members, as the glossary gives them. No label is made from
 * a key's name: `npm run check` refuses a value key the glossary lacks (the glossary rule), so a key missing here can
 * only come from a value the check has not seen; it is shown as the key itself, in code, for what it is.
 */
export const describeKey = (key: string): KeyDescription => {
  const entry = Object.hasOwn(glossary().keys, key) ? glossary().keys[key] : undefined;
  return entry === undefined ? { label: key, kind: "text" } : describeEntry(entry);
};

/** Whether the glossary has words for `key`, so a page can mark the key it lacks (see describeKey). */
export const hasGlossaryEntry = (key: string): boolean => Object.hasOwn(glossary().keys, key);
