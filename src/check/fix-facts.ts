import path from "node:path";
import { replaceFiles } from "../lib/json-file.ts";
import { formatProblem } from "../lib/problem.ts";
import { readDocument } from "../model/data-files.ts";
import { expectedExpiry, type LoadedFact, readFactFiles, revisionChanges } from "../model/facts.ts";
import { prettyJsonText } from "../model/json-document.ts";
import { EARLIER_PERIOD_KEYS, FACT_FILE_KEYS, FactFile, SCHEDULED_CHANGE_KEYS } from "../schemas/index.ts";
import { readBaseFacts } from "./check-against-base.ts";

type JsonObject = Record<string, unknown>;

/** What a fixer may compare with: the facts at the base revision, by id (empty when there is no base). */
export interface FixContext {
  base: ReadonlyMap<string, FactFile>;
}

/** One fixer: rewrites a fact file's JSON value, and says what it changed (nothing when the file already conforms). */
interface Fixer {
  /** The check rule whose problems it fixes. */
  rule: string;
  fix(value: JsonObject, loaded: LoadedFact, context: FixContext): { value: JsonObject; change?: string };
}

/** `object`'s keys in `order`; keys the order does not know (the schema refuses them) keep their place at the end. */
const ordered = (object: JsonObject, order: readonly string[]): JsonObject => {
  const known = order.filter((key) => Object.hasOwn(object, key));
  const rest = Object.keys(object).filter((key) => !order.includes(key));
  return Object.fromEntries([...known, ...rest].map((key) => [key, object[key]]));
};

const sameKeyOrder = (a: JsonObject, b: JsonObject): boolean => Object.keys(a).join("\0") === Object.keys(b).join("\0");

/** The fixers `npm run fix` applies, in order, as browser-compat-data's `npm run fix` does for its data. */
export const FIXERS: readonly Fixer[] = [
  {
    rule: "key-order",
    fix: (value) => {
      const top = ordered(value, FACT_FILE_KEYS);
      // The entries of the lists whose keys have an order of their own: scheduled changes and earlier periods.
      const lists = [
        ["scheduled", SCHEDULED_CHANGE_KEYS],
        ["earlier", EARLIER_PERIOD_KEYS],
      ] as const;
      let next = top;
      let moved = !sameKeyOrder(value, top);
      for (const [key, order] of lists) {
        const list = top[key];
        if (!Array.isArray(list)) continue;
        const entries = list.map((entry) =>
          entry !== null && typeof entry === "object" && !Array.isArray(entry)
            ? ordered(entry as JsonObject, order)
            : entry,
        );
        moved ||= entries.some((entry, index) => !sameKeyOrder(entry as JsonObject, list[index] as JsonObject));
        next = { ...next, [key]: entries };
      }
      return moved ? { value: next, change: "keys put in the schema's order" } : { value };
    },
  },
  {
    rule: "cadence",
    fix: (value, { fact }) => {
      const expected = expectedExpiry(fact);
      if (expected === undefined || value.expires_iso === expected) return { value };
      return {
        value: { ...value, expires_iso: expected },
        change: `expires_iso ${String(value.expires_iso)} → ${expected} (latest retrieved_iso plus the cadence)`,
      };
    },
  },
  {
    // A revision against the base raises the version by one. Only a version still equal to the base's is raised, so a
    // second run, or a contributor who already raised it, leaves it alone; any other version is the check's to report.
    rule: "version-rules",
    fix: (value, { fact }, { base }) => {
      const before = base.get(fact.id);
      if (before === undefined || fact.version !== before.version) return { value };
      const changed = revisionChanges(before, fact);
      if (changed.length === 0) return { value };
      const version = before.version + 1;
      // The fixer never guesses a date: it says what keeping the old one publishes (the correction-or-date warning).
      const kept =
        changed.includes("effective_iso") || !(changed.includes("value") || changed.includes("unit"))
          ? ""
          : `; effective_iso is still ${fact.effective_iso}, so this is published as a correction of the rule from that day: set effective_iso to the day the new rule took effect, or start the commit's Impact: line with "Correction:"`;
      return {
        value: { ...value, version },
        change: `version ${before.version} → ${version} (${changed.join(", ")} changed against the base)${kept}`,
      };
    },
  },
];

