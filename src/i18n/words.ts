/**
 * A language's words and its way of writing numbers, money and dates, for the pages and the calculators' script alike
 * (nothing here reads a file: the build and the page pass the messages in). Messages are ICU MessageFormat, so a
 * plural or a choice is the translator's to phrase ("{count, plural, one {# fact} other {# facts}}").
 */
import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locales.ts";

/** A message's values: text and numbers, or anything a caller renders itself (a link), and tags (`<link>…</link>`). */
export type MessageValue<T> = string | number | T | ((chunks: (string | T)[]) => T);

export interface Words {
  readonly locale: Locale;
  /** The message `key` with its values, as text. */
  text(key: string, values?: Record<string, string | number>): string;
  /**
   * The message `key` as parts, for a caller that puts markup in it: plain strings (to escape) and the values or tag
   * results it passed (already markup).
   */
  parts<T extends object>(key: string, values: Record<string, MessageValue<T>>): (string | T)[];
  /** A message given in full rather than by key (a translation of the data's words, such as a unit's plural). */
  format(message: string, values?: Record<string, string | number>): string;
  /** Whether the language has the message (a translated page falls back to nothing, never to a raw key). */
  has(key: string): boolean;
  /** "$108,500", "108 500 $"; cents only when there are cents. */
  money(amount: number): string;
  /** 0.023 as "2.3%", "2,3 %": up to four decimals, so 2/3 reads 66.6667%. */
  percent(fraction: number): string;
  number(value: number): string;
  /** "2026-12-05" as "December 5, 2026", "5 décembre 2026", "2026年12月5日". Computed in UTC: the day never shifts. */
  date(iso: string): string;
  /** "2026-12-05" as "Dec 5, 2026", for table cells. */
  shortDate(iso: string): string;
  /** A month, "2026-03", as "March 2026", "mars 2026", "2026年3月". */
  month(isoMonth: string): string;
  /** An instant as its day and its time in UTC: "November 22, 2026, 00:14 UTC". */
  dateTime(iso: string): string;
  /** Items joined as the language joins a list ("a, b and c"). */
  list(items: readonly string[]): string;
}

/** A key the messages lack: a build error, never a page showing the key. */
export class MissingWords extends Error {
  constructor(locale: Locale, key: string) {
    super(`the words of ${locale.code} have no message "${key}"`);
    this.name = "MissingWords";
  }
}

const utcDay = (iso: string): Date => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** The words of `locale` from its messages (key to ICU message). */
export const makeWords = (locale: Locale, messages: Readonly<Record<string, string>>): Words => {
  const tag = locale.tag;
  const compiled = new Map<string, IntlMessageFormat>();
  const adHoc = new Map<string, IntlMessageFormat>();
  const formatOf = (key: string): IntlMessageFormat => {
    const existing = compiled.get(key);
    if (existing !== undefined) return existing;
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) throw new MissingWords(locale, key);
    const format = new IntlMessageFormat(message, tag, undefined, { ignoreTag: false });
    compiled.set(key, format);
    return format;
  };
  const cadWhole = new Intl.NumberFormat(tag, {
    style: "currency",
    currency: "CAD",
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  });
  const cadCents = new Intl.NumberFormat(tag, {
    style: "currency",
    currency: "CAD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 4 });
  const plain = new Intl.NumberFormat(tag, { maximumFractionDigits: 6 });
  const longDate = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" });
  const shortDate = new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  const month = new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" });
  const time = new Intl.DateTimeFormat(tag, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
  const list = new Intl.ListFormat(tag, { style: "long", type: "conjunction" });
  return {
    locale,
    text: (key, values) => String(formatOf(key).format(values)),
    parts: <T extends object>(key: string, values: Record<string, MessageValue<T>>) => {
      const result = formatOf(key).format<T>(values as Record<string, never>);
      return (Array.isArray(result) ? result : [result]).map((part) =>
        typeof part === "string" || typeof part === "object" ? (part as string | T) : String(part),
      );
    },
    format: (message, values) => {
      let format = adHoc.get(message);
      if (format === undefined) {
        format = new IntlMessageFormat(message, tag);
        adHoc.set(message, format);
      }
      return String(format.format(values));
    },
    has: (key) => Object.hasOwn(messages, key),
    money: (amount) => (Number.isInteger(amount) ? cadWhole : cadCents).format(amount === 0 ? 0 : amount),
    percent: (fraction) => percent.format(Number(fraction.toFixed(6))),
    number: (value) => plain.format(value),
    date: (iso) => longDate.format(utcDay(iso)),
    shortDate: (iso) => shortDate.format(utcDay(iso)),
    month: (isoMonth) => month.format(utcDay(`${isoMonth.slice(0, 7)}-01`)),
    dateTime: (iso) => `${longDate.format(new Date(iso))}, ${time.format(new Date(iso))} UTC`,
    list: (items) => list.format(items),
  };
};
