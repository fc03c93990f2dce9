/**
 * The words files, `site/words/<language>.json`: English (`en.json`) holds the pages' messages; each translation holds
 * the same messages in its language, and the data's words (the glossary's labels, the units, each fact's label and
 * description), each beside the English it translates, so a translation made for older English is found. Read with
 * every problem located (file, line, column, JSON Pointer) and named by its key; nothing is published from a file
 * that has one.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { z } from "zod";
import { ASSUMPTION_CODES, SAID_CODES } from "../../packages/client/src/index.ts";
import englishFile from "../../site/words/en.json" with { type: "json" };
import { errorMessage } from "../lib/errors.ts";
import { compareProblems, formatProblem, type Problem } from "../lib/problem.ts";
import { type JsonDocument, parseJsonDocument, textProblems, validateWithSchema } from "../model/json-document.ts";
import { glossary } from "../model/reference.ts";
import { type GlossaryFile, MEASURE_UNITS } from "../schemas/index.ts";
import { ENGLISH, LOCALES, type Locale, type LocaleCode, TRANSLATIONS } from "./locales.ts";
import { makeWords, type Words } from "./words.ts";

export const WORDS_FOLDER = "site/words";

/** The repository this code is part of: its code names the messages, and its words are the ones pages use. */
const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** A words file is part of the site's source, larger than a fact (four translations of every description) but bounded. */
const MAX_WORDS_FILE_BYTES = 2 * 1024 * 1024;

export const wordsFile = (locale: Locale): string => `${WORDS_FOLDER}/${locale.code}.json`;

const Messages = z.record(z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/), z.string().min(1));

/** A string of the data beside the English it translates. */
const Translated = z.strictObject({ en: z.string(), text: z.string().min(1) });
export type Translated = z.infer<typeof Translated>;

const GlossaryWords = z.strictObject({
  label: Translated,
  members: z.record(z.string(), Translated).optional(),
  null_means: Translated.optional(),
});

export const EnglishWordsFile = z.strictObject({ pages: Messages });

/** A legal or tax term taken from an official translation, with the source it was read in. */
const Term = z.strictObject({
  en: z.string().min(1),
  text: z.string().min(1),
  source_title: z.string().min(1),
  source_url: z.url({ protocol: /^https?$/ }),
  source_kind: z.enum(["official"]),
});

export const TranslationWordsFile = z.strictObject({
  pages: Messages,
  /** The legal and tax terms the translation takes from official translations, each with its source. */
  terms: z.array(Term),
  units: z.record(z.string(), Translated),
  glossary: z.record(z.string(), GlossaryWords),
  facts: z.record(z.string(), z.strictObject({ label: Translated, description: Translated })),
});
export type TranslationWords = z.infer<typeof TranslationWordsFile>;

/** The English the data's words translate: what the glossary and the facts say today. */
export interface EnglishData {
  glossary: Readonly<
    Record<string, { label: string; members?: Readonly<Record<string, string>>; null_means?: string; unit?: string }>
  >;
  facts: readonly { id: string; label: string; description: string }[];
  /** Each measure unit's English message (`{count, plural, one {# day} other {# days}}`). */
  units: Readonly<Record<string, string>>;
}

/** The English each translation of the data's words must be made from: the glossary, the units and the facts. */
export const englishData = (
  glossary: GlossaryFile,
  facts: readonly { id: string; label: string; description: string }[],
): EnglishData => ({
  glossary: glossary.keys,
  facts: facts.map(({ id, label, description }) => ({ id, label, description })),
  units: ENGLISH_UNIT_MESSAGES,
});

/**
 * The words the pages are rendered with: this repository's, read as a build reads them (see readWords), for `facts`.
 * A file with a problem stops the build, naming the file and key, rather than publish a page with a raw key.
 */
export const readPageWords = async (
  facts: readonly { id: string; label: string; description: string }[],
): Promise<WordsReading> => {
  const reading = await readWords(PROJECT_ROOT, englishData(glossary(), facts), new Set(), { complete: false });
  if (reading.problems.length > 0)
    throw new Error(
      `the words files cannot be published (npm run check says the same):\n${reading.problems.sort(compareProblems).map(formatProblem).join("\n")}`,
    );
  return reading;
};

