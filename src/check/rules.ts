import type { Problem } from "../lib/problem.ts";
import { forbiddenCharacter } from "../lib/text.ts";
import {
  CADENCE_TAGS,
  cadenceTagsOf,
  citationLists,
  expectedExpiry,
  LOAD_RULES,
  type LoadedFact,
  latestRetrieved,
} from "../model/facts.ts";
import { issueProblems } from "../model/json-document.ts";
import { ORGANISATIONS_FILE, type Organisations } from "../model/reference.ts";
import { earlierPeriodProblems } from "../model/timeline.ts";
import {
  CADENCE_DAYS,
  CITATION_KINDS,
  EARLIER_PERIOD_KEYS,
  FACT_FILE_KEYS,
  NOTES_MAX_LENGTH,
  SCHEDULED_CHANGE_KEYS,
  valueSchemaFor,
} from "../schemas/index.ts";

// The rules of `npm run check`: the per-fact rules (each a function over one fact that matched the schema), the
// citation-org rule across the registry, and the list of every rule with its level and what it asks (CHECK_RULES),
// which CONTRIBUTING.md lists and every problem names.

export interface CheckContext {
  /** Today's date, injected so tests and the CLI agree on what "the future" is. */
  today: string;
}

/** `error` fails the check (and the pull request); `warning` is reported and never fails it. */
export type RuleLevel = "error" | "warning";

/** A named check, as CONTRIBUTING.md lists it: every problem the check reports names the rule that found it. */
export interface CheckRule {
  readonly name: string;
  readonly level: RuleLevel;
  /** What the rule asks of a contributor, in one sentence. */
  readonly description: string;
}

/** What a per-fact rule runs: the problems of one fact that matched the schema. */
export type FactCheck = (loaded: LoadedFact, context: CheckContext) => Problem[];

/** A named lint rule over one valid fact file. */
export interface FactRule extends CheckRule {
  readonly check: FactCheck;
}

/** The first key not where `order` puts it, or undefined when every key is in place. */
export const firstMisplacedKey = (keys: readonly string[], order: readonly string[]): string | undefined => {
  const expected = [...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return keys.find((key, index) => key !== expected[index]);
};

/** `facts/<domain>/<id>.json`: the file name is the id and the folder is the domain. */
export const fileMatchesId: FactCheck = ({ doc, fact }) => {
  const segments = doc.file.split("/");
  const fileName = segments.at(-1) ?? "";
  const folder = segments.at(-2) ?? "";
  const problems = [];
  if (fileName !== `${fact.id}.json`) {
    problems.push(
      doc.problemAt(["id"], `id "${fact.id}" does not match the file name "${fileName}" (expected ${fact.id}.json)`),
    );
  }
  if (folder !== fact.domain) {
    problems.push(
      doc.problemAt(
        ["domain"],
        `domain "${fact.domain}" does not match the folder "${folder}" (expected facts/${fact.domain}/)`,
      ),
    );
  }
  return problems;
};

/** Keys in one fixed order keep every diff of a fact file small and reviewable. */
export const keyOrder: FactCheck = ({ doc }) => {
  const misplaced = firstMisplacedKey(Object.keys(doc.value as object), FACT_FILE_KEYS);
  return misplaced === undefined
    ? []
    : [
        doc.problemAt(
          [misplaced],
          `keys must be in the order ${FACT_FILE_KEYS.join(", ")}; "${misplaced}" is out of place`,
        ),
      ];
};

export const effectiveBeforeExpiry: FactCheck = ({ doc, fact }) =>
  fact.effective_iso > fact.expires_iso
    ? [doc.problemAt(["expires_iso"], `expires_iso ${fact.expires_iso} is before effective_iso ${fact.effective_iso}`)]
    : [];

/**
 * A fact's current state is the rule in force today, so its `effective_iso` is today or earlier. A rule that takes
 * effect later is recorded under `scheduled`, where the daily promotion makes it current on its day; published as
 * current before then, it would be served and used by calculators while the old rule still applies.
 */
export const effectiveNotInFuture: FactCheck = ({ doc, fact }, { today }) =>
  fact.effective_iso > today
    ? [
        doc.problemAt(
          ["effective_iso"],
          `effective_iso ${fact.effective_iso} is after today (${today}), so this would publish a rule not yet in force as current; keep the rule in force today here and put the change under "scheduled" with its effective_iso, status, value and citations (CONTRIBUTING.md, "Scheduled changes: announced and enacted"), which promotes it on its day`,
        ),
      ]
    : [];

/**
 * A source cannot have been checked on a day that has not come yet, whether it backs the fact or a scheduled change.
 */
export const retrievedNotInFuture: FactCheck = ({ doc, fact }, { today }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) =>
      citation.retrieved_iso > today
        ? [
            doc.problemAt(
              [...path, index, "retrieved_iso"],
              `retrieved_iso ${citation.retrieved_iso} is in the future (today is ${today})`,
            ),
          ]
        : [],
    ),
  );

