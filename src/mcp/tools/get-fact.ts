import { z } from "zod";
import { describeValue } from "../../render/describe-value.ts";
import { describeExpected, expectedStatus, FactId, HistoryEntry } from "../../schemas/index.ts";
import { citationText, indented } from "../citation-text.ts";
import { PublishedFact, type SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";

/** An earlier version in brief: what it was and when; its citations are in the diff files. */
const HistorySummary = HistoryEntry.omit({ citations: true });

const GetFactOutput = PublishedFact.omit({ history: true }).extend({
  history: z.array(HistorySummary).describe("Earlier versions, newest first, without their citations."),
  next_expected_status: z
    .enum(["expected", "past-due", "recorded"])
    .optional()
    .describe(
      "With next_expected, on the date the data was built: expected (by_iso not yet passed), past-due (by_iso passed and no newer value recorded: the announcement is late or was missed) or recorded (by_iso passed and a newer value is recorded, as a scheduled change or a later effective date).",
    ),
});
type GetFactOutput = z.infer<typeof GetFactOutput>;

export const GET_FACT = {
  name: "get_fact",
  config: {
    title: "Get a fact",
    description:
      "One published fact about British Columbia real estate by its id (for example bc.ptt.brackets): its value (rates are fractions, money is CAD), " +
      "unit, the date it took effect (effective_iso), the date its verification lapses (expires_iso), its version, earlier versions in brief, " +
      "changes scheduled for a later date, its next expected announcement (and whether it is past due), its citations to official sources and its canonical_url. Use search_facts to find an id.",
    inputSchema: { id: FactId.describe("The fact's dot-namespaced id, e.g. bc.ptt.brackets.") },
    outputSchema: GetFactOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

const historyText = (entry: z.infer<typeof HistorySummary>): string => {
  const dates = [entry.effective_iso && `effective ${entry.effective_iso}`, entry.superseded_iso && `superseded ${entry.superseded_iso}`].filter(Boolean);
  const value = entry.value === undefined ? "" : `: ${describeValue(entry.value, entry.unit)}`;
  // A note is the Impact: line of the commit that recorded the version: one line saying what the version meant.
  const note = entry.note === undefined ? "" : `; ${entry.note}`;
  return `  - version ${entry.version ?? "?"}${dates.length > 0 ? ` (${dates.join(", ")})` : ""}${value}${note}`;
};

const factText = (fact: GetFactOutput, asOf: string): string =>
  [
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
          `next expected: ${fact.next_expected.what}: ${describeExpected(fact.next_expected, fact.next_expected_status)} (as of ${asOf}); it will be published by ${fact.next_expected.where.org} (${fact.next_expected.where.url})`,
        ]),
    ...(fact.history.length > 0 ? ["earlier versions:", ...fact.history.map(historyText)] : []),
    `canonical URL (cite it): ${fact.canonical_url}`,
    "citations:",
    ...fact.citations.map((citation) => indented(citationText(citation, { quote: true }))),
  ].join("\n");

/** The fact with `id` as the tree publishes it, its history in brief. */
export const getFact = (tree: SiteTree, id: string): ToolAnswer<GetFactOutput> => {
  const fact = tree.facts.get(id);
  const withdrawn = tree.withdrawn?.get(id);
  if (!fact && withdrawn) {
    const successor = withdrawn.superseded_by === null ? "no fact replaces it" : `${withdrawn.superseded_by} replaces it`;
    return { invalid: `${id} was withdrawn on ${withdrawn.withdrawn_iso} and is no longer in force; ${successor}` };
  }
  if (!fact) return { invalid: `unknown fact id: ${id}; search_facts finds the ids of the published facts by words` };
  const { history, ...published } = fact;
  // Whether the next announcement is late is judged on the build date, as the published upcoming list judges it.
  const status = expectedStatus(fact, tree.upcoming.as_of);
  const structured: GetFactOutput = {
    ...published,
    history: history.map(({ citations: _citations, ...entry }) => entry),
    ...(status === undefined ? {} : { next_expected_status: status }),
  };
  return { structured, text: factText(structured, tree.upcoming.as_of) };
};
