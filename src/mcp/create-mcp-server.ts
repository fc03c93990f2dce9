import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SERVICE } from "../lib/config.ts";
import { serverInstructions } from "./server-instructions.ts";
import type { SiteTree } from "./site-tree.ts";
import { toolResult } from "./tool-answer.ts";
import {
  computePropertyTransferTax,
  GET_FACT,
  getFact,
  PROPERTY_TRANSFER_TAX,
  SEARCH_FACTS,
  searchFacts,
  UPCOMING_CHANGES,
  upcomingChanges,
} from "./tools/index.ts";

/**
 * An MCP server answering from one loaded tree with four read-only tools. It is not connected: the caller chooses
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
  return server;
};
