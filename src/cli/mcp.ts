import path from "node:path";
import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { LineStdioServerTransport } from "../mcp/line-stdio-transport.ts";
import { createMcpServer } from "../mcp/mcp-server.ts";
import { loadSiteTree } from "../mcp/site-tree.ts";

/**
 * `npm run mcp`: a Model Context Protocol server over stdio for AI assistants, answering from a built tree
 * (`--site`, default `_site`, what `npm run build` writes): its small files (manifest, search index, upcoming
 * list, places index) are read at start, each fact's, series' and place's file when a tool call first needs it.
 * stdout carries only protocol messages; everything else goes to stderr. A line that is not a JSON-RPC message, or is longer than the limit, is
 * answered with a JSON-RPC error and the server goes on reading (see LineStdioServerTransport).
 */
const main = async (): Promise<void> => {
  const { values } = parseArgs({ options: { site: { type: "string", default: "_site" } }, strict: true });
  const tree = await loadSiteTree(path.resolve(values.site));
  await createMcpServer(tree).connect(new LineStdioServerTransport());
  console.error(
    `mcp: serving ${tree.about.fact_count} facts from ${tree.root} (as of ${tree.upcoming.as_of}) over stdio`,
  );
};

runCommand("mcp", main);
