import { closest } from "fastest-levenshtein";
import type { Problem } from "../lib/problem.ts";
import type { Citation, FactCitation, NextExpected, PublishedCitation, PublishedNextExpected, VersionCitation } from "../schemas/index.ts";
import { type Organisation, OrganisationRegistry } from "../schemas/index.ts";
import { readDataDocument } from "./read-document.ts";
import { validateWithSchema } from "./validate-with-schema.ts";

/** The one registry of the organisations that facts cite, relative to the repository root. */
export const ORGANISATIONS_FILE = "reference/organisations.json";

/** The check rule that holds the registry file to its rules (its JSON and text problems are the `json` and `text` rules'). */
export const ORGANISATIONS_RULE = "organisations";

/** The registry as read: each organisation by id, and every name and alias it answers to in earlier versions. */
export interface Organisations {
  readonly list: readonly Organisation[];
  byId(id: string): Organisation | undefined;
  /** The organisation an earlier version's free-text `org` names: by id, by name or by alias. */
  resolve(org: string): Organisation | undefined;
  /** The id closest to a name that is no id: the organisation it is a name or alias of, or the id it is spelt most like. */
  nearestId(org: string): string;
}

const key = (text: string): string => text.trim().toLowerCase();

export const organisationsOf = (list: readonly Organisation[]): Organisations => {
  const byId = new Map(list.map((organisation) => [organisation.id, organisation]));
  const byName = new Map<string, Organisation>();
  for (const organisation of list) {
    for (const name of [organisation.name, ...(organisation.aliases ?? [])]) if (!byName.has(key(name))) byName.set(key(name), organisation);
  }
  const ids = list.map((organisation) => organisation.id);
  return {
    list,
    byId: (id) => byId.get(id),
    resolve: (org) => byId.get(org) ?? byName.get(key(org)),
    nearestId: (org) => byName.get(key(org))?.id ?? closest(key(org), ids),
  };
};

/**
 * Reads `reference/organisations.json` through the data-file reader (size, nesting and text rules) and its schema,
 * and refuses an id used twice, or a name or alias that two organisations answer to (an earlier version's name
 * would then resolve to either). Returns no registry when it has any problem, so no citation is checked against a
 * registry that is itself wrong.
 */
export const readOrganisations = async (root: string): Promise<{ organisations: Organisations | undefined; problems: Problem[] }> => {
  let doc: Awaited<ReturnType<typeof readDataDocument>>;
  try {
    doc = await readDataDocument(root, ORGANISATIONS_FILE);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const message = `${ORGANISATIONS_FILE} is missing: every citation names its organisation by an id of this registry (see CONTRIBUTING.md)`;
    return { organisations: undefined, problems: [{ file: ORGANISATIONS_FILE, line: 1, column: 1, pointer: "", message, rule: ORGANISATIONS_RULE }] };
  }
  if (doc.syntaxProblems.length > 0) return { organisations: undefined, problems: doc.syntaxProblems.map((problem) => ({ ...problem, rule: "json" })) };
  if (doc.textProblems.length > 0) return { organisations: undefined, problems: doc.textProblems.map((problem) => ({ ...problem, rule: "text" })) };
  const { value, problems } = validateWithSchema(doc, OrganisationRegistry);
  if (value === undefined) return { organisations: undefined, problems: problems.map((problem) => ({ ...problem, rule: ORGANISATIONS_RULE })) };
  const duplicates: Problem[] = [];
  const ids = new Map<string, number>();
  const names = new Map<string, string>();
  value.organisations.forEach((organisation, index) => {
    const first = ids.get(organisation.id);
    if (first !== undefined)
      duplicates.push(doc.problemAt(["organisations", index, "id"], `duplicate id "${organisation.id}": already used by organisations[${first}]`));
    else ids.set(organisation.id, index);
    const own = [["name", organisation.name] as const, ...(organisation.aliases ?? []).map((alias, at) => [at, alias] as const)];
    for (const [where, name] of own) {
      const holder = names.get(key(name));
      if (holder !== undefined && holder !== organisation.id) {
        const path = where === "name" ? ["organisations", index, "name"] : ["organisations", index, "aliases", where];
        duplicates.push(doc.problemAt(path, `"${name}" already names the organisation "${holder}": a name or alias belongs to one organisation`));
      } else names.set(key(name), organisation.id);
    }
  });
  if (duplicates.length > 0) return { organisations: undefined, problems: duplicates.map((problem) => ({ ...problem, rule: ORGANISATIONS_RULE })) };
  return { organisations: organisationsOf(value.organisations), problems: [] };
};

/** The name an organisation id stands for, for texts people read; the id itself when the registry has none or was not read. */
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
  return organisation === undefined ? citation : { url, org: organisation.name, org_id: organisation.id, org_kind: organisation.kind, ...rest };
};

/** An expected announcement as published: the publisher's name, id and kind. */
export const publishNextExpected = (organisations: Organisations, expected: NextExpected): PublishedNextExpected => {
  const organisation = organisations.byId(expected.where.org);
  if (organisation === undefined) throw new Error(`no organisation "${expected.where.org}" in ${ORGANISATIONS_FILE}`);
  return { ...expected, where: { url: expected.where.url, org: organisation.name, org_id: organisation.id, org_kind: organisation.kind } };
};