export const cadence: FactCheck = ({ doc, fact }) => {
  const tags = cadenceTagsOf(fact);
  if (tags.length !== 1) {
    return [
      doc.problemAt(
        ["tags"],
        tags.length === 0
          ? `tags must state the re-verification cadence: add exactly one of ${CADENCE_TAGS.map((tag) => `"${tag}"`).join(", ")}`
          : `tags state ${tags.length} cadences (${tags.join(", ")}); keep exactly one`,
      ),
    ];
  }
  const expected = expectedExpiry(fact);
  return expected !== undefined && fact.expires_iso !== expected
    ? [
        doc.problemAt(
          ["expires_iso"],
          `expires_iso ${fact.expires_iso} should be ${expected}: the latest retrieved_iso ${latestRetrieved(fact)} plus ${CADENCE_DAYS[tags[0]!]} days (${tags[0]})`,
        ),
      ]
    : [];
};

/**
 * Scheduled changes come after the fact's current `effective_iso`, in date order with one change per date, state
 * the unit when the fact has one (a promotion replaces the unit), and write their keys in one order.
 */
export const scheduledChanges: FactCheck = ({ doc, fact }) => {
  const problems: Problem[] = [];
  let previous: string | undefined;
  (fact.scheduled ?? []).forEach((change, index) => {
    const at = (key: string) => ["scheduled", index, key];
    if (change.effective_iso <= fact.effective_iso) {
      problems.push(
        doc.problemAt(
          at("effective_iso"),
          `a scheduled change takes effect after the fact's effective_iso ${fact.effective_iso}, not on ${change.effective_iso}`,
        ),
      );
    } else if (previous !== undefined && change.effective_iso <= previous) {
      problems.push(
        doc.problemAt(
          at("effective_iso"),
          change.effective_iso === previous
            ? `two scheduled changes take effect on ${previous}; merge them into one`
            : `scheduled changes are listed soonest first: ${change.effective_iso} comes after ${previous}`,
        ),
      );
    }
    previous = change.effective_iso;
    if (fact.unit !== undefined && change.unit === undefined) {
      problems.push(
        doc.problemAt(
          ["scheduled", index],
          `state the unit of the scheduled value (the fact's is "${fact.unit}"): promotion replaces the fact's unit with it`,
        ),
      );
    }
    const misplaced = firstMisplacedKey(Object.keys(change), SCHEDULED_CHANGE_KEYS);
    if (misplaced !== undefined) {
      problems.push(
        doc.problemAt(
          at(misplaced),
          `keys of a scheduled change must be in the order ${SCHEDULED_CHANGE_KEYS.join(", ")}; "${misplaced}" is out of place`,
        ),
      );
    }
  });
  return problems;
};

export const MISSING_KIND = `state the citation's kind: one of ${CITATION_KINDS.map((kind) => `"${kind}"`).join(", ")}`;

/** Every source of a fact says what kind it is, so readers and `llms.json` can tell official text from commentary. */
export const citationKind: FactCheck = ({ doc, fact }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) =>
      citation.kind === undefined ? [doc.problemAt([...path, index], MISSING_KIND)] : [],
    ),
  );

/**
 * Phrases that describe how a fact was researched rather than what its source says: a citation's notes are published
 * to the API's readers, who have no use for the catalog's working files or what a researcher did or did not see.
 */
