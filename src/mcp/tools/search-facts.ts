import { z } from "zod";
import { compareText } from "../../lib/text.ts";
import { AbsoluteUrl, Domain, FactId, NonEmptyText, PublishedCitation, type SearchIndexItem } from "../../schemas/index.ts";
import { citationText, indented } from "../citation-text.ts";
import type { PublishedFact, SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";

/** Enough to choose from; get_fact gives the whole of any one of them. */
const SEARCH_RESULT_LIMIT = 10;

/** Where a word is found says how much it tells: an alias or the label names the fact, the rest of the text mentions it. */
const FIELD_WEIGHTS = { aliases: 3, label: 2, text: 1 } as const;

/** A fact whose alias or label holds the whole query, words in order, ranks above one that has the words apart. */
const PHRASE_FACTOR = 1.5;

const SearchResult = z.object({
  id: FactId,
  label: NonEmptyText,
  domain: Domain,
  canonical_url: AbsoluteUrl,
  citations: z.array(PublishedCitation).describe("The fact's official citations, or all of them when none is official; get_fact gives every citation."),
});

const SearchFactsOutput = z.object({
  query: z.string(),
  match_count: z.int().min(0).describe(`How many facts match; at most ${SEARCH_RESULT_LIMIT} are returned, best first.`),
  results: z.array(SearchResult),
});
type SearchFactsOutput = z.infer<typeof SearchFactsOutput>;

export const SEARCH_FACTS = {
  name: "search_facts",
  config: {
    title: "Search the facts",
    description:
      "Finds published facts about British Columbia real estate (tax, mortgage, legal, foreign-buyer, strata, rental) by the words of a query, " +
      `such as "foreign buyer" or "property transfer tax exemption". Returns at most ${SEARCH_RESULT_LIMIT} facts, best matches first, each with ` +
      "its id, label, domain, canonical_url and its official citations. Call get_fact with an id for the value and dates.",
    inputSchema: { query: z.string().trim().min(1).max(200).describe("Words to look for; a fact matches when its text has any of them.") },
    outputSchema: SearchFactsOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The query's words, lowercased as the index is, without the punctuation around them ("tax?" is "tax"). */
const queryWords = (query: string): string[] => [
  ...new Set(
    query
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((word) => word !== ""),
  ),
];

/**
 * Where a word starts a word of the text, as the catalog page's search matches: "rent" finds "rental" but not
 * "current". A plural also finds its singular, since people ask about "buyers" and the facts say "buyer".
 */
const wordPattern = (word: string): RegExp => {
  const singular = word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(singular)}`, "u");
};

const fieldsOf = (item: SearchIndexItem): { weight: number; text: string }[] => [
  { weight: FIELD_WEIGHTS.aliases, text: item.aliases.join(" | ") },
  { weight: FIELD_WEIGHTS.label, text: item.label.toLowerCase() },
  { weight: FIELD_WEIGHTS.text, text: item.search_text },
];

/** The weights of the fields in which `pattern` is found added up, 0 where it is found nowhere. */
const weightIn = (fields: readonly { weight: number; text: string }[], pattern: RegExp): number =>
  fields.filter((field) => pattern.test(field.text)).reduce((sum, field) => sum + field.weight, 0);

/**
 * The index items that match any word of the query, best first. Each word counts by the field it is found in and by
 * how rare it is in the index (inverse document frequency), so a word that every fact contains ranks nothing.
 */
const rankSearchIndex = (items: readonly SearchIndexItem[], query: string): SearchIndexItem[] => {
  const words = queryWords(query);
  const fields = items.map(fieldsOf);
  const weights = words.map((word) => {
    const pattern = wordPattern(word);
    return fields.map((each) => weightIn(each, pattern));
  });
  const rarity = weights.map((perItem) => Math.log((items.length + 1) / (perItem.filter((weight) => weight > 0).length + 1)));
  const phrase = words.length > 1 ? new RegExp(`(^|[^\\p{L}\\p{N}])${words.map(escapeRegExp).join("[\\s-]+")}`, "u") : undefined;
  return items
    .map((item, index) => {
      const score = weights.reduce((sum, perItem, word) => sum + perItem[index]! * rarity[word]!, 0);
      const inName = phrase !== undefined && fields[index]!.some((field) => field.weight > FIELD_WEIGHTS.text && phrase.test(field.text));
      return { item, score: inName ? score * PHRASE_FACTOR : score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || compareText(a.item.id, b.item.id))
    .map(({ item }) => item);
};

/** The sources to name in a list: the official ones, or every one when a fact has none (the boards' MLS rules). */
const primaryCitations = (fact: PublishedFact): PublishedCitation[] => {
  const official = fact.citations.filter((citation) => citation.kind === "official");
  return official.length > 0 ? official : fact.citations;
};

const resultsText = (answer: SearchFactsOutput): string =>
  answer.results.length === 0
    ? `No published fact matches "${answer.query}". Try other words, or fewer.`
    : [
        `${answer.match_count} facts match "${answer.query}"${answer.match_count > answer.results.length ? `; the best ${answer.results.length}` : ""}:`,
        ...answer.results.map((result, index) =>
          [
            `${index + 1}. ${result.label} [${result.id}, ${result.domain}]`,
            `   canonical URL: ${result.canonical_url}`,
            ...result.citations.map((citation) => indented(citationText(citation, { quote: false }), "   ")),
          ].join("\n"),
        ),
      ].join("\n");

/** The facts of the tree's search index that match `query`, best first, at most SEARCH_RESULT_LIMIT of them. */
export const searchFacts = (tree: SiteTree, query: string): ToolAnswer<SearchFactsOutput> => {
  const ranked = rankSearchIndex(tree.searchIndex, query);
  const results = ranked.slice(0, SEARCH_RESULT_LIMIT).map((item) => {
    const fact = tree.facts.get(item.id)!;
    return { id: fact.id, label: fact.label, domain: fact.domain, canonical_url: fact.canonical_url, citations: primaryCitations(fact) };
  });
  const structured = { query, match_count: ranked.length, results };
  return { structured, text: resultsText(structured) };
};
