/**
 * The tax and rent calculator tools: each runs one of the client's calculators (packages/client) on the facts of the
 * tree and answers with the result, its explanation and the facts it used. Each tool's input schema is the
 * calculator's options schema and its output schema the calculator's result schema, with the citations as the tree
 * publishes them.
 */
import { z } from "zod";
import {
  FlippingTaxOptions,
  FlippingTaxResult,
  flippingTax,
  formatCad,
  formatPercent,
  GstOnNewHomeOptions,
  GstOnNewHomeResult,
  gstOnNewHome,
  HomeOwnerGrantOptions,
  HomeOwnerGrantResult,
  homeOwnerGrant,
  PropertyTransferTaxOptions,
  PropertyTransferTaxResult,
  propertyTransferTax,
  RentIncreaseOptions,
  RentIncreaseResult,
  rentIncrease,
} from "../../packages/client/src/index.ts";
import { IsoDate } from "../schemas/index.ts";
import type { SiteTree } from "./site-tree.ts";
import {
  annotations,
  Cited,
  CitedFacts,
  calculateFromFacts,
  cite,
  citedAnswer,
  factsUsedText,
  indented,
  type ToolAnswer,
} from "./tool-answer.ts";

// property_transfer_tax

const PropertyTransferTaxOutput = PropertyTransferTaxResult.extend({ price: z.number(), ...Cited });
type PropertyTransferTaxOutput = z.infer<typeof PropertyTransferTaxOutput>;

export const PROPERTY_TRANSFER_TAX = {
  name: "property_transfer_tax",
  config: {
    title: "B.C. property transfer tax",
    description:
      "Computes British Columbia property transfer tax on one purchase registered on asOf (default today) from the published facts in force that day (the " +
      "general rates bc.ptt.brackets; the first time home buyers' exemption, for the share of the buyers who qualify (eligibleShare) and on land over 0.5 hectares " +
      "(landOverHalfHectare); the newly built home exemption; the additional tax for foreign buyers, added only when inSpecifiedArea is true and otherwise given " +
      "apart; and whether the federal ban on purchases by non-Canadians is in force): the total in CAD, each line of the calculation, the assumptions made, and " +
      "every fact used with its version, canonical_url and citations. With both exemptions asked for, both are computed and the larger is claimed.",
    inputSchema: PropertyTransferTaxOptions,
    outputSchema: PropertyTransferTaxOutput,
    annotations,
  },
} as const;

const lineText = (line: PropertyTransferTaxOutput["breakdown"][number]): string =>
  `- ${line.label}: ${line.rate === null ? "" : `${formatPercent(line.rate)} of ${formatCad(line.base)} = `}${formatCad(line.amount)} [${line.fact_id}]`;

const transferTaxText = (result: PropertyTransferTaxOutput): string =>
  [
    `B.C. property transfer tax on ${formatCad(result.price)} registered on ${result.as_of}: ${formatCad(result.total)}`,
    `general tax ${formatCad(result.general)}, exemption ${formatCad(result.exemption)}${result.exemption_claimed ? ` (${result.exemption_claimed})` : ""}, additional tax ${formatCad(result.additional)}`,
    ...(result.additional_if_in_specified_area === undefined
      ? []
      : [
          `if the property is in a specified area: additional tax ${formatCad(result.additional_if_in_specified_area)}, total ${formatCad(result.total_if_in_specified_area ?? result.total)}`,
        ]),
    ...(result.federal_ban_applies === undefined
      ? []
      : [
          `federal ban on purchases by non-Canadians in force on ${result.as_of}: ${result.federal_ban_applies === null ? "not answered (see the calculation)" : result.federal_ban_applies ? "yes" : "no"}`,
        ]),
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
  options: PropertyTransferTaxOptions,
): Promise<ToolAnswer<PropertyTransferTaxOutput>> =>
  calculateFromFacts(
    tree,
    "property transfer tax",
    (facts) => propertyTransferTax(facts, options),
    (result, facts) => {
      const structured = { price: options.price, ...cite(facts, result) };
      return { structured, text: transferTaxText(structured) };
    },
    options.place,
  );

// home_owner_grant

const HomeOwnerGrantOutput = HomeOwnerGrantResult.extend(Cited);

export const HOME_OWNER_GRANT = {
  name: "home_owner_grant",
  config: {
    title: "B.C. home owner grant",
    description:
      "The British Columbia home owner grant for the tax year of asOf (bc.home_owner_grant.threshold): the maximum for the region and kind of owner, reduced above the threshold as the fact states, and the tax after the grant; with the fact used, its version, canonical_url and citations.",
    inputSchema: HomeOwnerGrantOptions,
    outputSchema: HomeOwnerGrantOutput,
    annotations,
  },
} as const;

export const computeHomeOwnerGrant = (
  tree: SiteTree,
  options: HomeOwnerGrantOptions,
): Promise<ToolAnswer<z.infer<typeof HomeOwnerGrantOutput>>> =>
  calculateFromFacts(
    tree,
    "the home owner grant",
    (facts) => homeOwnerGrant(facts, options),
    citedAnswer((result) => `B.C. home owner grant for the tax year of ${result.as_of}: ${formatCad(result.grant)}`),
    options.place,
  );

