import { readFileSync } from "node:fs";
import path from "node:path";
import { isMissingFile } from "../lib/errors.ts";
import { nearestName } from "../lib/nearest-name.ts";
import { formatProblem, type Problem } from "../lib/problem.ts";
import type {
  Citation,
  FactCitation,
  NextExpected,
  PublishedCitation,
  PublishedNextExpected,
  VersionCitation,
} from "../schemas/index.ts";
import {
  type GlossaryFile as Glossary,
  GlossaryFile,
  type Organisation,
  OrganisationRegistry,
} from "../schemas/index.ts";
import { type DataDocument, MAX_DATA_FILE_BYTES, readDataDocument } from "./data-files.ts";
import { parseJsonDocument, textProblems, validateWithSchema } from "./json-document.ts";

// The reference files facts are read through: the glossary (words for every value key) and the organisation registry
// (the one id, name and kind of every organisation a citation names).

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
export const readGlossary = async (root: string): Promise<GlossaryReading> =>
  validate(await readDataDocument(root, GLOSSARY_FILE));

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
  const parsed = parseJsonDocument(
    GLOSSARY_FILE,
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes),
  );
  const reading = validate({ ...parsed, textProblems: parsed.syntaxProblems.length > 0 ? [] : textProblems(parsed) });
  if (!reading.glossary)
    throw new Error(
      `${GLOSSARY_FILE} cannot be read (npm run check says the same):\n${reading.problems.map(formatProblem).join("\n")}`,
    );
  loaded = reading.glossary;
  return loaded;
};

/** The one registry of the organisations that facts cite, relative to the repository root. */
export const ORGANISATIONS_FILE = "reference/organisations.json";

/**
 * The check rule that holds the registry file to its rules (its JSON and text problems are the `json` and `text`
 * rules').
 */
export const ORGANISATIONS_RULE = "organisations";

/** The registry as read: each organisation by id, and every name and alias it answers to in earlier versions. */
export interface Organisations {
  readonly list: readonly Organisation[];
  byId(id: string): Organisation | undefined;
  /** The organisation an earlier version's free-text `org` names: by id, by name or by alias. */
  resolve(org: string): Organisation | undefined;
  /**
   * The id closest to a name that is no id: the organisation it is a name or alias of, else the id `nearestName`
   * suggests (by prefix, then shared words, then spelling); undefined for an empty registry.
   */
  nearestId(org: string): string | undefined;
}

const key = (text: string): string => text.trim().toLowerCase();

export const organisationsOf = (list: readonly Organisation[]): Organisations => {
  const byId = new Map(list.map((organisation) => [organisation.id, organisation]));
  const byName = new Map<string, Organisation>();
  for (const organisation of list) {
    for (const name of [organisation.name, ...(organisation.aliases ?? [])])
      if (!byName.has(key(name))) byName.set(key(name), organisation);
  }
  const ids = list.map((organisation) => organisation.id);
  return {
    list,
    byId: (id) => byId.get(id),
    resolve: (org) => byId.get(org) ?? byName.get(key(org)),
    nearestId: (org) => byName.get(key(org))?.id ?? nearestName(org, ids),
  };
};

/**
 * Reads `reference/organisations.json` through the data-file reader (size, nesting and text rules) and its schema,
 * and refuses an id used twice, or a name or alias that two organisations answer to (an earlier version's name
 * would then resolve to either). Returns no registry when it has any problem, so no citation is checked against a
 * registry that is itself wrong.
 */
