import { z } from "zod";
import { propertyTransferTax } from "../../../packages/client/src/index.ts";
import { formatCad, formatPercent } from "../../render/pages/text/format-number.ts";
import { FactId, IsoDate } from "../../schemas/index.ts";
import { indented } from "../citation-text.ts";
import type { SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";
import { AsOfInput, CitedFacts, calculate, citedFacts, factsUsedText, treeFacts } from "./calculator-answer.ts";

const PropertyTransferTaxInput = z.strictObject({
  price: z.number().positive().describe("Fair market value of the property in Canadian dollars, e.g. 650000."),
  residentialShare: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe("Residential part of the fair market value as a fraction from 0 to 1; default 1 (wholly residential)."),
  firstTimeBuyer: z.boolean().optional().describe("Every buyer qualifies for the first time home buyers' exemption."),
  newlyBuilt: z
    .boolean()
    .optional()
    .describe("Every buyer qualifies for the newly built home exemption. With firstTimeBuyer too, both are computed and the larger is claimed."),
  foreignBuyer: z.boolean().optional().describe("The buyer is a foreign national, foreign corporation or taxable trustee buying in a specified area."),
  asOf: AsOfInput,
});

const ExemptionName = z.enum(["first-time-home-buyers", "newly-built-home"]);

const PropertyTransferTaxOutput = z.object({
  price: z.number(),
  total: z.number().describe("What the buyer pays, in CAD: general tax less the exemption, plus the additional tax."),
  general: z.number().describe("General property transfer tax before any exemption, including the further tax on residential value."),
  exemption: z.number(),
  exemption_claimed: ExemptionName.nullable(),
  exemptions_compared: z
    .array(z.object({ exemption: ExemptionName, amount: z.number(), fact_id: FactId }))
    .describe("Each exemption asked for with the amount it would give; the larger is claimed."),
  additional: z.number().describe("Additional property transfer tax for foreign buyers."),
  as_of: IsoDate,
  breakdown: z.array(z.object({ label: z.string(), base: z.number(), rate: z.number().nullable(), amount: z.number(), fact_id: FactId })),
  citations: CitedFacts,
  assumptions: z.array(z.string()).describe("What the calculation assumes that the arguments do not say."),
});
type PropertyTransferTaxOutput = z.infer<typeof PropertyTransferTaxOutput>;

export const PROPERTY_TRANSFER_TAX = {
  name: "property_transfer_tax",
  config: {
    title: "B.C. property transfer tax",
    description:
      "Computes British Columbia property transfer tax on one purchase registered on asOf (default today) from the published facts in force that day (the " +
      "general rates bc.ptt.brackets, the first time home buyers' and newly built home exemptions, the additional tax for foreign buyers): the total in CAD, " +
      "each line of the calculation, the assumptions made, and every fact used with its version, canonical_url and citations. With both exemptions asked " +
      "for, both are computed and the larger is claimed.",
    inputSchema: PropertyTransferTaxInput,
    outputSchema: PropertyTransferTaxOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

const lineText = (line: PropertyTransferTaxOutput["breakdown"][number]): string =>
  `- ${line.label}: ${line.rate === null ? "" : `${formatPercent(line.rate)} of ${formatCad(line.base)} = `}${formatCad(line.amount)} [${line.fact_id}]`;

const resultText = (result: PropertyTransferTaxOutput): string =>
  [
    `B.C. property transfer tax on ${formatCad(result.price)} registered on ${result.as_of}: ${formatCad(result.total)}`,
    `general tax ${formatCad(result.general)}, exemption ${formatCad(result.exemption)}${result.exemption_claimed ? ` (${result.exemption_claimed})` : ""}, additional tax ${formatCad(result.additional)}`,
    "calculation:",
    ...result.breakdown.map((line) => indented(lineText(line))),
    "assumptions:",
    ...result.assumptions.map((assumption) => `  - ${assumption}`),
    ...factsUsedText(result.citations),
  ].join("\n");

/**
 * The client package's calculator over the tree's facts. What it cannot calculate (an exemption with a foreign
 * buyer, a date before the facts record the rates, a fact the tree lacks) is refused in the calculator's own words.
 */
export const computePropertyTransferTax = (tree: SiteTree, options: z.infer<typeof PropertyTransferTaxInput>): ToolAnswer<PropertyTransferTaxOutput> =>
  calculate(
    "property transfer tax",
    () => propertyTransferTax(treeFacts(tree), options),
    (result) => {
      const structured = { price: options.price, ...result, citations: citedFacts(tree, result.citations) };
      return { structured, text: resultText(structured) };
    },
  );
