/**
 * The tools about facts: `get_fact` (one fact, its series and history), `search_facts` (by words and domain) and
 * `upcoming_changes` (what is scheduled or expected within a number of days).
 */
import pMap from "p-map";
import { z } from "zod";
import { addDays } from "../lib/dates.ts";
import { rankSearchIndex } from "../lib/search-ranking.ts";
import { correctionWords, describeValue } from "../render/text.ts";
import {
  AbsoluteUrl,
  Domain,
  describeExpected,
  expectedStatus,
  FactId,
  HistoryEntry,
  IsoDate,
  NonEmptyText,
  PublishedCitation,
  SeriesId,
  SeriesMember,
  UpcomingItem,
} from "../schemas/index.ts";
import { PublishedFact, type SiteTree } from "./site-tree.ts";
import { citationText, indented, type ToolAnswer } from "./tool-answer.ts";

/** An earlier version in brief: what it was and when; its citations are in the diff files. */
const HistorySummary = HistoryEntry.omit({ citations: true });

const GetFactOutput = PublishedFact.omit({ history: true }).extend({
  history: z
    .array(HistorySummary)
    .describe(
      "The rule's timeline before its current version, newest first by effective date (earlier versions, and periods recorded from sources before the first version, which have no version), without their citations; a version with corrected_by answers for no date.",
    ),
  next_expected_status: z
    .enum(["expected", "past-due", "recorded"])
    .optional()
    .describe(
      "With next_expected, on the date the data was built: expected (by_iso not yet passed), past-due (by_iso passed and no newer value is recorded here: this service has not recorded it yet; it may have been announced since, so check next_expected.where) or recorded (by_iso passed and a newer value is recorded, as a scheduled change or a later effective date).",
    ),
  resolved_from_series: z
    .object({
      series: SeriesId,
      as_of: IsoDate.describe("The date the data was built, on which the member in force was chosen."),
      members: z.array(SeriesMember).describe("Every member of the series, newest first."),
    })
    .optional()
    .describe(
      "Present when the id asked for was the name of a yearly series (e.g. bc.rent_cap): the fact is the member in force on as_of.",
    ),
});
type GetFactOutput = z.infer<typeof GetFactOutput>;

