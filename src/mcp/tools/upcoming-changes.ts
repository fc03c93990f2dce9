import { z } from "zod";
import { addDays } from "../../lib/dates.ts";
import { describeValue } from "../../render/text.ts";
import { AbsoluteUrl, IsoDate, PublishedCitation, UpcomingItem } from "../../schemas/index.ts";
import { citationText, indented } from "../citation-text.ts";
import type { SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";

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
  as_of: IsoDate.describe("The date the window counts from: the tree's build date, for which its upcoming list was computed."),
  days: z.int().min(1),
  until: IsoDate.describe("as_of plus days: the last date an item may have."),
  published_window_days: z.int().min(1).describe("How many days after as_of the published upcoming list covers."),
  published_until: IsoDate,
  complete: z.boolean().describe("false when the requested window reaches past published_until: nothing dated after it is in this answer."),
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
      "which a fact's next value is normally announced (expected announcements, with past_due true when that date has passed and no new value " +
      "is recorded) and the dates by which facts must be re-verified, within `days` days of the published list's as_of date (the date the data " +
      "was built), soonest first; a past-due announcement is listed whatever its date. Each item has its date, kind, the fact's id, label and " +
      "canonical_url, the new value for a scheduled change, what is expected and where for an expected announcement, and citations.",
    inputSchema: {
      days: z.int().min(1).max(UPCOMING_MAX_DAYS).describe(`How many days ahead of as_of to look, 1 to ${UPCOMING_MAX_DAYS}.`),
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
      const where = item.expected === undefined ? "" : `; to be published by ${item.expected.where.org} (${item.expected.where.url})`;
      const what = item.expected?.what ?? item.label;
      return item.past_due
        ? `expected announcement PAST DUE, not yet announced: ${what} [${item.fact_id}] was normally announced by ${item.date}; no newer value is recorded, so the current value (version ${item.current_version}) may be out of date for the next period${where}`
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
export const upcomingChanges = (tree: SiteTree, days: number): ToolAnswer<UpcomingChangesOutput> => {
  const { upcoming } = tree;
  const until = addDays(upcoming.as_of, days);
  const complete = days <= upcoming.window_days;
  const items = upcoming.items
    .filter((item) => item.date <= until)
    .map(({ fact_url: _factUrl, citations, ...item }) => {
      const fact = tree.facts.get(item.fact_id)!;
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
