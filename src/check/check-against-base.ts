import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { impactOf } from "../derive/fact-history.ts";
import { gitResult } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import {
  cadenceTagsOf,
  factsAtRevision,
  type LoadedFact,
  latestRetrieved,
  revisionChanges,
  revisionFieldsChanged,
} from "../model/facts.ts";
import type { JsonDocument } from "../model/json-document.ts";
import { FactFile } from "../schemas/index.ts";
import { NON_FACT_RULES } from "./rules.ts";

// The rules against the base revision: the version rules, next_expected moved on, and the stale-number warning.

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
 * A committed fact file as the version rules compare with it, or undefined when it has not even the shape they read.
 * A committed file may break a rule added since it was committed (a longer note, say): it is still the same fact, so
 * it is compared with as long as its identity and versioned fields have their shape.
 */
export const committedFact = (json: unknown): FactFile | undefined => {
  const parsed = FactFile.safeParse(json);
  if (parsed.success) return parsed.data;
  return BaseFact.safeParse(json).success ? (json as FactFile) : undefined;
};

/** The facts at the base revision that the version rules (and `npm run fix`) compare with (see committedFact). */
export const readBaseFacts = async (root: string, baseRevision: string): Promise<{ path: string; fact: FactFile }[]> =>
  (await factsAtRevision(root, baseRevision)).flatMap((file) => {
    const fact = committedFact(file.json);
    return fact === undefined ? [] : [{ path: file.path, fact }];
  });

/**
 * The pull-request rules, against the base revision: a revision raises `version` by exactly 1, anything else keeps
 * it, versions never go down, a fact is never deleted (it is withdrawn: its file stays as a tombstone, which never
 * becomes a live fact again) or given another id, and a re-verification moves
 * `retrieved_iso` forward with `expires_iso`. A revision's description and quotes are read for numbers of the old
 * value left behind: those come back as warnings of the stale-number rule (`level: "warning"`). A fact awaiting an
 * announcement (`next_expected`) that records a new value moves its expectation on (see nextExpectedMoved).
 */
export const checkAgainstBase = async (
  root: string,
  baseRevision: string,
  head: readonly LoadedFact[],
  headFiles: readonly string[],
): Promise<Problem[]> => {
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
      if (after.version !== 1)
        problems.push(doc.problemAt(["version"], `a new fact starts at version 1, not ${after.version}`));
      continue;
    }
    const before = previous.fact;
    problems.push(...versionProblems(doc, before, after, "base"));
    const changed = revisionFieldsChanged(before, after);
    const stale = [
      ...(changed.length > 0 ? staleNumbers(doc, before, after) : []),
      ...stalePeriodNumbers(doc, before, after),
    ];
    problems.push(...stale.map((problem) => ({ ...problem, rule: NON_FACT_RULES.staleNumber.name })));
    if (
      changed.length > 0 &&
      !changed.includes("effective_iso") &&
      !(await saysCorrection(root, baseRevision, doc.file))
    ) {
      problems.push({
        ...doc.problemAt(
          ["effective_iso"],
          `${changed.join(" and ")} changed but effective_iso is still ${after.effective_iso}, so this is published as a correction: the value as it should always have read since ${after.effective_iso}. A new rule needs the date it took effect (set effective_iso to it); a correction says so in its commit's Impact: line ("Impact: Correction: …")`,
        ),
        rule: NON_FACT_RULES.correctionOrDate.name,
        level: "warning",
      });
    }
    problems.push(...nextExpectedMoved(doc, before, after));
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

/**
 * The version rules between two states of one fact, the whole of what a fact's published history relies on: a
 * tombstone stays withdrawn, a revision (a change of value, unit or effective_iso, or of the record of the past: an
 * earlier period's dates, value or unit, a period added or removed, or `corrected_versions`; see revisionChanges)
 * raises `version` by exactly 1, anything else keeps it, and it never goes down. `against` names the earlier state in the messages ("base", or "its
 * parent" for one commit's change); the same rules hold the pull request against its base and each commit against its
 * parent (src/check/commit-range.ts), so a history of versions that a range passes as a whole is never made of steps
 * that break them. `raisedElsewhere` (a file a merge commit took whole from another parent) lets a version raised by
 * more than one pass: each of those steps was a commit of that parent's, checked on its own.
 */
