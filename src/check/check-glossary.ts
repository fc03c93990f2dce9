import path from "node:path";
import type { FactHistory } from "../derive/fact-history.ts";
import { isMissingFile } from "../lib/errors.ts";
import { runGit } from "../lib/git.ts";
import { byRule, type Problem } from "../lib/problem.ts";
import { LOAD_RULES, type LoadedFact } from "../model/facts.ts";
import { type JsonDocument, parseJsonDocument } from "../model/json-document.ts";
import { GLOSSARY_FILE, readGlossary } from "../model/reference.ts";
import { ENUMERATION_MEMBER, type GlossaryEntry, type GlossaryFile, type GlossaryKind } from "../schemas/index.ts";
import { NON_FACT_RULES } from "./rules.ts";

const GLOSSARY = NON_FACT_RULES.glossary.name;
/** The repository this code is part of: its glossary is the one the pages are rendered with. */
const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_KINDS = new Set(["money", "rate", "year", "count", "measure"]);

type Path = (string | number)[];

/** What the entry's kinds admit, in words for a message; undefined when the value fits one of them. */
const kindMismatch = (entry: GlossaryEntry, value: unknown): string | undefined => {
  const mismatches = [entry.kind, ...(entry.also ?? [])].map((kind) => kindMismatchOf(kind, entry, value));
  return mismatches.includes(undefined) ? undefined : mismatches.join(" or ");
};

const kindMismatchOf = (kind: GlossaryKind, entry: GlossaryEntry, value: unknown): string | undefined => {
  if (value === null) return undefined;
  if (NUMBER_KINDS.has(kind)) {
    if (typeof value === "number") return undefined;
    // A word in a number's place ("sliding" for a rate that varies) is fine when the glossary has words for it.
    if (typeof value === "string" && entry.members !== undefined && Object.hasOwn(entry.members, value))
      return undefined;
    return `a number (or a member with words)`;
  }
  if (kind === "date")
    return typeof value === "string" && ISO_DATE.test(value) ? undefined : "an ISO date (YYYY-MM-DD)";
  if (kind === "text") return typeof value === "string" ? undefined : "a string";
  if (kind === "boolean") return typeof value === "boolean" ? undefined : "true or false";
  if (kind === "list") return Array.isArray(value) ? undefined : "an array";
  return typeof value === "object" && !Array.isArray(value) ? undefined : "an object";
};

const typeName = (value: unknown): string =>
  Array.isArray(value)
    ? "an array"
    : value === null
      ? "null"
      : typeof value === "object"
        ? "an object"
        : `${typeof value} ${JSON.stringify(value)}`;

/**
 * Where a key whose glossary entry has no `null_means` first holds null: the fact (and version) and the JSON Pointer,
 * by key. One place per key is enough for the message; the rest are found once the entry says what a null means.
 */
type NullsWithoutWords = Map<string, string>;

