import type { Problem } from "../lib/problem.ts";
import type { JsonDocument } from "../model/index.ts";
import type { FactFile } from "../schemas/index.ts";

/** A number as prose writes it: "35", "$1,000", "2.3%", "0.25 per cent", "$2.075 million". */
export interface ProseNumber {
  /** The text as written, for the message. */
  text: string;
  /** The number read from it, multiplier applied ("$2.075 million" is 2075000); a percent is not divided. */
  amount: number;
  percent: boolean;
  /** Introduced as the earlier figure of a change ("up from $35", "was 3%"). */
  earlier: boolean;
}

const MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
/** A day after or before a month's name: "January 1", "31 July". */
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTHS})\\.?\\s*$`, "i");
const MONTH_AFTER = new RegExp(`^\\s*(?:${MONTHS})\\b`, "i");

/** Words before a number that make it a reference (a section, a regulation, a form, a bill), not a quantity. */
const REFERENCE_BEFORE =
  /(?:\bs{1,2}\.|\bsections?|\bsubsections?|\bparts?|\bdivisions?|\bschedules?|\bbill|\bc\.|\breg\.|\bno\.|\bform|\brules?|\bparagraphs?|\bpara\.|\barticles?|\bitems?|\bclauses?|\bchapters?|\bcap\.|\bversions?|\bv|\bphase|\bstep|\btier)\s*$/i;

/**
 * Words that make a number the earlier figure of a change, prose about the past rather than a stale figure: "from"
 * just before it ("down from $35"), or a word of the past earlier in its clause ("in 2024 they were exempt only
 * above $3,000,000").
 */
const EARLIER_NEAR = /\bfrom\b[^.;]{0,25}$/i;
const EARLIER_IN_CLAUSE = /\b(?:was|were|previous\w*|former\w*|earlier|old|had been|replac\w*|instead of|rather than|until|before)\b/i;

/** The text of the clause before `at`: back to the last ". " or "; ", or to the start. */
const clauseBefore = (text: string, at: number): string => {
  const prefix = text.slice(0, at);
  const boundary = Math.max(prefix.lastIndexOf(". "), prefix.lastIndexOf("; "));
  return boundary < 0 ? prefix : prefix.slice(boundary + 2);
};

/** A number that opens a numbered provision in a quoted statute ("… 3 Subsection 3(2) is repealed"). */
const PROVISION_NUMBER = { before: /(?:^|…|\.\s)\s*$/, after: /^\s+[A-Z]/ };

const NUMBER = /(?<![\w.,/-])(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|per\s?cent\b|percent\b))?(?:\s(million|billion)\b)?(?![\w/-]|\.\d|,\d{3})/gi;

/**
 * The numbers of `text` that may state a quantity. Left out: years (1900 to 2100 written bare), dates (ISO dates, and
 * a day next to a month's name), references (after "s.", "section", "Part", "Bill", "c.", "Reg.", "Form" and the
 * like), a number in parentheses alone ("(4)") or joined to another by "/" or "-" ("57/2020", "2022-250").
 */
export const proseNumbers = (text: string): ProseNumber[] => {
  const found: ProseNumber[] = [];
  const withoutDates = text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => " ".repeat(date.length));
  for (const match of withoutDates.matchAll(NUMBER)) {
    const [whole, dollar, integer, fraction, percent, scale] = match;
    const at = match.index;
    const before = withoutDates.slice(Math.max(0, at - 40), at);
    const after = withoutDates.slice(at + whole.length, at + whole.length + 20);
    const bare = dollar === undefined && percent === undefined && scale === undefined;
    const digits = integer!.replaceAll(",", "");
    if (bare && fraction === undefined && !integer!.includes(",") && Number(digits) >= 1900 && Number(digits) <= 2100) continue;
    if (bare && (MONTH_BEFORE.test(before) || MONTH_AFTER.test(after))) continue;
    if (bare && REFERENCE_BEFORE.test(before)) continue;
    if (bare && before.endsWith("(") && after.startsWith(")")) continue;
    if (bare && fraction === undefined && PROVISION_NUMBER.before.test(before) && PROVISION_NUMBER.after.test(after)) continue;
    // Scaled through the exponent, so "$2.075 million" reads as exactly 2075000 (2.075 * 1e6 does not).
    const exponent = scale === undefined ? 0 : scale.toLowerCase() === "million" ? 6 : 9;
    found.push({
      text: whole.trim(),
      amount: Number(`${digits}${fraction ?? ""}e${exponent}`),
      percent: percent !== undefined,
      earlier: EARLIER_NEAR.test(before) || EARLIER_IN_CLAUSE.test(clauseBefore(withoutDates, at)),
    });
  }
  return found;
};

/** Every number in a fact's value, at any depth. */
export const valueNumbers = (value: unknown): number[] => {
  if (typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(valueNumbers);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(valueNumbers);
  return [];
};

const same = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Whether prose states `value` in one of its usual forms: as itself ("35", "$35", "$1,000", "0.35"), or as a rate
 * written in percent ("35" or "35%" for 0.35, "2.3%" for 0.023).
 */
export const states = (prose: ProseNumber, value: number): boolean => same(prose.amount, value) || same(prose.amount / 100, value);

/**
 * On a revision, the numbers of the description and of the citations' quotes that stated the base version's value
 * and state nothing in the new one: most likely text left behind when the value changed ("$35" after the fee moved
 * to 40). A number that was never in a value, or that is still in the new value or a scheduled change's in any usual
 * form, is not reported, nor one introduced as the earlier figure ("up from $35", "in 2024 they were exempt above
 * $3,000,000"). Warnings only: prose may rightly recall an old figure.
 */
export const staleNumbers = (doc: JsonDocument, before: FactFile, after: FactFile): Problem[] => {
  const oldNumbers = valueNumbers(before.value);
  // A figure of a scheduled change is the rule to come, not a stale one ("rises to 4% in 2027").
  const newNumbers = [after.value, ...(after.scheduled ?? []).map((change) => change.value)].flatMap(valueNumbers);
  const fields: { path: (string | number)[]; name: string; text: string }[] = [
    { path: ["description"], name: "description", text: after.description },
    ...after.citations.flatMap((citation, index) =>
      citation.quote === undefined
        ? []
        : [{ path: ["citations", index, "quote"], name: `the quote of citations[${index}] (${citation.org})`, text: citation.quote }],
    ),
  ];
  const problems: Problem[] = [];
  for (const field of fields) {
    const reported = new Set<string>();
    for (const number of proseNumbers(field.text)) {
      if (number.earlier || reported.has(number.text)) continue;
      const was = oldNumbers.find((value) => states(number, value));
      if (was === undefined || newNumbers.some((value) => states(number, value))) continue;
      reported.add(number.text);
      problems.push({
        ...doc.problemAt(
          field.path,
          `${after.id}: ${field.name} says "${number.text}", which stated ${was} in the value of v${before.version} and matches nothing in the value of v${after.version}; update the text if it still gives the old figure`,
        ),
        level: "warning",
      });
    }
  }
  return problems;
};
