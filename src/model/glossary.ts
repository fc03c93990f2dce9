import { readFileSync } from "node:fs";
import path from "node:path";
import { formatProblem, type Problem } from "../lib/problem.ts";
import { type GlossaryFile as Glossary, GlossaryFile } from "../schemas/index.ts";
import { parseJsonDocument } from "./parse-json-document.ts";
import { type DataDocument, MAX_DATA_FILE_BYTES, readDataDocument } from "./read-document.ts";
import { textProblems } from "./text-characters.ts";
import { validateWithSchema } from "./validate-with-schema.ts";

/** The glossary's place in the repository: words for people about every key of every fact's value. */
export const GLOSSARY_FILE = "reference/glossary.json";

export interface GlossaryReading {
  doc: DataDocument;
  /** The glossary, when it was read without a problem. */
  glossary: Glossary | undefined;
  problems: Problem[];
}

const validate = (doc: DataDocument): GlossaryReading => {
  if (doc.syntaxProblems.length > 0) return { doc, glossary: undefined, problems: doc.syntaxProblems };
  if (doc.textProblems.length > 0) return { doc, glossary: undefined, problems: doc.textProblems };
  const { value, problems } = validateWithSchema(doc, GlossaryFile);
  return { doc, glossary: value, problems };
};

/** Reads the glossary as a data file: size, JSON, text and schema rules, each problem located. */
export const readGlossary = async (root: string): Promise<GlossaryReading> => validate(await readDataDocument(root, GLOSSARY_FILE));

let loaded: Glossary | undefined;

/**
 * The glossary the pages, feeds and tools read values through, loaded once from the repository this code runs in.
 * Same rules as the check (which runs first in every workflow); a glossary that breaks them stops the render with
 * the located problems rather than showing a reader a key name.
 */
export const glossary = (): Glossary => {
  if (loaded) return loaded;
  const root = path.resolve(import.meta.dirname, "../..");
  const bytes = readFileSync(path.join(root, GLOSSARY_FILE));
  if (bytes.length > MAX_DATA_FILE_BYTES) throw new Error(`${GLOSSARY_FILE}: larger than ${MAX_DATA_FILE_BYTES} bytes`);
  const parsed = parseJsonDocument(GLOSSARY_FILE, new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes));
  const reading = validate({ ...parsed, textProblems: parsed.syntaxProblems.length > 0 ? [] : textProblems(parsed) });
  if (!reading.glossary) throw new Error(`${GLOSSARY_FILE} cannot be read (npm run check says the same):\n${reading.problems.map(formatProblem).join("\n")}`);
  loaded = reading.glossary;
  return loaded;
};
