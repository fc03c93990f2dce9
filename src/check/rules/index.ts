import { LOAD_RULES } from "../../model/facts.ts";
import { cadence } from "./cadence.ts";
import { citationKind } from "./citation-kind.ts";
import { effectiveBeforeExpiry } from "./effective-before-expiry.ts";
import { effectiveNotInFuture } from "./effective-not-in-future.ts";
import { fileMatchesId } from "./file-matches-id.ts";
import { keyOrder } from "./key-order.ts";
import { notesForReaders } from "./notes-for-readers.ts";
import { retrievedNotInFuture } from "./retrieved-not-in-future.ts";
import { scheduledChanges } from "./scheduled-changes.ts";
import type { CheckRule, FactRule } from "./types.ts";
import { valueSchema } from "./value-schema.ts";
import { withdrawn } from "./withdrawn.ts";

/** Every per-file rule over a fact that matched the schema, in the order they run. */
export const FACT_RULES: readonly FactRule[] = [
  {
    name: "file-matches-id",
    level: "error",
    description: "The file is facts/<domain>/<id>.json: its name is the id and its folder the domain.",
    check: fileMatchesId,
  },
  { name: "key-order", level: "error", description: "Keys are written in the schema's order (`npm run fix` rewrites them).", check: keyOrder },
  { name: "effective-before-expiry", level: "error", description: "effective_iso is not after expires_iso.", check: effectiveBeforeExpiry },
  {
    name: "effective-not-in-future",
    level: "error",
    description: "effective_iso is not after today: a rule that takes effect later goes under scheduled.",
    check: effectiveNotInFuture,
  },
  { name: "retrieved-not-in-future", level: "error", description: "No citation was retrieved after today.", check: retrievedNotInFuture },
  {
    name: "cadence",
    level: "error",
    description: "Exactly one cadence tag, and expires_iso is the latest retrieved_iso plus that cadence (`npm run fix` sets it).",
    check: cadence,
  },
  {
    name: "scheduled-changes",
    level: "error",
    description: "Scheduled changes come after effective_iso, one per date in date order, with the unit and keys in order.",
    check: scheduledChanges,
  },
  { name: "citation-kind", level: "error", description: "Every citation states its kind: official, official-copy or secondary.", check: citationKind },
  {
    name: "notes-for-readers",
    level: "error",
    description: "Citation notes are at most 280 characters, for the API's readers, and say nothing of how the research was done.",
    check: notesForReaders,
  },
  {
    name: "value-schema",
    level: "error",
    description:
      "The value, each scheduled value and each earlier version's value match the schema of the fact's id (src/schemas/values/), which every fact id must have.",
    check: valueSchema,
  },
  {
    name: "withdrawn",
    level: "error",
    description: "A tombstone (a withdrawn fact) has both withdrawn_iso, not after today, and withdrawn_reason, and no scheduled changes or next_expected.",
    check: withdrawn,
  },
];

/** The checks that are not per-fact rules: reading the files, the schema, the rules across files and against the base. */
export const OTHER_RULES = {
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
  fileLocation: { name: LOAD_RULES.fileLocation, level: "error", description: "Only facts/<domain>/<id>.json files are under facts/." },
  schema: { name: LOAD_RULES.schema, level: "error", description: "The file matches the published JSON Schema (schemas/)." },
  organisations: {
    name: "organisations",
    level: "error",
    description:
      "reference/organisations.json matches its schema (an id, a name, a kind and an https home page or null per organisation) and gives no id, name or alias twice.",
  },
  citationOrg: {
    name: "citation-org",
    level: "error",
    description:
      "Every citation's org (of a fact, its scheduled changes and the files under index-data/), and next_expected's where.org, is the id of an organisation in reference/organisations.json.",
  },
  uniqueId: { name: "unique-id", level: "error", description: "No two facts share an id." },
  supersededBy: {
    name: "superseded-by-exists",
    level: "error",
    description: "A fact's superseded_by names another fact that exists (by id), or null when no fact replaces it.",
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
      "Against the base branch: a change of value, unit or effective_iso raises version by exactly 1, anything else keeps it; no fact is deleted or renamed (a withdrawn fact keeps its file as a tombstone) and a tombstone never becomes a live fact again; a re-verification moves retrieved_iso and expires_iso forward.",
  },
  revisionCommit: {
    name: "revision-commit",
    level: "error",
    description:
      "In a pull request (the validate action): each commit that raises a fact's version carries a Source: line with a URL the fact cites and an Impact: line.",
  },
  staleNumber: {
    name: "stale-number",
    level: "warning",
    description:
      'Against the base branch, on a revision: a number of the description or of a citation\'s quote that stated the old value and states nothing in the new one ("$35" after the fee moved to 40).',
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
  officialQuote: {
    name: "official-quote",
    level: "warning",
    description: "A fact quotes the passage of an official source that states it; the summary names the facts that do not.",
  },
} as const satisfies Record<string, CheckRule>;

/** Every rule the check applies, in the order it applies them: what CONTRIBUTING.md lists. */
export const CHECK_RULES: readonly CheckRule[] = [
  OTHER_RULES.fileNames,
  OTHER_RULES.json,
  OTHER_RULES.text,
  OTHER_RULES.fileLocation,
  OTHER_RULES.schema,
  ...FACT_RULES.map(({ name, level, description }) => ({ name, level, description })),
  OTHER_RULES.organisations,
  OTHER_RULES.citationOrg,
  OTHER_RULES.uniqueId,
  OTHER_RULES.supersededBy,
  OTHER_RULES.series,
  OTHER_RULES.versionRules,
  OTHER_RULES.revisionCommit,
  OTHER_RULES.staleNumber,
  OTHER_RULES.nextExpectedMoved,
  OTHER_RULES.nextExpectedReminder,
  OTHER_RULES.indexData,
  OTHER_RULES.glossary,
  OTHER_RULES.officialQuote,
];