export const GET_FACT = {
  name: "get_fact",
  config: {
    title: "Get a fact",
    description:
      "One published fact about British Columbia real estate by its id (for example bc.ptt.brackets): its value (rates are fractions, money is CAD), " +
      "unit, the date it took effect (effective_iso), the date its verification lapses (expires_iso), its version, its timeline before that in brief (earlier versions, corrections, and periods recorded from sources before the first version), " +
      "changes scheduled for a later date, its next expected announcement (and, past its date, whether a newer value is recorded here yet), its citations to official sources and its canonical_url. " +
      "A yearly series name (bc.rent_cap, bc.svt.rates) answers the member in force and lists every year. Use search_facts to find an id.",
    inputSchema: {
      id: FactId.describe(
        "The fact's dot-namespaced id, e.g. bc.ptt.brackets, or the name of a yearly series, e.g. bc.rent_cap, which answers the year in force.",
      ),
    },
    outputSchema: GetFactOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

const historyText = (fact: PublishedFact, entry: z.infer<typeof HistorySummary>): string => {
  const what =
    entry.version === undefined
      ? `from ${entry.effective_iso} (recorded from its sources)`
      : `version ${entry.version}`;
  const dates =
    entry.corrected_by !== undefined
      ? [`${correctionWords(fact, entry)}: answers for no date`]
      : [
          entry.version !== undefined && entry.effective_iso && `effective ${entry.effective_iso}`,
          entry.superseded_iso && `superseded ${entry.superseded_iso}`,
        ].filter(Boolean);
  const value =
    entry.summary !== undefined
      ? `: ${entry.summary}`
      : entry.value === undefined
        ? ""
        : `: ${describeValue(entry.value, entry.unit)}`;
  // A note is the Impact: line of the commit that recorded the version (or an earlier period's own note).
  const note = entry.note === undefined ? "" : `; ${entry.note}`;
  return `  - ${what}${dates.length > 0 ? ` (${dates.join(", ")})` : ""}${value}${note}`;
};

const memberText = (member: SeriesMember): string => {
  const ended =
    member.superseded_iso === null
      ? ""
      : member.superseded_by === null
        ? `, retired on ${member.superseded_iso}`
        : `, superseded by ${member.superseded_by} on ${member.superseded_iso}`;
  return `  - ${member.id} (${member.year}): effective ${member.effective_iso}${ended}${member.in_force ? ", in force" : ""}`;
};

const seriesText = (resolved: NonNullable<GetFactOutput["resolved_from_series"]>, id: string): string[] => [
  `${resolved.series} is a yearly series; its member in force on ${resolved.as_of} is ${id}. Every member, newest first:`,
  ...resolved.members.map(memberText),
];

const factText = (fact: GetFactOutput, asOf: string): string =>
  [
    ...(fact.resolved_from_series === undefined ? [] : seriesText(fact.resolved_from_series, fact.id)),
    `${fact.label} [${fact.id}, ${fact.domain}]`,
    `value: ${describeValue(fact.value, fact.unit)}`,
    `value as published${fact.unit === undefined ? "" : ` (unit ${fact.unit})`}: ${JSON.stringify(fact.value)}`,
    `version ${fact.version}, in effect since ${fact.effective_iso}; verified until ${fact.expires_iso}`,
    fact.description,
    ...(fact.superseded_by ? [`superseded: ${JSON.stringify(fact.superseded_by)}`] : []),
    ...(fact.scheduled ?? []).flatMap((change) => [
      `scheduled for ${change.effective_iso} (${change.status}): ${change.note}; new value ${describeValue(change.value, change.unit)}`,
      ...change.citations.map((citation) => indented(citationText(citation, { quote: false }))),
    ]),
    ...(fact.next_expected === undefined || fact.next_expected_status === undefined
      ? []
      : [
          // Past its date the words already name the page to check; before it, where it will be published.
          fact.next_expected_status === "past-due"
            ? `next expected: ${fact.next_expected.what}: ${describeExpected(fact.next_expected, fact.next_expected_status)} (as of ${asOf})`
            : `next expected: ${fact.next_expected.what}: ${describeExpected(fact.next_expected, fact.next_expected_status)} (as of ${asOf}); it will be published by ${fact.next_expected.where.org} (${fact.next_expected.where.url})`,
        ]),
    ...(fact.history.length > 0
      ? ["before the current version (newest first):", ...fact.history.map((entry) => historyText(fact, entry))]
      : []),
    `canonical URL (cite it): ${fact.canonical_url}`,
    "citations:",
    ...fact.citations.map((citation) => indented(citationText(citation, { quote: true }))),
  ].join("\n");

/**
 * The member of a yearly series in force on `asOf`, from its series file's list of members (newest first), as the
 * build chose it for that file: the latest member that took effect on or before the date and that no successor
 * retired by then.
 */
const memberInForceOf = (members: readonly SeriesMember[], asOf: string): SeriesMember | undefined =>
  members.find(
    (member) => member.effective_iso <= asOf && !(member.superseded_iso !== null && member.superseded_iso <= asOf),
  );

/**
 * The fact with `id` as the tree publishes it, its history in brief, read from its `by-id` file. A yearly series name
 * answers the member in force on the build date, chosen from the series file as the build chose it, and says it
 * resolved the name.
 */
export const getFact = async (tree: SiteTree, id: string): Promise<ToolAnswer<GetFactOutput>> => {
  const asOf = tree.upcoming.as_of;
  const published = tree.factIds.has(id);
  const withdrawn = tree.withdrawn.get(id);
  if (!published && withdrawn) {
    const successor =
      withdrawn.superseded_by === null ? "no fact replaces it" : `${withdrawn.superseded_by} replaces it`;
    return { invalid: `${id} was withdrawn on ${withdrawn.withdrawn_iso} and is no longer in force; ${successor}` };
  }
  if (!published && !tree.seriesNames.has(id))
    return { invalid: `unknown fact id: ${id}; search_facts finds the ids of the published facts by words` };
  const series = published ? undefined : await tree.series(id);
  const member = series === undefined ? undefined : memberInForceOf(series.members, asOf);
  if (series !== undefined && member === undefined) {
    return {
      invalid: `${id} is a yearly series with no member in force on ${asOf}: every member is superseded (${series.members
        .toReversed()
        .map((each) => each.id)
        .join(", ")})`,
    };
  }
  const fact = await tree.fact(member?.id ?? id);
  const resolved =
    series === undefined
      ? {}
      : {
          resolved_from_series: {
            series: series.series,
            as_of: asOf,
            members: series.members.map((each) => ({ ...each, in_force: each === member })),
          },
        };
  const { history, ...publishedFact } = fact;
  // Whether the next announcement is late is judged on the build date, as the published upcoming list judges it.
  const status = expectedStatus(fact, tree.upcoming.as_of);
  const structured: GetFactOutput = {
    ...publishedFact,
    history: history.map(({ citations: _citations, ...entry }) => entry),
    ...(status === undefined ? {} : { next_expected_status: status }),
    ...resolved,
  };
  return { structured, text: factText(structured, tree.upcoming.as_of) };
};

/** Enough to choose from; get_fact gives the whole of any one of them. */
const SEARCH_RESULT_LIMIT = 10;

const SearchResult = z.object({
  id: FactId,
  label: NonEmptyText,
  domain: Domain,
  canonical_url: AbsoluteUrl,
  citations: z
    .array(PublishedCitation)
    .describe("The fact's official citations, or all of them when none is official; get_fact gives every citation."),
});

const SearchFactsOutput = z.object({
  query: z.string(),
  match_count: z
    .int()
    .min(0)
    .describe(`How many facts match; at most ${SEARCH_RESULT_LIMIT} are returned, best first.`),
  results: z.array(SearchResult),
});
type SearchFactsOutput = z.infer<typeof SearchFactsOutput>;

export const SEARCH_FACTS = {
  name: "search_facts",
  config: {
    title: "Search the facts",
    description:
      "Finds published facts about British Columbia real estate (tax, mortgage, legal, foreign-buyer, strata, rental) by the words of a query, " +
      `such as "foreign buyer", "property transfer tax exemption", a municipality ("Burnaby") or everyday words ("notary", "down payment"). Returns at most ${SEARCH_RESULT_LIMIT} facts, best matches first, each with ` +
      "its id, label, domain, canonical_url and its official citations. Call get_fact with an id for the value and dates.",
    inputSchema: {
      query: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .describe("Words to look for; a fact matches when its text has any of them."),
    },
    outputSchema: SearchFactsOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

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

/**
 * The facts of the tree's search index that match `query`, best first, at most SEARCH_RESULT_LIMIT of them, each read
 * from its `by-id` file for its citations.
 */
export const searchFacts = async (tree: SiteTree, query: string): Promise<ToolAnswer<SearchFactsOutput>> => {
  const ranked = rankSearchIndex(tree.searchIndex, query);
  const best = await Promise.all(ranked.slice(0, SEARCH_RESULT_LIMIT).map(({ item }) => tree.fact(item.id)));
  const results = best.map((fact) => {
    return {
      id: fact.id,
      label: fact.label,
      domain: fact.domain,
      canonical_url: fact.canonical_url,
      citations: primaryCitations(fact),
    };
  });
  const structured = { query, match_count: ranked.length, results };
  return { structured, text: resultsText(structured) };
};

/** How many `by-id` files one call reads at the same time, so a long list never opens a file per item at once. */
const READS_AT_ONCE = 16;

/** The facts `ids` from their `by-id` files, by id, READS_AT_ONCE at a time. */
const readFacts = async (tree: SiteTree, ids: readonly string[]): Promise<Map<string, PublishedFact>> =>
  new Map((await pMap(ids, (id) => tree.fact(id), { concurrency: READS_AT_ONCE })).map((fact) => [fact.id, fact]));

/** Ten years: further than any rule is scheduled, near enough that a date computed from it stays a real date. */
const UPCOMING_MAX_DAYS = 3650;

const UpcomingChange = UpcomingItem.omit({ fact_url: true, citations: true }).extend({
  canonical_url: AbsoluteUrl,
  citations: z
    .array(PublishedCitation)
    .describe(
      "A scheduled change's own sources; for a verification lapse or an expected announcement, the fact's current citations, the sources to check again.",
    ),
});

const UpcomingChangesOutput = z.object({
  as_of: IsoDate.describe(
    "The date the window counts from: the tree's build date, for which its upcoming list was computed.",
  ),
  days: z.int().min(1),
  until: IsoDate.describe("as_of plus days: the last date an item may have."),
  published_window_days: z.int().min(1).describe("How many days after as_of the published upcoming list covers."),
  published_until: IsoDate,
  complete: z
    .boolean()
    .describe(
      "false when the requested window reaches past published_until: nothing dated after it is in this answer.",
    ),
  note: z.string().optional(),
  item_count: z.int().min(0),
  items: z.array(UpcomingChange),
});
type UpcomingChangesOutput = z.infer<typeof UpcomingChangesOutput>;

export const UPCOMING_CHANGES = {
  name: "upcoming_changes",
  config: {
    title: "Upcoming changes",
    description:
      "Changes to British Columbia real estate rules scheduled to take effect (enacted, or announced and awaiting confirmation), the dates by " +
      "which a fact's next value is normally announced (expected announcements, with past_due true when that date has passed and no newer value " +
      "is recorded here yet) and the dates by which facts must be re-verified, within `days` days of the published list's as_of date (the date the data " +
      "was built), soonest first; an announcement not recorded here yet is listed whatever its date. Each item has its date, kind, the fact's id, label and " +
      "canonical_url, the new value for a scheduled change, what is expected and where for an expected announcement, and citations.",
    inputSchema: {
      days: z
        .int()
        .min(1)
        .max(UPCOMING_MAX_DAYS)
        .describe(`How many days ahead of as_of to look, 1 to ${UPCOMING_MAX_DAYS}.`),
    },
    outputSchema: UpcomingChangesOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

const kindText = (item: z.infer<typeof UpcomingChange>): string => {
  switch (item.kind) {
    case "scheduled-change":
      return `takes effect (${item.status}): ${item.label} [${item.fact_id}]: ${item.note}${item.value === undefined ? "" : `; new value ${describeValue(item.value, item.unit)}`}`;
    case "expected-announcement": {
      const where =
        item.expected === undefined
          ? ""
          : `; to be published by ${item.expected.where.org} (${item.expected.where.url})`;
      const what = item.expected?.what ?? item.label;
      // Past its date, the service knows only that it has not recorded the announcement: it may have come since.
      return item.past_due
        ? `expected announcement NOT RECORDED HERE YET: ${what} [${item.fact_id}] was expected by ${item.date}; this service records no newer value, so the current value (version ${item.current_version}) may be out of date for the next period${item.expected === undefined ? "" : `; check ${item.expected.where.org} (${item.expected.where.url})`}`
        : `expected announcement: ${what} [${item.fact_id}], normally announced by this date${where}`;
    }
    case "verification-lapse":
      return `re-verify by: ${item.label} [${item.fact_id}], version ${item.current_version}`;
  }
};

const itemText = (item: z.infer<typeof UpcomingChange>): string => {
  const what = kindText(item);
  return [
    `- ${item.date} ${what}`,
    `  canonical URL: ${item.canonical_url}`,
    ...item.citations.map((citation) => indented(citationText(citation, { quote: false }))),
  ].join("\n");
};

const upcomingText = (answer: UpcomingChangesOutput): string =>
  [
    `${answer.item_count} scheduled changes, expected announcements and verification lapses within ${answer.days} days of ${answer.as_of} (the date the data was built), up to ${answer.complete ? answer.until : answer.published_until}:`,
    ...(answer.note === undefined ? [] : [answer.note]),
    ...answer.items.map(itemText),
  ].join("\n");

/**
 * The published upcoming items dated up to `days` after the list's `as_of`, each with its fact's canonical URL and
 * citations. The window counts from `as_of`, not from the clock: the list is computed for that date (a change due
 * by then and not yet promoted is still listed), so the answer is the tree's, whenever it is asked. A window longer
 * than the published one is answered as far as the list reaches, and the answer says where that is.
 */
export const upcomingChanges = async (tree: SiteTree, days: number): Promise<ToolAnswer<UpcomingChangesOutput>> => {
  const { upcoming } = tree;
  const until = addDays(upcoming.as_of, days);
  const complete = days <= upcoming.window_days;
  const within = upcoming.items.filter((item) => item.date <= until);
  const facts = await readFacts(tree, [...new Set(within.map((item) => item.fact_id))]);
  const items = within.map(({ fact_url: _factUrl, citations, ...item }) => {
    const fact = facts.get(item.fact_id)!;
    return { ...item, canonical_url: fact.canonical_url, citations: citations ?? fact.citations };
  });
  const structured: UpcomingChangesOutput = {
    as_of: upcoming.as_of,
    days,
    until,
    published_window_days: upcoming.window_days,
    published_until: upcoming.until,
    complete,
    ...(complete
      ? {}
      : {
          note: `The published list covers ${upcoming.window_days} days, up to ${upcoming.until}; nothing dated after that is in this answer, although ${days} days were asked for.`,
        }),
    item_count: items.length,
    items,
  };
  return { structured, text: upcomingText(structured) };
};