export const versionProblems = (
  doc: JsonDocument,
  before: FactFile,
  after: FactFile,
  against: string,
  options: { raisedElsewhere?: boolean } = {},
): Problem[] => {
  const problems: Problem[] = [];
  if (before.withdrawn_iso !== undefined && after.withdrawn_iso === undefined) {
    problems.push(
      doc.problemAt(
        ["id"],
        `fact "${after.id}" was withdrawn on ${before.withdrawn_iso}; a withdrawn fact stays withdrawn and its id is never reused: publish the rule under a new id`,
      ),
    );
  }
  const changed = revisionChanges(before, after);
  const raisedElsewhere = options.raisedElsewhere === true && after.version > before.version;
  if (after.version < before.version) {
    problems.push(
      doc.problemAt(
        ["version"],
        `version went down from ${before.version} to ${after.version}; versions never decrease`,
      ),
    );
  } else if (raisedElsewhere) {
    return problems;
  } else if (changed.length > 0 && after.version !== before.version + 1) {
    problems.push(
      doc.problemAt(
        ["version"],
        `${changed.join(", ")} changed, so this is a revision: version must be ${before.version + 1} (${against} has ${before.version}), not ${after.version}`,
      ),
    );
  } else if (changed.length === 0 && after.version !== before.version) {
    problems.push(
      doc.problemAt(
        ["version"],
        `version changed from ${before.version} to ${after.version} but value, unit and effective_iso did not, nor the earlier periods or corrected_versions; a re-verification or editorial edit keeps version ${before.version}`,
      ),
    );
  }
  return problems;
};

/** What a fact with an expected announcement recorded against the base, in the words of the message. */
const recordedChange = (
  before: FactFile,
  after: FactFile,
): { kind: "announcement" | "same-date"; what: string } | undefined => {
  const baseDates = new Set((before.scheduled ?? []).map((change) => change.effective_iso));
  const added = (after.scheduled ?? []).find((change) => !baseDates.has(change.effective_iso));
  if (added !== undefined)
    return { kind: "announcement", what: `a new scheduled change taking effect ${added.effective_iso} is recorded` };
  const revised =
    !isDeepStrictEqual(before.value, after.value) ||
    before.unit !== after.unit ||
    before.effective_iso !== after.effective_iso;
  if (!revised) return undefined;
  // A scheduled change of the base taking effect is not news: the announcement was recorded when the change was added.
  if (baseDates.has(after.effective_iso)) return undefined;
  if (after.effective_iso > before.effective_iso) {
    return {
      kind: "announcement",
      what: `a new value effective ${after.effective_iso} is recorded (the base's took effect ${before.effective_iso})`,
    };
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
  if (
    expected === undefined ||
    before.next_expected === undefined ||
    !isDeepStrictEqual(before.next_expected, expected)
  )
    return [];
  const change = recordedChange(before, after);
  if (change === undefined) return [];
  if (change.kind === "announcement") {
    return [
      {
        ...doc.problemAt(
          ["next_expected", "by_iso"],
          `${change.what} but next_expected is unchanged from the base (by ${expected.by_iso}); recording the awaited value moves next_expected to the following cycle (by_iso and what) or removes it, in the same change`,
        ),
        rule: NON_FACT_RULES.nextExpectedMoved.name,
      },
    ];
  }
  return [
    {
      ...doc.problemAt(
        ["next_expected", "by_iso"],
        `${change.what} and next_expected is unchanged from the base (by ${expected.by_iso}); if this records the awaited announcement, move next_expected to the following cycle or remove it (a correction keeps it)`,
      ),
      rule: NON_FACT_RULES.nextExpectedReminder.name,
      level: "warning",
    },
  ];
};

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

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
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
const EARLIER_IN_CLAUSE =
  /\b(?:was|were|previous\w*|former\w*|earlier|old|had been|replac\w*|instead of|rather than|until|before)\b/i;

/** The text of the clause before `at`: back to the last ". " or "; ", or to the start. */
const clauseBefore = (text: string, at: number): string => {
  const prefix = text.slice(0, at);
  const boundary = Math.max(prefix.lastIndexOf(". "), prefix.lastIndexOf("; "));
  return boundary < 0 ? prefix : prefix.slice(boundary + 2);
};

/** A number that opens a numbered provision in a quoted statute ("… 3 Subsection 3(2) is repealed"). */
const PROVISION_NUMBER = { before: /(?:^|…|\.\s)\s*$/, after: /^\s+[A-Z]/ };

const NUMBER =
  /(?<![\w.,/-])(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|per\s?cent\b|percent\b))?(?:\s(million|billion)\b)?(?![\w/-]|\.\d|,\d{3})/gi;

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
    if (bare && fraction === undefined && !integer!.includes(",") && Number(digits) >= 1900 && Number(digits) <= 2100)
      continue;
    if (bare && (MONTH_BEFORE.test(before) || MONTH_AFTER.test(after))) continue;
    if (bare && REFERENCE_BEFORE.test(before)) continue;
    if (bare && before.endsWith("(") && after.startsWith(")")) continue;
    if (bare && fraction === undefined && PROVISION_NUMBER.before.test(before) && PROVISION_NUMBER.after.test(after))
      continue;
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
export const states = (prose: ProseNumber, value: number): boolean =>
  same(prose.amount, value) || same(prose.amount / 100, value);

