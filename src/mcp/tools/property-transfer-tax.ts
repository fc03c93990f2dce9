import { z } from "zod";
import { CalculatorError, type PropertyTransferTaxResult, propertyTransferTax } from "../../../packages/client/src/index.ts";
import { formatCad, formatPercent } from "../../render/pages/text/index.ts";
import { AbsoluteUrl, FactId, IsoDate, PublishedCitation } from "../../schemas/index.ts";
import { citationText, indented } from "../citation-text.ts";
import type { SiteTree } from "../site-tree.ts";
import type { ToolAnswer } from "../tool-answer.ts";

const PropertyTransferTaxInput = {
  price: z.number().positive().describe("Fair market value of the property in Canadian dollars, e.g. 650000."),
  residentialShare: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe("Residential part of the fair market value as a fraction from 0 to 1; default 1 (wholly residential)."),
  firstTimeBuyer: z.boolean().optional().describe("Every buyer qualifies for the first time home buyers' exemption."),
  newlyBuilt: z.boolean().optional().describe("Every buyer qualifies for the newly built home exemption."),
  foreignBuyer: z.boolean().optional().describe("The buyer is a foreign national, foreign corporation or taxable trustee buying in a specified area."),
};

const PropertyTransferTaxOutput = z.object({
  price: z.number(),
  total: z.number().describe("What the buyer pays, in CAD: general tax less the exemption, plus the additional tax."),
  general: z.number().describe("General property transfer tax before any exemption, including the further tax on residential value."),
  exemption: z.number(),
  exemption_claimed: z.string().nullable(),
  additional: z.number().describe("Additional property transfer tax for foreign buyers."),
  breakdown: z.array(z.object({ label: z.string(), base: z.number(), rate: z.number().nullable(), amount: z.number(), fact_id: FactId })),
  citations: z
    .array(
      z.object({
        fact_id: FactId,
        version: z.int().min(1).optional(),
        effective_iso: IsoDate.optional(),
        canonical_url: AbsoluteUrl,
        citations: z.array(PublishedCitation),
      }),
    )
    .describe("Each fact the calculation read, with the version used, its canonical_url and its citations."),
  assumptions: z.array(z.string()).describe("What the calculation assumes that the arguments do not say."),
});
type PropertyTransferTaxOutput = z.infer<typeof PropertyTransferTaxOutput>;

export const PROPERTY_TRANSFER_TAX = {
  name: "property_transfer_tax",
  config: {
    title: "B.C. property transfer tax",
    description:
      "Computes British Columbia property transfer tax on one purchase from the published facts (the general rates bc.ptt.brackets, the first time home " +
      "buyers' and newly built home exemptions, the additional tax for foreign buyers): the total in CAD, each line of the calculation, the " +
      "assumptions made, and every fact used with its version, canonical_url and citations. Claim at most one exemption.",
    inputSchema: PropertyTransferTaxInput,
    outputSchema: PropertyTransferTaxOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} as const;

type PropertyTransferTaxArguments = z.infer<z.ZodObject<typeof PropertyTransferTaxInput>>;

const lineText = (line: PropertyTransferTaxOutput["breakdown"][number]): string =>
  `- ${line.label}: ${line.rate === null ? "" : `${formatPercent(line.rate)} of ${formatCad(line.base)} = `}${formatCad(line.amount)} [${line.fact_id}]`;

const resultText = (result: PropertyTransferTaxOutput): string =>
  [
    `B.C. property transfer tax on ${formatCad(result.price)}: ${formatCad(result.total)}`,
    `general tax ${formatCad(result.general)}, exemption ${formatCad(result.exemption)}${result.exemption_claimed ? ` (${result.exemption_claimed})` : ""}, additional tax ${formatCad(result.additional)}`,
    "calculation:",
    ...result.breakdown.map((line) => indented(lineText(line))),
    "assumptions:",
    ...result.assumptions.map((assumption) => `  - ${assumption}`),
    "facts used (cite them):",
    ...result.citations.flatMap((used) => [
      `  - ${used.fact_id}${used.version === undefined ? "" : ` version ${used.version}`}${used.effective_iso ? `, in effect since ${used.effective_iso}` : ""}: ${used.canonical_url}`,
      ...used.citations.map((citation) => indented(citationText(citation, { quote: false }), "    ")),
    ]),
  ].join("\n");

/** The calculator's result with each fact used cited by the canonical URL the tree publishes for it. */
const cited = (tree: SiteTree, price: number, result: PropertyTransferTaxResult): PropertyTransferTaxOutput => ({
  price,
  ...result,
  citations: result.citations.map(({ canonical_url: _calculatorUrl, ...used }) => ({ ...used, canonical_url: tree.facts.get(used.fact_id)!.canonical_url })),
});

/**
 * The client package's calculator over the tree's facts. What it cannot calculate (an exemption with a foreign
 * buyer, a fact the tree lacks) is refused in the calculator's own words.
 */
export const computePropertyTransferTax = (tree: SiteTree, options: PropertyTransferTaxArguments): ToolAnswer<PropertyTransferTaxOutput> => {
  let result: PropertyTransferTaxResult;
  try {
    result = propertyTransferTax({ facts: [...tree.facts.values()] }, options);
  } catch (error: unknown) {
    if (error instanceof CalculatorError) return { invalid: `cannot calculate property transfer tax: ${error.message}` };
    throw error;
  }
  const structured = cited(tree, options.price, result);
  return { structured, text: resultText(structured) };
};