const PROCESS_LANGUAGE =
  /\b(research file|research notes?|stored (?:copy|index|text)|(?:was|were) not seen|not seen|page text|the brief|this file|search (?:tool|corpus|index)|(?:version|edition) read|read in (?:a |faithful )?cop(?:y|ies)|no [a-z ]{0,30}text was found|(?:was|were|is|are) not read|no [a-z0-9 ]{0,30}(?:text|source|page) (?:was|were) read)\b/i;

/** Why a citation's notes are not written for the API's readers, or undefined when they are. */
export const notesProblem = (notes: string | undefined): string | undefined => {
  if (notes !== undefined && notes.length > NOTES_MAX_LENGTH) {
    return `notes are at most ${NOTES_MAX_LENGTH} characters: say what the source is and how far it confirms the point`;
  }
  const phrase = notes === undefined ? null : PROCESS_LANGUAGE.exec(notes);
  return phrase
    ? `notes are for the API's readers: say what the source is and how far it confirms the point, not how it was researched ("${phrase[0]}")`
    : undefined;
};

/** Citation notes speak to the reader about the source, never about the research. */
export const notesForReaders: FactCheck = ({ doc, fact }) =>
  citationLists(fact).flatMap(({ path, citations }) =>
    citations.flatMap((citation, index) => {
      const problem = notesProblem(citation.notes);
      return problem ? [doc.problemAt([...path, index, "notes"], problem)] : [];
    }),
  );

/** Where a contributor adds the schema of a new fact id: one file per domain. */
export const VALUE_SCHEMA_HOME = "src/schemas/values/<domain>.ts";

/**
 * The fact's value, and the value of each of its scheduled changes, match the schema of its id, which says what each
 * member means (a fraction, an amount of money, a real date, thresholds in order, a closed list of codes). An id
 * without a schema is refused: every published value has a type consumers can rely on.
 */
export const valueSchema: FactCheck = ({ doc, fact }) => {
  const schema = valueSchemaFor(fact.id, fact.series);
  if (schema === undefined) {
    // A tombstone keeps the value it had, checked while it was in force; its id's schema may since have been retired.
    if (fact.withdrawn_iso !== undefined) return [];
    return [
      doc.problemAt(
        ["id"],
        `"${fact.id}" has no value schema: add one to ${VALUE_SCHEMA_HOME} (CONTRIBUTING.md, "A schema for the value")`,
      ),
    ];
  }
  const problems: Problem[] = [];
  const current = schema.safeParse(fact.value);
  if (!current.success) problems.push(...issueProblems(doc, current.error.issues, ["value"]));
  (fact.scheduled ?? []).forEach((change, index) => {
    const scheduled = schema.safeParse(change.value);
    if (!scheduled.success) problems.push(...issueProblems(doc, scheduled.error.issues, ["scheduled", index, "value"]));
  });
  (fact.earlier ?? []).forEach((period, index) => {
    const earlier = schema.safeParse(period.value);
    if (!earlier.success) problems.push(...issueProblems(doc, earlier.error.issues, ["earlier", index, "value"]));
  });
  return problems;
};

/**
 * A fact's `earlier` periods are one timeline (docs/maintainers/decisions.md#time): oldest first, each ending after it
 * starts and starting the day the one before it ended, ending before the fact's current effective_iso, each citation
 * quoting the passage that states the period's value, keys in order; `corrected_versions` names earlier versions only.
 * Where they meet the first kept version is checked with the history (timelineJunctionProblems in run-checks.ts).
 */