/** A text of a fact file that may state its value: where it is, how the message names it, and what it says. */
interface ProseField {
  path: (string | number)[];
  name: string;
  text: string;
}

/** The quotes of a list of citations, as prose fields at `path`. */
const quoteFields = (
  citations: readonly { org: string; quote?: string | undefined }[],
  path: (string | number)[],
  name: string,
): ProseField[] =>
  citations.flatMap((citation, index) =>
    citation.quote === undefined
      ? []
      : [
          {
            path: [...path, index, "quote"],
            name: `the quote of ${name}[${index}] (${citation.org})`,
            text: citation.quote,
          },
        ],
  );

/**
 * The numbers of `fields` that stated one of `oldNumbers` and state none of `newNumbers`, each reported once per field
 * (see staleNumbers); `describe` says what the old and new values were, for the message.
 */
const staleIn = (
  doc: JsonDocument,
  fields: readonly ProseField[],
  oldNumbers: readonly number[],
  newNumbers: readonly number[],
  describe: (field: ProseField, text: string, was: number) => string,
): Problem[] => {
  const problems: Problem[] = [];
  for (const field of fields) {
    const reported = new Set<string>();
    for (const number of proseNumbers(field.text)) {
      if (number.earlier || reported.has(number.text)) continue;
      const was = oldNumbers.find((value) => states(number, value));
      if (was === undefined || newNumbers.some((value) => states(number, value))) continue;
      reported.add(number.text);
      problems.push({ ...doc.problemAt(field.path, describe(field, number.text, was)), level: "warning" });
    }
  }
  return problems;
};

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
  const fields: ProseField[] = [
    { path: ["description"], name: "description", text: after.description },
    ...quoteFields(after.citations, ["citations"], "citations"),
  ];
  return staleIn(
    doc,
    fields,
    oldNumbers,
    newNumbers,
    (field, text, was) =>
      `${after.id}: ${field.name} says "${text}", which stated ${was} in the value of v${before.version} and matches nothing in the value of v${after.version}; update the text if it still gives the old figure`,
  );
};

/**
 * The same for the record of the past: for each earlier period whose value changed against the base (a period is
 * compared with the base's at the same place, or else with the base's period of the same `effective_iso`), the numbers
 * of its note and of its citations' quotes that stated the period's old value and state nothing in its new one: a
 * 2019 rent cap moved from 2.5% to 9.5% while its quote still says "2.5%". Warnings only, as for the current value.
 */
export const stalePeriodNumbers = (doc: JsonDocument, before: FactFile, after: FactFile): Problem[] => {
  const was = Array.isArray(before.earlier) ? before.earlier : [];
  const now = after.earlier ?? [];
  return now.flatMap((period, index) => {
    const base =
      was.length === now.length ? was[index] : was.find((each) => each?.effective_iso === period.effective_iso);
    if (base === undefined || isDeepStrictEqual(base.value, period.value)) return [];
    const place = `earlier[${index}]`;
    const fields: ProseField[] = [
      { path: ["earlier", index, "note"], name: `the note of ${place}`, text: period.note },
      ...quoteFields(period.citations, ["earlier", index, "citations"], `${place}.citations`),
    ];
    return staleIn(
      doc,
      fields,
      valueNumbers(base.value),
      valueNumbers(period.value),
      (field, text, figure) =>
        `${after.id}: ${field.name} says "${text}", which stated ${figure} in the period's value on the base and matches nothing in its value now; update the text if it still gives the old figure`,
    );
  });
};

/**
 * Whether a commit since the base that touched `file` says it is a correction: its `Impact:` line starts with
 * "Correction:". Uncommitted edits have no message yet, so they are warned of until committed so.
 */
const saysCorrection = async (root: string, baseRevision: string, file: string): Promise<boolean> => {
  const log = await gitResult(root, ["log", "--format=%B%x1e", `${baseRevision}..HEAD`, "--", file]);
  if (log.code !== 0) return false;
  return log.stdout
    .toString("utf8")
    .split("\x1e")
    .some((message) => /^correction:/i.test(impactOf(message) ?? ""));
};
