import path from "node:path";
import { isMissingFile } from "../lib/errors.ts";
import { nearestName } from "../lib/nearest-name.ts";
import type { Problem } from "../lib/problem.ts";
import { SEARCH_ALIAS_PAIRS_LIMIT, SearchAliasesFile } from "../schemas/index.ts";
import { readDataDocument } from "./data-files.ts";
import { validateWithSchema } from "./json-document.ts";

// The search aliases (reference/search-aliases.json): the words people search with that the facts do not use
// ("notary", "burnaby"), each with the facts they mean. The build adds them to the search index's aliases.

/** The alias file's place in the repository. */
export const SEARCH_ALIASES_FILE = "reference/search-aliases.json";

/** The check rule that holds the alias file to its schema and to the facts it names. */
export const SEARCH_ALIASES_RULE = "search-aliases";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** Each fact's extra aliases, by fact id, in the file's order, each once. */
export type SearchAliases = ReadonlyMap<string, readonly string[]>;

export interface SearchAliasesReading {
  /** The aliases by fact id, when the file passed its rules (empty for a tree that has no alias file). */
  aliases: SearchAliases | undefined;
  problems: Problem[];
}

const located = (problems: readonly Problem[], rule: string): Problem[] =>
  problems.map((problem) => ({ ...problem, rule }));

/**
 * Reads `reference/search-aliases.json` through the data-file reader (size, JSON and text rules) and its schema, and
 * refuses a fact id that is no fact of `factIds` (a live fact: an alias must lead somewhere), naming the nearest id.
 * A tree other than this project's without the file (a test's fixture) has no aliases; this project without it is a
 * problem, since its search would silently lose them.
 */
export const readSearchAliases = async (root: string, factIds: readonly string[]): Promise<SearchAliasesReading> => {
  let doc: Awaited<ReturnType<typeof readDataDocument>>;
  try {
    doc = await readDataDocument(root, SEARCH_ALIASES_FILE);
  } catch (error: unknown) {
    if (!isMissingFile(error)) throw error;
    if (path.resolve(root) !== PROJECT_ROOT) return { aliases: new Map(), problems: [] };
    const message = `${SEARCH_ALIASES_FILE} is missing: the catalog's and the MCP server's search read their aliases from it (see CONTRIBUTING.md)`;
    return {
      aliases: undefined,
      problems: [{ file: SEARCH_ALIASES_FILE, line: 1, column: 1, pointer: "", message, rule: SEARCH_ALIASES_RULE }],
    };
  }
  if (doc.syntaxProblems.length > 0) return { aliases: undefined, problems: located(doc.syntaxProblems, "json") };
  if (doc.textProblems.length > 0) return { aliases: undefined, problems: located(doc.textProblems, "text") };
  const { value, problems } = validateWithSchema(doc, SearchAliasesFile);
  if (value === undefined) return { aliases: undefined, problems: located(problems, SEARCH_ALIASES_RULE) };
  const known = new Set(factIds);
  const unknown: Problem[] = [];
  const aliases = new Map<string, Set<string>>();
  // Where each alias was first given to each fact, to name it when the same pair is given again.
  const givenAt = new Map<string, string>();
  let pairs = 0;
  for (const section of ["places", "words"] as const) {
    value[section].forEach((group, index) => {
      const twice = (list: readonly string[], key: "aliases" | "facts", what: string) =>
        list.forEach((item, at) => {
          const first = list.indexOf(item);
          if (first !== at)
            unknown.push(
              doc.problemAt([section, index, key, at], `"${item}" is ${what} ${first} of this group already`),
            );
        });
      twice(group.aliases, "aliases", "alias");
      twice(group.facts, "facts", "fact");
      group.facts.forEach((id, at) => {
        if (!known.has(id)) {
          const nearest = nearestName(id, [...known]);
          unknown.push(
            doc.problemAt(
              [section, index, "facts", at],
              `no fact "${id}"${nearest === undefined ? "" : ` (nearest id: "${nearest}")`}: an alias must lead to a fact that is not withdrawn`,
            ),
          );
          return;
        }
        if (group.facts.indexOf(id) !== at) return;
        const own = aliases.get(id) ?? new Set<string>();
        group.aliases.forEach((alias, aliasAt) => {
          if (group.aliases.indexOf(alias) !== aliasAt) return;
          const pair = `${alias}\u0000${id}`;
          const first = givenAt.get(pair);
          if (first !== undefined) {
            unknown.push(
              doc.problemAt(
                [section, index, "aliases", aliasAt],
                `"${alias}" already leads to ${id} through ${first}: give an alias to a fact once`,
              ),
            );
            return;
          }
          givenAt.set(pair, `/${section}/${index} ("${group.name}")`);
          own.add(alias);
          pairs += 1;
        });
        aliases.set(id, own);
      });
    });
  }
  if (pairs > SEARCH_ALIAS_PAIRS_LIMIT)
    unknown.push(
      doc.problemAt(
        [],
        `the file gives ${pairs} aliases to facts (each alias once for each fact of its group); at most ${SEARCH_ALIAS_PAIRS_LIMIT}, since each is added to the search index the catalog page downloads`,
      ),
    );
  if (unknown.length > 0) return { aliases: undefined, problems: located(unknown, SEARCH_ALIASES_RULE) };
  return { aliases: new Map([...aliases].map(([id, words]) => [id, [...words]])), problems: [] };
};