// gst_on_new_home

const GstOnNewHomeOutput = GstOnNewHomeResult.extend(Cited);

export const GST_ON_NEW_HOME = {
  name: "gst_on_new_home",
  config: {
    title: "GST on a new home and its rebates",
    description:
      "The 5% GST on a new home bought from its builder in British Columbia (which has no HST) and the federal rebates of it on asOf: the new housing rebate " +
      "(ca.gst.new_housing_rebate) and, for a first-time buyer, the first-time home buyers' GST rebate (ca.gst.fthb_new_home_rebate), for an agreement of " +
      "purchase and sale in its window (agreementDate); the two together never exceed the GST. With the conditions the buyer and the home must meet, and each " +
      "fact used with its version, canonical_url and citations.",
    inputSchema: GstOnNewHomeOptions,
    outputSchema: GstOnNewHomeOutput,
    annotations,
  },
} as const;

export const computeGstOnNewHome = (
  tree: SiteTree,
  options: GstOnNewHomeOptions,
): Promise<ToolAnswer<z.infer<typeof GstOnNewHomeOutput>>> =>
  calculateFromFacts(
    tree,
    "the GST on a new home",
    (facts) => gstOnNewHome(facts, options),
    citedAnswer(
      (result) =>
        `GST on a new home of ${formatCad(options.price)} on ${result.as_of}: ${formatCad(result.gst)}, rebates ${formatCad(result.rebate)}, net ${formatCad(result.net_gst)}`,
    ),
  );

// rent_increase

const RentIncreaseOutput = RentIncreaseResult.extend({
  increase_date: IsoDate,
  notice_by: IsoDate,
  citations: CitedFacts,
});

export const RENT_INCREASE = {
  name: "rent_increase",
  config: {
    title: "Largest B.C. rent increase and its notice",
    description:
      "The largest rent increase a British Columbia landlord may give on increaseDate: the yearly cap in force for increases taking effect that day (the " +
      "bc.rent_cap series, earlier years and the COVID-19 freeze included) applied to the current rent, to the cent below; the last day the tenant must " +
      "receive the Notice of Rent Increase (three full rental months before); the once-in-12-months rule. Given noticeReceivedDate (and lastIncreaseDate, rentDueDay), the earliest day the increase can take effect, " +
      "answered even for a year whose cap is not recorded yet (the cap fields are then null); given proposedIncrease ({ rate } or { amount }), whether it is within the cap and what the tenant may do if not. " +
      "With the fact and period used, its canonical_url and citations.",
    inputSchema: RentIncreaseOptions,
    outputSchema: RentIncreaseOutput,
    annotations,
  },
} as const;

export const computeRentIncrease = (
  tree: SiteTree,
  options: RentIncreaseOptions,
): Promise<ToolAnswer<z.infer<typeof RentIncreaseOutput>>> =>
  calculateFromFacts(
    tree,
    "the rent increase",
    (facts) => rentIncrease(facts, options),
    citedAnswer((result) =>
      result.cap_rate === null
        ? `Rent increase on ${result.increase_date}: the cap for ${result.rent_year} is not recorded yet; the tenant must receive the notice by ${result.notice_by}`
        : `Largest rent increase on ${result.increase_date}: ${formatPercent(result.cap_rate)}, ${formatCad(result.max_increase ?? 0)} (new rent at most ${formatCad(result.max_new_rent ?? 0)}); the tenant must receive the notice by ${result.notice_by}${result.proposed === null ? "" : result.proposed.within_cap === false ? `; the proposed ${formatCad(result.proposed.amount)} is above the cap` : result.proposed.within_cap ? `; the proposed ${formatCad(result.proposed.amount)} is within the cap` : ""}`,
    ),
  );

// flipping_tax

const FlippingTaxOutput = FlippingTaxResult.extend(Cited);

export const FLIPPING_TAX = {
  name: "flipping_tax",
  config: {
    title: "BC home flipping tax",
    description:
      "The British Columbia home flipping tax on the sale of a property owned less than 730 days, from bc.flipping_tax in force on saleDate: days held " +
      "(both days counted), the rate (20% up to 365 days, then falling to nothing at 730), taxable income, the primary residence deduction and the tax; sales " +
      "before the tax began owe none, and say so. With the fact used, its version, canonical_url and citations.",
    inputSchema: FlippingTaxOptions,
    outputSchema: FlippingTaxOutput,
    annotations,
  },
} as const;

export const computeFlippingTax = (
  tree: SiteTree,
  options: FlippingTaxOptions,
): Promise<ToolAnswer<z.infer<typeof FlippingTaxOutput>>> =>
  calculateFromFacts(
    tree,
    "the BC home flipping tax",
    (facts) => flippingTax(facts, options),
    citedAnswer(
      (result) =>
        `BC home flipping tax on a sale on ${result.as_of}: ${formatCad(result.tax)} (${result.days_held} days held, rate ${formatPercent(result.rate)})`,
    ),
  );
