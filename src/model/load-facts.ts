import { byRule, type Problem } from "../lib/problem.ts";
import { FactFile } from "../schemas/index.ts";
import { factsAtRevision } from "./facts-at-revision.ts";
import { listDataFiles } from "./list-files.ts";
import type { JsonDocument } from "./parse-json-document.ts";
import { readDataDocument } from "./read-document.ts";
import { validateWithSchema } from "./validate-with-schema.ts";

/** A fact file that parsed and matched the schema, with its document for locating problems in it. */
export interface LoadedFact {
  doc: JsonDocument;
  fact: FactFile;
}

const FACT_PATH = /^facts\/[^/]+\/[^/]+\.json$/;

/** The names of the check rules whose problems the loader finds, as CONTRIBUTING.md lists them. */
export const LOAD_RULES = { fileNames: "file-names", json: "json", text: "text", fileLocation: "file-location", schema: "schema" } as const;

/**
 * The one way facts are read from a working tree: every file under `facts/`, refused when hostile (see
 * `listDataFiles`, `readDataDocument` and `parseJsonDocument`), parsed, its text checked for characters no output can
 * carry (the text rule), and validated against the schema. Returns the facts that passed, and a located problem for
 * every file that did not; the lint rules are the check's, not the loader's.
 */
export const readFactFiles = async (root: string): Promise<{ facts: LoadedFact[]; problems: Problem[]; files: string[] }> => {
  const listed = await listDataFiles(root, "facts");
  const files = listed.files;
  const problems = byRule(LOAD_RULES.fileNames, listed.problems);
  const facts: LoadedFact[] = [];
  for (const file of files) {
    if (!FACT_PATH.test(file)) {
      problems.push({
        file,
        line: 1,
        column: 1,
        pointer: "",
        message: "only facts/<domain>/<id>.json files belong under facts/",
        rule: LOAD_RULES.fileLocation,
      });
      continue;
    }
    const doc = await readDataDocument(root, file);
    if (doc.syntaxProblems.length > 0) {
      problems.push(...byRule(LOAD_RULES.json, doc.syntaxProblems));
      continue;
    }
    // A fact whose text no output can carry is reported with its schema problems and never loaded.
    const text = doc.textProblems;
    problems.push(...byRule(LOAD_RULES.text, text));
    const { value: fact, problems: schemaProblems } = validateWithSchema(doc, FactFile);
    problems.push(...byRule(LOAD_RULES.schema, schemaProblems));
    if (fact && text.length === 0) facts.push({ doc, fact });
  }
  return { facts, problems, files };
};

/**
 * The facts of the working tree that parse and match the schema. Their other problems are `npm run check`'s to
 * report; the freshness gate, the promotions and the re-verification only need each fact's dates and citations.
 */
export const loadFacts = async (root: string): Promise<LoadedFact[]> => (await readFactFiles(root)).facts;

/**
 * The facts at a git revision that parse as fact files, alone and with their paths; the others are named, since the
 * pull-request check should have stopped them.
 */
export const loadFactsAtRevision = async (
  cwd: string,
  revision: string,
): Promise<{ facts: FactFile[]; files: { file: string; fact: FactFile }[]; skipped: string[] }> => {
  const files: { file: string; fact: FactFile }[] = [];
  const skipped: string[] = [];
  for (const file of await factsAtRevision(cwd, revision)) {
    const parsed = file.parseError === undefined ? FactFile.safeParse(file.json) : undefined;
    if (parsed?.success) files.push({ file: file.path, fact: parsed.data });
    else skipped.push(`${file.path}: ${file.parseError ?? parsed?.error.issues[0]?.message ?? "not a fact"}`);
  }
  return { facts: files.map((each) => each.fact), files, skipped };
};
