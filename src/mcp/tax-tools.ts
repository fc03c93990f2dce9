/**
 * The calculator tools: each runs one of the client's calculators (packages/client) on the facts of the tree, and
 * answers with the result, its explanation and the facts it used.
 */
import { z } from "zod";
import { formatCad, formatPercent, homeOwnerGrant, propertyTransferTax } from "../../packages/client/src/index.ts";
import { FactId, IsoDate } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";
import {
  AsOfInput,
  CitedFacts,
  calculate,
  citedFacts,
  factsUsedText,
  indented,
  type ToolAnswer,
  treeFacts,
} from "./tool-answer.ts";

const annotations = { readOnlyHint: true, openWorldHint: false } as const;
const Lines = z.array(z.string()).describe("Each step of the calculation, saying why an amount is what it is.");

const text = (heading: string, breakdown: readonly string[], citations: z.infer<typeof CitedFacts> = []): string =>
  [heading, "calculation:", ...breakdown.map((line) => `  - ${line}`), ...factsUsedText(citations)].join("\n");

// home_owner_grant

const HomeOwnerGrantInput = z.strictObject({
  assessedValue: z.number().min(0).describe("Assessed (or partitioned) value of the principal residence in CAD."),
  additional: z
    .boolean()
    .optional()
    .describe("The owner qualifies for the additional grant (a senior, a veteran, a person with a disability)."),
  northernRural: z
    .boolean()
    .optional()
    .describe("The home is outside the Capital, Fraser Valley and Metro Vancouver regional districts."),
  propertyTax: z.number().min(0).optional().describe("The property tax the grant is claimed against, in CAD."),
  asOf: AsOfInput,
});
const HomeOwnerGrantOutput = z.object({
  grant: z.number(),
  max_grant: z.number(),
  threshold: z.number(),
  tax_after_grant: z.number().nullable(),
  as_of: IsoDate,
  breakdown: Lines,
  citations: CitedFacts,
});

export const HOME_OWNER_GRANT = {
  name: "home_owner_grant",
  config: {
    title: "B.C. home owner grant",
    description:
      "The British Columbia home owner grant for the tax year of asOf (bc.home_owner_grant.threshold): the maximum for the region and kind of owner, reduced above the threshold as the fact states, and the tax after the grant; with the fact used, its version, canonical_url and citations.",
    inputSchema: HomeOwnerGrantInput,
    outputSchema: HomeOwnerGrantOutput,
    annotations,
  },
} as const;

export const computeHomeOwnerGrant = (
  tree: SiteTree,
  options: z.infer<typeof HomeOwnerGrantInput>,
): ToolAnswer<z.infer<typeof HomeOwnerGrantOutput>> =>
  calculate(
    "the home owner grant",
    () => homeOwnerGrant(treeFacts(tree), options),
    (result) => {
      const structured = { ...result, citations: citedFacts(tree, result.citations) };
      return {
        structured,
        text: text(
          `B.C. home owner grant for the tax year of ${result.as_of}: ${formatCad(result.grant)}`,
          result.breakdown,
          structured.citations,
        ),
      };
    },
  );

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
    .describe(
      "Every buyer qualifies for the newly built home exemption. With firstTimeBuyer too, both are computed and the larger is claimed.",
    ),
  foreignBuyer: z
    .boolean()
    .optional()
    .describe("The buyer is a foreign national, foreign corporation or taxable trustee buying in a specified area."),
  asOf: AsOfInput,
});

const ExemptionName = z.enum(["first-time-home-buyers", "newly-built-home"]);

const PropertyTransferTaxOutput = z.object({
  price: z.number(),
  total: z.number().describe("What the buyer pays, in CAD: general tax less the exemption, plus the additional tax."),
  general: z
    .number()
    .describe("General property transfer tax before any exemption, including the further tax on residential value."),
  exemption: z.number(),
  exemption_claimed: ExemptionName.nullable(),
  exemptions_compared: z
    .array(z.object({ exemption: ExemptionName, amount: z.number(), fact_id: FactId }))
    .describe("Each exemption asked for with the amount it would give; the larger is claimed."),
  additional: z.number().describe("Additional property transfer tax for foreign buyers."),
  as_of: IsoDate,
  breakdown: z.array(
    z.object({ label: z.string(), base: z.number(), rate: z.number().nullable(), amount: z.number(), fact_id: FactId }),
  ),
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
export const computePropertyTransferTax = (
  tree: SiteTree,
  options: z.infer<typeof PropertyTransferTaxInput>,
): ToolAnswer<PropertyTransferTaxOutput> =>
  calculate(
    "property transfer tax",
    () => propertyTransferTax(treeFacts(tree), options),
    (result) => {
      const structured = { price: options.price, ...result, citations: citedFacts(tree, result.citations) };
      return { structured, text: resultText(structured) };
    },
  );
