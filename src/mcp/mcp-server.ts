/**
 * The MCP server: its instructions to the assistant and the tools it registers, each answering from one site tree.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SERVICE } from "../lib/config.ts";
import { DOMAINS } from "../schemas/index.ts";
import { GET_FACT, getFact, SEARCH_FACTS, searchFacts, UPCOMING_CHANGES, upcomingChanges } from "./fact-tools.ts";
import {
  AFFORDABILITY,
  AMORTIZATION_SCHEDULE,
  CASH_TO_CLOSE,
  computeAffordability,
  computeAmortizationSchedule,
  computeCashToClose,
  computeMaxPrincipal,
  computeMinimumDownPayment,
  computeMortgageInsurancePremium,
  computeMortgagePayment,
  computeQualifyingRate,
  MAX_PRINCIPAL,
  MINIMUM_DOWN_PAYMENT,
  MORTGAGE_INSURANCE_PREMIUM,
  MORTGAGE_PAYMENT,
  QUALIFYING_RATE,
} from "./mortgage-tools.ts";
import { PLACE_RULES, placeRules } from "./place-tools.ts";
import type { SiteTree } from "./site-tree.ts";
import {
  computeFlippingTax,
  computeGstOnNewHome,
  computeHomeOwnerGrant,
  computePropertyTransferTax,
  computeRentIncrease,
  FLIPPING_TAX,
  GST_ON_NEW_HOME,
  HOME_OWNER_GRANT,
  PROPERTY_TRANSFER_TAX,
  RENT_INCREASE,
} from "./tax-tools.ts";
import {
  CAPITAL_EXPENDITURE_INCREASE,
  computeCapitalExpenditureIncrease,
  computeDepositInterest,
  computeDepositReturnDeadline,
  computeNoticeReceived,
  computeRentersTaxCredit,
  computeTenancyNotice,
  DEPOSIT_INTEREST,
  DEPOSIT_RETURN_DEADLINE,
  NOTICE_RECEIVED,
  RENTERS_TAX_CREDIT,
  TENANCY_NOTICE,
} from "./tenancy-tools.ts";
import { toolResult } from "./tool-answer.ts";

/**
 * An MCP server answering from one loaded tree with read-only tools: three that read the facts and one per
 * calculator of the client package, each reading the files of the tree it needs when it needs them (site-tree.ts).
 * It is not connected: the caller chooses the transport. The SDK checks each call's arguments against the tool's input schema and each answer against its
 * output schema.
 */
export const createMcpServer = (tree: SiteTree): McpServer => {
  const server = new McpServer(
    { name: SERVICE.slug, title: SERVICE.name, version: tree.about.version },
    { instructions: serverInstructions(tree), capabilities: { tools: {} } },
  );
  server.registerTool(GET_FACT.name, GET_FACT.config, ({ id }) => toolResult(getFact(tree, id)));
  server.registerTool(SEARCH_FACTS.name, SEARCH_FACTS.config, ({ query }) => toolResult(searchFacts(tree, query)));
  server.registerTool(UPCOMING_CHANGES.name, UPCOMING_CHANGES.config, ({ days }) =>
    toolResult(upcomingChanges(tree, days)),
  );
  server.registerTool(PROPERTY_TRANSFER_TAX.name, PROPERTY_TRANSFER_TAX.config, (options) =>
    toolResult(computePropertyTransferTax(tree, options)),
  );
  server.registerTool(MINIMUM_DOWN_PAYMENT.name, MINIMUM_DOWN_PAYMENT.config, (options) =>
    toolResult(computeMinimumDownPayment(tree, options)),
  );
  server.registerTool(QUALIFYING_RATE.name, QUALIFYING_RATE.config, (options) =>
    toolResult(computeQualifyingRate(tree, options)),
  );
  server.registerTool(MORTGAGE_INSURANCE_PREMIUM.name, MORTGAGE_INSURANCE_PREMIUM.config, (options) =>
    toolResult(computeMortgageInsurancePremium(tree, options)),
  );
  server.registerTool(HOME_OWNER_GRANT.name, HOME_OWNER_GRANT.config, (options) =>
    toolResult(computeHomeOwnerGrant(tree, options)),
  );
  server.registerTool(GST_ON_NEW_HOME.name, GST_ON_NEW_HOME.config, (options) =>
    toolResult(computeGstOnNewHome(tree, options)),
  );
  server.registerTool(RENT_INCREASE.name, RENT_INCREASE.config, (options) =>
    toolResult(computeRentIncrease(tree, options)),
  );
  server.registerTool(DEPOSIT_INTEREST.name, DEPOSIT_INTEREST.config, (options) =>
    toolResult(computeDepositInterest(tree, options)),
  );
  server.registerTool(CAPITAL_EXPENDITURE_INCREASE.name, CAPITAL_EXPENDITURE_INCREASE.config, (options) =>
    toolResult(computeCapitalExpenditureIncrease(tree, options)),
  );
  server.registerTool(DEPOSIT_RETURN_DEADLINE.name, DEPOSIT_RETURN_DEADLINE.config, (options) =>
    toolResult(computeDepositReturnDeadline(tree, options)),
  );
  server.registerTool(NOTICE_RECEIVED.name, NOTICE_RECEIVED.config, (options) =>
    toolResult(computeNoticeReceived(tree, options)),
  );
  server.registerTool(TENANCY_NOTICE.name, TENANCY_NOTICE.config, (options) =>
    toolResult(computeTenancyNotice(tree, options)),
  );
  server.registerTool(RENTERS_TAX_CREDIT.name, RENTERS_TAX_CREDIT.config, (options) =>
    toolResult(computeRentersTaxCredit(tree, options)),
  );
  server.registerTool(FLIPPING_TAX.name, FLIPPING_TAX.config, (options) =>
    toolResult(computeFlippingTax(tree, options)),
  );
  server.registerTool(MORTGAGE_PAYMENT.name, MORTGAGE_PAYMENT.config, (options) =>
    toolResult(computeMortgagePayment(options)),
  );
  server.registerTool(AMORTIZATION_SCHEDULE.name, AMORTIZATION_SCHEDULE.config, (options) =>
    toolResult(computeAmortizationSchedule(options)),
  );
  server.registerTool(MAX_PRINCIPAL.name, MAX_PRINCIPAL.config, (options) => toolResult(computeMaxPrincipal(options)));
  server.registerTool(AFFORDABILITY.name, AFFORDABILITY.config, (options) =>
    toolResult(computeAffordability(tree, options)),
  );
  server.registerTool(CASH_TO_CLOSE.name, CASH_TO_CLOSE.config, (options) =>
    toolResult(computeCashToClose(tree, options)),
  );
  server.registerTool(PLACE_RULES.name, PLACE_RULES.config, (input) => toolResult(placeRules(tree, input)));
  return server;
};

