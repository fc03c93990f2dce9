/**
 * A fact's value in words, in one language: the glossary's labels (or their translation), numbers, money and dates
 * as the language writes them. English is the glossary's own words; a translation falls back to them, marked, for a
 * key it lacks (the words rule of `npm run check` reports the gap; a page never shows a key's name for a label).
 */

import type { Words } from "../i18n/words.ts";
import { ENGLISH_UNIT_MESSAGES, type TranslationWords } from "../i18n/words-files.ts";
import { isIsoDate } from "../lib/format.ts";
import { glossary } from "../model/reference.ts";
import type { Bracket, GlossaryEntry, GlossaryKind } from "../schemas/index.ts";

export interface KeyDescription {
  /** The key's label for people, from the glossary (reference/glossary.json): "Basic grant, most of B.C.". */
  label: string;
  kind: GlossaryKind;
  /** For a measure: its unit, as the glossary names it ("days"). */
  unit?: string;
  /** Words for the enumeration members the key's value holds. */
  members?: Readonly<Record<string, string>>;
  /** For a list of numbers: what each number is. */
  items?: GlossaryEntry["items"];
}

export const isBracketArray = (value: unknown): value is Bracket[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => item !== null && typeof item === "object" && "rate" in item && "upper" in item);

export interface ValueWords {
  readonly words: Words;
  describeKey(key: string): KeyDescription;
  formatNumberFor(key: string, value: number): string;
  formatTextFor(key: string, value: string): string;
  nullWords(key: string): string;
  formatNumberWithUnit(value: number, unit: string | undefined): string;
  describeBrackets(brackets: readonly Bracket[]): string;
  describeValue(value: unknown, unit?: string, fields?: number): string;
  summarizeValue(value: unknown, unit?: string, keys?: readonly string[]): string;
}

/** The value describer of one language: `data` holds a translation's words for the glossary and units. */
export const valueWords = (words: Words, data?: Pick<TranslationWords, "glossary" | "units">): ValueWords => {
  const entryOf = (key: string): GlossaryEntry | undefined =>
    Object.hasOwn(glossary().keys, key) ? glossary().keys[key] : undefined;

  const describeKey = (key: string): KeyDescription => {
    const entry = entryOf(key);
    // No label is made from a key's name: the glossary rule refuses a value key the glossary lacks, so a key missing
    // here can only come from a value the check has not seen; it is shown as the key itself, for what it is.
    if (entry === undefined) return { label: key, kind: "text" };
    const translated = data?.glossary[key];
    const members =
      entry.members === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(entry.members).map(([member, text]) => [
              member,
              translated?.members?.[member]?.text ?? text,
            ]),
          );
    return {
      label: translated?.label.text ?? entry.label,
      kind: entry.kind,
      ...(entry.unit === undefined ? {} : { unit: entry.unit }),
      ...(members === undefined ? {} : { members }),
      ...(entry.items === undefined ? {} : { items: entry.items }),
    };
  };

  const measure = (unit: string, value: number): string => {
    const message = data?.units[unit]?.text ?? ENGLISH_UNIT_MESSAGES[unit];
    return message === undefined ? `${words.number(value)} ${unit}` : words.format(message, { count: value });
  };

  const formatNumberFor = (key: string, value: number): string => {
    const { kind: keyKind, unit, items } = describeKey(key);
    // A number inside a list is read by the kind of the list's items ("year" for taxed calendar years).
    const kind = keyKind === "list" && items !== undefined ? items : keyKind;
    if (kind === "money") return words.money(value);
    if (kind === "rate") return words.percent(value);
    if (kind === "year") return String(value);
    if (kind === "measure" && unit !== undefined) return measure(unit, value);
    return words.number(value);
  };

  const formatTextFor = (key: string, value: string): string => {
    const { members } = describeKey(key);
    if (members !== undefined && Object.hasOwn(members, value)) return members[value]!;
    if (isIsoDate(value)) return words.date(value);
    return value;
  };

  const nullWords = (key: string): string => {
    const entry = entryOf(key);
    if (entry?.null_means === undefined) return words.text("value.not-stated");
    return data?.glossary[key]?.null_means?.text ?? entry.null_means;
  };

  const formatNumberWithUnit = (value: number, unit: string | undefined): string => {
    if (unit !== undefined && /^fraction/.test(unit)) return words.percent(value);
    if (unit === "CAD") return words.money(value);
    return words.number(value);
  };

  const describeBrackets = (brackets: readonly Bracket[]): string =>
    brackets
      .map((bracket, index) => {
        const lower = brackets[index - 1]?.upper;
        return bracket.upper === null
          ? words.text("value.bracket-above", { rate: words.percent(bracket.rate), amount: words.money(lower ?? 0) })
          : words.text("value.bracket-up-to", {
              rate: words.percent(bracket.rate),
              amount: words.money(bracket.upper),
            });
      })
      .join(words.text("value.separator"));

  const describeScalar = (key: string, value: unknown): string => {
    if (value === null) return nullWords(key);
    if (typeof value === "number") return formatNumberFor(key, value);
    if (typeof value === "boolean") return value ? words.text("value.yes") : words.text("value.no");
    if (typeof value === "string") return formatTextFor(key, value);
    return "";
  };

  const labelled = (label: string, text: string): string => words.text("value.labelled", { label, text });

  const describeItem = (key: string, item: unknown): string => {
    if (item === null || typeof item !== "object") return describeScalar(key, item);
    if (Array.isArray(item)) return item.map((inner) => describeItem(key, inner)).join(", ");
    return Object.entries(item as Record<string, unknown>)
      .map(([field, value]) => labelled(describeKey(field).label, describeItem(field, value)))
      .join(", ");
  };

  const describeField = (key: string, value: unknown): string => {
    const { label } = describeKey(key);
    if (isBracketArray(value)) return labelled(label, describeBrackets(value));
    if (Array.isArray(value))
      return labelled(label, value.map((item) => describeItem(key, item)).join(words.text("value.separator")));
    if (value !== null && typeof value === "object") return labelled(label, describeItem(key, value));
    return labelled(label, describeScalar(key, value));
  };

  const describeValue = (value: unknown, unit?: string, fields = 6): string => {
    if (isBracketArray(value)) return describeBrackets(value);
    if (typeof value === "number") return formatNumberWithUnit(value, unit);
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return value.map((item) => describeItem("", item)).join(words.text("value.separator"));
    return Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => typeof item !== "object" || item === null)
      .slice(0, fields)
      .map(([key, item]) => describeField(key, item))
      .join(words.text("value.separator"));
  };

  const summarizeValue = (value: unknown, unit?: string, keys?: readonly string[]): string => {
    if (keys !== undefined && value !== null && typeof value === "object" && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const parts = keys.filter((key) => Object.hasOwn(record, key)).map((key) => describeField(key, record[key]));
      if (parts.length > 0) return parts.join(words.text("value.separator"));
    }
    return describeValue(value, unit, 4);
  };

  return {
    words,
    describeKey,
    formatNumberFor,
    formatTextFor,
    nullWords,
    formatNumberWithUnit,
    describeBrackets,
    describeValue,
    summarizeValue,
  };
};
