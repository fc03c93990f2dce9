import { z } from "zod";
import { memberInForce, seriesMembers, seriesOf } from "../../model/facts.ts";
import { describeValue } from "../../render/describe-value.ts";
import { describeExpected, expectedStatus, FactId, HistoryEntry, IsoDate, SeriesId, SeriesMember } from "../../schemas/index.ts";
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
  resolved_from_series: z
    .object({
      series: SeriesId,
      as_of: IsoDate.describe("The date the data was built, on which the member in force was chosen."),
      members: z.array(SeriesMember).describe("Every member of the series, newest first."),
    })
    .optional()
    .describe("Present when the id asked for was the name of a yearly series (e.g. bc.rent_cap): the fact is the member in force on as_of."),
});
type GetFactOutput = z.infer<typeof GetFactOutput>;

export const GET_FACT = {
  name: "get_fact",
  config: {
    title: "Get a fact",
    description:
      "One published fact about British Columbia real estate by its id (for example bc.ptt.brackets): its value (rates are fractions, money is CAD), " +
      "unit, the date it took effect (effective_iso), the date its verification lapses (expires_iso), its version, earlier versions in brief, " +
      "changes scheduled for a later date, its next expected announcement (and whether it is past due), its citations to official sources and its canonical_url. " +
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

const historyText = (entry: z.infer<typeof HistorySummary>): string => {
  const dates = [entry.effective_iso && `effective ${entry.effective_iso}`, entry.superseded_iso && `superseded ${entry.superseded_iso}`].filter(Boolean);
  const value = entry.value === undefined ? "" : `: ${describeValue(entry.value, entry.unit)}`;
  // A note is the Impact: line of the commit that recorded the version: one line saying what the version meant.
  const note = entry.note === undefined ? "" : `; ${entry.note}`;
  return `  - version ${entry.version ?? "?"}${dates.length > 0 ? ` (${dates.join(", ")})` : ""}${value}${note}`;
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
          `next expected: ${fact.next_expected.what}: ${describeExpected(fact.next_expected, fact.next_expected_status)} (as of ${asOf}); it will be published by ${fact.next_expected.where.org} (${fact.next_expected.where.url})`,
        ]),
    ...(fact.history.length > 0 ? ["earlier versions:", ...fact.history.map(historyText)] : []),
    `canonical URL (cite it): ${fact.canonical_url}`,
    "citations:",
    ...fact.citations.map((citation) => indented(citationText(citation, { quote: true }))),
  ].join("\n");

/**
 * The fact with `id` as the tree publishes it, its history in brief. A yearly series name answers the member in force
 * on the build date, chosen as the build chose it for `/series/{series}.json`, and says it resolved the name.
 */
export const getFact = (tree: SiteTree, id: string): ToolAnswer<GetFactOutput> => {
  const asOf = tree.upcoming.as_of;
  const withdrawn = tree.withdrawn?.get(id);
  if (!tree.facts.has(id) && withdrawn) {
    const successor = withdrawn.superseded_by === null ? "no fact replaces it" : `${withdrawn.superseded_by} replaces it`;
    return { invalid: `${id} was withdrawn on ${withdrawn.withdrawn_iso} and is no longer in force; ${successor}` };
  }
  const series = tree.facts.has(id) ? undefined : seriesOf([...tree.facts.values()]).find((each) => each.name === id);
  const fact = series === undefined ? tree.facts.get(id) : memberInForce(series, asOf);
  if (series !== undefined && fact === undefined) {
    return {
      invalid: `${id} is a yearly series with no member in force on ${asOf}: every member is superseded (${series.members.map((member) => member.id).join(", ")})`,
    };
  }
  if (!fact) return { invalid: `unknown fact id: ${id}; search_facts finds the ids of the published facts by words` };
  const resolved =
    series === undefined
      ? {}
      : { resolved_from_series: { series: series.name, as_of: asOf, members: seriesMembers(series, asOf, (member) => tree.facts.get(member)!.canonical_url) } };
  const { history, ...published } = fact;
  // Whether the next announcement is late is judged on the build date, as the published upcoming list judges it.
  const status = expectedStatus(fact, tree.upcoming.as_of);
  const structured: GetFactOutput = {
    ...published,
    history: history.map(({ citations: _citations, ...entry }) => entry),
    ...(status === undefined ? {} : { next_expected_status: status }),
    ...resolved,
  };
  return { structured, text: factText(structured, tree.upcoming.as_of) };
};