/**
 * What the server tells an assistant at initialization: what the data is, how far it is current, and how to cite it;
 * from the small files read at start (the count of the citations as llms.txt states it).
 */
export const serverInstructions = (tree: SiteTree): string =>
  [
    `${tree.about.name}: ${tree.about.fact_count} verified facts about British Columbia (Canada) residential real estate rules ` +
      `(domains: ${DOMAINS.join(", ")}), as published on ${tree.upcoming.as_of}.`,
    "Each fact has a structured value (rates are fractions, so 0.02 is 2%; money is CAD), the date it took effect (effective_iso), " +
      "the date by which it must be re-verified (expires_iso), a version, and citations, each with its kind (official: the issuing government, " +
      "regulator, court or Crown agency's own page; official-copy: such a text read on another site; secondary: anyone else's account), " +
      "the organisation (org, with org_id and org_kind), the date it was last checked and often the passage it quotes.",
    `${tree.about.sources_summary} Prefer official sources when you cite; say so when a point rests on a secondary source only.`,
    "State a value together with the date it took effect, cite the fact's canonical_url (and its official citations where useful), and treat a " +
      "fact past its expires_iso as unverified. A change that is scheduled is not in effect before its date; announced changes are not yet enacted.",
    "Some facts declare next_expected: the date by which their next value is normally announced (an annual rent cap, a threshold set each " +
      "tax year, rates set in a budget), what is expected and where it will be published. When that date has passed and no newer value is " +
      "recorded here, get_fact and upcoming_changes say it is not recorded here yet and name the official page to check: say that this service has not " +
      "recorded it (it may have been announced since), point to that page, and do not present the current value as the next period's.",
    "Tools: search_facts finds facts by words; get_fact gives one fact in full; upcoming_changes lists scheduled changes, expected announcements and re-verification dates " +
      "ahead; property_transfer_tax, gst_on_new_home, minimum_down_payment, qualifying_rate, mortgage_insurance_premium and home_owner_grant compute from " +
      "the published facts in force on a date (asOf, default today), rent_increase from the rent cap in force for increases on increaseDate (and, " +
      "given the day the notice was received, the earliest day the increase can take effect, even for a year whose cap is not recorded yet, and " +
      "whether a proposed increase is within the cap) and " +
      "flipping_tax from the rule in force on saleDate, each with its breakdown and the versions it used; mortgage_payment, amortization_schedule and " +
      "max_principal do the mortgage arithmetic (semi-annual compounding); affordability computes, from the published facts in force on asOf, the largest " +
      "payment, loan and price a gross household income allows by the debt service ratios at the stress test's qualifying rate, and whether a price passes; " +
      "cash_to_close adds up the cash a purchase needs at closing (down payment, transfer tax, GST net of its rebates on a new home, the buyer's own lines), " +
      "showing the insurance premium that is added to the loan. place_rules says what applies by area at a place on a date (the foreign buyers' tax, " +
      "the speculation and vacancy tax, the short-term rental principal residence requirement, the home owner grant's northern and rural amount); " +
      "property_transfer_tax and home_owner_grant take the place too (place: an id such as surrey or kamloops), so never ask the user whether a home " +
      "is in a specified area when you know the municipality. For a tenancy: notice_received gives the day a notice counts as received for the " +
      "way it was served; tenancy_notice the earliest day a notice to end a tenancy takes effect, the last day to dispute it and the compensation owed; " +
      "deposit_interest the interest owed on the deposits; deposit_return_deadline the day they must come back; capital_expenditure_increase the additional " +
      "rent increase for a capital expenditure; renters_tax_credit the renter's credit for a tax year; each from the rule in force on its date.",
    `The data is licensed ${tree.about.license}. It is general information, not legal, tax or financial advice.`,
  ].join("\n\n");
