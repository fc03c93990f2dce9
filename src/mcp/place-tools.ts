/**
 * The place tool: what applies at a place of the register on a date, each rule by area with its period, the words
 * that say why and the fact and version it was read from.
 */
import { z } from "zod";
import { PLACE_PROGRAMMES, type PlaceProgramme, periodOn, todayInBc } from "../../packages/client/src/index.ts";
import { AbsoluteUrl, FactId, IsoDate, PlaceSummary } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";
import { AsOfInput, annotations, type ToolAnswer, unknownPlaceRefusal } from "./tool-answer.ts";

const PlaceRulesInput = z.strictObject({
  place: z
    .string()
    .min(1)
    .max(100)
    .describe(
      "The id of a place of /api/v1/places/index.json: a municipality (surrey, kamloops, north-vancouver-city), a regional district or another area a rule names. A misspelled id is answered with the nearest names.",
    ),
  asOf: AsOfInput,
});
type PlaceRulesInput = z.infer<typeof PlaceRulesInput>;

const RuleAnswer = z.object({
  rule: z.enum(Object.keys(PLACE_PROGRAMMES) as [PlaceProgramme, ...PlaceProgramme[]]),
  label: z.string(),
  applies: z
    .boolean()
    .nullable()
    .describe("true: the rule applies at the place on as_of; false: it does not; null: the facts do not record it."),
  why: z.string().optional().describe("What decided the answer; absent when no period of the rule covers as_of."),
  from_iso: IsoDate.optional(),
  until_iso: IsoDate.nullable().optional(),
  fact_id: FactId.optional(),
  version: z.int().min(1).nullable().optional(),
  period_url: AbsoluteUrl.optional(),
  canonical_url: AbsoluteUrl.optional().describe("The fact's address to cite."),
});

const PlaceRulesOutput = z.object({
  place: PlaceSummary,
  as_of: IsoDate,
  page_url: AbsoluteUrl,
  rules: z.array(RuleAnswer),
});
type PlaceRulesOutput = z.infer<typeof PlaceRulesOutput>;

export const PLACE_RULES = {
  name: "place_rules",
  config: {
    title: "What applies at a place",
    description:
      "For a place of British Columbia (a municipality, regional district or other area of /api/v1/places/index.json) and a date (asOf, default today): " +
      "whether each rule that applies by area applies there (the additional property transfer tax for foreign buyers, the speculation and vacancy tax, " +
      "the short-term rental principal residence requirement, the home owner grant's northern and rural amount), with the period, the words that say " +
      "why, and the fact, version and canonical_url each answer was read from (cite it). null means the facts do not record the answer: say so rather than guess.",
    inputSchema: PlaceRulesInput,
    outputSchema: PlaceRulesOutput,
    annotations,
  },
} as const;

/**
 * What applies at `input.place` on `input.asOf`, from the place's own file (read when first asked about) and, for
 * each rule's period, the canonical URL of the fact it was read from (that fact's `by-id` file). A place the register
 * does not list is refused with its nearest names.
 */
export const placeRules = async (tree: SiteTree, input: PlaceRulesInput): Promise<ToolAnswer<PlaceRulesOutput>> => {
  const asOf = input.asOf ?? todayInBc();
  if (!tree.places.some((each) => each.id === input.place))
    return { invalid: unknownPlaceRefusal(tree, input.place, "place").message };
  const place = await tree.place(input.place);
  const periods = (Object.keys(PLACE_PROGRAMMES) as PlaceProgramme[]).map((rule) => ({
    rule,
    period: periodOn(place.rules[rule] ?? [], asOf),
  }));
  const cited = [...new Set(periods.flatMap(({ period }) => (period === undefined ? [] : [period.fact_id])))].filter(
    (id) => tree.factIds.has(id),
  );
  const facts = new Map((await Promise.all(cited.map((id) => tree.fact(id)))).map((fact) => [fact.id, fact]));
  const rules = periods.map(({ rule, period }) => {
    return {
      rule,
      label: PLACE_PROGRAMMES[rule],
      applies: period?.applies ?? null,
      ...(period === undefined
        ? {}
        : {
            why: period.why,
            from_iso: period.from_iso,
            until_iso: period.until_iso,
            fact_id: period.fact_id,
            version: period.version,
            period_url: period.period_url,
            ...(facts.get(period.fact_id) === undefined
              ? {}
              : { canonical_url: facts.get(period.fact_id)!.canonical_url }),
          }),
    };
  });
  const structured: PlaceRulesOutput = {
    place: {
      id: place.id,
      name: place.name,
      kind: place.kind,
      regional_district: place.regional_district,
    },
    as_of: asOf,
    page_url: place.page_url,
    rules,
  };
  const where = place.regional_district_name === null ? "" : `, ${place.regional_district_name}`;
  const text = [
    `What applies in ${place.name} (${place.kind_label.toLowerCase()}${where}) on ${asOf}:`,
    ...rules.map((each) => {
      const answer = each.applies === true ? "applies" : each.applies === false ? "does not apply" : "not recorded";
      const version =
        each.fact_id === undefined
          ? ""
          : ` [${each.fact_id}, ${each.version === null ? "period before its first version" : `version ${each.version}`}, from ${each.from_iso}${each.until_iso ? ` until ${each.until_iso}` : ""}${each.canonical_url === undefined ? "" : `: ${each.canonical_url}`}]`;
      return `- ${each.label}: ${answer}${each.why === undefined ? " (no period of this rule covers the date)" : `: ${each.why}`}${version}`;
    }),
    `page: ${place.page_url}`,
  ].join("\n");
  return { structured, text };
};