export const earlierPeriods: FactCheck = ({ doc, fact }) => {
  const problems: Problem[] = [];
  const earlier = fact.earlier ?? [];
  for (const problem of earlierPeriodProblems(earlier, fact.version === 1 ? fact : undefined))
    problems.push(doc.problemAt(problem.path, problem.message));
  earlier.forEach((period, index) => {
    if (period.superseded_iso > fact.effective_iso) {
      problems.push(
        doc.problemAt(
          ["earlier", index, "superseded_iso"],
          `an earlier period ends by the current version's effective_iso (${fact.effective_iso}), not on ${period.superseded_iso}`,
        ),
      );
    }
    if (fact.unit !== undefined && period.unit !== undefined && period.unit !== fact.unit) {
      problems.push(
        doc.problemAt(
          ["earlier", index, "unit"],
          `unit "${period.unit}" differs from the fact's "${fact.unit}": an earlier period states the same kind of value`,
        ),
      );
    }
    period.citations.forEach((citation, at) => {
      if (citation.quote === undefined)
        problems.push(
          doc.problemAt(
            ["earlier", index, "citations", at],
            "a citation of an earlier period quotes the passage of its source that states the period's value (quote)",
          ),
        );
    });
    const misplaced = firstMisplacedKey(Object.keys(period), EARLIER_PERIOD_KEYS);
    if (misplaced !== undefined)
      problems.push(
        doc.problemAt(
          ["earlier", index, misplaced],
          `keys of an earlier period must be in the order ${EARLIER_PERIOD_KEYS.join(", ")}; "${misplaced}" is out of place`,
        ),
      );
  });
  (fact.corrected_versions ?? []).forEach((version, index) => {
    const previous = fact.corrected_versions![index - 1];
    if (version >= fact.version)
      problems.push(
        doc.problemAt(
          ["corrected_versions", index],
          `corrected_versions lists earlier versions only: ${version} is not before the current version ${fact.version}`,
        ),
      );
    else if (previous !== undefined && version <= previous)
      problems.push(doc.problemAt(["corrected_versions", index], "corrected_versions are listed once each, ascending"));
  });
  if (fact.corrected_versions !== undefined && earlier.length === 0)
    problems.push(
      doc.problemAt(
        ["corrected_versions"],
        "corrected_versions needs earlier periods that tell the corrected versions' time",
      ),
    );
  return problems;
};

/**
 * `note_corrections` name recorded versions, once each, ascending, and each corrected note passes the rule an `Impact:`
 * line passes, since it is published in that line's place.
 */
export const noteCorrections: FactCheck = ({ doc, fact }) => {
  const problems: Problem[] = [];
  (fact.note_corrections ?? []).forEach((correction, index) => {
    const previous = fact.note_corrections![index - 1];
    if (correction.version > fact.version)
      problems.push(
        doc.problemAt(
          ["note_corrections", index, "version"],
          `note_corrections names recorded versions only: ${correction.version} is after the current version ${fact.version}`,
        ),
      );
    else if (previous !== undefined && correction.version <= previous.version)
      problems.push(
        doc.problemAt(
          ["note_corrections", index, "version"],
          "note_corrections are listed once per version, ascending",
        ),
      );
    const problem = impactLineProblem(correction.note);
    if (problem !== undefined)
      problems.push(doc.problemAt(["note_corrections", index, "note"], `a corrected note ${problem}`));
  });
  return problems;
};

/** Money, a rate or a count in a label: a label names the rule, and each period's summary carries its numbers. */
const NUMBER_IN_LABEL = /[$%]|\d+(?:[.,]\d+)*\+?/g;

/** Numbers a label may hold: a year, or the number of a section, bill, part, chapter or form. */
const NUMBER_ALLOWED = /^(?:(?:1[89]|2[01])\d\d)$/;
const NAMES_A_NUMBER =
  /(?:\b(?:[Bb]ill|[Ss]ection|[Ss]s?\.|[Pp]art|[Cc]hapter|c\.|[Ff]orm|[Gg]uideline|[Rr]ule|No\.)\s*|[A-Z]-)$/;

/** Why a label states a value, or undefined when it names the rule only. */
export const labelProblem = (label: string): string | undefined => {
  for (const match of label.matchAll(NUMBER_IN_LABEL)) {
    const found = match[0];
    if (found === "$" || found === "%")
      return `a label names the rule, not its value: "${found}" states an amount or a rate, which versions change (each period's summary carries its numbers)`;
    const before = label.slice(0, match.index);
    if (NUMBER_ALLOWED.test(found) || NAMES_A_NUMBER.test(before)) continue;
    return `a label names the rule, not its value: "${found}" is a number other than a year, a section or a bill number (each period's summary carries its numbers)`;
  }
  return undefined;
};

/** Labels (the fact's and a scheduled change's) name the rule; no amount, rate or threshold that versions change. */
export const labelNamesRule: FactCheck = ({ doc, fact }) => {
  const labels: { path: (string | number)[]; label: string }[] = [
    { path: ["label"], label: fact.label },
    ...(fact.scheduled ?? []).flatMap((change, index) =>
      change.label === undefined ? [] : [{ path: ["scheduled", index, "label"], label: change.label }],
    ),
  ];
  return labels.flatMap(({ path, label }) => {
    const problem = labelProblem(label);
    return problem === undefined ? [] : [doc.problemAt(path, problem)];
  });
};