export interface WordsReading {
  /** Each language's page messages, when its file has no problem. */
  messages: Partial<Record<LocaleCode, Record<string, string>>>;
  /** Each translation's data words, when its file has no problem. */
  data: Partial<Record<LocaleCode, TranslationWords>>;
  problems: Problem[];
}

/**
 * Each measure unit in English as an ICU message, from its singular and plural ("1 day", "2 days"): what each
 * translation's `units` translate.
 */
export const ENGLISH_UNIT_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MEASURE_UNITS).map(([plural, singular]) => [
    plural,
    plural === singular ? `{count, number} ${plural}` : `{count, plural, one {# ${singular}} other {# ${plural}}}`,
  ]),
);

/** The names a message takes: its arguments, plurals and selects, and its tags (`<link>`), each once. */
export const messageArguments = (elements: readonly MessageFormatElement[]): Set<string> => {
  const names = new Set<string>();
  const visit = (list: readonly MessageFormatElement[]): void => {
    for (const element of list) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.type === TYPE.tag ? `<${element.value}>` : `{${element.value}}`);
      if (element.type === TYPE.tag) visit(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(elements);
  return names;
};

/** The message's names, or why it is no ICU message. */
const parsed = (message: string): Set<string> | string => {
  try {
    return messageArguments(parse(message, { requiresOtherClause: true }));
  } catch (error: unknown) {
    return `is not a valid ICU message: ${errorMessage(error)}`;
  }
};

const readDocument = async (root: string, file: string): Promise<JsonDocument | Problem> => {
  const at = (message: string): Problem => ({ file, line: 1, column: 1, pointer: "", message });
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(root, file));
  } catch (error: unknown) {
    return at(`cannot be read: ${errorMessage(error)}`);
  }
  if (bytes.length > MAX_WORDS_FILE_BYTES) return at(`is larger than ${MAX_WORDS_FILE_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return at("is not UTF-8 text");
  }
  return parseJsonDocument(file, text);
};

/** Checks one message against the English one of the same key: valid, and with the same arguments and tags. */
const messageProblems = (
  doc: JsonDocument,
  at: (string | number)[],
  key: string,
  message: string,
  english: string | undefined,
): Problem[] => {
  const names = parsed(message);
  if (typeof names === "string") return [doc.problemAt(at, `the message "${key}" ${names}`)];
  if (english === undefined) return [];
  const expected = parsed(english);
  if (typeof expected === "string") return [];
  const problems: Problem[] = [];
  for (const name of expected)
    if (!names.has(name))
      problems.push(doc.problemAt(at, `the message "${key}" lacks the placeholder ${name} the English has`));
  for (const name of names)
    if (!expected.has(name))
      problems.push(doc.problemAt(at, `the message "${key}" has the placeholder ${name}, which the English lacks`));
  return problems;
};

/** A string of the data against the English it should translate. */
const translatedProblems = (
  doc: JsonDocument,
  at: (string | number)[],
  what: string,
  translated: Translated | undefined,
  english: string,
): Problem[] => {
  if (translated === undefined) return [doc.problemAt(at, `${what} has no translation`)];
  if (translated.en !== english)
    return [
      doc.problemAt(
        [...at, "en"],
        `${what} was translated from older English ("${translated.en}"); the English now reads "${english}": translate it again`,
      ),
    ];
  return [];
};

/**
 * The data's words are warned about, never refused: a fact or glossary key added or reworded in English is published
 * in English on the translated pages (marked as English, and flagged `translated: false` in the words endpoint) until
 * its translations are made from today's English, so a contributor who writes no French, Chinese or Punjabi can still
 * correct a fact; and words for a fact or key the data no longer has are never shown.
 */
const pending = (problem: Problem): Problem => ({ ...problem, level: "warning" });

const dataProblems = (doc: JsonDocument, words: TranslationWords, english: EnglishData): Problem[] => {
  const problems: Problem[] = [];
  for (const [unit, message] of Object.entries(english.units)) {
    const at = ["units", unit];
    const translated = words.units[unit];
    problems.push(...translatedProblems(doc, at, `the unit "${unit}"`, translated, message));
    if (translated !== undefined)
      problems.push(...messageProblems(doc, [...at, "text"], `units.${unit}`, translated.text, message));
  }
  for (const [key, entry] of Object.entries(english.glossary)) {
    const translated = words.glossary[key];
    const at = ["glossary", key];
    if (translated === undefined) {
      problems.push(doc.problemAt(["glossary"], `the glossary key "${key}" has no translation`));
      continue;
    }
    problems.push(...translatedProblems(doc, [...at, "label"], `the label of "${key}"`, translated.label, entry.label));
    for (const [member, words] of Object.entries(entry.members ?? {}))
      problems.push(
        ...translatedProblems(
          doc,
          [...at, "members", member],
          `the member "${member}" of "${key}"`,
          translated.members?.[member],
          words,
        ),
      );
    if (entry.null_means !== undefined)
      problems.push(
        ...translatedProblems(
          doc,
          [...at, "null_means"],
          `what a null means under "${key}"`,
          translated.null_means,
          entry.null_means,
        ),
      );
  }
  const facts = new Map(english.facts.map((fact) => [fact.id, fact]));
  for (const fact of english.facts) {
    const translated = words.facts[fact.id];
    if (translated === undefined) {
      problems.push(doc.problemAt(["facts"], `the fact "${fact.id}" has no translation`));
      continue;
    }
    problems.push(
      ...translatedProblems(doc, ["facts", fact.id, "label"], `the label of ${fact.id}`, translated.label, fact.label),
      ...translatedProblems(
        doc,
        ["facts", fact.id, "description"],
        `the description of ${fact.id}`,
        translated.description,
        fact.description,
      ),
    );
  }
  for (const id of Object.keys(words.facts))
    if (!facts.has(id)) problems.push(doc.problemAt(["facts", id], `"${id}" is no fact: remove its words`));
  for (const key of Object.keys(words.glossary))
    if (!Object.hasOwn(english.glossary, key))
      problems.push(doc.problemAt(["glossary", key], `"${key}" is no glossary key: remove its words`));
  for (const unit of Object.keys(words.units))
    if (!Object.hasOwn(english.units, unit))
      problems.push(doc.problemAt(["units", unit], `"${unit}" is no unit of the glossary: remove its words`));
  return problems;
};

/**
 * Every words file read and held to its rules: valid JSON of the file's shape, no control character, every message a
 * valid ICU message; each translation with every English message (no more), the same placeholders and tags, and words
 * for every glossary entry, unit and fact, made from today's English. `used` is every key some page or script names:
 * an English message no code uses is a problem too. A build reads them with `complete: false`: it publishes the
 * data's words it has, made from today's English, and the English where a translation lacks them or is older.
 */
export const readWords = async (
  root: string,
  english: EnglishData,
  used: ReadonlySet<string>,
  options: { complete: boolean } = { complete: true },
): Promise<WordsReading> => {
  const reading: WordsReading = { messages: {}, data: {}, problems: [] };
  const englishFile = wordsFile(ENGLISH);
  const englishDoc = await readDocument(root, englishFile);
  let source: Record<string, string> | undefined;
  if ("message" in englishDoc) reading.problems.push(englishDoc);
  else {
    const problems = [
      ...englishDoc.syntaxProblems,
      ...(englishDoc.syntaxProblems.length ? [] : textProblems(englishDoc)),
    ];
    // A character the text rule refuses is reported, and the rest of the file is still read for its other problems.
    const { value, problems: shape } = englishDoc.syntaxProblems.length
      ? { value: undefined, problems: [] }
      : validateWithSchema(englishDoc, EnglishWordsFile);
    problems.push(...shape);
    if (value !== undefined) {
      for (const [key, message] of Object.entries(value.pages)) {
        problems.push(...messageProblems(englishDoc, ["pages", key], key, message, undefined));
        if (options.complete && !used.has(key))
          problems.push(
            englishDoc.problemAt(["pages", key], `the message "${key}" is used by no page or script: remove it`),
          );
      }
      for (const key of options.complete ? used : [])
        if (!Object.hasOwn(value.pages, key))
          problems.push(
            englishDoc.problemAt(["pages"], `the message "${key}" is used by the code but has no English words`),
          );
    }
    reading.problems.push(...problems);
    if (problems.length === 0 && value !== undefined) {
      source = value.pages;
      reading.messages.en = source;
    }
  }
  for (const locale of TRANSLATIONS) {
    const file = wordsFile(locale);
    const doc = await readDocument(root, file);
    if ("message" in doc) {
      reading.problems.push(doc);
      continue;
    }
    const problems = [...doc.syntaxProblems, ...(doc.syntaxProblems.length ? [] : textProblems(doc))];
    // A character the text rule refuses is reported, and the rest of the file is still read for its other problems.
    const { value, problems: shape } = doc.syntaxProblems.length
      ? { value: undefined, problems: [] }
      : validateWithSchema(doc, TranslationWordsFile);
    problems.push(...shape);
    if (value !== undefined) {
      for (const [key, message] of Object.entries(value.pages))
        problems.push(...messageProblems(doc, ["pages", key], key, message, source?.[key]));
      if (source !== undefined) {
        for (const key of Object.keys(source))
          if (!Object.hasOwn(value.pages, key))
            problems.push(
              doc.problemAt(["pages"], `the message "${key}" has no ${locale.name} (${locale.code}) translation`),
            );
        for (const key of Object.keys(value.pages))
          if (!Object.hasOwn(source, key))
            problems.push(doc.problemAt(["pages", key], `the message "${key}" is not in ${englishFile}: remove it`));
      }
      if (options.complete) problems.push(...dataProblems(doc, value, english).map(pending));
    }
    reading.problems.push(...problems);
    if (!problems.some((problem) => problem.level !== "warning") && value !== undefined) {
      reading.messages[locale.code] = value.pages;
      reading.data[locale.code] = value;
    }
  }
  return reading;
};

/** Every language's words are readable: what a build needs before it renders a page in any of them. */
export const allLanguagesRead = (reading: WordsReading): boolean =>
  LOCALES.every((locale) => reading.messages[locale.code] !== undefined);

/** Where the code names messages: the page renderers and the browser scripts. */
const CODE_FOLDERS = ["src", "site"];

/**
 * `text("key"`, `parts("key"`, `has("key"`, `rich(w, "key"`: a message named in code, always by a literal so it can
 * be found.
 */
const MESSAGE_CALL = /\b(?:text|parts|has|rich)\(\s*(?:[\w.]+,\s*)?"([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)"/g;

/**
 * The messages the calculators page names by a code of the client's rather than by a literal: one per sentence code
 * (`calc.said.{code}`) and per assumption code (`calc.assumed.{code}`), which the page says each sentence with.
 */
export const codedMessageKeys = (): string[] => [
  ...SAID_CODES.map((code) => `calc.said.${code}`),
  ...ASSUMPTION_CODES.map((code) => `calc.assumed.${code}`),
];

/**
 * Every message key the code names, read from its TypeScript files (this repository's, by default), and those it names
 * by a code (codedMessageKeys).
 */
export const usedMessageKeys = async (root: string = PROJECT_ROOT): Promise<Set<string>> => {
  const used = new Set<string>(codedMessageKeys());
  for (const folder of CODE_FOLDERS) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const text = await readFile(path.join(entry.parentPath, entry.name), "utf8");
      for (const match of text.matchAll(MESSAGE_CALL)) used.add(match[1]!);
    }
  }
  return used;
};

let english: Words | undefined;

/**
 * The English words, for the renderers that write English wherever they run (feeds, the API's summaries, the MCP
 * server, bundled into its package with the file it imports). The check holds the file to its rules first; a file that
 * breaks them stops the render with the file's name rather than showing a reader a key.
 */
export const englishWords = (): Words => {
  if (english !== undefined) return english;
  const file = wordsFile(ENGLISH);
  const parsed = EnglishWordsFile.safeParse(englishFile);
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues[0]?.message ?? "unreadable"} (npm run check says where)`);
  english = makeWords(ENGLISH, parsed.data.pages);
  return english;
};
