/**
 * The one ranking of the facts' search: the MCP server's `search_facts` and the catalog page's search box (bundled
 * into `/assets/search.js` by the build, src/build/bundle-scripts.ts) both call `rankSearchIndex`, over the items of
 * `/api/v1/facts/search-index.json`, so a reader and an assistant get the facts in the same order. Pure functions, no
 * Node or DOM: the browser runs this very code.
 */

/** What the ranking reads of a search-index item: the lowercase aliases, the label and the lowercase search text. */
export interface RankableItem {
  id: string;
  label: string;
  search_text: string;
  aliases: readonly string[];
}

/**
 * Where a word is found says how much it tells: an alias or the label names the fact, the rest of the text mentions it.
 */
export const FIELD_WEIGHTS = { aliases: 3, label: 2, text: 1 } as const;

/** A fact whose alias or label holds the whole query, words in order, ranks above one that has the words apart. */
export const PHRASE_FACTOR = 1.5;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The query's words, lowercased as the index is, without the punctuation around them ("tax?" is "tax"). */
export const queryWords = (query: string): string[] => [
  ...new Set(
    query
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((word) => word !== ""),
  ),
];

/**
 * Where a word starts a word of the text: "rent" finds "rental" but not "current". A plural also finds its singular,
 * since people ask about "buyers" and the facts say "buyer".
 */
const wordPattern = (word: string): RegExp => {
  const singular = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(singular)}`, "u");
};

interface Field {
  weight: number;
  text: string;
}

const fieldsOf = (item: RankableItem): Field[] => [
  { weight: FIELD_WEIGHTS.aliases, text: item.aliases.join(" | ") },
  { weight: FIELD_WEIGHTS.label, text: item.label.toLowerCase() },
  { weight: FIELD_WEIGHTS.text, text: item.search_text },
];

/** The weights of the fields in which `pattern` is found added up, 0 where it is found nowhere. */
const weightIn = (fields: readonly Field[], pattern: RegExp): number =>
  fields.filter((field) => pattern.test(field.text)).reduce((sum, field) => sum + field.weight, 0);

/** One item as ranked: its score, and whether every word of the query is found in it. */
export interface RankedItem<T extends RankableItem> {
  item: T;
  score: number;
  everyWord: boolean;
}

/**
 * The items that match any word of the query, best first, each with its score and whether it has every word. Each
 * word counts by the field it is found in and by how rare it is in the index (inverse document frequency), so a word
 * that every fact contains ranks nothing; an alias or label holding the whole phrase multiplies the score by
 * PHRASE_FACTOR. Ties go by id, so the order is the same wherever it is computed.
 */
export const rankSearchIndex = <T extends RankableItem>(items: readonly T[], query: string): RankedItem<T>[] => {
  const words = queryWords(query);
  const fields = items.map(fieldsOf);
  const weights = words.map((word) => {
    const pattern = wordPattern(word);
    return fields.map((each) => weightIn(each, pattern));
  });
  const rarity = weights.map((perItem) =>
    Math.log((items.length + 1) / (perItem.filter((weight) => weight > 0).length + 1)),
  );
  const phrase =
    words.length > 1 ? new RegExp(`(^|[^\\p{L}\\p{N}])${words.map(escapeRegExp).join("[\\s-]+")}`, "u") : undefined;
  return items
    .map((item, index) => {
      const score = weights.reduce((sum, perItem, word) => sum + perItem[index]! * rarity[word]!, 0);
      const inName =
        phrase !== undefined &&
        fields[index]!.some((field) => field.weight > FIELD_WEIGHTS.text && phrase.test(field.text));
      const everyWord = weights.every((perItem) => perItem[index]! > 0);
      return { item, score: inName ? score * PHRASE_FACTOR : score, everyWord };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
};

/** Whether every word of the query starts a word of `text` (lowercase), as the ranking finds words. */
export const hasEveryWord = (text: string, query: string): boolean =>
  queryWords(query).every((word) => wordPattern(word).test(text));

/**
 * What the catalog page lists for a query: the ranked items that have every word of it (and are in `domain`, when
 * one is chosen), in the ranking's order. The MCP server lists the ranked items that have any word, so the page's
 * list is the server's answer in the same order, without the items that miss a word.
 */
export const searchMatches = <T extends RankableItem & { domain: string }>(
  items: readonly T[],
  query: string,
  domain = "",
): T[] =>
  rankSearchIndex(items, query)
    .filter((ranked) => ranked.everyWord && (domain === "" || ranked.item.domain === domain))
    .map((ranked) => ranked.item);