/** The most keys a one-line summary starts with: more and the line stops being one line in the catalog. */
export const MAX_SUMMARY_KEYS = 4;

/**
 * A fact whose value is an object declares the keys its one-line summary starts with (`summary_keys`), the rule
 * itself first: without them the summary would open with whatever key the file happens to list first ("Rental vacancy
 * rate needed to opt out" for the short-term rental act). Each period's summary reads the keys its value has, in the
 * declared order, so the list may name a key that only a scheduled value or an earlier version holds ("Repealed on"
 * once a repeal takes effect); but the current value and each scheduled value must have at least one of them, or its
 * summary would fall back to whatever key comes first. A list, a schedule or a scalar value is summarised whole.
 */
export const summaryKeys: FactCheck = ({ doc, fact }) => {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value);
  if (!isRecord(fact.value)) {
    return fact.summary_keys === undefined
      ? []
      : [doc.problemAt(["summary_keys"], "only a value that is an object has keys to choose: remove summary_keys")];
  }
  const keys = fact.summary_keys;
  if (keys === undefined)
    return [
      doc.problemAt(
        ["value"],
        `add "summary_keys" after "unit": the value keys, in order, that the one-line summary starts with, the rule itself first (the rate, fee or limit, not a statute's name or a date), up to ${MAX_SUMMARY_KEYS}`,
      ),
    ];
  const problems: Problem[] = [];
  if (keys.length > MAX_SUMMARY_KEYS)
    problems.push(
      doc.problemAt(
        ["summary_keys"],
        `at most ${MAX_SUMMARY_KEYS} keys make the one-line summary; found ${keys.length}`,
      ),
    );
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index) problems.push(doc.problemAt(["summary_keys", index], `"${key}" is listed twice`));
  });
  const values: { path: (string | number)[]; value: unknown }[] = [
    { path: ["value"], value: fact.value },
    ...(fact.scheduled ?? []).map((change, index) => ({ path: ["scheduled", index, "value"], value: change.value })),
  ];
  for (const { path, value } of values) {
    if (isRecord(value) && !keys.some((key) => Object.hasOwn(value, key)))
      problems.push(
        doc.problemAt(
          path,
          `none of summary_keys (${keys.join(", ")}) is a key of this value, so its summary would open with whatever key comes first: add one of its keys to summary_keys`,
        ),
      );
  }
  return problems;
};

/**
 * A tombstone states when and why the fact was withdrawn, both or neither: a date without a reason tells a reader
 * nothing, a reason without a date does not withdraw. The withdrawal has happened (not in the future), and a withdrawn
 * fact has nothing to come: no scheduled change (the promote workflow would revive it) and no expected announcement.
 */
export const withdrawn: FactCheck = ({ doc, fact }, { today }) => {
  const problems: Problem[] = [];
  if (fact.withdrawn_iso === undefined) {
    if (fact.withdrawn_reason !== undefined)
      problems.push(
        doc.problemAt(["withdrawn_reason"], "withdrawn_reason without withdrawn_iso: a withdrawn fact states both"),
      );
    return problems;
  }
  if (fact.withdrawn_reason === undefined)
    problems.push(
      doc.problemAt(["withdrawn_iso"], "withdrawn_iso without withdrawn_reason: say why the fact was withdrawn"),
    );
  if (fact.withdrawn_iso > today)
    problems.push(
      doc.problemAt(["withdrawn_iso"], `withdrawn_iso ${fact.withdrawn_iso} is in the future (today is ${today})`),
    );
  if (fact.scheduled !== undefined)
    problems.push(doc.problemAt(["scheduled"], "a withdrawn fact has no scheduled changes: remove them"));
  if (fact.next_expected !== undefined)
    problems.push(doc.problemAt(["next_expected"], "a withdrawn fact expects no next value: remove next_expected"));
  return problems;
};

/**
 * What the check says of an `org` that is no id of the registry: the id to write instead, and where to add a new one.
 */
