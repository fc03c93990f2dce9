import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SERVICE } from "../lib/config.ts";
import { serverInstructions } from "./server-instructions.ts";
import type { SiteTree } from "./site-tree.ts";
import { toolResult } from "./tool-answer.ts";
import {
  AMORTIZATION_SCHEDULE,
  computeAmortizationSchedule,
  computeHomeOwnerGrant,
  computeMaxPrincipal,
  computeMinimumDownPayment,
  computeMortgageInsurancePremium,
  computeMortgagePayment,
  computeQualifyingRate,
  HOME_OWNER_GRANT,
  MAX_PRINCIPAL,
  MINIMUM_DOWN_PAYMENT,
  MORTGAGE_INSURANCE_PREMIUM,
  MORTGAGE_PAYMENT,
  QUALIFYING_RATE,
} from "./tools/calculators.ts";
import { GET_FACT, getFact } from "./tools/get-fact.ts";
import { computePropertyTransferTax, PROPERTY_TRANSFER_TAX } from "./tools/property-transfer-tax.ts";
import { SEARCH_FACTS, searchFacts } from "./tools/search-facts.ts";
import { UPCOMING_CHANGES, upcomingChanges } from "./tools/upcoming-changes.ts";

/**
 * An MCP server answering from one loaded tree with read-only tools: three that read the facts and one per
 * calculator of the client package. It is not connected: the caller chooses
 * the transport. The SDK checks each call's arguments against the tool's input schema and each answer against its
 * output schema.
 */
export const createMcpServer = (tree: SiteTree): McpServer => {
  const server = new McpServer(
    { name: SERVICE.slug, title: SERVICE.name, version: tree.catalog.version },
    { instructions: serverInstructions(tree), capabilities: { tools: {} } },
  );
  server.registerTool(GET_FACT.name, GET_FACT.config, ({ id }) => toolResult(getFact(tree, id)));
  server.registerTool(SEARCH_FACTS.name, SEARCH_FACTS.config, ({ query }) => toolResult(searchFacts(tree, query)));
  server.registerTool(UPCOMING_CHANGES.name, UPCOMING_CHANGES.config, ({ days }) => toolResult(upcomingChanges(tree, days)));
  server.registerTool(PROPERTY_TRANSFER_TAX.name, PROPERTY_TRANSFER_TAX.config, (options) => toolResult(computePropertyTransferTax(tree, options)));
  server.registerTool(MINIMUM_DOWN_PAYMENT.name, MINIMUM_DOWN_PAYMENT.config, (options) => toolResult(computeMinimumDownPayment(tree, options)));
  server.registerTool(QUALIFYING_RATE.name, QUALIFYING_RATE.config, (options) => toolResult(computeQualifyingRate(tree, options)));
  server.registerTool(MORTGAGE_INSURANCE_PREMIUM.name, MORTGAGE_INSURANCE_PREMIUM.config, (options) =>
    toolResult(computeMortgageInsurancePremium(tree, options)),
  );
  server.registerTool(HOME_OWNER_GRANT.name, HOME_OWNER_GRANT.config, (options) => toolResult(computeHomeOwnerGrant(tree, options)));
  server.registerTool(MORTGAGE_PAYMENT.name, MORTGAGE_PAYMENT.config, (options) => toolResult(computeMortgagePayment(options)));
  server.registerTool(AMORTIZATION_SCHEDULE.name, AMORTIZATION_SCHEDULE.config, (options) => toolResult(computeAmortizationSchedule(options)));
  server.registerTool(MAX_PRINCIPAL.name, MAX_PRINCIPAL.config, (options) => toolResult(computeMaxPrincipal(options)));
  return server;
};