/** "/value/unit_minimums/0/lot_area_m2_at_most": a path as a JSON Pointer (RFC 6901). */
const pointerOf = (at: Path): string =>
  at.map((part) => `/${String(part).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

/**
 * The glossary's problems with one value: each key it lacks, each value that does not fit its key's kind, and each
 * enumeration member (a slug such as "bus-exchange") with no words. Marks every key it meets as used, and records in
 * `nulls`, as held by `holder` ("bc.tod.transit_oriented_development"), each null under a key whose entry does not say
 * what a null means.
 */
const valueProblems = (
  doc: JsonDocument,
  glossary: GlossaryFile,
  value: unknown,
  path: Path,
  used: Set<string>,
  nulls: NullsWithoutWords,
  holder: string,
): Problem[] => {
  const problems: Problem[] = [];
  /** `key` is the key whose value `node` is (or is an item of); "" at the top of the value. */
  const visit = (node: unknown, at: Path, key: string, entry: GlossaryEntry | undefined): void => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, [...at, index], key, entry);
      return;
    }
    if (node !== null && typeof node === "object") {
      for (const [child, item] of Object.entries(node)) {
        const childEntry = Object.hasOwn(glossary.keys, child) ? glossary.keys[child] : undefined;
        if (childEntry === undefined) {
          problems.push(
            doc.problemAt(
              [...at, child],
              `value key "${child}" has no glossary entry: add its label and kind to ${GLOSSARY_FILE} (CONTRIBUTING.md, "The glossary")`,
            ),
          );
        } else {
          used.add(child);
          if (item === null && childEntry.null_means === undefined && !nulls.has(child))
            nulls.set(child, `${holder} (at ${pointerOf([...at, child])})`);
          const mismatch = kindMismatch(childEntry, item);
          if (mismatch)
            problems.push(
              doc.problemAt(
                [...at, child],
                `"${child}" is ${[childEntry.kind, ...(childEntry.also ?? [])].join(" or ")} in ${GLOSSARY_FILE}, so its value must be ${mismatch}; found ${typeName(item)}`,
              ),
            );
        }
        visit(item, [...at, child], child, childEntry);
      }
      return;
    }
    if (typeof node !== "string" || entry === undefined) return;
    const wordInNumberPlace = NUMBER_KINDS.has(entry.kind);
    if (
      (ENUMERATION_MEMBER.test(node) || wordInNumberPlace) &&
      !(entry.members !== undefined && Object.hasOwn(entry.members, node))
    ) {
      problems.push(
        doc.problemAt(
          at,
          `"${node}" under "${key}" needs words for readers: add it to "members" of "${key}" in ${GLOSSARY_FILE}`,
        ),
      );
    }
  };
  visit(value, path, "", undefined);
  return problems;
};

/** The message for a key that holds null in some fact's value while its glossary entry does not say what that means. */
const nullWithoutWords = (key: string, where: string): string =>
  `"${key}" holds null in ${where}, and its entry says nothing of what a null means: add ${GLOSSARY_FILE} /keys/${key}/null_means, in words read in the sources ("No upper limit", "No separate rate offered", "Not stated in the sources read"), since a null is otherwise shown as "not stated"`;

/**
 * The glossary rule: reads reference/glossary.json as a data file (size, JSON, text and schema rules, each problem
 * located), then holds every fact's value, earlier periods' values and scheduled values to it, and, given the history, each earlier version's
 * value and scheduled values too, since the fact's page shows them. A glossary entry that no fact uses is an error
 * too, so the glossary says nothing about keys no reader meets, unless `reportUnused` is false (a fact could not be
 * read, so which entries it uses is unknown). So is an entry without `null_means` whose key holds null in some value
 * (current, earlier period, scheduled or earlier version), located in the glossary and naming the first fact found.
 */
export const checkGlossary = async (
  root: string,
  facts: readonly LoadedFact[],
  history?: FactHistory,
  options: { reportUnused: boolean } = { reportUnused: true },
): Promise<Problem[]> => {
  let reading: Awaited<ReturnType<typeof readGlossary>>;
  let own = true;
  try {
    reading = await readGlossary(root);
  } catch (error: unknown) {
    if (!isMissingFile(error)) throw error;
    if (path.resolve(root) === PROJECT_ROOT) {
      return [
        {
          file: GLOSSARY_FILE,
          line: 1,
          column: 1,
          pointer: "",
          message: "the glossary is missing: every value key needs its words there",
          rule: GLOSSARY,
        },
      ];
    }
    // Another tree with no glossary of its own (a test's fixture, a copy of some facts) is read with this project's,
    // the one its pages would be rendered with; its facts use only part of it, so unused entries are not reported.
    reading = await readGlossary(PROJECT_ROOT);
    own = false;
  }
  const { doc, glossary } = reading;
  if (doc.syntaxProblems.length > 0) return byRule(LOAD_RULES.json, doc.syntaxProblems);
  if (doc.textProblems.length > 0) return byRule(LOAD_RULES.text, doc.textProblems);
  if (glossary === undefined) return byRule(LOAD_RULES.schema, reading.problems);
  const used = new Set<string>();
  const nulls: NullsWithoutWords = new Map();
  const problems: Problem[] = [];
  for (const { doc: factDoc, fact } of facts) {
    const values = (value: unknown, at: Path) =>
      problems.push(...valueProblems(factDoc, glossary, value, at, used, nulls, fact.id));
    values(fact.value, ["value"]);
    (fact.earlier ?? []).forEach((period, index) => {
      values(period.value, ["earlier", index, "value"]);
    });
    (fact.scheduled ?? []).forEach((change, index) => {
      values(change.value, ["scheduled", index, "value"]);
    });
  }
  if (history) problems.push(...(await historyProblems(root, facts, history, glossary, used, nulls)));
  // A tree read with this project's glossary (a test's fixture) cannot add words to it, as with unused entries.
  for (const [key, where] of own ? nulls : [])
    problems.push(doc.problemAt(["keys", key], nullWithoutWords(key, where)));
  // Keys of earlier versions count as used only when the history could be read: in a copy without git (an archive,
  // a tarball) an entry kept for an earlier version would otherwise be reported as unused.
  for (const key of own && history && options.reportUnused ? Object.keys(glossary.keys) : []) {
    if (!used.has(key))
      problems.push(
        doc.problemAt(["keys", key], `no fact's value uses "${key}": remove its entry (or fix the key's spelling)`),
      );
  }
  return byRule(GLOSSARY, problems);
};

/** A document that only records that a problem was found: an earlier version is read again only when it has one. */
const probe = (file: string): JsonDocument => {
  const doc = parseJsonDocument(file, "null");
  return { ...doc, problemAt: (_path, message) => ({ file, line: 1, column: 1, pointer: "", message }) };
};

/**
 * The glossary's problems with each earlier version of a current fact (value and scheduled values), located in the
 * file as that version was committed, as the value-schema rule locates them; the keys they use count as used.
 */
const historyProblems = async (
  root: string,
  facts: readonly LoadedFact[],
  history: FactHistory,
  glossary: GlossaryFile,
  used: Set<string>,
  nulls: NullsWithoutWords,
): Promise<Problem[]> => {
  const problems: Problem[] = [];
  for (const { fact } of facts) {
    for (const version of history.facts.get(fact.id)?.versions ?? []) {
      if (version.version >= fact.version) continue;
      const holder = `${fact.id} version ${version.version} (commit ${version.lastCommit.sha.slice(0, 12)})`;
      const find = (doc: JsonDocument): Problem[] => [
        ...valueProblems(doc, glossary, version.state.value, ["value"], used, nulls, holder),
        ...(version.state.scheduled ?? []).flatMap((change, index) =>
          valueProblems(doc, glossary, change.value, ["scheduled", index, "value"], used, nulls, holder),
        ),
      ];
      if (find(probe(version.path)).length === 0) continue;
      const commit = version.lastCommit.sha;
      const text = (await runGit(root, ["cat-file", "blob", `${commit}:${version.path}`])).toString("utf8");
      for (const problem of find(parseJsonDocument(version.path, text))) {
        problems.push({
          ...problem,
          message: `version ${version.version} as committed in ${commit.slice(0, 12)} (line and column are in that commit's file): ${problem.message}`,
        });
      }
    }
  }
  return problems;
};