export const unknownOrgMessage = (organisations: Organisations, org: string): string => {
  const named = organisations.resolve(org);
  if (named !== undefined && named.id !== org)
    return `"${org}" is a name of the organisation "${named.id}" in ${ORGANISATIONS_FILE}: write its id, "${named.id}"`;
  const nearest = organisations.nearestId(org);
  return `no organisation "${org}" in ${ORGANISATIONS_FILE}: write the id of a registered organisation${nearest === undefined ? "" : ` (nearest id: "${nearest}")`}, or add the organisation to the registry`;
};

/**
 * Every citation of a fact, of its scheduled changes and its expected announcement's `where` names its organisation by
 * an id of `reference/organisations.json`, so that one organisation is named once, with one name, kind and home page.
 */
export const citationOrgProblems = (facts: readonly LoadedFact[], organisations: Organisations): Problem[] =>
  facts.flatMap(({ doc, fact }) => [
    ...citationLists(fact).flatMap(({ path, citations }) =>
      citations.flatMap((citation, index) =>
        organisations.byId(citation.org) === undefined
          ? [doc.problemAt([...path, index, "org"], unknownOrgMessage(organisations, citation.org))]
          : [],
      ),
    ),
    ...(fact.next_expected !== undefined && organisations.byId(fact.next_expected.where.org) === undefined
      ? [
          doc.problemAt(
            ["next_expected", "where", "org"],
            unknownOrgMessage(organisations, fact.next_expected.where.org),
          ),
        ]
      : []),
  ]);

/** Every per-file rule over a fact that matched the schema, in the order they run. */
export const FACT_RULES: readonly FactRule[] = [
  {
    name: "file-matches-id",
    level: "error",
    description: "The file is facts/<domain>/<id>.json: its name is the id and its folder the domain.",
    check: fileMatchesId,
  },
  {
    name: "key-order",
    level: "error",
    description: "Keys are written in the schema's order (`npm run fix` rewrites them).",
    check: keyOrder,
  },
  {
    name: "effective-before-expiry",
    level: "error",
    description: "effective_iso is not after expires_iso.",
    check: effectiveBeforeExpiry,
  },
  {
    name: "effective-not-in-future",
    level: "error",
    description: "effective_iso is not after today: a rule that takes effect later goes under scheduled.",
    check: effectiveNotInFuture,
  },
  {
    name: "retrieved-not-in-future",
    level: "error",
    description: "No citation was retrieved after today.",
    check: retrievedNotInFuture,
  },
  {
    name: "cadence",
    level: "error",
    description:
      "Exactly one cadence tag, and expires_iso is the latest retrieved_iso plus that cadence (`npm run fix` sets it).",
    check: cadence,
  },
  {
    name: "scheduled-changes",
    level: "error",
    description:
      "Scheduled changes come after effective_iso, one per date in date order, with the unit and keys in order.",
    check: scheduledChanges,
  },
  {
    name: "citation-kind",
    level: "error",
    description: "Every citation states its kind: official, official-copy or secondary.",
    check: citationKind,
  },
  {
    name: "notes-for-readers",
    level: "error",
    description:
      "Citation notes are at most 280 characters, for the API's readers, and say nothing of how the research was done.",
    check: notesForReaders,
  },
  {
    name: "value-schema",
    level: "error",
    description:
      "The value, each scheduled value, each earlier period's value and each earlier version's value match the schema of the fact's id (src/schemas/values/), which every fact id must have.",
    check: valueSchema,
  },
  {
    name: "earlier-periods",
    level: "error",
    description:
      "Earlier periods are oldest first, each ends after it starts and starts the day the one before ended, the last ends the day the first kept version took effect, and each citation quotes its source; corrected_versions names earlier versions.",
    check: earlierPeriods,
  },
  {
    name: "note-corrections",
    level: "error",
    description:
      "note_corrections name recorded versions once each, ascending, each corrected note passing the Impact: line's rule.",
    check: noteCorrections,
  },
  {
    name: "label-names-rule",
    level: "error",
    description:
      "A label names the rule, never its value: no $, %, or number other than a year, a section, bill, part or form number.",
    check: labelNamesRule,
  },
  {
    name: "summary-keys",
    level: "error",
    description:
      "A fact whose value is an object declares summary_keys: up to four value keys, each once, that its one-line summary starts with, the rule itself first; the current value and each scheduled value have at least one of them.",
    check: summaryKeys,
  },
  {
    name: "withdrawn",
    level: "error",
    description:
      "A tombstone (a withdrawn fact) has both withdrawn_iso, not after today, and withdrawn_reason, and no scheduled changes or next_expected.",
    check: withdrawn,
  },
];