/**
 * A file the schema refuses only because `expires_iso` is missing, completed from its cadence (latest retrieved_iso
 * plus the cadence), as the fact it would be; undefined when anything else is wrong with it too.
 */
const withExpiry = async (root: string, file: string): Promise<{ loaded: LoadedFact; expires: string } | undefined> => {
  const doc = await readDocument(root, file);
  if (doc.syntaxProblems.length > 0 || doc.value === null || typeof doc.value !== "object" || Array.isArray(doc.value))
    return undefined;
  const value = doc.value as JsonObject;
  if (Object.hasOwn(value, "expires_iso")) return undefined;
  // The placeholder only lets the schema read the tags and citations the expiry is computed from; it is replaced.
  const probe = FactFile.safeParse({ ...value, expires_iso: "2000-01-01" });
  if (!probe.success) return undefined;
  const expires = expectedExpiry(probe.data);
  if (expires === undefined) return undefined;
  const fact = { ...probe.data, expires_iso: expires };
  // Written where it belongs, after effective_iso, so a file whose keys were in order is not reported as reordered.
  const entries = Object.entries(value);
  const at = entries.findIndex(([key]) => key === "effective_iso");
  entries.splice(at < 0 ? entries.length : at + 1, 0, ["expires_iso", expires]);
  return { loaded: { doc: { ...doc, value: Object.fromEntries(entries) }, fact }, expires };
};

export interface FixReport {
  /** Each file rewritten, with what changed in it. */
  fixed: { file: string; changes: string[] }[];
  /** Problems that stop a file from being fixed (it does not parse or match the schema): fix these by hand. */
  unfixable: string[];
}

/**
 * Rewrites every fact file that a fixer changes, each replaced whole through a temporary file and a rename, so an
 * interrupted run leaves every file either as it was or fixed. A file missing only `expires_iso` gets it from its
 * cadence; other files that do not parse or match the schema are left alone and reported. With `base` (a git
 * revision), a fact whose value, unit or effective_iso differs from the base's and whose version is still the base's
 * gets version + 1.
 */
export const fixFacts = async (root: string, options: { dryRun?: boolean; base?: string } = {}): Promise<FixReport> => {
  const read = await readFactFiles(root);
  const facts: { loaded: LoadedFact; changes: string[] }[] = read.facts.map((loaded) => ({ loaded, changes: [] }));
  const rescued = new Set<string>();
  for (const file of new Set(read.problems.map((problem) => problem.file))) {
    if (!read.files.includes(file) || !file.endsWith(".json")) continue;
    const completed = await withExpiry(root, file);
    if (completed === undefined) continue;
    rescued.add(file);
    facts.push({
      loaded: completed.loaded,
      changes: [`expires_iso added: ${completed.expires} (latest retrieved_iso plus the cadence) [cadence]`],
    });
  }
  const problems = read.problems.filter((problem) => !rescued.has(problem.file));
  const base = new Map(
    options.base === undefined
      ? []
      : (await readBaseFacts(root, options.base)).map(({ fact }) => [fact.id, fact] as const),
  );
  const fixed: FixReport["fixed"] = [];
  for (const { loaded, changes } of facts) {
    let value = loaded.doc.value as JsonObject;
    for (const fixer of FIXERS) {
      const result = fixer.fix(value, loaded, { base });
      value = result.value;
      if (result.change !== undefined) changes.push(`${result.change} [${fixer.rule}]`);
    }
    const text = prettyJsonText(value);
    if (changes.length === 0 && text === loaded.doc.text) continue;
    if (changes.length === 0) changes.push("formatted as two-space JSON");
    fixed.push({ file: loaded.doc.file, changes });
    if (options.dryRun) continue;
    await replaceFiles([{ path: path.join(root, loaded.doc.file), text }]);
  }
  return { fixed, unfixable: problems.map(formatProblem) };
};
