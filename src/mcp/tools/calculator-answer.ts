import { z } from "zod";
import { CalculatorError, type FactUsed } from "../../../packages/client/src/index.ts";
import { AbsoluteUrl, FactId, IsoDate, PublishedCitation } from "../../schemas/index.ts";
import { citationText, indented } from "../citation-text.ts";
import type { SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";

/** The date option every calculator that reads facts takes. */
export const AsOfInput = IsoDate.optional().describe(
  "The date whose rules apply, YYYY-MM-DD (for a transfer, its registration date); default today in British Columbia. Each fact's version in force on that date is used.",
);

/** A fact a calculation used, cited by the canonical URL the tree publishes for it. */
export const CitedFact = z.object({
  fact_id: FactId,
  version: z.int().min(1).optional(),
  effective_iso: IsoDate.optional(),
  superseded_iso: IsoDate.optional().describe("When this version stopped being in force; absent for the current version."),
  as_of: IsoDate.describe("The date the calculation was made for."),
  canonical_url: AbsoluteUrl,
  citations: z.array(PublishedCitation).describe("The sources of the version used; an earlier version's are on the fact's page and in its diffs."),
});
export type CitedFact = z.infer<typeof CitedFact>;

export const CitedFacts = z
  .array(CitedFact)
  .describe("Each fact the calculation read, with the version in force on as_of, its canonical_url and its citations.");

/** The calculator's citations with each fact's canonical URL as the tree publishes it. */
export const citedFacts = (tree: SiteTree, used: readonly FactUsed[]): CitedFact[] =>
  used.map(({ canonical_url: _calculatorUrl, ...each }) => ({ ...each, canonical_url: tree.facts.get(each.fact_id)!.canonical_url }) as CitedFact);

/** The facts used, as the last lines of a text answer. */
export const factsUsedText = (citations: readonly CitedFact[]): string[] =>
  citations.length === 0
    ? []
    : [
        "facts used (cite them):",
        ...citations.flatMap((used) => [
          `  - ${used.fact_id}${used.version === undefined ? "" : ` version ${used.version}`}${used.effective_iso ? `, in effect from ${used.effective_iso}` : ""}${used.superseded_iso ? ` to ${used.superseded_iso}` : ""} (as of ${used.as_of}): ${used.canonical_url}`,
          ...used.citations.map((citation) => indented(citationText(citation, { quote: false }), "    ")),
        ]),
      ];

/**
 * Runs a calculator on the tree's facts: what it refuses (a rule the facts do not record on that date, a value it
 * cannot read) is answered in the calculator's own words, as invalid arguments the assistant can correct.
 */
export const calculate = <Result, Structured extends Record<string, unknown>>(
  what: string,
  run: () => Result,
  answer: (result: Result) => { structured: Structured; text: string },
): ToolAnswer<Structured> => {
  let result: Result;
  try {
    result = run();
  } catch (error: unknown) {
    if (error instanceof CalculatorError) return { invalid: `cannot calculate ${what}: ${error.message}` };
    throw error;
  }
  return answer(result);
};

/** The facts of the tree as the calculators take them. */
export const treeFacts = (tree: SiteTree) => ({ facts: [...tree.facts.values()] });