/**
 * The rules that are not FACT_RULES (which run one check over each valid fact): reading the files and the schema,
 * the organisation registry, the rules across facts, against the base branch and its commits, the index data, the
 * glossary and the evidence summary. Each is applied by its own code, which names its problems with these names.
 */
export const NON_FACT_RULES = {
  fileNames: {
    name: LOAD_RULES.fileNames,
    level: "error",
    description:
      "Data files are regular files with printable names: no symbolic links, hard links, named pipes or devices, nor anything git records as a link or submodule.",
  },
  json: {
    name: LOAD_RULES.json,
    level: "error",
    description:
      "Each file is at most 256 KB of UTF-8 JSON without duplicate keys, nesting deeper than 16, keys such as __proto__, or numbers that do not survive a round trip.",
  },
  text: {
    name: LOAD_RULES.text,
    level: "error",
    description:
      "No string or key holds a control character other than tab (and newline in description, notes and quote), a line or paragraph separator, a noncharacter, a lone surrogate, or a bidirectional control or direction mark.",
  },
  fileLocation: {
    name: LOAD_RULES.fileLocation,
    level: "error",
    description: "Only facts/<domain>/<id>.json files are under facts/.",
  },
  schema: {
    name: LOAD_RULES.schema,
    level: "error",
    description: "The file matches the published JSON Schema (schemas/).",
  },
  organisations: {
    name: "organisations",
    level: "error",
    description:
      "reference/organisations.json matches its schema (an id, a name, a kind and an https home page or null per organisation) and gives no id, name or alias twice.",
  },
  searchAliases: {
    name: "search-aliases",
    level: "error",
    description:
      "reference/search-aliases.json matches its schema (lowercase aliases, each group naming facts; each list of places citing where it was read) and names only facts that exist and are not withdrawn.",
  },
  places: {
    name: "places",
    level: "error",
    description:
      "reference/places.json matches its schema, gives each id once, makes each id from the name, names known regional districts and its own sources, keeps dates in order, and knows every area the facts of the rules by place name.",
  },
  citationOrg: {
    name: "citation-org",
    level: "error",
    description:
      "Every citation's org (of a fact, its scheduled changes and the files under index-data/), and next_expected's where.org, is the id of an organisation in reference/organisations.json.",
  },
  uniqueId: { name: "unique-id", level: "error", description: "No two facts share an id." },
  supersededBy: {
    name: "superseded-by",
    level: "error",
    description:
      "A fact's superseded_by names another fact that exists (by id), or null when no fact replaces it; its effective_iso is not before the fact's own; within a series it names a newer member; and no chain of superseded_by comes back to where it started.",
  },
  series: {
    name: "series",
    level: "error",
    description:
      "A yearly series is named by no fact's id, its members take effect on different days, and each but the newest sets superseded_by to the next member and its effective date.",
  },
  versionRules: {
    name: "version-rules",
    level: "error",
    description:
      "Against the base branch, and in each commit since it against its parent: a change of value, unit or effective_iso, or of the record of the past (an earlier period added, removed, or its dates, value or unit changed; corrected_versions changed), raises version by exactly 1, anything else keeps it; no fact is deleted or renamed (a withdrawn fact keeps its file as a tombstone) and a tombstone never becomes a live fact again; against the base, a re-verification moves retrieved_iso and expires_iso forward.",
  },
  revisionCommit: {
    name: "revision-commit",
    level: "error",
    description:
      "Each commit between the base and HEAD (npm run check) or of the pull request (the validate action) that raises a fact's version carries a Source: line with a URL the fact cites and an Impact: line; an Impact: line (of a revision or of a new fact's commit) passes the text rule, has at most 500 characters and at least one word.",
  },
  staleNumber: {
    name: "stale-number",
    level: "warning",
    description:
      'Against the base branch, on a revision: a number of the description or of a citation\'s quote that stated the old value and states nothing in the new one ("$35" after the fee moved to 40); likewise the note and quotes of an earlier period whose value changed.',
  },
  correctionOrDate: {
    name: "correction-or-date",
    level: "warning",
    description:
      'Against the base branch: a value or unit that changes while effective_iso stays is published as a correction of the rule of that date; a new rule needs the date it took effect, and a correction says so in its Impact: line ("Correction: …").',
  },
  nextExpectedMoved: {
    name: "next-expected-moved",
    level: "error",
    description:
      "Against the base branch: a fact with next_expected that records a new value for a later date (a revision moving effective_iso forward, or a new scheduled change) moves next_expected to the following cycle or removes it in the same change.",
  },
  nextExpectedReminder: {
    name: "next-expected-reminder",
    level: "warning",
    description:
      "Against the base branch: a fact with next_expected whose value is revised for the same date (most often a correction) while next_expected is unchanged is reminded to move it if the revision is the awaited announcement.",
  },
  indexData: {
    name: "index-data",
    level: "error",
    description:
      "Index inputs under index-data/ match their schema, cite their sources with a kind and reader notes, are not retrieved in the future, give each month once and none after today's, and stay within plausible bounds.",
  },
  glossary: {
    name: "glossary",
    level: "error",
    description:
      "Every key of a fact's value, scheduled values and earlier versions has an entry in reference/glossary.json whose kind its value fits, every enumeration member (a slug) has words there, and every entry is used by some fact.",
  },
  words: {
    name: "words",
    level: "error",
    description:
      "The words files (site/words/<language>.json) are valid, hold no control character, and are complete: every message the pages and scripts use in English and in each translation, with the English placeholders and tags, and in each translation words for every glossary entry, unit and fact made from today's English (a warning where they are missing or older: the English is shown meanwhile).",
  },
  officialQuote: {
    name: "official-quote",
    level: "warning",
    description:
      "A fact quotes the passage of an official source that states it; the summary names the facts that do not.",
  },
} as const satisfies Record<string, CheckRule>;