export const readOrganisations = async (
  root: string,
): Promise<{ organisations: Organisations | undefined; problems: Problem[] }> => {
  let doc: Awaited<ReturnType<typeof readDataDocument>>;
  try {
    doc = await readDataDocument(root, ORGANISATIONS_FILE);
  } catch (error: unknown) {
    if (!isMissingFile(error)) throw error;
    const message = `${ORGANISATIONS_FILE} is missing: every citation names its organisation by an id of this registry (see CONTRIBUTING.md)`;
    return {
      organisations: undefined,
      problems: [{ file: ORGANISATIONS_FILE, line: 1, column: 1, pointer: "", message, rule: ORGANISATIONS_RULE }],
    };
  }
  if (doc.syntaxProblems.length > 0)
    return { organisations: undefined, problems: doc.syntaxProblems.map((problem) => ({ ...problem, rule: "json" })) };
  if (doc.textProblems.length > 0)
    return { organisations: undefined, problems: doc.textProblems.map((problem) => ({ ...problem, rule: "text" })) };
  const { value, problems } = validateWithSchema(doc, OrganisationRegistry);
  if (value === undefined)
    return {
      organisations: undefined,
      problems: problems.map((problem) => ({ ...problem, rule: ORGANISATIONS_RULE })),
    };
  const duplicates: Problem[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, string>();
  value.organisations.forEach((organisation, index) => {
    const first = ids.get(organisation.id);
    if (first !== undefined)
      duplicates.push(
        doc.problemAt(
          ["organisations", index, "id"],
          `duplicate id "${organisation.id}": already used by organisations[${first}]`,
        ),
      );
    else ids.set(organisation.id, index);
    const own = [
      ["name", organisation.name] as const,
      ...(organisation.aliases ?? []).map((alias, at) => [at, alias] as const),
    ];
    for (const [where, name] of own) {
      const holder = names.get(key(name));
      if (holder !== undefined && holder !== organisation.id) {
        const path = where === "name" ? ["organisations", index, "name"] : ["organisations", index, "aliases", where];
        duplicates.push(
          doc.problemAt(
            path,
            `"${name}" already names the organisation "${holder}": a name or alias belongs to one organisation`,
          ),
        );
      } else names.set(key(name), organisation.id);
    }
  });
  if (duplicates.length > 0)
    return {
      organisations: undefined,
      problems: duplicates.map((problem) => ({ ...problem, rule: ORGANISATIONS_RULE })),
    };
  return { organisations: organisationsOf(value.organisations), problems: [] };
};

/**
 * The name an organisation id stands for, for texts people read; the id itself when the registry has none or was not
 * read.
 */
export const organisationNamer =
  (organisations: Organisations | undefined) =>
  (org: string): string =>
    organisations?.byId(org)?.name ?? org;

/** A fact file's citation as published: its organisation's name, id and kind (the check has refused an unknown id). */
export const publishCitation = (organisations: Organisations, citation: FactCitation): PublishedCitation => {
  const { url, org, ...rest } = citation;
  const organisation = organisations.byId(org);
  if (organisation === undefined) throw new Error(`no organisation "${org}" in ${ORGANISATIONS_FILE}`);
  return { url, org: organisation.name, org_id: organisation.id, org_kind: organisation.kind, ...rest };
};

/**
 * A citation of any committed version as published in a diff: resolved by id, name or alias; one whose free-text
 * `org` the registry does not know (a version committed before the registry, citing an organisation no fact cites
 * any longer) is published as it was written.
 */
export const publishVersionCitation = (organisations: Organisations, citation: Citation): VersionCitation => {
  const { url, org, ...rest } = citation;
  const organisation = organisations.resolve(org);
  return organisation === undefined
    ? citation
    : { url, org: organisation.name, org_id: organisation.id, org_kind: organisation.kind, ...rest };
};

/** An expected announcement as published: the publisher's name, id and kind. */
export const publishNextExpected = (organisations: Organisations, expected: NextExpected): PublishedNextExpected => {
  const organisation = organisations.byId(expected.where.org);
  if (organisation === undefined) throw new Error(`no organisation "${expected.where.org}" in ${ORGANISATIONS_FILE}`);
  return {
    ...expected,
    where: { url: expected.where.url, org: organisation.name, org_id: organisation.id, org_kind: organisation.kind },
  };
};
