import path from "node:path";
import { formatProblem } from "../lib/problem.ts";
import { replaceFiles } from "../lib/replace-files.ts";
import { expectedExpiry, factFileText, type LoadedFact, readFactFiles } from "../model/index.ts";
import { FACT_FILE_KEYS } from "../schemas/fact-file.ts";
import { SCHEDULED_CHANGE_KEYS } from "../schemas/scheduled-change.ts";

type JsonObject = Record<string, unknown>;

/** One fixer: rewrites a fact file's JSON value, and says what it changed (nothing when the file already conforms). */
interface Fixer {
  /** The check rule whose problems it fixes. */
  rule: string;
  fix(value: JsonObject, loaded: LoadedFact): { value: JsonObject; change?: string };
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
      const scheduled = Array.isArray(top.scheduled)
        ? top.scheduled.map((change) => (change !== null && typeof change === "object" ? ordered(change as JsonObject, SCHEDULED_CHANGE_KEYS) : change))
        : undefined;
      const next = scheduled === undefined ? top : { ...top, scheduled };
      const moved =
        !sameKeyOrder(value, top) ||
        (scheduled ?? []).some((change, index) => !sameKeyOrder(change as JsonObject, (value.scheduled as JsonObject[])[index] ?? {}));
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
];

export interface FixReport {
  /** Each file rewritten, with what changed in it. */
  fixed: { file: string; changes: string[] }[];
  /** Problems that stop a file from being fixed (it does not parse or match the schema): fix these by hand. */
  unfixable: string[];
}

/**
 * Rewrites every fact file that a fixer changes, each replaced whole through a temporary file and a rename, so an
 * interrupted run leaves every file either as it was or fixed. Files that do not parse or match the schema are
 * left alone and reported.
 */
export const fixFacts = async (root: string, options: { dryRun?: boolean } = {}): Promise<FixReport> => {
  const { facts, problems } = await readFactFiles(root);
  const fixed: FixReport["fixed"] = [];
  for (const loaded of facts) {
    let value = loaded.doc.value as JsonObject;
    const changes: string[] = [];
    for (const fixer of FIXERS) {
      const result = fixer.fix(value, loaded);
      value = result.value;
      if (result.change !== undefined) changes.push(`${result.change} [${fixer.rule}]`);
    }
    const text = factFileText(value);
    if (changes.length === 0 && text === loaded.doc.text) continue;
    if (changes.length === 0) changes.push("formatted as two-space JSON");
    fixed.push({ file: loaded.doc.file, changes });
    if (options.dryRun) continue;
    await replaceFiles([{ path: path.join(root, loaded.doc.file), text }]);
  }
  return { fixed, unfixable: problems.map(formatProblem) };
};