/** Every rule the check applies, in the order it applies them: what CONTRIBUTING.md lists. */
export const CHECK_RULES: readonly CheckRule[] = [
  NON_FACT_RULES.fileNames,
  NON_FACT_RULES.json,
  NON_FACT_RULES.text,
  NON_FACT_RULES.fileLocation,
  NON_FACT_RULES.schema,
  ...FACT_RULES.map(({ name, level, description }) => ({ name, level, description })),
  NON_FACT_RULES.organisations,
  NON_FACT_RULES.searchAliases,
  NON_FACT_RULES.places,
  NON_FACT_RULES.citationOrg,
  NON_FACT_RULES.uniqueId,
  NON_FACT_RULES.supersededBy,
  NON_FACT_RULES.series,
  NON_FACT_RULES.versionRules,
  NON_FACT_RULES.revisionCommit,
  NON_FACT_RULES.staleNumber,
  NON_FACT_RULES.correctionOrDate,
  NON_FACT_RULES.nextExpectedMoved,
  NON_FACT_RULES.nextExpectedReminder,
  NON_FACT_RULES.indexData,
  NON_FACT_RULES.glossary,
  NON_FACT_RULES.words,
  NON_FACT_RULES.officialQuote,
];

/** The most characters an `Impact:` line may have: one sentence for readers, shown whole in feeds and the change log. */
export const IMPACT_MAX_LENGTH = 500;

/**
 * Why a commit's `Impact:` line cannot be a version's public note, or undefined when it can: it is published in the
 * history, the feeds, the pages and the digest, so it holds only characters the text rule (src/lib/text.ts) lets a
 * one-line field hold, at most IMPACT_MAX_LENGTH characters, and at least one word (a run of letters or digits), so
 * that "." or "-" is not published as a note.
 */
export const impactLineProblem = (impact: string): string | undefined => {
  for (const character of impact) {
    const refused = forbiddenCharacter(character.codePointAt(0)!, false);
    if (refused !== undefined) return `holds a character the text rule refuses: ${refused}`;
  }
  const length = [...impact].length;
  if (length > IMPACT_MAX_LENGTH)
    return `has ${length} characters, more than the ${IMPACT_MAX_LENGTH} a public note may have: say who is affected and how in one sentence`;
  if (!/[\p{L}\p{N}]/u.test(impact))
    return "has no word (a run of letters or digits): say who is affected and how in one sentence";
  return undefined;
};
